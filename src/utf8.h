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

/*
 * What a terminal or a text's direction acts on, so is never shown raw:
 * C0 and C1 controls, DEL, the noncharacters U+FFFE and U+FFFF, the
 * line and paragraph separators U+2028 and U+2029, and the bidirectional
 * controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which
 * reorder what a reader sees ("Trojan Source").
 */
int utf8_is_control(uint32_t cp);

#endif
