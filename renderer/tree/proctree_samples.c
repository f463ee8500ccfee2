/* proctree_samples.c: a node's samples: merged by reference, read in time order. */
#include <stdlib.h>

#include "grow.h"
#include "proctree.h"
#include "proctree_nodes.h"

static int
add_run(struct pnode *p, const struct proc_sample *v, size_t n)
{
	if (n == 0)
		return 0;
	if (grow_array((void **)&p->runs, &p->runs_cap, p->nruns,
	    sizeof(*p->runs)) != 0)
		return -1;
	p->runs[p->nruns].v = v;
	p->runs[p->nruns].n = n;
	p->nruns++;
	return 0;
}

static int
add_xrun(struct pnode *p, const struct xspan *v, size_t n)
{
	if (grow_array((void **)&p->xruns, &p->xruns_cap, p->nxruns,
	    sizeof(*p->xruns)) != 0)
		return -1;
	p->xruns[p->nxruns].v = v;
	p->xruns[p->nxruns].n = n;
	p->nxruns++;
	return 0;
}

/* a lists b's process and those b had folded, for the marks of its row. */
static int
merge_folded(struct pnode *a, const struct pnode *b)
{
	size_t i, n = PNODE_NFOLDED(a) + 1 + PNODE_NFOLDED(b);
	struct pfold *f = a->fold;

	if (f == NULL && (f = a->fold = calloc(1, sizeof(*f))) == NULL)
		return -1;
	if (grow_reserve((void **)&f->v, &f->cap, n, sizeof(*f->v)) != 0)
		return -1;
	f->v[f->n++] = b->proc;
	for (i = 0; i < PNODE_NFOLDED(b); i++)
		f->v[f->n++] = b->fold->v[i];
	return 0;
}

/* a gets b's state spans while both are exact; one that is not makes a not. */
static int
merge_xstates(struct pnode *a, const struct pnode *b)
{
	size_t i;

	if (!a->xexact || !b->xexact) {
		a->xexact = 0;
		return 0;
	}
	if (a->nxruns == 0 && add_xrun(a, a->proc->xs, a->proc->nxs) != 0)
		return -1;
	if (b->nxruns == 0)
		return add_xrun(a, b->proc->xs, b->proc->nxs);
	for (i = 0; i < b->nxruns; i++)
		if (add_xrun(a, b->xruns[i].v, b->xruns[i].n) != 0)
			return -1;
	return 0;
}

int
node_xstates(const struct pnode *p, struct xspan **out, size_t *n)
{
	struct xspans own = { p->proc->xs, p->proc->nxs };

	if (p->nxruns == 0)
		return xspans_fold(&own, 1, out, n);
	return xspans_fold(p->xruns, p->nxruns, out, n);
}

/*
 * a gets b's samples (after its own, for equal times), the earlier
 * start and the later end, b's measured CPU time when both have one,
 * b's states and b's processes (proctree.h).  Only the arrays are listed: the processes'
 * samples stay as they were logged, for any other tree.  Growing the
 * list by doubling matters: 50 000 same-named siblings merge one by one.
 */
int
node_merge(struct pnode *a, const struct pnode *b)
{
	usec_t end = node_end(a) > node_end(b) ? node_end(a) : node_end(b);
	size_t i;

	if (b->nsamples > 0) {
		if (a->solo != NULL && add_run(a, a->solo,
		    a->nsamples) != 0)
			return -1;
		a->solo = NULL;
		if (b->solo != NULL && add_run(a, b->solo,
		    b->nsamples) != 0)
			return -1;
		for (i = 0; i < b->nruns; i++)
			if (add_run(a, b->runs[i].v, b->runs[i].n) != 0)
				return -1;
		a->nsamples += b->nsamples;
	}
	if (merge_xstates(a, b) != 0 || merge_folded(a, b) != 0)
		return -1;
	if (b->start_us < a->start_us)
		a->start_us = b->start_us;
	a->duration_us = end - a->start_us;
	a->cpu_known = a->cpu_known && b->cpu_known;
	a->cpu_us = a->cpu_known ? a->cpu_us + b->cpu_us : 0;
	if (!a->cpu_known)
		a->cpu_src = CPU_SAMPLES;
	else if (b->cpu_src < a->cpu_src)
		a->cpu_src = b->cpu_src;
	return 0;
}

/*
 * The marks of the nodes below c, which an absorbing parent drops with
 * their samples (the logger merge): its row still carries them.
 */
static int
fold_below(struct pnode *p, const struct pnode *c, int depth)
{
	size_t i;

	if (depth > TREE_DEPTH_MAX)
		return 0;
	for (i = 0; i < c->nchildren; i++)
		if (merge_folded(p, c->children[i]) != 0 ||
		    fold_below(p, c->children[i], depth + 1) != 0)
			return -1;
	return 0;
}

int
node_absorb_children(struct pnode *p)
{
	size_t i;

	for (i = 0; i < p->nchildren; i++)
		if (node_merge(p, p->children[i]) != 0 ||
		    fold_below(p, p->children[i], 0) != 0)
			return -1;
	p->nchildren = 0;
	return 0;
}

static int
run_ran(const struct proc_sample *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].user + v[i].sys > 0 || v[i].state == PS_WAITING)
			return 1;
	return 0;
}

/*
 * In any order: whether any sample ran; or the kernel's trace saw it
 * finish a workqueue item while it was sampled (samples miss a short
 * item; a worker busy only before logging began did not run while
 * logged).
 */
int
node_ran(const struct pnode *p)
{
	const struct process *q = p->proc;
	size_t i;

	if (q->work != NULL && (q->nsamples == 0 ||
	    q->work_last_us >= q->samples[0].time_us))
		return 1;
	if (p->solo != NULL)
		return run_ran(p->solo, p->nsamples);
	for (i = 0; i < p->nruns; i++)
		if (run_ran(p->runs[i].v, p->runs[i].n))
			return 1;
	return 0;
}

/* Whether run r's next sample comes before run q's. */
static int
sooner(const struct sample_iter *it, size_t r, size_t q)
{
	usec_t tr = it->runs[r].v[it->pos[r]].time_us;
	usec_t tq = it->runs[q].v[it->pos[q]].time_us;

	return tr < tq || (tr == tq && r < q);
}

static void
sift_down(struct sample_iter *it, size_t i)
{
	size_t c, t;

	for (;;) {
		c = 2 * i + 1;
		if (c >= it->nheap)
			return;
		if (c + 1 < it->nheap && sooner(it, it->heap[c + 1],
		    it->heap[c]))
			c++;
		if (!sooner(it, it->heap[c], it->heap[i]))
			return;
		t = it->heap[c];
		it->heap[c] = it->heap[i];
		it->heap[i] = t;
		i = c;
	}
}

int
sample_iter_init(struct sample_iter *it, const struct pnode *p)
{
	size_t n, i;

	it->pos = &it->pos1;
	it->heap = &it->heap1;
	it->runs = p->runs;
	n = p->nruns;
	if (p->solo != NULL || p->nruns == 0) {
		it->one.v = p->solo;
		it->one.n = p->solo != NULL ? p->nsamples : 0;
		it->runs = &it->one;
		n = 1;
	}
	if (n > 1 && ((it->pos = calloc(n, sizeof(*it->pos))) == NULL ||
	    (it->heap = malloc(n * sizeof(*it->heap))) == NULL)) {
		free(it->pos);
		it->pos = NULL;
		it->heap = NULL;
		return -1;
	}
	it->pos[0] = 0;
	it->nheap = 0;
	for (i = 0; i < n; i++)
		if (it->runs[i].n > 0)
			it->heap[it->nheap++] = i;
	for (i = it->nheap / 2; i-- > 0;)
		sift_down(it, i);
	return 0;
}

const struct proc_sample *
sample_iter_next(struct sample_iter *it)
{
	const struct proc_sample *s;
	size_t r;

	if (it->nheap == 0)
		return NULL;
	r = it->heap[0];
	s = &it->runs[r].v[it->pos[r]++];
	if (it->pos[r] == it->runs[r].n)
		it->heap[0] = it->heap[--it->nheap];
	sift_down(it, 0);
	return s;
}

void
sample_iter_free(struct sample_iter *it)
{
	if (it->pos != &it->pos1)
		free(it->pos);
	if (it->heap != &it->heap1)
		free(it->heap);
	it->pos = it->heap = NULL;
}
