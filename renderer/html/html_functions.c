/* html_functions.c: the kernel's functions under the summary of -f html: --functions's table (ftd's columns), sortable and filtered by name in the page (docs/html.md). */
#include <stdio.h>

#include "bootlog.h"
#include "caps.h"
#include "functions.h"
#include "html.h"
#include "kwaits.h"
#include "tcwait.h"
#include "xmltext.h"

/* A cell of ms, numeric: the page's script sorts it as a number. */
static void
ms_cell(FILE *f, int64_t ns)
{
	char ms[32];

	fn_ms(ns, ms, sizeof(ms));
	fprintf(f, "<td class=\"n\">%s</td>", ms);
}

static int
row(FILE *f, const struct fn_row *r)
{
	char depths[3 * FN_DEPTHS];

	fputs("<tr><td>", f);
	if (xml_puts_log(f, r->name) == -1)
		return -1;
	fprintf(f, "</td><td class=\"n\">%llu</td>",
	    (unsigned long long)r->calls);
	ms_cell(f, r->total_ns);
	ms_cell(f, r->total_ns / (int64_t)r->calls);
	ms_cell(f, r->max_ns);
	ms_cell(f, r->self_ns);
	fn_depths(r->depths, depths, sizeof(depths));
	fprintf(f, "<td>%s</td></tr>\n", depths);
	return 0;
}

/* One call that waited: --functions' wait row. */
static int
wait_row(FILE *f, const struct exact *x, const struct kwait_row *k)
{
	const struct tcall *c = &x->tb.calls.v[k->call];
	const struct tcwait *w = &x->call_wait[k->call];
	char name[FN_NAME];

	fn_name(x->file.td, c->func, name, sizeof(name));
	fputs("<tr><td>", f);
	if (xml_puts_log(f, name) == -1)
		return -1;
	fprintf(f, "</td><td class=\"n\">%d</td>", (int)c->pid);
	ms_cell(f, c->ret_ns - c->call_ns);
	ms_cell(f, w->blocked_ns);
	ms_cell(f, w->runnable_ns);
	kwaits_waker(x->file.td, w->waker, 1, name, sizeof(name));
	fputs("<td>", f);
	if (xml_puts_log(f, name) == -1)
		return -1;
	fputs("</td>", f);
	ms_cell(f, w->waker_ns);
	fputs("</tr>\n", f);
	return 0;
}

/* The calls the kernel's boot waited in (report.h's kw), under the functions. */
static int
waits(const struct report *r, FILE *f)
{
	size_t i;

	if (r->nkw == 0)
		return 0;
	fputs("<h3>What the calls waited for</h3>\n<p>The calls each traced "
	    "root ran (the initcalls under do_one_initcall) that waited a "
	    "millisecond or more: blocked (asleep or in D until woken), "
	    "runnable (waiting for the CPU), and who woke them most.</p>\n"
	    "<table class=\"top fw\"><tr><th>function</th><th>pid</th>"
	    "<th>ms</th><th>blocked_ms</th><th>runnable_ms</th>"
	    "<th>woken_most_by</th><th>by_ms</th></tr>\n", f);
	for (i = 0; i < r->nkw; i++)
		if (wait_row(f, r->x, &r->kw[i]) == -1)
			return -1;
	fputs("</table>\n", f);
	return 0;
}

int
html_functions_write(const struct report *r, FILE *f)
{
	const struct fn_table *t = &r->fn;
	size_t i, n = t->n < CAP_HTML_FUNCTIONS ? t->n : CAP_HTML_FUNCTIONS;

	if (t->n == 0)
		return 0;
	fputs("<section id=\"functions\"><h2>Kernel functions</h2>\n<p>The "
	    "kernel's calls that function_graph recorded (docs/trace.md): "
	    "per function its calls, total, average and longest time, its "
	    "self time (less its recorded callees') and the call depths it "
	    "was seen at, in ms.  Click a column's head to sort by it.",
	    f);
	if (n < t->n)
		fprintf(f, "  The %zu of the most total time of %zu: "
		    "<code>--functions</code> lists them all.", n, t->n);
	fputs("</p>\n<input id=\"fnq\" type=\"search\" placeholder=\""
	    "Filter functions\" autocomplete=\"off\" aria-label=\"Filter "
	    "functions\"> <span id=\"fnhits\"></span>\n"
	    "<table class=\"top fn\"><tr><th>function</th><th>calls</th>"
	    "<th>total_ms</th><th>avg_ms</th><th>max_ms</th><th>self_ms</th>"
	    "<th>depths</th></tr>\n", f);
	for (i = 0; i < n; i++)
		if (row(f, &t->v[i]) == -1)
			return -1;
	fputs("</table>\n", f);
	if (waits(r, f) == -1)
		return -1;
	fputs("</section>\n", f);
	return 0;
}
