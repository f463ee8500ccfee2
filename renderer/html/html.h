/* html.h: the interactive report (-f html, out_html in outputs.h): one self-contained page with the chart as inline SVG, a script, and the summary. */
#ifndef BC_HTML_H
#define BC_HTML_H

#include <stdio.h>

#include "diag.h"
#include "report.h"

/* The summary tables (html_summary.c); 0, or -1 on no memory. */
int html_summary_write(const struct report *, FILE *f);

/*
 * The kernel's functions (report.h's fn; nothing when none) as a
 * section with a sortable table, and the calls that waited (kw)
 * (html_functions.c); 0, or -1 on no memory.
 */
int html_functions_write(const struct report *, FILE *f);

/*
 * The wake-up graph of DOT text dot (bootlog.h's wake_dot; nothing when
 * NULL) as a section of inline SVG (html_wake.c); 0, or -1 with d set.
 */
int html_wake_write(FILE *f, const char *dot, size_t len, struct diag *d);

#endif
