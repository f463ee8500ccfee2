/* html.c: the page of -f html: head, style, controls, the SVG chart, the summary, the script (out_html, a writer of the outputs table). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "html_assets.h"
#include "svg.h"
#include "xmltext.h"
#include "outputs.h"
#include "wakeups.h"

/* The chart's title: the layout's first title text (the header's), else "bootchart". */
static const char *
page_title(const struct layout *l)
{
	size_t i;

	for (i = 0; i < l->ntexts; i++)
		if (l->texts[i].role == LR_TITLE)
			return l->texts[i].s[0] ? l->texts[i].s : "bootchart";
	return "bootchart";
}

void
html_head(FILE *f, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<link rel=\"icon\" href=\"data:,\">\n"
	    "<meta name=\"generator\" content=\"bootchart-render "
	    BC_VERSION "\">\n<title>", f);
	xml_puts(f, title);
	fputs("</title>\n<style>\n", f);
	fputs(html_css, f);
	fputs("</style>\n</head>\n<body>\n", f);
}

void
html_bar(FILE *f, const char *title)
{
	/*
	 * The controls: the script fills in the span and the details, and
	 * keeps the chart's title and time axis here once the chart's own
	 * have scrolled away.
	 */
	fputs("<header id=\"bar\">\n<div id=\"title\">", f);
	xml_puts(f, title);
	fputs("</div>\n"
	    "<input id=\"q\" type=\"search\" placeholder=\"Search processes\" "
	    "autocomplete=\"off\" aria-label=\"Search processes\">\n"
	    "<span id=\"hits\"></span>\n"
	    "<button id=\"reset\" type=\"button\">Reset zoom</button>\n"
	    "<span id=\"span\"></span>\n"
	    "<span class=\"hint\">zoom: wheel, + -; pan: "
	    "drag, &#8592; &#8594;</span>\n"
	    "<div id=\"info\">Point at a process for its details.</div>\n"
	    "<svg id=\"axis\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "aria-hidden=\"true\"></svg>\n"
	    "</header>\n<main id=\"view\">\n", f);
}

void
html_script(FILE *f)
{
	fputs("<script>\n", f);
	fputs(html_js, f);
	fputs("</script>\n</body>\n</html>\n", f);
}

static const struct html_graph wake_graph = {
	"wake", "wakegraph", "Wake-up graph",
	"Who woke whom, from the kernel's trace: an arrow from waker to "
	"waiter, labelled with the waits' reason and total time; of a "
	"profile, its command's waits, its processes filled blue "
	"(docs/wakeups.md).  Point at an arrow for the waits' state, count "
	"and longest time, and the kernel stack of the longest.",
	"wake-up graph", "woke", ""
};

/*
 * The trace's wake-up graph (docs/wakeups.md), laid out by html_graph.c;
 * nothing without a trace or a wait.  0, or -1 (d set).
 */
static int
wake_graph_write(FILE *f, const struct exact *x, const uint8_t *mine,
    struct diag *d)
{
	char *dot = NULL;
	size_t len = 0;
	int r;

	if (!x->have || x->tb.nwake == 0)
		return 0;
	if (wakeups_dot(&x->tb, mine, &dot, &len) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	r = html_graph_write(f, dot, len, &wake_graph, d);
	free(dot);
	return r;
}

/* -1 no memory; -2 an error d says (a graph's). */
static int
page(FILE *f, const struct out_job *j, struct diag *d)
{
	const struct layout *l = j->layout;
	const struct report *r = j->rep;

	html_head(f, page_title(l));
	html_bar(f, page_title(l));
	if (svg_write(f, l, r, SVG_INLINE) == -1)
		return -1;
	fputs("</main>\n", f);
	if (r != NULL && (html_summary_write(r, f) == -1 ||
	    html_functions_write(r, f) == -1))
		return -1;
	if (j->boot != NULL && (wake_graph_write(f, boot_exact(j->boot),
	    j->boot->mine, d) != 0 ||
	    html_calls_write(f, boot_exact(j->boot), j->opts, d) != 0))
		return -2;
	html_script(f);
	return 0;
}

int
out_html(const struct out_job *j, struct outfile *of, struct diag *d)
{
	int r = page(of->f, j, d);

	if (r == -2)
		return -1;
	if (r != 0)
		return diag_error_status(d, EXIT_NOMEM, "%s: out of memory "
		    "writing the page", of->shown);
	return 0;
}
