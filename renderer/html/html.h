/* html.h: the interactive report (-f html, out_html in outputs.h): one self-contained page with the chart as inline SVG, a script, and the summary. */
#ifndef BC_HTML_H
#define BC_HTML_H

#include <stdio.h>

#include "diag.h"
#include "report.h"

/*
 * The page's pieces, shared by the one-log page (html.c) and the sets'
 * (html_sets.c): the head with our style, up to <body>; the bar of the
 * chart's controls, opening <main id="view"> for the chart's SVG; the
 * script (the chart's), closing the page.  title is plain text.
 */
void html_head(FILE *f, const char *title);
void html_bar(FILE *f, const char *title);
void html_script(FILE *f);

/* The summary tables (html_summary.c); 0, or -1 on no memory. */
int html_summary_write(const struct report *, FILE *f);

/* A graph's section of the page: its words and names. */
struct html_graph {
	const char *section, *id;	/* the section's and the svg's ids */
	const char *heading, *intro;
	const char *what;	/* in errors: "wake-up graph" */
	/* An edge's tooltip: "TAIL VERB HEAD: LABEL", then TIP_HEAD and its DOT tooltip; NULL: its DOT tooltip alone. */
	const char *verb, *tip_head;
};

/*
 * The kernel's functions (report.h's fn; nothing when none) as a
 * section with a sortable table, and the calls that waited (kw)
 * (html_functions.c); 0, or -1 on no memory.
 */
int html_functions_write(const struct report *, FILE *f);

/*
 * The graph of DOT text dot (nothing when NULL) as a section of inline
 * SVG (html_graph.c); 0, or -1 with d set.
 */
int html_graph_write(FILE *f, const char *dot, size_t len,
    const struct html_graph *, struct diag *d);

struct exact;
struct chart_opts;
/*
 * The call graph below opts' --call-graph function, else below the
 * root function of the most time, of the log's function_graph calls
 * (nothing without calls): html_calls.c.  0, or -1 with d set.
 */
int html_calls_write(FILE *f, const struct exact *, const struct chart_opts *,
    struct diag *d);

#endif
