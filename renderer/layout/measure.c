/* measure.c: the chart's fonts, and text measured exactly as cairo will draw it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "textclean.h"

#define FONT_FACE	"DejaVu Sans"

static const double font_size[LF_NFONTS] = { 16.0, 12.0, 11.0 };

void
measure_font(cairo_t *cr, int f)
{
	cairo_font_options_t *fo;

	cairo_select_font_face(cr, FONT_FACE, CAIRO_FONT_SLANT_NORMAL,
	    f == LF_TITLE ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, font_size[f]);
	/* Unhinted metrics: the same advances on raster and vector surfaces. */
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
}

int
measure_open(struct measure *m)
{
	cairo_font_extents_t fe;
	int f;

	m->surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	m->cr = cairo_create(m->surf);
	if (cairo_status(m->cr) != CAIRO_STATUS_SUCCESS)
		return -1;
	for (f = 0; f < LF_NFONTS; f++) {
		measure_font(m->cr, f);
		cairo_font_extents(m->cr, &fe);
		m->ascent[f] = fe.ascent;
		m->height[f] = fe.ascent + fe.descent;
	}
	return cairo_status(m->cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

void
measure_close(struct measure *m)
{
	cairo_destroy(m->cr);
	cairo_surface_destroy(m->surf);
}

double
measure_width(struct measure *m, int f, const char *s)
{
	cairo_text_extents_t te;

	measure_font(m->cr, f);
	cairo_text_extents(m->cr, s, &te);
	return te.x_advance;
}

/*
 * A long text's glyphs, walked a chunk at a time.  cairo lays a string
 * out glyph after glyph, each at the sum of the advances before it, and
 * its width is the last glyph's position plus that glyph's advance: a
 * chunk laid out from the position where the one before ended gives the
 * same positions as the whole string would, so the walk stops as soon
 * as the text is wider than anything it is measured for.  A 4 KiB name
 * costs the glyphs that fit a row, once (a binary search measured the
 * whole name a dozen times).
 */
#define WALK_CHUNK	256	/* bytes laid out at a time */

struct walk {
	double x;		/* where the next glyph goes */
	double ell;		/* the ellipsis' advance */
	double maxw;		/* the prefix + ellipsis must fit this */
	size_t fit;		/* bytes of the longest prefix that fits */
	size_t done;		/* bytes walked */
};

/* One cluster (one character) at w->x: may its prefix carry the cut? */
static void
walk_cluster(struct walk *w, const cairo_text_cluster_t *c, size_t off)
{
	if (w->x + w->ell <= w->maxw)
		w->fit = off;
}

/* Lays out s[from, to) at w->x; advances w->x past it.  0 or -1. */
static int
walk_chunk(struct walk *w, cairo_scaled_font_t *sf, const char *s,
    size_t from, size_t to)
{
	cairo_text_cluster_flags_t flags;
	cairo_text_cluster_t *cl = NULL;
	cairo_glyph_t *g = NULL;
	cairo_text_extents_t te;
	int ng = 0, ncl = 0, c, gi = 0;
	size_t off = from;

	if (cairo_scaled_font_text_to_glyphs(sf, w->x, 0, s + from,
	    (int)(to - from), &g, &ng, &cl, &ncl, &flags) !=
	    CAIRO_STATUS_SUCCESS)
		return -1;
	for (c = 0; c < ncl && gi < ng; c++) {
		w->x = g[gi].x;
		walk_cluster(w, &cl[c], off);
		off += (size_t)cl[c].num_bytes;
		gi += cl[c].num_glyphs;
	}
	if (ng > 0) {
		cairo_scaled_font_glyph_extents(sf, &g[ng - 1], 1, &te);
		w->x = g[ng - 1].x + te.x_advance;
	}
	w->done = to;
	cairo_glyph_free(g);
	cairo_text_cluster_free(cl);
	return 0;
}

/*
 * Walks s until it is past maxw or ends.  1 when the whole text fits
 * (its width), 0 when it does not (w->fit: the cut), -1 on no memory.
 */
static int
walk_text(struct measure *m, int f, const char *s, struct walk *w)
{
	cairo_scaled_font_t *sf;
	size_t len = strlen(s), to;

	measure_font(m->cr, f);
	sf = cairo_get_scaled_font(m->cr);
	while (w->done < len) {
		to = text_cut(s, w->done + WALK_CHUNK);
		if (to <= w->done)
			to = len;	/* never: chunks end on characters */
		if (walk_chunk(w, sf, s, w->done, to) != 0)
			return -1;
		if (w->x > w->maxw)
			return 0;
	}
	w->fit = len;
	return 1;
}

double
measure_width_upto(struct measure *m, int f, const char *s, double limit)
{
	struct walk w = { .maxw = limit };

	if (strlen(s) <= WALK_CHUNK)
		return measure_width(m, f, s);
	return walk_text(m, f, s, &w) == 1 ? w.x : INFINITY;
}

int
measure_fit_tail(struct measure *m, int f, char **sp, double maxw)
{
	char *s = *sp, *head, *t;
	const char *tail = strrchr(s, ' ');
	double tw;
	size_t hn, tn;

	if (tail == NULL || tail == s || tail[1] == '\0' ||
	    measure_width_upto(m, f, s, maxw) <= maxw)
		return measure_fit(m, f, sp, maxw);
	tw = measure_width(m, f, tail);		/* " main.c" */
	/* Room for the tail and a few characters of the head. */
	if (tw + 4 * measure_width(m, f, "m") > maxw)
		return measure_fit(m, f, sp, maxw);
	if ((head = strndup(s, (size_t)(tail - s))) == NULL)
		return -1;
	if (measure_fit(m, f, &head, maxw - tw) == -1) {
		free(head);
		return -1;
	}
	hn = strlen(head);
	tn = strlen(tail);
	if (hn == 0 || (t = malloc(hn + tn + 1)) == NULL) {
		free(head);
		return hn == 0 ? measure_fit(m, f, sp, maxw) : -1;
	}
	memcpy(t, head, hn);
	memcpy(t + hn, tail, tn + 1);
	free(head);
	free(s);
	*sp = t;
	return 0;
}

int
measure_fit(struct measure *m, int f, char **sp, double maxw)
{
	static const char ell[] = "\xe2\x80\xa6";
	struct walk w = { .maxw = maxw };
	char *s = *sp, *t;
	int rc;

	w.ell = measure_width(m, f, ell);
	if ((rc = walk_text(m, f, s, &w)) != 0)
		return rc == 1 ? 0 : -1;
	if ((t = malloc(w.fit + sizeof(ell))) == NULL)
		return -1;
	memcpy(t, s, w.fit);
	memcpy(t + w.fit, ell, sizeof(ell));
	if (measure_width(m, f, t) > maxw)
		t[0] = '\0';
	free(s);
	*sp = t;
	return 0;
}
