/* html.h: the interactive report (-f html): one self-contained page with the chart as inline SVG, a script, and the summary. */
#ifndef BC_HTML_H
#define BC_HTML_H

#include <stdio.h>

#include "diag.h"
#include "layout.h"
#include "proctree.h"
#include "report.h"
#include "bootlog.h"

/*
 * Writes the page for a finished layout of the log and tree to path
 * (atomically, or standard output for "-"; outfile.c).  Without a
 * log (the compare chart) the rows have no tooltips and the page no
 * summary.  0, or -1 with diag set (EXIT_OUTPUT, EXIT_NOMEM).  See
 * docs/html.md.
 */
int html_write(const struct layout *, const struct bootlog *,
    const struct proctree *, const struct milestones *, const char *path,
    struct diag *);

/* The summary tables (html_summary.c); 0, or -1 on no memory. */
int html_summary_write(const struct report *, FILE *f);

#endif
