/* sets_rank.c: the order every output of two sets shows its items in (the text table, the HTML page): the headline items (phases, critical path), then the changed, the largest change first (docs/sets.md). */
#include <math.h>
#include <stdlib.h>

#include "sets_out.h"

/* The headline: the boot's phases and its critical path, always shown. */
static int
headline(const struct set_item *it)
{
	return it->kind == ITEM_PHASE || it->kind == ITEM_CRIT;
}

static int
changed(const struct set_item *it)
{
	return it->tested && (it->dec.verdict == STATS_SLOWER ||
	    it->dec.verdict == STATS_FASTER);
}

/* Headline first (in kind order), then the changed, then the rest. */
static int
group(const struct set_item *it)
{
	if (headline(it))
		return 0;
	if (changed(it))
		return 1;
	if (it->tested && it->dec.verdict == STATS_MORE_BOOTS)
		return 2;
	return it->tested ? 3 : 4;
}

int
sets_item_shown(const struct set_item *it)
{
	return group(it) <= 1;
}

static int
by_rank(const void *a, const void *b)
{
	const struct sets_row *rx = a, *ry = b;
	const struct set_item *x = rx->it, *y = ry->it;
	double dx, dy;
	int gx = group(x), gy = group(y);

	if (gx != gy)
		return gx < gy ? -1 : 1;
	dx = gx != 0 && x->tested ? fabs(x->cmp.dmedian) : 0;
	dy = gy != 0 && y->tested ? fabs(y->cmp.dmedian) : 0;
	if (dx != dy)
		return dx > dy ? -1 : 1;
	return (rx->at > ry->at) - (rx->at < ry->at);
}

struct sets_row *
sets_rank(const struct sets *s, int all, size_t *n)
{
	struct sets_row *v;
	size_t i;

	*n = 0;
	if ((v = calloc(s->nitems + 1, sizeof(*v))) == NULL)
		return NULL;
	for (i = 0; i < s->nitems; i++)
		if (all || sets_item_shown(&s->items[i]))
			v[(*n)++] = (struct sets_row){ &s->items[i], i };
	qsort(v, *n, sizeof(*v), by_rank);
	return v;
}
