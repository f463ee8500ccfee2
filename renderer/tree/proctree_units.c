/* proctree_units.c: systemd units on the tree: which rows name their unit, and --group-by-unit's sibling order. */
#include <stdlib.h>
#include <string.h>

#include "proctree.h"

static const char *
unit_of(const struct pnode *p)
{
	return p != NULL ? p->proc->unit : NULL;
}

static int
same_unit(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* A sibling, its unit's group (the first position of that unit) and position. */
struct slot {
	struct pnode *p;
	size_t group, pos;
};

static int
cmp_unit(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;
	const char *ux = unit_of(x->p), *uy = unit_of(y->p);
	int c;

	if (ux == NULL || uy == NULL)
		c = (ux != NULL) - (uy != NULL);
	else
		c = strcmp(ux, uy);
	if (c != 0)
		return c;
	return (x->pos > y->pos) - (x->pos < y->pos);
}

static int
cmp_group(const void *a, const void *b)
{
	const struct slot *x = a, *y = b;

	if (x->group != y->group)
		return (x->group > y->group) - (x->group < y->group);
	return (x->pos > y->pos) - (x->pos < y->pos);
}

/*
 * Siblings of one unit next to each other, where the first of them
 * was; the order otherwise kept.  Siblings without a unit stay apart.
 */
static int
group_list(struct pnode **v, size_t n)
{
	struct slot *s;
	size_t i, first = 0;

	if (n < 2)
		return 0;
	if ((s = calloc(n, sizeof(*s))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		s[i].p = v[i];
		s[i].pos = i;
	}
	qsort(s, n, sizeof(*s), cmp_unit);
	for (i = 0; i < n; i++) {
		if (i == 0 || unit_of(s[i].p) == NULL ||
		    !same_unit(unit_of(s[i].p), unit_of(s[i - 1].p)))
			first = s[i].pos;
		s[i].group = first;
	}
	qsort(s, n, sizeof(*s), cmp_group);
	for (i = 0; i < n; i++)
		v[i] = s[i].p;
	free(s);
	return 0;
}

int
proctree_group_units(struct proctree *tree)
{
	size_t i;

	if (group_list(tree->roots, tree->nroots) != 0)
		return -1;
	for (i = 0; i < tree->nnodes; i++)
		if (group_list(tree->nodes[i].children,
		    tree->nodes[i].nchildren) != 0)
			return -1;
	return 0;
}

/* A row names its unit where the unit changes: from the parent's, or the sibling's above. */
static void
mark_list(struct pnode **v, size_t n)
{
	const char *u;
	size_t i;

	for (i = 0; i < n; i++) {
		u = unit_of(v[i]);
		v[i]->unit_label = u != NULL &&
		    !same_unit(u, unit_of(v[i]->parent)) &&
		    (i == 0 || !same_unit(u, unit_of(v[i - 1])));
	}
}

void
proctree_mark_units(struct proctree *tree)
{
	size_t i;

	mark_list(tree->roots, tree->nroots);
	for (i = 0; i < tree->nnodes; i++)
		mark_list(tree->nodes[i].children, tree->nodes[i].nchildren);
}
