/* tdat_cursor.c: bounds-checked reads of trace.dat numbers and strings in the file's byte order, and the reader's error messages. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "tdat_int.h"

void
tcur_init(struct tcur *c, const struct tdat *t, const uint8_t *p, size_t len,
    uint64_t base)
{
	c->p = p;
	c->len = len;
	c->pos = 0;
	c->base = base;
	c->big = t->big;
}

static int
tcur_num(struct tcur *c, size_t size, uint64_t *v)
{
	if (c->len - c->pos < size)
		return -1;
	*v = bytes_uint(c->p + c->pos, size, c->big);
	c->pos += size;
	return 0;
}

int
tcur_u16(struct tcur *c, uint16_t *v)
{
	uint64_t x;

	if (tcur_num(c, 2, &x) != 0)
		return -1;
	*v = (uint16_t)x;
	return 0;
}

int
tcur_u32(struct tcur *c, uint32_t *v)
{
	uint64_t x;

	if (tcur_num(c, 4, &x) != 0)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

int
tcur_u64(struct tcur *c, uint64_t *v)
{
	return tcur_num(c, 8, v);
}

int
tcur_bytes(struct tcur *c, size_t n, const uint8_t **p)
{
	if (c->len - c->pos < n)
		return -1;
	*p = c->p + c->pos;
	c->pos += n;
	return 0;
}

int
tcur_str(struct tcur *c, size_t max, const char **s)
{
	const uint8_t *nul;
	size_t room = c->len - c->pos;

	if (room > max + 1)
		room = max + 1;
	if ((nul = memchr(c->p + c->pos, '\0', room)) == NULL)
		return -1;
	*s = (const char *)(c->p + c->pos);
	c->pos = (size_t)(nul - c->p) + 1;
	return 0;
}

uint64_t
tcur_off(const struct tcur *c)
{
	return c->base + c->pos;
}

int
tdat_fail(struct tdat *t, uint64_t off, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	t->d->line = 0;
	return diag_error(t->d, "offset %llu: %s", (unsigned long long)off,
	    msg);
}

int
tdat_short(struct tdat *t, const struct tcur *c, const char *what)
{
	return tdat_fail(t, tcur_off(c), "truncated (%s)", what);
}
