/* kwaits.c: the calls each traced root ran that waited, the most first, and their wakers' names (kwaits.h). */
#include <stdio.h>
#include <stdlib.h>

#include "kwaits.h"
#include "tcwait.h"
#include "tfunc.h"
#include "trace.h"
#include "twake.h"

static int
by_wait(const void *a, const void *b)
{
	const struct kwait_row *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	return x->call < y->call ? -1 : x->call > y->call;
}

int
kwaits_pick(const struct tcalls *c, const struct tcwait *w, int64_t min_ns,
    struct kwait_row **out, size_t *n)
{
	struct kwait_row *v;
	size_t i;

	*out = NULL;
	*n = 0;
	if (w == NULL || c->n == 0)
		return 0;
	if ((v = calloc(c->n, sizeof(*v))) == NULL)
		return -1;
	if (min_ns < KWAIT_MIN_NS)
		min_ns = KWAIT_MIN_NS;
	for (i = 0; i < c->n; i++)
		if (c->v[i].depth == 1 && w[i].blocked_ns + w[i].runnable_ns >=
		    min_ns)
			v[(*n)++] = (struct kwait_row){ i, w[i].blocked_ns +
			    w[i].runnable_ns };
	if (*n == 0) {
		free(v);
		return 0;
	}
	qsort(v, *n, sizeof(*v), by_wait);
	*out = v;
	return 0;
}

void
kwaits_waker(const struct tdat *td, int32_t waker, int with_id, char *out,
    size_t cap)
{
	const char *s;

	if (waker < 0) {
		snprintf(out, cap, "%s", twake_context_name(waker));
		return;
	}
	if (waker == 0) {
		snprintf(out, cap, "-");
		return;
	}
	s = td != NULL ? tdat_comm(td, waker) : NULL;
	if (with_id)
		snprintf(out, cap, "%s %d", s != NULL && *s ? s : "?",
		    (int)waker);
	else
		snprintf(out, cap, "%s", s != NULL && *s ? s : "?");
}
