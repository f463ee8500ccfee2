/* pidline.h: a process's stat line in the sample: kept with its name escaped, what it says (its name, an EXIT_PROC, its threads and state), and whether the process is to be described. */
#ifndef BCD_PIDLINE_H
#define BCD_PIDLINE_H

#include <stddef.h>
#include <stdint.h>

#include "sampler.h"

/* FNV-1a, 64 bits, of n bytes at p; never 0 (0: none). */
uint64_t pidline_hash(const char *p, size_t n);
/*
 * Keeps the r > 0 bytes of e's stat line, just read to the end of
 * s->ps, as a line of the block, notes what it says in e (sched: the
 * schedstat hash read before it) and, when e is new (known 0) or
 * renamed, lists it for description.  0, or -1 (no memory).
 */
int pidline_take(struct sampler *, struct pident *e, size_t r, int known,
    uint64_t sched);

#endif
