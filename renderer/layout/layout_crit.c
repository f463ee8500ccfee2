/* layout_crit.c: the critical path on the process rows: a thin bar under each span a row's process, or one folded into it, was on the path (docs/critical-path.md, docs/chart.md). */
#include <stdlib.h>

#include "grow.h"
#include "layout.h"
#include "layout_parts.h"

/*
 * The index's order: by the log's process (its seq, unique), then
 * start; segments are one array, so ties go by their place in it.
 */
static int
by_proc(const void *a, const void *b)
{
	const struct crit_seg *x = *(const struct crit_seg *const *)a,
	    *y = *(const struct crit_seg *const *)b;

	if (x->proc->seq != y->proc->seq)
		return x->proc->seq < y->proc->seq ? -1 : 1;
	if (x->start_us != y->start_us)
		return x->start_us < y->start_us ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* A row's segments in time order (they never overlap). */
static int
by_time(const void *a, const void *b)
{
	const struct crit_seg *x = *(const struct crit_seg *const *)a,
	    *y = *(const struct crit_seg *const *)b;

	if (x->start_us != y->start_us)
		return x->start_us < y->start_us ? -1 : 1;
	return x < y ? -1 : x > y;
}

int
crit_index_make(struct crit_index *ci, const struct crit_path *cp)
{
	size_t i;

	ci->n = 0;
	if (cp->nseg == 0)
		return 0;
	if ((ci->by_proc = calloc(cp->nseg, sizeof(*ci->by_proc))) == NULL)
		return -1;
	/* A segment of no process of the log has no row to be drawn on. */
	for (i = 0; i < cp->nseg; i++)
		if (cp->seg[i].proc != NULL)
			ci->by_proc[ci->n++] = &cp->seg[i];
	qsort(ci->by_proc, ci->n, sizeof(*ci->by_proc), by_proc);
	return 0;
}

void
crit_index_free(struct crit_index *ci)
{
	free(ci->by_proc);
	free(ci->row);
	ci->by_proc = ci->row = NULL;
	ci->n = ci->nrow = ci->row_cap = 0;
}

/* The first of process p's segments in the index (n when it has none). */
static size_t
first_of(const struct crit_index *ci, const struct process *p)
{
	size_t lo = 0, hi = ci->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ci->by_proc[mid]->proc->seq < p->seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Adds process p's segments to the row's list; 0 or -1. */
static int
add_proc(struct crit_index *ci, const struct process *p)
{
	size_t i;

	for (i = first_of(ci, p); i < ci->n && ci->by_proc[i]->proc == p;
	    i++) {
		if (grow_array((void **)&ci->row, &ci->row_cap, ci->nrow,
		    sizeof(*ci->row)) != 0)
			return -1;
		ci->row[ci->nrow++] = ci->by_proc[i];
	}
	return 0;
}

int
crit_row(struct crit_index *ci, const struct pnode *p)
{
	size_t i, own;

	ci->nrow = 0;
	if (ci->n == 0)
		return 0;
	if (add_proc(ci, p->proc) != 0)
		return -1;
	own = ci->nrow;
	for (i = 0; i < PNODE_NFOLDED(p); i++)
		if (add_proc(ci, p->fold->v[i]) != 0)
			return -1;
	/* One process's are in order; what it folded interleaves them. */
	if (ci->nrow > own)
		qsort(ci->row, ci->nrow, sizeof(*ci->row), by_time);
	return 0;
}

int
crit_bar(const struct layout *l, const struct lt_row *row,
    const struct crit_index *ci, size_t *it, double *xa, double *xb)
{
	const struct crit_seg *s;
	double x0 = row->box.x, x1 = row->box.x + row->box.w;

	for (; *it < ci->nrow; (*it)++) {
		s = ci->row[*it];
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

/* What crit_undrawn's walk marks: the processes of the drawn rows. */
struct drawn {
	const struct layout *l;
	unsigned char *row;	/* by process seq: 1 when a row draws it */
	size_t n;
};

static void
mark(struct drawn *dr, const struct process *p)
{
	if (p->seq < dr->n)
		dr->row[p->seq] = 1;
}

static int
mark_row(const struct pnode *p, int depth, void *arg)
{
	struct drawn *dr = arg;
	size_t i;

	(void)depth;
	if (!lt_visible(dr->l, p))
		return 0;
	mark(dr, p->proc);
	for (i = 0; i < PNODE_NFOLDED(p); i++)
		mark(dr, p->fold->v[i]);
	return 0;
}

/* Segment s's time within the chart's span. */
static usec_t
in_span(const struct layout *l, const struct crit_seg *s)
{
	usec_t a = s->start_us > l->t0_us ? s->start_us : l->t0_us;
	usec_t b = s->end_us < l->t1_us ? s->end_us : l->t1_us;

	return b > a ? b - a : 0;
}

int
crit_undrawn(const struct layout *l, const struct proctree *tree,
    const struct crit_path *cp, usec_t *us)
{
	struct drawn dr = { l, NULL, cp->n_on_path };
	const struct crit_seg *s;
	size_t i;

	*us = 0;
	if (dr.n > 0 && (dr.row = calloc(dr.n, sizeof(*dr.row))) == NULL)
		return -1;
	if (proctree_walk(tree, mark_row, &dr) != 0) {
		free(dr.row);
		return -1;
	}
	for (i = 0; i < cp->nseg; i++) {
		s = &cp->seg[i];
		if (s->proc == NULL || s->proc->seq >= dr.n ||
		    !dr.row[s->proc->seq])
			*us += in_span(l, s);
	}
	free(dr.row);
	return 0;
}
