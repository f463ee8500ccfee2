/* svg_int.h: what svg.c, svg_rows.c and svg_put.c share: the SVG painter's state and its element writers. */
#ifndef BC_SVG_INT_H
#define BC_SVG_INT_H

#include <stdint.h>
#include <stdio.h>

#include "svg.h"

/* Distinct fill colours given a class each; more are written inline. */
#define PAL_MAX 64

struct svg {
	FILE *f;
	const struct layout *l;
	const struct report *r;
	uint32_t pal[PAL_MAX];
	size_t npal;
	size_t nclips;		/* clip paths c1..cN so far */
	enum svg_doc doc;
};

/* A coordinate with at most two decimals and no trailing zeros. */
void svg_num(FILE *, double);
/* ` class="kN"` for a fill colour (plus extra classes), or a style. */
void svg_fill(struct svg *, uint32_t rgb, const char *extra);
/* x, y, width and height attributes. */
void svg_box(struct svg *, const struct lt_box *);
/* A rectangle of a CSS class. */
void svg_rect(struct svg *, const struct lt_box *, const char *cls);
/* A layer that follows the time axis when zoomed, clipped to clip. */
void svg_zoom_open(struct svg *, const char *clip);
void svg_zoom_close(struct svg *);
/* The texts' such layer: in the page only moved, never scaled. */
void svg_timed_open(struct svg *);
/* A vertical line at x (on a pixel centre) from y0 to y1, in a path. */
void svg_vline(FILE *, double x, double y0, double y1);
/* One text; timed ones sit at their anchor, which the page's script keeps. */
void svg_text(struct svg *, const struct lt_text *);

/*
 * The process rows and their dotted lines (svg_rows.c): whole for a
 * document, in bands for the page.  0, or -1 on no memory.
 */
int svg_rows(struct svg *);

#endif
