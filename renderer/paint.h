/* paint.h: draw a finished layout on any cairo surface. */
#ifndef BC_PAINT_H
#define BC_PAINT_H

#include <cairo.h>

#include "layout.h"

/* Paints the whole chart; returns cairo's status. */
cairo_status_t paint_chart(cairo_t *, const struct layout *);

#endif
