/* svg.h: a finished layout as SVG elements with real text, CSS classes and a tooltip per process row (-f svg, svgz; inline in -f html). */
#ifndef BC_SVG_H
#define BC_SVG_H

#include <stdio.h>

#include "layout.h"
#include "report.h"

enum svg_doc {
	SVG_FILE,	/* a document of its own: -f svg, svgz */
	SVG_INLINE,	/* inside the -f html page, with what its script reads */
};

/*
 * Writes <svg>...</svg> for the layout, in paint_chart's order, with
 * each process row a <g class="r"> holding a <title> from the report
 * when there is one (docs/html.md says what the page's script
 * expects).  0, or -1 on no memory (the output is then incomplete);
 * write errors are left in ferror(f).
 */
int svg_write(FILE *f, const struct layout *, const struct report *,
    enum svg_doc);

/* out_svg (outputs.h) is svgfile.c's: svg_write to a file, gzipped for svgz. */

#endif
