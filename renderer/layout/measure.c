/* measure.c: the chart's fonts, and text measured exactly as cairo will draw it. */
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

int
measure_fit(struct measure *m, int f, char **sp, double maxw)
{
	static const char ell[] = "\xe2\x80\xa6";
	char *s = *sp, *t;
	size_t lo = 0, hi, mid, cut;

	if (measure_width(m, f, s) <= maxw)
		return 0;
	hi = strlen(s);
	if ((t = malloc(hi + sizeof(ell))) == NULL)
		return -1;
	/* Largest prefix length whose "prefix…" fits. */
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		cut = text_cut(s, mid);
		memcpy(t, s, cut);
		memcpy(t + cut, ell, sizeof(ell));
		if (measure_width(m, f, t) <= maxw)
			lo = mid;
		else
			hi = mid - 1;
	}
	cut = text_cut(s, lo);
	memcpy(t, s, cut);
	memcpy(t + cut, ell, sizeof(ell));
	if (measure_width(m, f, t) > maxw)
		t[0] = '\0';
	free(s);
	*sp = t;
	return 0;
}
