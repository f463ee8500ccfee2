/* chart.h: draw a boot log and its tree to an image file. */
#ifndef BC_CHART_H
#define BC_CHART_H

#include "chartopts.h"
#include "milestones.h"
#include "proctree.h"
#include "bootlog.h"

/* "png" -> FMT_PNG; 0 or -1 when unknown. */
int chart_format_parse(const char *, enum chart_format *);
/* "png", "svg", "svgz", "eps", "pdf", "html". */
const char *chart_format_ext(enum chart_format);

/*
 * Lays out and draws the chart (or, for FMT_HTML, the page of html.h),
 * writing `path` atomically (a temporary
 * file in the same directory, then rename), or to standard output as a
 * stream when path is "-".  0, or -1 with diag set
 * (status EXIT_OUTPUT when the file cannot be written, EXIT_USAGE for a
 * width out of range, EXIT_NOMEM).  crop_after only shortens the time
 * span drawn; the tree is not modified.  See docs/chart.md.
 */
int chart_write(const struct bootlog *, const struct proctree *,
    const struct milestones *, const struct chart_opts *, const char *path,
    struct diag *);

struct cmp_chart;

/*
 * The compare chart of two boots (layout_compare.h, docs/compare.md),
 * written as chart_write writes a chart; 0, or -1 with diag set.
 */
int chart_write_compare(const struct cmp_chart *, const struct chart_opts *,
    const char *path, struct diag *);

/*
 * Frees cairo's font caches (and the fontconfig patterns they hold) so a
 * leak checker sees a clean exit.  Call once, at the end of main, after
 * the last chart_write.
 */
void chart_release_fonts(void);

#endif
