/* gen_bootlog_buf.c: the growable byte buffers the generator writes its logs into. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen_bootlog.h"

int
buf_reserve(struct buf *b, size_t more)
{
	size_t ncap;
	char *np;

	if (b->cap - b->len >= more)
		return 0;
	ncap = b->cap ? b->cap : 1 << 16;
	while (ncap - b->len < more)
		ncap *= 2;
	np = realloc(b->p, ncap);
	if (np == NULL)
		return -1;
	b->p = np;
	b->cap = ncap;
	return 0;
}

/* The appenders below assume the caller reserved room for the line. */
void
put_str(struct buf *b, const char *s)
{
	size_t n = strlen(s);

	memcpy(b->p + b->len, s, n);
	b->len += n;
}

void
put_ch(struct buf *b, char c)
{
	b->p[b->len++] = c;
}

void
put_u64(struct buf *b, uint64_t v)
{
	char tmp[24];
	int i = 0;

	do {
		tmp[i++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (i > 0)
		b->p[b->len++] = tmp[--i];
}

void
put_i64(struct buf *b, int64_t v)
{
	if (v < 0) {
		put_ch(b, '-');
		put_u64(b, (uint64_t)0 - (uint64_t)v);
		return;
	}
	put_u64(b, (uint64_t)v);
}

/* " <v>": most fields are a space and a number. */
void
put_f(struct buf *b, uint64_t v)
{
	put_ch(b, ' ');
	put_u64(b, v);
}

void
put_le(struct buf *b, uint64_t v, int n)
{
	int k;

	for (k = 0; k < n; k++)
		put_ch(b, (char)((v >> (8 * k)) & 0xff));
}
