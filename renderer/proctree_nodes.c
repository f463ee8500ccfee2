/* proctree_nodes.c: what the tree's steps share: node lists, merging, the span. */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "proctree.h"
#include "proctree_nodes.h"

int
node_append(struct pnode ***v, size_t *n, size_t *cap, struct pnode *p)
{
	if (grow_array((void **)v, cap, *n, sizeof(**v)) != 0)
		return -1;
	(*v)[(*n)++] = p;
	return 0;
}

void
node_remove(struct pnode **v, size_t *n, size_t i)
{
	memmove(v + i, v + i + 1, (*n - i - 1) * sizeof(*v));
	(*n)--;
}

int64_t
node_end(const struct pnode *p)
{
	return p->start_ms + p->duration_ms;
}

/*
 * Makes the node's samples its own array with room for `need`: the
 * process's samples stay as they were logged, for any other tree.
 */
static int
own_samples(struct pnode *p, size_t need)
{
	int copy = p->own_samples == NULL;

	if (grow_reserve((void **)&p->own_samples, &p->own_cap, need,
	    sizeof(*p->own_samples)) != 0)
		return -1;
	if (copy && p->nsamples > 0)
		memcpy(p->own_samples, p->samples,
		    p->nsamples * sizeof(*p->samples));
	p->samples = p->own_samples;
	return 0;
}

/*
 * The samples are appended; step 9 puts them in time order with a
 * stable sort (a's before b's at equal times, as merging each pair did).
 * Growing by doubling matters: merging 50 000 same-named siblings one by
 * one into an exactly sized array took 99 s.
 */
int
node_merge(struct pnode *a, const struct pnode *b)
{
	int64_t end = node_end(a) > node_end(b) ? node_end(a) : node_end(b);

	if (b->nsamples > 0) {
		if (own_samples(a, a->nsamples + b->nsamples) != 0)
			return -1;
		memcpy(a->own_samples + a->nsamples, b->samples,
		    b->nsamples * sizeof(*b->samples));
		a->nsamples += b->nsamples;
	}
	if (b->start_ms < a->start_ms)
		a->start_ms = b->start_ms;
	a->duration_ms = end - a->start_ms;
	return 0;
}

int
node_is_kthreadd(const struct pnode *p)
{
	return p->proc->pid == 2 && strcmp(p->name, "kthreadd") == 0;
}

int
node_ran(const struct pnode *p)
{
	size_t i;

	for (i = 0; i < p->nsamples; i++)
		if (p->samples[i].user + p->samples[i].sys > 0 ||
		    p->samples[i].state == PS_WAITING)
			return 1;
	return 0;
}

static void
span_walk(const struct pnode *p, int64_t *start, int64_t *end)
{
	size_t i;

	if (p->start_ms < *start)
		*start = p->start_ms;
	if (node_end(p) > *end)
		*end = node_end(p);
	for (i = 0; i < p->nchildren; i++)
		span_walk(p->children[i], start, end);
}

void
tree_span(struct proctree *tree)
{
	int64_t start = INT64_MAX, end = INT64_MIN;
	size_t i;

	for (i = 0; i < tree->nroots; i++)
		span_walk(tree->roots[i], &start, &end);
	if (tree->nroots == 0)
		start = end = 0;
	tree->start_ms = start;
	tree->end_ms = end;
	tree->duration_ms = end - start;
}
