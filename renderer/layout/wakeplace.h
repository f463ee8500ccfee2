/* wakeplace.h: the wake-up graph's DOT laid out by Graphviz's dot layout (libgvc) into boxes, splines and label places in pixels, for its painters (wakedraw.c's cairo, html_wake.c's SVG). */
#ifndef BC_WAKEPLACE_H
#define BC_WAKEPLACE_H

#include <stddef.h>

#include "diag.h"

#define WPLACE_MARGIN	16.0	/* px around the graph */

/* A node: centred at x, y (y grows down), w × h, its label. */
struct wpnode {
	double x, y, w, h;
	int ellipse;		/* a pseudo node; else a box */
	char *label;
};

/* An edge: a cubic spline (a start, then control, control, end triples). */
struct wpedge {
	double *pts;		/* x, y pairs */
	size_t npts;
	int arrow;		/* an arrowhead to ax, ay */
	double ax, ay;
	double lx, ly;		/* the label's centre */
	char *label;
	char *tip;		/* its DOT tooltip (the waiter's stack), or "" */
	size_t tail, head;	/* nodes */
};

struct wplace {
	double w, h;		/* px, margins included */
	struct wpnode *n;
	size_t nn;
	struct wpedge *e;
	size_t ne;
};

/*
 * Lays out the digraph dot[0..len) left to right (dot's algorithm;
 * labels sized as 12-point Helvetica).  0, or -1 with the error in d.
 */
int wakeplace(const char *dot, size_t len, struct wplace *, struct diag *d);
void wplace_free(struct wplace *);

#endif
