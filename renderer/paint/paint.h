/* paint.h: draw a finished layout on any cairo surface. */
#ifndef BC_PAINT_H
#define BC_PAINT_H

#include <cairo.h>

#include "layout.h"

/*
 * Paints the chart; returns cairo's status.  Rows and texts entirely
 * outside y0..y1 (layout coordinates) are skipped, so a tall image can
 * be painted band by band; pass -INFINITY, INFINITY for everything.
 */
cairo_status_t paint_chart(cairo_t *, const struct layout *, double y0,
    double y1);

#endif
