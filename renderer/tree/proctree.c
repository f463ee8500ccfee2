/* proctree.c: the whole tree as one call, and its walks: pre-order, dump, count, find. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "grow.h"
#include "proctree.h"

const struct tree_opts tree_pruned = { 1, 0, 0, 0, NULL, 0 };
const struct tree_opts tree_unpruned = { 0, 0, 0, 0, NULL, 0 };

/*
 * A readable profile keeps siblings apart: eight compilers of a make -j
 * are eight rows, each with its file, not one "cc".
 */
int
proctree_make(struct proctree *tree, const struct bootlog *t,
    const struct tree_opts *opts, struct diag *d)
{
	if (proctree_build(tree, t, opts, d) != 0)
		return -1;
	if (proctree_merge_logger(tree) != 0)
		goto nomem;
	/* A profile keeps every process of its command (folded): prunable(). */
	if (opts->prune && (proctree_prune(tree) != 0 ||
	    proctree_merge_exploders(tree) != 0 ||
	    (!tree->readable && proctree_merge_siblings(tree) != 0) ||
	    proctree_merge_runs(tree) != 0))
		goto nomem;
	proctree_sort(tree);
	if (opts->group_by_unit && proctree_group_units(tree) != 0)
		goto nomem;
	proctree_mark_units(tree);
	return 0;
nomem:
	return diag_error_status(d, EXIT_NOMEM, "out of memory");
}

/* A node on the walk's path and the next of its children to visit. */
struct walkent {
	const struct pnode *p;
	size_t next;
};

int
proctree_walk(const struct proctree *tree,
    int (*fn)(const struct pnode *, int depth, void *arg), void *arg)
{
	struct walkent *st = NULL, *e;
	size_t n, cap = 0, r;
	const struct pnode *p;
	int rc = 0;

	for (r = 0; r < tree->nroots && rc == 0; r++) {
		n = 0;
		p = tree->roots[r];
		while (rc == 0) {
			if (p != NULL) {
				if ((rc = fn(p, (int)n, arg)) != 0)
					break;
				if (grow_array((void **)&st, &cap, n,
				    sizeof(*st)) != 0) {
					rc = -1;
					break;
				}
				st[n].p = p;
				st[n].next = 0;
				n++;
			}
			if (n == 0)
				break;
			e = &st[n - 1];
			if (e->next < e->p->nchildren)
				p = e->p->children[e->next++];
			else {
				n--;
				p = NULL;
			}
		}
	}
	free(st);
	return rc;
}

/* Names are escaped: a tab or newline in one would break the columns. */
static int
dump_one(const struct pnode *p, int depth, void *arg)
{
	fprintf(arg, "%" PRId64 "\t", p->proc->pid);
	escape_fputs(p->name, arg);
	fprintf(arg, "\t%" PRId64 "\t%" PRId64 "\t%zu\t%zu\n",
	    p->start_us / USEC_PER_MS, p->duration_us / USEC_PER_MS,
	    p->nchildren, p->nsamples);
	return 0;
}

void
proctree_dump(const struct proctree *tree, FILE *f)
{
	proctree_walk(tree, dump_one, f);
}

static int
count_one(const struct pnode *p, int depth, void *arg)
{
	(*(size_t *)arg)++;
	return 0;
}

size_t
proctree_count(const struct proctree *tree)
{
	size_t n = 0;

	proctree_walk(tree, count_one, &n);
	return n;
}

struct findarg {
	const char *name;
	const struct pnode *found;
};

static int
find_one(const struct pnode *p, int depth, void *arg)
{
	struct findarg *fa = arg;

	if (strcmp(p->name, fa->name) == 0 &&
	    (fa->found == NULL || p->start_us < fa->found->start_us))
		fa->found = p;
	return 0;
}

const struct pnode *
proctree_find(const struct proctree *tree, const char *name)
{
	struct findarg fa = { name, NULL };

	if (proctree_walk(tree, find_one, &fa) != 0)
		return NULL;
	return fa.found;
}

const char *
proctree_label(const struct proctree *tree, int show_all, const char *name,
    const char *cmdline)
{
	if ((show_all || tree->readable) && cmdline != NULL &&
	    cmdline[0] != '\0')
		return cmdline;
	return name;
}

void
proctree_free(struct proctree *tree)
{
	size_t i;

	for (i = 0; i < tree->nnodes; i++) {
		free(tree->nodes[i].children);
		free(tree->nodes[i].runs);
		free(tree->nodes[i].xruns);
		free(tree->nodes[i].own_name);
		if (tree->nodes[i].fold != NULL)
			free(tree->nodes[i].fold->v);
		free(tree->nodes[i].fold);
	}
	free(tree->nodes);
	free(tree->roots);
	memset(tree, 0, sizeof(*tree));
}
