/* callgraph.c: the call graph below a kernel function (callgraph.h): the calls below its outermost calls marked, summed per function and per caller and callee. */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "tfunc.h"
#include "usec.h"

/* The function whose root calls (no parent) took the most time, or -1. */
static long
heaviest_root(const struct tcalls *c, const struct fn_names *nm)
{
	int64_t *t;
	size_t i;
	long best = -1;

	if ((t = calloc(nm->n + 1, sizeof(*t))) == NULL)
		return -2;
	for (i = 0; i < c->n; i++)
		if (c->v[i].parent < 0)
			t[nm->of[i]] = sat_add(t[nm->of[i]], c->v[i].ret_ns -
			    c->v[i].call_ns);
	for (i = 0; i < nm->n; i++)
		if (t[i] > 0 && (best < 0 || t[i] > t[best]))
			best = (long)i;
	free(t);
	return best;
}

/*
 * Each call's levels below an outermost call of fn, or -1.  A parent's
 * index is below its children's (tcalls_nest), so one pass sees it
 * first.  The root's outermost calls' time into *root_ns.
 */
static void
mark(const struct tcalls *c, const struct fn_names *nm, uint32_t fn,
    int32_t *level, int64_t *root_ns)
{
	int32_t p;
	size_t i;

	*root_ns = 0;
	for (i = 0; i < c->n; i++) {
		p = c->v[i].parent;
		if (p >= 0 && level[p] >= 0)
			level[i] = level[p] < INT32_MAX ? level[p] + 1 : level[p];
		else if (nm->of[i] == fn) {
			level[i] = 0;
			*root_ns = sat_add(*root_ns, c->v[i].ret_ns -
			    c->v[i].call_ns);
		} else
			level[i] = -1;
	}
}

/* Node of function fn, made on first sight; nodeof[fn] + 1 or 0. */
static size_t
node_of(struct callgraph *g, size_t *nodeof, uint32_t fn)
{
	if (nodeof[fn] == 0) {
		g->v[g->n].fn = fn;
		g->v[g->n].min_depth = FN_DEPTHS;
		nodeof[fn] = ++g->n;
	}
	return nodeof[fn] - 1;
}

static int
by_edge(const void *a, const void *b)
{
	const struct cg_edge *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return x->to < y->to ? -1 : x->to > y->to;
}

/* Sums the calls below the root into nodes and (unmerged) edges. */
static void
sum_calls(struct callgraph *g, const struct tcalls *c, const int64_t *inner,
    size_t *nodeof)
{
	struct cg_node *nd;
	int64_t dur;
	size_t i, k;
	int lv;

	for (i = 0; i < c->n; i++) {
		if (g->level[i] < 0)
			continue;
		nd = &g->v[k = node_of(g, nodeof, g->names.of[i])];
		dur = c->v[i].ret_ns - c->v[i].call_ns;
		lv = g->level[i] < FN_DEPTHS ? g->level[i] : FN_DEPTHS - 1;
		nd->calls++;
		nd->total_ns = sat_add(nd->total_ns, dur);
		nd->self_ns = sat_add(nd->self_ns, dur > inner[i] ?
		    dur - inner[i] : 0);
		nd->depths |= (uint64_t)1 << lv;
		if (lv < nd->min_depth)
			nd->min_depth = lv;
		if (g->level[i] == 0)
			continue;
		g->e[g->ne].from = node_of(g, nodeof,
		    g->names.of[c->v[i].parent]);
		g->e[g->ne].to = k;
		g->e[g->ne].calls = 1;
		g->e[g->ne++].total_ns = dur;
	}
}

/* The edges sorted and one per caller and callee. */
static void
merge_edges(struct callgraph *g)
{
	size_t i, k = 0;

	qsort(g->e, g->ne, sizeof(*g->e), by_edge);
	for (i = 0; i < g->ne; i++) {
		if (k > 0 && g->e[k - 1].from == g->e[i].from &&
		    g->e[k - 1].to == g->e[i].to) {
			g->e[k - 1].calls += g->e[i].calls;
			g->e[k - 1].total_ns = sat_add(g->e[k - 1].total_ns,
			    g->e[i].total_ns);
		} else
			g->e[k++] = g->e[i];
	}
	g->ne = k;
}

/* A node with its index before the sort (qsort has no context to sort indices). */
struct ranked {
	struct cg_node nd;
	size_t old;
	const char *name;
};

static int
by_total(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->nd.total_ns != y->nd.total_ns)
		return x->nd.total_ns > y->nd.total_ns ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The nodes the most time first, the edges renumbered.  0, or -1. */
static int
rank(struct callgraph *g, size_t root_old)
{
	struct ranked *r;
	size_t *now, i;

	if ((r = calloc(g->n + 1, sizeof(*r))) == NULL ||
	    (now = calloc(g->n + 1, sizeof(*now))) == NULL) {
		free(r);
		return -1;
	}
	for (i = 0; i < g->n; i++) {
		r[i].nd = g->v[i];
		r[i].old = i;
		r[i].name = g->names.name[g->v[i].fn];
	}
	qsort(r, g->n, sizeof(*r), by_total);
	for (i = 0; i < g->n; i++) {
		g->v[i] = r[i].nd;
		now[r[i].old] = i;
	}
	for (i = 0; i < g->ne; i++) {
		g->e[i].from = now[g->e[i].from];
		g->e[i].to = now[g->e[i].to];
	}
	g->root = now[root_old];
	free(now);
	free(r);
	merge_edges(g);
	return 0;
}

/* Nodes and edges of the marked calls; 0, or -1 (no memory). */
static int
build(struct callgraph *g, const struct tcalls *c, uint32_t fn)
{
	size_t *nodeof, root;
	int64_t *inner;
	int r = -1;

	if ((inner = fn_callee_ns(c)) == NULL)
		return -1;
	if ((nodeof = calloc(g->names.n + 1, sizeof(*nodeof))) == NULL ||
	    (g->v = calloc(g->names.n + 1, sizeof(*g->v))) == NULL ||
	    (g->e = calloc(c->n + 1, sizeof(*g->e))) == NULL)
		goto out;
	root = node_of(g, nodeof, fn);
	sum_calls(g, c, inner, nodeof);
	r = rank(g, root);
out:
	free(nodeof);
	free(inner);
	return r;
}

int
callgraph_make(const struct tcalls *c, const struct tdat *td,
    const char *func, struct callgraph *g)
{
	long fn;

	memset(g, 0, sizeof(*g));
	if (fn_names_make(c, td, &g->names) != 0)
		return -1;
	fn = func != NULL ? fn_names_find(&g->names, func) :
	    heaviest_root(c, &g->names);
	if (fn < 0) {
		callgraph_free(g);
		return fn == -2 ? -1 : -2;
	}
	if ((g->level = calloc(c->n + 1, sizeof(*g->level))) == NULL) {
		callgraph_free(g);
		return -1;
	}
	mark(c, &g->names, (uint32_t)fn, g->level, &g->root_ns);
	if (build(g, c, (uint32_t)fn) != 0) {
		callgraph_free(g);
		return -1;
	}
	return 0;
}

void
callgraph_free(struct callgraph *g)
{
	fn_names_free(&g->names);
	free(g->v);
	free(g->e);
	free(g->level);
	memset(g, 0, sizeof(*g));
}
