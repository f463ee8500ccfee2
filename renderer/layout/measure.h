/* measure.h: the chart's fonts, and text measured exactly as cairo will draw it. */
#ifndef BC_MEASURE_H
#define BC_MEASURE_H

#include <cairo.h>

enum lt_font { LF_TITLE, LF_TEXT, LF_LABEL, LF_NFONTS };

/* A scratch cairo context and the extents of each font. */
struct measure {
	cairo_surface_t *surf;
	cairo_t *cr;
	double ascent[LF_NFONTS], height[LF_NFONTS];
};

/* Selects font f on cr with the options text is measured with. */
void measure_font(cairo_t *, int f);

/* 0, or -1 (call measure_close anyway). */
int measure_open(struct measure *);
void measure_close(struct measure *);

/* Advance width of s in font f. */
double measure_width(struct measure *, int f, const char *s);
/*
 * The same, but INFINITY as soon as the text is known to be wider than
 * limit: a long text costs only the glyphs up to the limit.
 */
double measure_width_upto(struct measure *, int f, const char *s,
    double limit);
/*
 * Shortens clean text *sp (malloc'd) with a trailing ellipsis until it
 * is at most maxw wide; empties it when not even the ellipsis fits.
 * 0, or -1 on no memory (*sp unchanged).
 */
int measure_fit(struct measure *, int f, char **sp, double maxw);
/*
 * The same, but a text of words keeps its last one whole after the
 * ellipsis when there is room for it and a little before ("cc -O2 …
 * main.c": a command line's file); 0 or -1.
 */
int measure_fit_tail(struct measure *, int f, char **sp, double maxw);

#endif
