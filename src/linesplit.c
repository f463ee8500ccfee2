/* linesplit.c: cut a byte stream that arrives in chunks into lines. */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "linesplit.h"

void
linesplit_init(struct linesplit *ls, line_fn fn, void *arg)
{
	memset(ls, 0, sizeof(*ls));
	ls->fn = fn;
	ls->arg = arg;
}

static int
carry(struct linesplit *ls, const char *p, size_t n)
{
	size_t need = ls->len + n;

	if (need > LINESPLIT_MAX) {
		ls->toolong = 1;
		return -1;
	}
	if (grow_reserve((void **)&ls->buf, &ls->cap, need, 1) != 0)
		return -1;
	memcpy(ls->buf + ls->len, p, n);
	ls->len = need;
	return 0;
}

int
linesplit_feed(struct linesplit *ls, const char *data, size_t len)
{
	const char *p = data, *end = data + len, *nl;
	int rc;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			return carry(ls, p, (size_t)(end - p));
		/* lineno counts delivered lines: a refused one is lineno + 1. */
		if (ls->len > 0) {
			/* Whole lines are passed in place; only split ones are copied. */
			if (carry(ls, p, (size_t)(nl - p)) != 0)
				return -1;
			ls->lineno++;
			rc = ls->fn(ls->arg, ls->buf, ls->len, ls->lineno);
			ls->len = 0;
		} else {
			if ((size_t)(nl - p) > LINESPLIT_MAX) {
				ls->toolong = 1;
				return -1;
			}
			ls->lineno++;
			rc = ls->fn(ls->arg, p, (size_t)(nl - p), ls->lineno);
		}
		if (rc != 0)
			return rc;
		p = nl + 1;
	}
	return 0;
}

int
linesplit_end(struct linesplit *ls)
{
	int rc;

	if (ls->len == 0)
		return 0;
	ls->lineno++;
	rc = ls->fn(ls->arg, ls->buf, ls->len, ls->lineno);
	ls->len = 0;
	return rc;
}

void
linesplit_free(struct linesplit *ls)
{
	free(ls->buf);
	ls->buf = NULL;
	ls->len = ls->cap = 0;
}
