/* textclean.h: make untrusted text safe for cairo and for XML output. */
#ifndef BC_TEXTCLEAN_H
#define BC_TEXTCLEAN_H

#include <stddef.h>

/*
 * Copies `s` to a new string of valid UTF-8 without control characters:
 * each invalid byte, overlong or surrogate sequence and each C0/C1/DEL
 * control becomes U+FFFD; tabs and newlines become one space when
 * `spaces` is set.  NULL on no memory.
 */
char *text_clean(const char *s, int spaces);

/* Length of the longest prefix of valid UTF-8 `s` that is <= n bytes
 * and ends on a character boundary. */
size_t text_cut(const char *s, size_t n);

#endif
