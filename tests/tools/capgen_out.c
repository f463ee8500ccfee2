/* capgen_out.c: where capgen's bytes go: counted only (for a member's size) or buffered to the output. */
#include <stdint.h>
#include <string.h>

#include "fdio.h"

#include "capgen.h"

int
flush_out(struct out *o)
{
	if (o->len > 0 && !o->counting && write_full(o->fd, o->buf, o->len) != 0)
		return -1;
	o->len = 0;
	return 0;
}

int
put(struct out *o, const void *p, size_t n)
{
	o->n += n;
	if (o->counting)
		return 0;
	if (o->len + n > OUTBUF && flush_out(o) != 0)
		return -1;
	if (n > OUTBUF)
		return write_full(o->fd, p, n);
	memcpy(o->buf + o->len, p, n);
	o->len += n;
	return 0;
}

int
puts_out(struct out *o, const char *s)
{
	return put(o, s, strlen(s));
}

/* Decimal, without printf: a generator of GBs of text must be quick. */
int
put_u64(struct out *o, uint64_t v)
{
	char d[24];
	size_t i = sizeof(d);

	do {
		d[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	return put(o, d + i, sizeof(d) - i);
}

/* n bytes of c; zeros straight from a big buffer (4 GiB of them go out). */
int
put_fill(struct out *o, int c, uint64_t n)
{
	static const char zeros[ZEROS];
	char b[4096];
	const char *src = zeros;
	size_t k, max = sizeof(zeros);

	if (c != 0) {
		memset(b, c, sizeof(b));
		src = b;
		max = sizeof(b);
	}
	for (; n > 0; n -= k) {
		k = n < max ? (size_t)n : max;
		if (put(o, src, k) != 0)
			return -1;
	}
	return 0;
}
