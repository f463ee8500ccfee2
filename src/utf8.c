/* utf8.c: strict UTF-8 decoding, for text from logs that must be shown safely. */
#include "utf8.h"

size_t
utf8_decode(const unsigned char *p, size_t n, uint32_t *cp)
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

int
utf8_is_control(uint32_t c)
{
	if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) ||
	    c == 0xfffe || c == 0xffff)
		return 1;
	return c == 0x061c || c == 0x200e || c == 0x200f ||
	    (c >= 0x2028 && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}
