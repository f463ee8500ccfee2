/* html_svg.h: a finished layout as inline SVG elements (-f html): real text, a title on every process box, CSS classes. */
#ifndef BC_HTML_SVG_H
#define BC_HTML_SVG_H

#include <stdio.h>

#include "layout.h"
#include "report.h"

/*
 * Writes <svg>...</svg> for the layout, in paint_chart's order, with
 * each process row a <g class="r"> holding a <title> from the report
 * when there is one (docs/html.md says what the page's script expects).  0, or -1 on no
 * memory (the output is then incomplete); write errors are left in
 * ferror(f).
 */
int html_svg_write(FILE *f, const struct layout *, const struct report *);

#endif
