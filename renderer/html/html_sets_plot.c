/* html_sets_plot.c: an item's values of both sets drawn on one axis as a small inline SVG (a strip plot over a box from q1 to q3): A's circles above, B's triangles below, medians a bar, values outside Tukey's fences ringed. */
#include <math.h>

#include "html_sets.h"

#define PLOT_W	220	/* the plot's width, px */
#define PLOT_H	34
#define PLOT_PAD	6	/* room for a point's half at either end */

/* The axis: [lo, hi] of both sets onto [PLOT_PAD, PLOT_W - PLOT_PAD]. */
struct axis {
	double lo, k;
};

static double
at(const struct axis *a, double v)
{
	return PLOT_PAD + (v - a->lo) * a->k;
}

static void
axis_of(const struct set_item *it, struct axis *a)
{
	double lo = INFINITY, hi = -INFINITY;
	int side;

	for (side = 0; side < SET_SIDES; side++)
		if (it->n[side] > 0) {
			lo = fmin(lo, it->sum[side].min);
			hi = fmax(hi, it->sum[side].max);
		}
	/* One value everywhere: drawn in the middle. */
	if (!(hi > lo)) {
		lo -= 1;
		hi = lo + 2;
	}
	a->lo = lo;
	a->k = (PLOT_W - 2 * PLOT_PAD) / (hi - lo);
}

/* The box from q1 to q3, the range a line, the median a bar. */
static void
box(FILE *f, const struct axis *a, const struct stats_summary *m, int side,
    double y)
{
	double x0 = at(a, m->q1), x1 = at(a, m->q3);

	fprintf(f, "<line class=\"wh\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
	    "y2=\"%.1f\"/>", at(a, m->min), at(a, m->max), y, y);
	fprintf(f, "<rect class=\"bx %s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"12\"/>", set_name(side), x0, y - 6, fmax(x1 - x0, 1));
	fprintf(f, "<line class=\"md\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
	    "y2=\"%.1f\"><title>median of %s: %.1f ms</title></line>",
	    at(a, m->median), at(a, m->median), y - 8, y + 8, set_name(side),
	    m->median);
}

/* A value: A's a circle, B's a triangle (told apart without colour). */
static void
point(FILE *f, const struct sets *s, const struct set_value *v, int side,
    double x, double y, int out)
{
	const char *cls = out ? " o" : "";

	if (side == SET_A)
		fprintf(f, "<circle class=\"pt A%s\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"3\">", cls, x, y);
	else
		fprintf(f, "<path class=\"pt B%s\" d=\"M%.1f %.1fl3.5 6.5h-7z\">",
		    cls, x, y - 3.5);
	/*
	 * The log by its place in its set (the page's list of logs has its
	 * path): a path per value would make a page of hundreds of boots
	 * and items tens of megabytes.
	 */
	fprintf(f, "<title>%s #%zu: %.1f ms%s</title>%s", set_name(side),
	    s->boots[v->boot].index, v->ms, out ? " (outlier)" : "",
	    side == SET_A ? "</circle>" : "</path>");
}

static void
lane(FILE *f, const struct sets *s, const struct set_item *it,
    const struct axis *a, int side, double y)
{
	const struct stats_summary *m = &it->sum[side];
	const struct set_value *v;
	size_t i;

	if (it->n[side] == 0)
		return;
	box(f, a, m, side, y);
	/* A small, fixed jitter, so that equal values stay apart. */
	for (i = 0; i < it->n[side]; i++) {
		v = &it->v[side][i];
		point(f, s, v, side, at(a, v->ms), y + (double)((int)(i % 3) -
		    1) * 3, v->ms < m->lo_fence || v->ms > m->hi_fence);
	}
}

void
html_sets_plot(FILE *f, const struct sets *s, const struct set_item *it)
{
	struct axis a;

	axis_of(it, &a);
	fprintf(f, "<svg class=\"strip\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"the values of "
	    "A and B\">", PLOT_W, PLOT_H, PLOT_W, PLOT_H);
	lane(f, s, it, &a, SET_A, 9);
	lane(f, s, it, &a, SET_B, 25);
	fputs("</svg>", f);
}
