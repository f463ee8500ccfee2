/* bytes.h: numbers in files: a field of a trace's byte order, a hex address in kallsyms' text (both programs read them). */
#ifndef BC_BYTES_H
#define BC_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* An unsigned number of size bytes (at most 8) at p, big-endian or not. */
uint64_t bytes_uint(const uint8_t *p, size_t size, int big);
/* 1 on a big-endian machine: the order of pages it recorded itself. */
int bytes_host_big(void);
/*
 * The hex digits at the start of [p, e) (either case) as *v; how many
 * were read, at most 17 (more than 16 cannot be an address: the caller
 * refuses them).
 */
size_t bytes_hex(const char *p, const char *e, uint64_t *v);

#endif
