/* proctree_nodes.c: what the tree's steps share: node lists, kthreadd, the span. */
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

usec_t
node_end(const struct pnode *p)
{
	return p->start_us + p->duration_us;
}

int
node_is_kthreadd(const struct pnode *p)
{
	return p->proc->pid == 2 && strcmp(p->name, "kthreadd") == 0;
}

int
node_is_thread(const struct pnode *p)
{
	return p->proc->tgid != 0;
}

static int
kept(const struct tree_opts *o, const struct process *p)
{
	return p->seq < o->nkeep && o->keep[p->seq];
}

int
node_kept(const struct proctree *tree, const struct pnode *p)
{
	size_t i;

	if (tree->opts.keep == NULL)
		return 0;
	if (kept(&tree->opts, p->proc))
		return 1;
	for (i = 0; i < PNODE_NFOLDED(p); i++)
		if (kept(&tree->opts, p->fold->v[i]))
			return 1;
	return 0;
}

static void
span_walk(const struct pnode *p, usec_t *start, usec_t *end)
{
	size_t i;

	if (p->start_us < *start)
		*start = p->start_us;
	if (node_end(p) > *end)
		*end = node_end(p);
	for (i = 0; i < p->nchildren; i++)
		span_walk(p->children[i], start, end);
}

void
tree_span(struct proctree *tree)
{
	usec_t start = INT64_MAX, end = INT64_MIN;
	size_t i;

	for (i = 0; i < tree->nroots; i++)
		span_walk(tree->roots[i], &start, &end);
	if (tree->nroots == 0)
		start = end = 0;
	tree->start_us = start;
	tree->end_us = end;
	tree->duration_us = end - start;
}
