/* html_calls.c: the call graph of -f html (docs/html.md): below --call-graph's function, else below the root function of the most time (as do_one_initcall), laid out and written by html_graph.c with each function's numbers on hover. */
#include <stdlib.h>

#include "bootlog.h"
#include "callgraph.h"
#include "functab.h"
#include "html.h"

static const struct html_graph calls_graph = {
	"calls", "callgraph", "Call graph",
	"The kernel's calls below one function, from function_graph's "
	"records: a box per function, bigger the nearer the top it was "
	"called, red the more of the time it took, paler the more of its "
	"time went to its callees; an arrow from caller to callee with the "
	"number of calls (docs/trace.md, --call-graph).  Point at a box or "
	"an arrow for its numbers.",
	"call graph", NULL, NULL
};

int
html_calls_write(FILE *f, const struct exact *x, const struct chart_opts *o,
    struct diag *d)
{
	struct callgraph g;
	char *dot;
	size_t len;
	int r;

	if (x->tb.calls.n == 0)
		return o->call_graph == NULL ? 0 : diag_error(d,
		    "no function_graph calls in the log for --call-graph %s",
		    o->call_graph);
	if ((r = callgraph_make(&x->tb.calls, x->file.td, o->call_graph, &g)) == -2)
		return diag_error_status(d, EXIT_NOTFOUND, "no call of %s in "
		    "the trace's function_graph records (--functions lists "
		    "the functions traced)", o->call_graph);
	if (r != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	r = cgraph_dot_text(&g, &dot, &len);
	callgraph_free(&g);
	if (r != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	r = html_graph_write(f, dot, len, &calls_graph, d);
	free(dot);
	return r;
}
