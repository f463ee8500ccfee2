/* functab.c: --functions's text (functab.h): one line per kernel function, the most time first; and the one way from a trace to --functions' and --call-graph's outputs. */
#include <stdlib.h>

#include "callgraph.h"
#include "escape.h"
#include "exact.h"
#include "functab.h"
#include "functions.h"
#include "tboot.h"
#include "trace.h"

#define NAME_ESC	(4 * FN_NAME)	/* every byte escaped */

void
functab_text(const struct fn_table *t, FILE *f)
{
	char name[NAME_ESC], depths[3 * FN_DEPTHS];
	const struct fn_row *r;
	size_t i;

	fputs("# function\tname\tcalls\ttotal_ms\tavg_ms\tmax_ms\tself_ms"
	    "\tdepths\n", f);
	for (i = 0; i < t->n; i++) {
		r = &t->v[i];
		escape_text(name, sizeof(name), r->name);
		fn_depths(r->depths, depths, sizeof(depths));
		fprintf(f, "function\t%s\t%llu", name,
		    (unsigned long long)r->calls);
		fn_put_ms_col(f, r->total_ns);
		fn_put_ms_col(f, r->total_ns / (int64_t)r->calls);
		fn_put_ms_col(f, r->max_ns);
		fn_put_ms_col(f, r->self_ns);
		fprintf(f, "\t%s\n", depths);
	}
}

/* --call-graph's: the graph below o->root as o asks.  0, or -1 (d set). */
static int
graph_write(const struct tboot *tb, struct tdat *td, const struct fn_opts *o,
    FILE *f, struct diag *d)
{
	const struct tcalls *c = &tb->calls;
	struct callgraph g;
	char name[FN_NAME + 16];
	int r;

	if ((r = callgraph_make(c, td, o->root, &g)) == -2) {
		diag_set_file(d, "%s", o->log);
		d->line = 0;
		return diag_error_status(d, EXIT_NOTFOUND, "no call of %s in "
		    "the trace's function_graph records (--functions lists "
		    "the functions traced)", o->root != NULL ? o->root :
		    "a root function");
	}
	if (r != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	snprintf(name, sizeof(name), "below %s", g.names.name[g.v[g.root].fn]);
	if (o->text)
		r = cgraph_text(&g, f);
	else if (o->format == FMT_DOT)
		r = cgraph_dot(&g, 0, f);
	else if (o->format == FMT_FOLDED)
		r = fn_folded(c, &g.names, g.level, f);
	else if (o->format == FMT_SPEEDSCOPE)
		r = fn_speedscope(tb, &g.names, g.level, name, f);
	else if ((r = cgraph_draw(&g, o->format == FMT_SVG ? "svg" : "png", f,
	    d)) != 0) {
		callgraph_free(&g);
		return -1;
	}
	callgraph_free(&g);
	return r != 0 ? diag_error_status(d, EXIT_NOMEM, "out of memory") : 0;
}

/* --functions': the table, or every call folded or for speedscope. */
static int
calls_write(const struct tboot *tb, struct tdat *td, const struct fn_opts *o,
    FILE *f)
{
	const struct tcalls *c = &tb->calls;
	struct fn_names nm;
	struct fn_table t;
	int r;

	if (o->text) {
		if ((r = fn_table_make(c, td, o->min_ns, &t)) == 0)
			functab_text(&t, f);
		fn_table_free(&t);
		return r;
	}
	if (fn_names_make(c, td, &nm) != 0)
		return -1;
	r = o->format == FMT_FOLDED ? fn_folded(c, &nm, NULL, f) :
	    fn_speedscope(tb, &nm, NULL, "the kernel's functions", f);
	fn_names_free(&nm);
	return r;
}

int
functab_write(const struct exact *x, const struct fn_opts *o, FILE *f,
    struct diag *d)
{
	const struct tboot *tb = &x->tb;
	struct tdat *td = x->file.td;
	int r;

	/*
	 * No records at all is the log's fault, not FUNC's: the table is
	 * empty but said, a graph below anything has nothing to be drawn
	 * from (bad input, as any trace-only output of a log without it).
	 */
	if (tb->calls.n == 0 && tb->calls.entries == 0 && o->graph) {
		diag_set_file(d, "%s", o->log);
		d->line = 0;
		return diag_error(d, "no function_graph records in the trace "
		    "for --call-graph: boot with the functions entry, or "
		    "record with bootchartd start --functions (docs/trace.md)");
	}
	if (tb->calls.n == 0 && tb->calls.entries == 0)
		diag_warn(d, "no function_graph records in the trace: boot "
		    "with the functions entry, or record with bootchartd start "
		    "--functions (docs/trace.md)");
	if (o->graph)
		r = graph_write(tb, td, o, f, d);
	else if ((r = calls_write(tb, td, o, f)) != 0 ||
	    (o->text && tb->calls.n > 0 && callwaits_text(x, o->min_ns, f) !=
	    0))
		r = diag_error_status(d, EXIT_NOMEM, "out of memory");
	return r;
}
