/* proctree_simplify.c: docs/tree.md steps 5-9: prune, merge exploders, siblings and runs, sort. */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "proctree.h"
#include "proctree_nodes.h"

#define EXPLODER_NAME "hwup"
#define EXPLODED_SUFFIX " (+)"

/* ---- step 5: prune ---- */

/* Whether p is the profiled command or below it. */
static int
in_cmd(const struct proctree *tree, const struct pnode *p)
{
	int depth = 0;

	for (; p != NULL && depth <= TREE_DEPTH_MAX; p = p->parent, depth++)
		if (p == tree->cmd)
			return 1;
	return 0;
}

static int
prunable(const struct proctree *tree, const struct pnode *p)
{
	usec_t tree_end = tree->start_us + tree->duration_us;

	/* A profile keeps all of its command's (--whole-system adds the rest). */
	if (tree->cmd != NULL && in_cmd(tree, p))
		return 0;
	/* The critical path's bars are drawn on its processes' rows. */
	if (node_kept(tree, p))
		return 0;
	if (p->duration_us <= 2 * tree->sample_period_us)
		return 1;
	return !p->active && node_end(p) >= tree_end &&
	    p->start_us > tree->start_us &&
	    p->duration_us > 0.9 * (double)tree->duration_us &&
	    p->nchildren == 0;
}

/*
 * A removed node's children take its place in reverse order (the Java
 * renderer inserted each one and stepped back) and come up next.  The
 * nodes still to examine are kept on a stack (top = next), and the kept
 * ones are rebuilt into the list: inserting in place moved the rest of
 * the list at each removal, quadratic with 200 000 short-lived siblings
 * (8.7 s).
 */
static int
prune_list(struct proctree *tree, struct pnode ***v, size_t *n, size_t *cap,
    struct pnode *parent)
{
	struct pnode **todo = NULL, *p;
	size_t ntodo = 0, captodo = 0, nkept = 0, k;
	int rc = -1;

	if (grow_reserve((void **)&todo, &captodo, *n, sizeof(*todo)) != 0)
		return -1;
	for (k = *n; k-- > 0;)
		todo[ntodo++] = (*v)[k];
	while (ntodo > 0) {
		p = todo[--ntodo];
		if ((parent != NULL || p->nchildren == 0) &&
		    prunable(tree, p)) {
			if (grow_reserve((void **)&todo, &captodo, ntodo +
			    p->nchildren, sizeof(*todo)) != 0)
				goto out;
			for (k = 0; k < p->nchildren; k++) {
				p->children[k]->parent = parent;
				todo[ntodo++] = p->children[k];
			}
			p->nchildren = 0;
			continue;
		}
		if (prune_list(tree, &p->children, &p->nchildren,
		    &p->children_cap, p) != 0)
			goto out;
		/* Never more kept than were in the list or inserted: fits. */
		if (grow_reserve((void **)v, cap, nkept + 1, sizeof(**v)) != 0)
			goto out;
		(*v)[nkept++] = p;
	}
	rc = 0;
out:
	if (rc == 0)
		*n = nkept;
	free(todo);
	return rc;
}

/*
 * Kernel threads that never ran while logged say nothing about the boot
 * (a Debian boot has a hundred idle kworkers); docs/tree.md says why
 * only logs of bootchartd 0.2+ lose them.  One with children stays, and
 * one on the critical path (it ran, while the trace saw it).
 */
static void
prune_kthreads(const struct proctree *tree, struct pnode **v, size_t n)
{
	struct pnode *p;
	size_t i, j, w;

	for (i = 0; i < n; i++) {
		p = v[i];
		if (node_is_kthreadd(p)) {
			for (j = w = 0; j < p->nchildren; j++)
				if (node_ran(p->children[j]) ||
				    p->children[j]->nchildren > 0 ||
				    node_kept(tree, p->children[j]))
					p->children[w++] = p->children[j];
			p->nchildren = w;
		}
		prune_kthreads(tree, p->children, p->nchildren);
	}
}

int
proctree_prune(struct proctree *tree)
{
	if (tree->prune_kthreads)
		prune_kthreads(tree, tree->roots, tree->nroots);
	return prune_list(tree, &tree->roots, &tree->nroots, &tree->roots_cap,
	    NULL);
}

/* ---- step 6: exploders ---- */

static int
absorb_subtree(struct pnode *dst, const struct pnode *p)
{
	size_t i;

	for (i = 0; i < p->nchildren; i++) {
		if (node_merge(dst, p->children[i]) != 0 ||
		    absorb_subtree(dst, p->children[i]) != 0)
			return -1;
	}
	return 0;
}

static int
explode(struct pnode **v, size_t n)
{
	struct pnode *p;
	size_t i, len;
	char *name;

	for (i = 0; i < n; i++) {
		p = v[i];
		if (strcmp(p->name, EXPLODER_NAME) != 0 || p->nchildren == 0) {
			if (explode(p->children, p->nchildren) != 0)
				return -1;
			continue;
		}
		if (absorb_subtree(p, p) != 0)
			return -1;
		p->nchildren = 0;
		len = strlen(p->name);
		if ((name = malloc(len + sizeof(EXPLODED_SUFFIX))) == NULL)
			return -1;
		memcpy(name, p->name, len);
		memcpy(name + len, EXPLODED_SUFFIX, sizeof(EXPLODED_SUFFIX));
		free(p->own_name);
		p->own_name = name;
		p->name = name;
	}
	return 0;
}

int
proctree_merge_exploders(struct proctree *tree)
{
	return explode(tree->roots, tree->nroots);
}

/* ---- step 7: siblings ---- */

/*
 * The list is compacted as it is read (r reads, w writes): removing
 * each merged sibling in place moved the rest of the list every time,
 * quadratic with many same-named siblings.  The order of merges and
 * recursions is the Java one.
 */
static int
merge_siblings(struct pnode **v, size_t *n)
{
	struct pnode *p, *q;
	size_t r = 0, w = 0, j;
	int rc = 0;

	while (r < *n && rc == 0) {
		p = v[r++];
		v[w++] = p;
		while (r < *n && strcmp(p->name, v[r]->name) == 0 &&
		    !node_is_thread(p) && !node_is_thread(v[r])) {
			q = v[r++];
			for (j = 0; j < q->nchildren && rc == 0; j++) {
				q->children[j]->parent = p;
				rc = node_append(&p->children, &p->nchildren,
				    &p->children_cap, q->children[j]);
			}
			q->nchildren = 0;
			/* Java re-examined p, recursing each time. */
			if (rc != 0 || node_merge(p, q) != 0 ||
			    merge_siblings(p->children, &p->nchildren) != 0) {
				rc = -1;
				break;
			}
		}
		if (rc == 0 && r < *n)
			rc = merge_siblings(p->children, &p->nchildren);
	}
	/* On error keep every node in the list. */
	while (r < *n)
		v[w++] = v[r++];
	*n = w;
	if (rc == 0 && *n > 0)
		return merge_siblings(v[*n - 1]->children,
		    &v[*n - 1]->nchildren);
	return rc;
}

int
proctree_merge_siblings(struct proctree *tree)
{
	return merge_siblings(tree->roots, &tree->nroots);
}

/* ---- step 8: runs ---- */

static int
merge_runs(struct pnode **v, size_t n)
{
	struct pnode *p, *c, **tmp;
	size_t i, k;

	for (i = 0; i < n; i++) {
		p = v[i];
		while (p->nchildren == 1 &&
		    strcmp(p->children[0]->name, p->name) == 0 &&
		    !node_is_thread(p->children[0])) {
			c = p->children[0];
			/* p's list and c's swap: p gets c's children. */
			tmp = p->children;
			k = p->children_cap;
			p->children = c->children;
			p->nchildren = c->nchildren;
			p->children_cap = c->children_cap;
			c->children = tmp;
			c->nchildren = 0;
			c->children_cap = k;
			for (k = 0; k < p->nchildren; k++)
				p->children[k]->parent = p;
			if (node_merge(p, c) != 0)
				return -1;
		}
		if (merge_runs(p->children, p->nchildren) != 0)
			return -1;
	}
	return 0;
}

int
proctree_merge_runs(struct proctree *tree)
{
	return merge_runs(tree->roots, tree->nroots);
}

/* ---- step 9: sort ---- */

/* The log's process order, with the nodes' own starts. */
static int
cmp_node(const void *a, const void *b)
{
	const struct pnode *p = *(struct pnode *const *)a;
	const struct pnode *q = *(struct pnode *const *)b;

	return process_order(p->proc, p->start_us, q->proc, q->start_us);
}

static void
sort_list(struct pnode **v, size_t n)
{
	size_t i;

	if (n == 0)
		return;
	qsort(v, n, sizeof(*v), cmp_node);
	/* Samples need no sorting: struct sample_iter reads them in order. */
	for (i = 0; i < n; i++)
		sort_list(v[i]->children, v[i]->nchildren);
}

/* A profile's processes end with the log: samples end there, the chart too. */
static void
clip_ends(struct proctree *tree)
{
	struct pnode *p;
	size_t i;

	for (i = 0; i < tree->nnodes; i++) {
		p = &tree->nodes[i];
		if (p->start_us > tree->end_us)
			p->start_us = tree->end_us;
		if (p->start_us + p->duration_us > tree->end_us)
			p->duration_us = tree->end_us - p->start_us;
	}
}

void
proctree_sort(struct proctree *tree)
{
	sort_list(tree->roots, tree->nroots);
	tree_span(tree);
	if (tree->profile == NULL)
		return;
	tree->start_us = tree->log_start_us;
	tree->end_us = tree->log_end_us;
	/* The trace saw the command end after the last sample: its end is the log's. */
	if (tree->cmd != NULL && tree->cmd->proc->exact &&
	    tree->cmd->start_us + tree->cmd->duration_us > tree->end_us)
		tree->end_us = tree->cmd->start_us + tree->cmd->duration_us;
	tree->duration_us = tree->end_us - tree->start_us;
	/* Java's tree (--strict) keeps them as they were. */
	if (!tree->opts.strict)
		clip_ends(tree);
}
