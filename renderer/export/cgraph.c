/* cgraph.c: --call-graph's outputs (functab.h): the text table of the functions below the root with their callers and callees, and the DOT whose nodes are sized by depth, coloured by time and faded by the callees' share, drawn by graphdraw.c (docs/trace.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "caps.h"
#include "escape.h"
#include "functab.h"
#include "graphdraw.h"

#define NAME_ESC	(4 * FN_NAME)	/* every byte escaped */

static void
put_name(FILE *f, const struct callgraph *g, size_t node)
{
	char name[NAME_ESC];

	escape_text(name, sizeof(name), g->names.name[g->v[node].fn]);
	fputs(name, f);
}

/*
 * The edges grouped by callee (to) or caller: starts[k] .. starts[k + 1]
 * index order, n + 1 starts then ne indices in one array, each group in
 * the edges' order.  NULL: no memory.
 */
static size_t *
group(const struct callgraph *g, int to)
{
	size_t *s, *pos, i, k;

	if ((s = calloc(g->n + 1 + g->ne + 1, sizeof(*s))) == NULL)
		return NULL;
	for (i = 0; i < g->ne; i++)
		s[(to ? g->e[i].to : g->e[i].from) + 1]++;
	for (k = 0; k < g->n; k++)
		s[k + 1] += s[k];
	if ((pos = calloc(g->n + 1, sizeof(*pos))) == NULL) {
		free(s);
		return NULL;
	}
	memcpy(pos, s, g->n * sizeof(*pos));
	for (i = 0; i < g->ne; i++)
		s[g->n + 1 + pos[to ? g->e[i].to : g->e[i].from]++] = i;
	free(pos);
	return s;
}

/* "a:3,b:1": node k's callers or callees (grp from group), or "-". */
static void
put_links(FILE *f, const struct callgraph *g, const size_t *grp, size_t k,
    int callers)
{
	const struct cg_edge *e;
	size_t i;

	if (grp[k] == grp[k + 1])
		putc('-', f);
	for (i = grp[k]; i < grp[k + 1]; i++) {
		e = &g->e[grp[g->n + 1 + i]];
		if (i > grp[k])
			putc(',', f);
		put_name(f, g, callers ? e->from : e->to);
		fprintf(f, ":%llu", (unsigned long long)e->calls);
	}
}

static void
row(FILE *f, const struct callgraph *g, size_t k, const size_t *in,
    const size_t *out)
{
	char depths[3 * FN_DEPTHS];
	const struct cg_node *nd = &g->v[k];

	fputs("function\t", f);
	put_name(f, g, k);
	fprintf(f, "\t%llu\t", (unsigned long long)nd->calls);
	fn_put_ms(f, nd->total_ns);
	putc('\t', f);
	fn_put_ms(f, nd->self_ns);
	fn_depths(nd->depths, depths, sizeof(depths));
	fprintf(f, "\t%s\t", depths);
	put_links(f, g, in, k, 1);
	putc('\t', f);
	put_links(f, g, out, k, 0);
	putc('\n', f);
}

int
cgraph_text(const struct callgraph *g, FILE *f)
{
	size_t *in, *out, i;

	if ((in = group(g, 1)) == NULL)
		return -1;
	if ((out = group(g, 0)) == NULL) {
		free(in);
		return -1;
	}
	fputs("# call graph below ", f);
	put_name(f, g, g->root);
	fprintf(f, ": %zu functions, %llu calls of it, ", g->n,
	    (unsigned long long)g->v[g->root].calls);
	fn_put_ms(f, g->root_ns);
	fputs(" ms\n# function\tname\tcalls\ttotal_ms\tself_ms\tdepths"
	    "\tcallers\tcallees\n", f);
	for (i = 0; i < g->n; i++)
		row(f, g, i, in, out);
	free(in);
	free(out);
	return 0;
}

/* The colour of hue h (degrees: 0 red, 120 green) at HSV saturation and value s, v, 0..255. */
static void
hsv(double h, double s, double v, double rgb[3])
{
	double c = v * s, x = c * (1 - fabs(fmod(h / 60, 2) - 1)), m = v - c;

	rgb[0] = h < 60 ? c : x;
	rgb[1] = h < 60 ? x : c;
	rgb[2] = 0;
	if (h >= 120)
		rgb[0] = 0;
	rgb[0] = (rgb[0] + m) * 255;
	rgb[1] = (rgb[1] + m) * 255;
	rgb[2] = (rgb[2] + m) * 255;
}

/*
 * A node's fill: its hue from green to red by its share of the root's
 * time (square root: most functions take a sliver), then faded towards
 * white by the share of its time spent in its callees.
 */
static void
fill(FILE *f, const struct callgraph *g, const struct cg_node *nd)
{
	double t = 0, fade = 0, rgb[3];
	int i;

	if (g->root_ns > 0 && nd->total_ns > 0)
		t = sqrt(fmin(1.0, (double)nd->total_ns / (double)g->root_ns));
	if (nd->total_ns > 0)
		fade = 0.8 * (double)(nd->total_ns - nd->self_ns) /
		    (double)nd->total_ns;
	hsv(120 * (1 - t), 0.8, 0.92, rgb);
	fputs(", fillcolor=\"#", f);
	for (i = 0; i < 3; i++)
		fprintf(f, "%02x", (unsigned)lround(fmin(255, fmax(0,
		    rgb[i] + (255 - rgb[i]) * fade))));
	putc('"', f);
}

/* A node's tooltip: the numbers of its row. */
static void
tooltip(FILE *f, const struct callgraph *g, size_t k)
{
	const struct cg_node *nd = &g->v[k];
	char name[NAME_ESC], depths[3 * FN_DEPTHS];

	escape_page(name, sizeof(name), g->names.name[nd->fn]);
	fn_depths(nd->depths, depths, sizeof(depths));
	fputs(", tooltip=\"", f);
	graph_dot_str(f, name);
	fprintf(f, ": %llu calls, total ", (unsigned long long)nd->calls);
	fn_put_ms(f, nd->total_ns);
	fputs(" ms, self ", f);
	fn_put_ms(f, nd->self_ns);
	fprintf(f, " ms, %.0f %% in callees, depths %s below the root\"",
	    nd->total_ns > 0 ? 100.0 * (double)(nd->total_ns - nd->self_ns) /
	    (double)nd->total_ns : 0.0, depths);
}

/* A node: the shallower the bigger (its margins), filled by its time. */
static void
dot_node(FILE *f, const struct callgraph *g, size_t k)
{
	const struct cg_node *nd = &g->v[k];
	char name[NAME_ESC];
	int d = nd->min_depth < 6 ? nd->min_depth : 6;

	escape_text(name, sizeof(name), g->names.name[nd->fn]);
	fprintf(f, "\t\"n%zu\" [label=\"", k);
	graph_dot_str(f, name);
	putc(' ', f);
	fn_put_ms(f, nd->total_ns);
	fprintf(f, " ms\", margin=\"%.2f,%.2f\"", 0.64 - 0.1 * d,
	    0.38 - 0.06 * d);
	fill(f, g, nd);
	tooltip(f, g, k);
	fputs("];\n", f);
}

static void
dot_edge(FILE *f, const struct callgraph *g, const struct cg_edge *e)
{
	char from[NAME_ESC], to[NAME_ESC];

	escape_page(from, sizeof(from), g->names.name[g->v[e->from].fn]);
	escape_page(to, sizeof(to), g->names.name[g->v[e->to].fn]);
	fprintf(f, "\t\"n%zu\" -> \"n%zu\" [label=\"%llu\", tooltip=\"",
	    e->from, e->to, (unsigned long long)e->calls);
	graph_dot_str(f, from);
	fputs(" calls ", f);
	graph_dot_str(f, to);
	fprintf(f, ": %llu times, ", (unsigned long long)e->calls);
	fn_put_ms(f, e->total_ns);
	fputs(" ms\"];\n", f);
}

/* Whether node k is drawn among max (0: all): the root always is. */
static int
kept(const struct callgraph *g, size_t k, size_t max)
{
	return max == 0 || k < max || k == g->root;
}

int
cgraph_dot(const struct callgraph *g, size_t max, FILE *f)
{
	size_t i;

	fputs("digraph callgraph {\n\trankdir=TB;\n"
	    "\tnode [shape=box, style=filled];\n", f);
	for (i = 0; i < g->n; i++)
		if (kept(g, i, max))
			dot_node(f, g, i);
	for (i = 0; i < g->ne; i++)
		if (kept(g, g->e[i].from, max) && kept(g, g->e[i].to, max))
			dot_edge(f, g, &g->e[i]);
	fputs("}\n", f);
	return 0;
}

int
cgraph_dot_text(const struct callgraph *g, char **dot, size_t *len)
{
	FILE *m;
	int r;

	*dot = NULL;
	*len = 0;
	if ((m = open_memstream(dot, len)) == NULL)
		return -1;
	r = cgraph_dot(g, CAP_CALLGRAPH_DRAW_NODES, m);
	if (fclose(m) != 0 || r != 0) {
		free(*dot);
		*dot = NULL;
		return -1;
	}
	return 0;
}

int
cgraph_draw(const struct callgraph *g, const char *format, FILE *f,
    struct diag *d)
{
	char *dot;
	size_t len;
	int r;

	if (g->n > CAP_CALLGRAPH_DRAW_NODES)
		diag_warn(d, "%zu functions in the call graph: the %d of the "
		    "most time are drawn (-f dot writes them all)", g->n,
		    CAP_CALLGRAPH_DRAW_NODES);
	if (cgraph_dot_text(g, &dot, &len) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	r = graphdraw(dot, len, format, "call graph", f, d);
	free(dot);
	return r;
}
