/* tracefs_text.h: what tracefs's control files read as: the choice in brackets of a list (trace_clock), a buffer's size (buffer_size_kb). */
#ifndef BCD_TRACEFS_TEXT_H
#define BCD_TRACEFS_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of a format, stats or control text read whole. */
#define TRACEFS_TEXT_MAX	(1 << 20)

/*
 * The word in brackets of a list ("local [global] counter": "global")
 * into out.  0, or -1 when there is none (out untouched).
 */
int tracefs_chosen(const char *text, char *out, size_t cap);
/*
 * buffer_size_kb's KiB per CPU: "1408", or what a buffer not used yet
 * expands to on first use ("7 (expanded: 1408)": 1408); 0 unreadable.
 */
uint64_t tracefs_size_kb(const char *text);

#endif
