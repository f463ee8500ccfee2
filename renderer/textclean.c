/* textclean.c: repair process names and header values before cairo sees them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "textclean.h"

/*
 * Decodes one strictly valid UTF-8 character at p (n bytes left).
 * Returns its length and sets *cp, or 0 when the bytes are not valid.
 */
static size_t
decode(const unsigned char *p, size_t n, uint32_t *cp)
{
	size_t len, i;
	uint32_t c, min;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if ((p[0] & 0xe0) == 0xc0) {
		len = 2, c = p[0] & 0x1f, min = 0x80;
	} else if ((p[0] & 0xf0) == 0xe0) {
		len = 3, c = p[0] & 0x0f, min = 0x800;
	} else if ((p[0] & 0xf8) == 0xf0) {
		len = 4, c = p[0] & 0x07, min = 0x10000;
	} else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

static int
is_control(uint32_t c)
{
	return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) ||
	    c == 0xfffe || c == 0xffff;
}

char *
text_clean(const char *s, int spaces)
{
	static const char repl[] = "\xef\xbf\xbd";
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, o = 0, len;
	uint32_t c;
	char *out;

	/* Each input byte grows to at most three output bytes. */
	if ((out = malloc(3 * n + 1)) == NULL)
		return NULL;
	while (i < n) {
		len = decode(p + i, n - i, &c);
		if (len == 0) {
			memcpy(out + o, repl, 3);
			o += 3;
			i++;
			continue;
		}
		if (spaces && (c == '\t' || c == '\n' || c == '\r'))
			out[o++] = ' ';
		else if (is_control(c)) {
			memcpy(out + o, repl, 3);
			o += 3;
		} else {
			memcpy(out + o, p + i, len);
			o += len;
		}
		i += len;
	}
	out[o] = '\0';
	return out;
}

size_t
text_cut(const char *s, size_t n)
{
	size_t len = strlen(s);

	if (n >= len)
		return len;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	return n;
}
