/* utf8.h: strict UTF-8 decoding, for text from logs that must be shown safely. */
#ifndef BC_UTF8_H
#define BC_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * Decodes one strictly valid UTF-8 character at p (n bytes left, n > 0):
 * no overlong forms, no surrogates, nothing above U+10FFFF.  Returns its
 * length and sets *cp, or 0 when the bytes are not valid.
 */
size_t utf8_decode(const unsigned char *p, size_t n, uint32_t *cp);

/* C0 and C1 controls, DEL, and the noncharacters U+FFFE and U+FFFF. */
int utf8_is_control(uint32_t cp);

#endif
