/* graphplace.h: a digraph's DOT (the wake-up graph, the call graph) laid out by Graphviz's dot layout (libgvc) into boxes, splines and label places in pixels, for its painters (graphdraw.c's cairo, html_graph.c's SVG). */
#ifndef BC_GRAPHPLACE_H
#define BC_GRAPHPLACE_H

#include <stddef.h>

#include "diag.h"

#define GPLACE_MARGIN	16.0	/* px around the graph */

/* A node: centred at x, y (y grows down), w × h, its label. */
struct gpnode {
	double x, y, w, h;
	int ellipse;		/* a pseudo node; else a box */
	int filled;		/* its DOT fillcolor "#rrggbb" in rgb; else the painter's */
	double rgb[3];		/* 0..1 */
	char *label;
	char *tip;		/* its DOT tooltip, or "" */
};

/* An edge: a cubic spline (a start, then control, control, end triples). */
struct gpedge {
	double *pts;		/* x, y pairs */
	size_t npts;
	int arrow;		/* an arrowhead to ax, ay */
	double ax, ay;
	double lx, ly;		/* the label's centre */
	char *label;
	char *tip;		/* its DOT tooltip, or "" */
	size_t tail, head;	/* nodes */
};

struct gplace {
	double w, h;		/* px, margins included */
	struct gpnode *n;
	size_t nn;
	struct gpedge *e;
	size_t ne;
};

/*
 * Lays out the digraph dot[0..len) with dot's algorithm, left to right
 * unless the DOT sets rankdir (labels sized as 12-point Helvetica); what
 * names the graph in errors ("wake-up graph").  0, or -1 with the error
 * in d.
 */
int graphplace(const char *dot, size_t len, const char *what,
    struct gplace *, struct diag *d);
void gplace_free(struct gplace *);

#endif
