/* escape.c: text from logs made safe to print on a terminal (docs/errors.md, "What is printed"). */
#include <string.h>

#include "escape.h"
#include "utf8.h"

/*
 * The escape of the character of len bytes at p into out (at least 5
 * bytes), or of its first byte when it is not valid UTF-8.  Returns how
 * many input bytes it stands for, and sets *olen.
 */
static size_t
escape_one(const unsigned char *p, size_t n, char *out, size_t *olen,
    int page)
{
	static const char hex[] = "0123456789abcdef";
	uint32_t c;
	size_t len = utf8_decode(p, n, &c);

	if (len > 0 && c == '\\' && !page) {
		memcpy(out, "\\\\", 2);
		*olen = 2;
		return 1;
	}
	if (len > 0 && (c == '\t' || c == '\n' || c == '\r')) {
		out[0] = '\\';
		out[1] = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
		*olen = 2;
		return 1;
	}
	if (len > 0 && !utf8_is_control(c)) {
		memcpy(out, p, len);
		*olen = len;
		return len;
	}
	/* A control character or an invalid byte: each byte as \xHH. */
	if (len == 0)
		len = 1;
	*olen = 0;
	for (n = 0; n < len; n++) {
		out[(*olen)++] = '\\';
		out[(*olen)++] = 'x';
		out[(*olen)++] = hex[p[n] >> 4];
		out[(*olen)++] = hex[p[n] & 15];
	}
	return len;
}

static size_t
escape_into(char *dst, size_t cap, const char *s, int page)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, o = 0, used, olen;
	char one[16];

	if (cap == 0)
		return 0;
	while (i < n) {
		used = escape_one(p + i, n - i, one, &olen, page);
		if (o + olen >= cap)
			break;
		memcpy(dst + o, one, olen);
		o += olen;
		i += used;
	}
	dst[o] = '\0';
	return o;
}

size_t
escape_text(char *dst, size_t cap, const char *s)
{
	return escape_into(dst, cap, s, 0);
}

size_t
escape_page(char *dst, size_t cap, const char *s)
{
	return escape_into(dst, cap, s, 1);
}

/* Printable ASCII but the backslash: what escape_one copies as it is. */
static int
plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '\\';
}

size_t
escape_span(char *dst, size_t cap, const char *s, size_t n, size_t *used)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, o = 0, run, olen, took;
	char one[16];

	while (i < n && o < cap) {
		for (run = 0; i + run < n && run < cap - o && plain(p[i + run]);
		    run++)
			;
		memcpy(dst + o, p + i, run);
		i += run;
		o += run;
		if (i == n || o == cap || plain(p[i]))
			continue;
		took = escape_one(p + i, n - i, one, &olen, 0);
		if (o + olen > cap)
			break;
		memcpy(dst + o, one, olen);
		o += olen;
		i += took;
	}
	*used = i;
	return o;
}

void
escape_fputs(const char *s, FILE *f)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, olen;
	char one[16];

	while (i < n) {
		i += escape_one(p + i, n - i, one, &olen, 0);
		fwrite(one, 1, olen, f);
	}
}
