/* tcrit.c: the threads' switches, wakings, births and exits kept as the events come, sorted per thread for the critical path's walk (docs/critical-path.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot.h"
#include "tcrit.h"
#include "tkeysort.h"

int
tcrit_add(struct tcrits *c, int kind, int tid, int tgid, uint32_t proc,
    int other, int state, int64_t at)
{
	size_t max = c->max != 0 ? c->max : CAP_TRACE_CRIT;
	struct tcrec *r;

	if (c->cut || tid <= 0)
		return 0;
	if (c->n >= max) {
		diag_warn(c->d, "more than %zu scheduler records: no critical "
		    "path", max);
		/* None will be walked: their memory (at most 256 MiB) back now. */
		tcrit_free(c);
		c->cut = 1;
		return 0;
	}
	if (grow_array((void **)&c->v, &c->cap, c->n, sizeof(*c->v)) != 0)
		return -1;
	r = &c->v[c->n];
	memset(r, 0, sizeof(*r));
	r->at = at;
	r->tid = tid;
	r->tgid = tgid;
	r->other = other;
	r->proc = proc;
	r->seq = (uint32_t)c->n++;
	r->kind = (uint8_t)kind;
	r->state = (uint8_t)state;
	return 0;
}

static int
cmp_rec(const void *a, const void *b)
{
	const struct tcrec *x = a, *y = b;

	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static size_t
key_tid(const void *a)
{
	return (size_t)((const struct tcrec *)a)->tid;
}

void
tcrit_take(struct tcrits *c, struct tboot *tb)
{
	if (c->cut) {
		tcrit_free(c);
		tb->crit_cut = 1;
		return;
	}
	/* tid > 0: tcrit_add keeps no other. */
	if (c->n > 0 &&
	    tkeysort(c->v, c->n, sizeof(*c->v), key_tid, cmp_rec) != 0)
		qsort(c->v, c->n, sizeof(*c->v), cmp_rec);
	tb->crec = c->v;
	tb->ncrec = c->n;
	c->v = NULL;
	c->n = c->cap = 0;
}

void
tcrit_free(struct tcrits *c)
{
	free(c->v);
	c->v = NULL;
	c->n = c->cap = 0;
}

/* The first index whose (tid, at) is above (tid, t): v is sorted. */
static size_t
upper(const struct tcrec *v, size_t n, int tid, int64_t t)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid].tid < tid || (v[mid].tid == tid && v[mid].at <= t))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

ptrdiff_t
tcrit_find(const struct tcrec *v, size_t n, int tid, int64_t t,
    ptrdiff_t *first)
{
	size_t i = upper(v, n, tid, t);

	*first = (ptrdiff_t)upper(v, n, tid - 1, INT64_MAX);
	if (i == 0 || v[i - 1].tid != tid)
		return -1;
	return (ptrdiff_t)i - 1;
}
