/* layout_crit.c: the critical path on the process rows: a thin bar under each span a row's process was on the path (docs/critical-path.md, docs/chart.md). */
#include <stdlib.h>

#include "layout.h"
#include "layout_parts.h"

/* The index's order: by pid, then start (segments never overlap). */
static int
by_pid(const void *a, const void *b)
{
	const struct crit_seg *x = *(const struct crit_seg *const *)a,
	    *y = *(const struct crit_seg *const *)b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return x->start_us < y->start_us ? -1 : x->start_us > y->start_us;
}

int
crit_index_make(struct crit_index *ci, const struct crit_path *cp)
{
	size_t i;

	ci->n = cp->nseg;
	if (ci->n == 0)
		return 0;
	if ((ci->by_pid = calloc(ci->n, sizeof(*ci->by_pid))) == NULL)
		return -1;
	for (i = 0; i < ci->n; i++)
		ci->by_pid[i] = &cp->seg[i];
	qsort(ci->by_pid, ci->n, sizeof(*ci->by_pid), by_pid);
	return 0;
}

void
crit_index_free(struct crit_index *ci)
{
	free(ci->by_pid);
	ci->by_pid = NULL;
	ci->n = 0;
}

/* The first of pid's segments in the index (n when it has none). */
static size_t
first_of(const struct crit_index *ci, int64_t pid)
{
	size_t lo = 0, hi = ci->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ci->by_pid[mid]->pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int
crit_bar(const struct layout *l, const struct lt_row *row,
    const struct crit_index *ci, size_t *it, double *xa, double *xb)
{
	const struct pnode *p = row->node;
	const struct crit_seg *s;
	double x0 = row->box.x, x1 = row->box.x + row->box.w;

	if (p->proc == NULL || p->proc->pid <= 0)
		return 0;
	if (*it == 0)
		*it = first_of(ci, p->proc->pid);
	for (; *it < ci->n && ci->by_pid[*it]->pid == p->proc->pid; (*it)++) {
		s = ci->by_pid[*it];
		*xa = layout_x(l, s->start_us);
		*xb = layout_x(l, s->end_us);
		if (*xa < x0)
			*xa = x0;
		if (*xb > x1)
			*xb = x1;
		if (*xb > *xa) {
			(*it)++;
			return 1;
		}
	}
	return 0;
}
