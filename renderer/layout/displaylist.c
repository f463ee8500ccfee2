/* displaylist.c: the layout's primitives: texts, swatches, shapes, points, steps, series added to the display list, and what the parts ask of what is placed (clashes, free rows, spans, x of a time). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "layout.h"
#include "layout_parts.h"
#include "textclean.h"

size_t
lt_add_text(struct layout *l, struct measure *m, char *s, double x, double y,
    int f, uint32_t rgb)
{
	struct lt_text *t;

	if (grow_array((void **)&l->texts, &l->texts_cap, l->ntexts,
	    sizeof(*l->texts)) == -1) {
		free(s);
		return SIZE_MAX;
	}
	t = &l->texts[l->ntexts];
	t->s = s;
	t->font = f;
	t->rgb = rgb;
	t->anchor = LT_FIXED;
	t->role = LR_NONE;
	t->box.x = x;
	t->box.y = y;
	t->box.w = measure_width(m, f, s);
	t->box.h = m->height[f];
	t->baseline = y + m->ascent[f];
	return l->ntexts++;
}

size_t
lt_tag(struct layout *l, size_t ti, int role, int anchor)
{
	if (ti != SIZE_MAX) {
		l->texts[ti].role = role;
		l->texts[ti].anchor = anchor;
	}
	return ti;
}

size_t
lt_add_raw(struct layout *l, struct measure *m, const char *raw, double x,
    double y, double maxw, int f, uint32_t rgb)
{
	char *s;

	if ((s = text_clean(raw, 1)) == NULL)
		return SIZE_MAX;
	if (measure_fit(m, f, &s, maxw) == -1) {
		free(s);
		return SIZE_MAX;
	}
	return lt_add_text(l, m, s, x, y, f, rgb);
}

int
lt_add_swatch(struct layout *l, const struct lt_box *b, uint32_t rgb,
    int role)
{
	struct lt_rect *r;

	if (grow_array((void **)&l->swatches, &l->swatches_cap, l->nswatches,
	    sizeof(*l->swatches)) == -1)
		return -1;
	r = &l->swatches[l->nswatches++];
	r->box = *b;
	r->rgb = rgb;
	r->role = role;
	return 0;
}

size_t
lt_add_shape(struct layout *l, const struct lt_box *b, uint32_t rgb,
    int role, int draw)
{
	struct lt_shape *sh;

	if (grow_array((void **)&l->shapes, &l->shapes_cap, l->nshapes,
	    sizeof(*l->shapes)) == -1)
		return SIZE_MAX;
	sh = &l->shapes[l->nshapes];
	sh->box = *b;
	sh->rgb = rgb;
	sh->role = role;
	sh->draw = draw;
	sh->tip = NULL;
	return l->nshapes++;
}

static int
push_pt(struct lt_poly *p, double x, double y)
{
	if (grow_array((void **)&p->pts, &p->cap, p->n, sizeof(*p->pts)) == -1)
		return -1;
	p->pts[p->n].x = x;
	p->pts[p->n].y = y;
	p->n++;
	p->fold = 1;
	p->fold_x0 = x;
	return 0;
}

/*
 * A point less than a pixel from the first one folded into the last
 * point is folded in too (the last point becomes their mean): a million
 * samples make about one point per pixel, which cairo strokes at once,
 * and lines whose points are a pixel apart or more are drawn as given.
 */
int
lt_add_pt(struct lt_poly *p, double x, double y)
{
	struct lt_pt *last;
	double k;

	if (p->n == 0 || !(x - p->fold_x0 < LT_MIN_STEP))
		return push_pt(p, x, y);
	last = &p->pts[p->n - 1];
	k = (double)p->fold;
	last->x = (last->x * k + x) / (k + 1);
	last->y = (last->y * k + y) / (k + 1);
	p->fold++;
	return 0;
}

/*
 * Two steps narrower than a pixel in a row become one at their mean
 * height, weighted by width: the area (what a pixel column shows) is
 * kept while a chart of a million samples keeps about one step per
 * pixel.  cairo's fill costs the edges crossing each scan line, so
 * 10^6 steps in 800 px took minutes.  Steps a pixel wide or more are
 * kept as they are.
 */
static int
fold_step(struct lt_poly *p, double xa, double xb, double y)
{
	struct lt_pt *a, *b;
	double wl, w = xb - xa;

	if (p->n < 2 || !(w < LT_MIN_STEP))
		return 0;
	a = &p->pts[p->n - 2];
	b = &p->pts[p->n - 1];
	wl = b->x - a->x;
	if (a->y != b->y || !(wl < LT_MIN_STEP) || b->x < xa - 0.01)
		return 0;
	if (wl + w > 0)
		a->y = b->y = (a->y * wl + y * w) / (wl + w);
	else
		a->y = b->y = y;
	b->x = xb;
	return 1;
}

int
lt_add_step(struct lt_poly *p, double xa, double xb, double y)
{
	if (p->n >= 2 && p->pts[p->n - 1].y == y &&
	    p->pts[p->n - 2].y == y && p->pts[p->n - 1].x >= xa - 0.01) {
		p->pts[p->n - 1].x = xb;
		return 0;
	}
	if (fold_step(p, xa, xb, y))
		return 0;
	if (push_pt(p, xa, y) == -1)
		return -1;
	return push_pt(p, xb, y);
}

int
lt_add_chart(struct layout *l, const struct lt_box *box)
{
	struct lt_chart *c;

	if (grow_array((void **)&l->charts, &l->charts_cap, l->ncharts,
	    sizeof(*l->charts)) == -1)
		return -1;
	c = &l->charts[l->ncharts++];
	c->box = *box;
	c->series0 = l->nseries;
	c->nseries = 0;
	return 0;
}

int
lt_add_series(struct layout *l, struct lt_poly *p, uint32_t rgb, int line)
{
	struct lt_series *sr;

	if (grow_array((void **)&l->series, &l->series_cap, l->nseries,
	    sizeof(*l->series)) == -1) {
		free(p->pts);
		memset(p, 0, sizeof(*p));
		return -1;
	}
	sr = &l->series[l->nseries++];
	sr->poly = *p;
	sr->rgb = rgb;
	sr->line = line;
	memset(p, 0, sizeof(*p));
	l->charts[l->ncharts - 1].nseries++;
	return 0;
}

int
lt_clashes(const struct layout *l, size_t from, double x, double y,
    double w, double h)
{
	const struct lt_box *b;
	size_t i;

	for (i = from; i < l->ntexts; i++) {
		b = &l->texts[i].box;
		if (x < b->x + b->w + 4 && b->x < x + w + 4 && y < b->y + b->h &&
		    b->y < y + h)
			return 1;
	}
	return 0;
}

int
lt_band_row(const struct layout *l, const struct lt_band *b, double x,
    double w, int max_rows)
{
	int r;

	for (r = 0; r < max_rows; r++)
		if (!lt_clashes(l, b->from, x, b->y + r * b->h + 0.5, w,
		    b->h - 1))
			return r;
	return -1;
}

int
lt_clip_span(const struct layout *l, usec_t *a, usec_t *b)
{
	if (*a < l->t0_us)
		*a = l->t0_us;
	if (*b > l->t1_us)
		*b = l->t1_us;
	return *a < *b;
}

double
lt_clamp01(double v)
{
	if (!(v > 0))
		return 0;
	return v > 1 ? 1 : v;
}

int
lt_visible(const struct layout *l, const struct pnode *p)
{
	usec_t end = p->start_us + (p->duration_us > 0 ? p->duration_us : 0);

	return p->start_us < l->t1_us && end >= l->t0_us;
}

double
layout_x(const struct layout *l, usec_t t)
{
	/* Exact for whole ms: the logs' times give the same x as in ms. */
	return l->x0 + (double)(t - l->t0_us) / USEC_PER_MS * l->px_per_ms;
}
