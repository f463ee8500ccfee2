/* textclean.c: repair process names and header values before cairo sees them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "textclean.h"
#include "utf8.h"

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
		len = utf8_decode(p + i, n - i, &c);
		if (len == 0) {
			memcpy(out + o, repl, 3);
			o += 3;
			i++;
			continue;
		}
		if (spaces && (c == '\t' || c == '\n' || c == '\r'))
			out[o++] = ' ';
		else if (utf8_is_control(c)) {
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
