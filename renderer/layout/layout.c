/* layout.c: computes the position of every element of the chart (docs/chart.md), top to bottom. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "idle.h"
#include "layout.h"
#include "layout_parts.h"
#include "textclean.h"

#define PX_PER_S	25.0
#define MIN_WIDTH	800
#define AUTO_MAX_WIDTH	32000

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
	t->box.x = x;
	t->box.y = y;
	t->box.w = measure_width(m, f, s);
	t->box.h = m->height[f];
	t->baseline = y + m->ascent[f];
	return l->ntexts++;
}

size_t
lt_anchor(struct layout *l, size_t ti, int anchor)
{
	if (ti != SIZE_MAX)
		l->texts[ti].anchor = anchor;
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
lt_add_swatch(struct layout *l, double x, double y, double w, double h,
    uint32_t rgb)
{
	struct lt_rect *r;

	if (grow_array((void **)&l->swatches, &l->swatches_cap, l->nswatches,
	    sizeof(*l->swatches)) == -1)
		return -1;
	r = &l->swatches[l->nswatches++];
	r->box.x = x, r->box.y = y, r->box.w = w, r->box.h = h;
	r->rgb = rgb;
	return 0;
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
lt_band_row(const struct layout *l, size_t from, double y, double h,
    double x, double w, int max_rows)
{
	int r;

	for (r = 0; r < max_rows; r++)
		if (!lt_clashes(l, from, x, y + r * h + 0.5, w, h - 1))
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

int
lt_check_rows(struct layout *l, size_t n, const struct chart_opts *o,
    const char *hint, struct diag *d)
{
	char what[96];
	size_t cap = CAP_VECTOR_ROWS;
	const char *kind = "a vector chart";

	l->max_cells = CAP_VECTOR_CELLS;
	if (o->format == FMT_PNG) {
		cap = CAP_CHART_ROWS;
		kind = "a chart";
		l->max_cells = CAP_CHART_CELLS;
	} else if (o->format == FMT_SVG_GLYPHS) {
		cap = CAP_GLYPH_ROWS;
		kind = "a chart of glyphs";
	}
	snprintf(what, sizeof(what), "rows in %s%s%s%s", kind,
	    hint ? " (" : "", hint ? hint : "", hint ? ")" : "");
	return cap_check(d, n, cap, what);
}

int
lt_scale(struct layout *l, const struct chart_opts *o, struct diag *d)
{
	double secs;

	if (l->t1_us <= l->t0_us)
		l->t1_us = l->t0_us + USEC_PER_MS;
	secs = (double)(l->t1_us - l->t0_us) / USEC_PER_SEC;
	if (o->width != 0) {
		if (o->width < CHART_WIDTH_MIN || o->width > CHART_WIDTH_MAX)
			return diag_error_status(d, EXIT_USAGE, "width %d "
			    "out of range %d..%d", o->width, CHART_WIDTH_MIN,
			    CHART_WIDTH_MAX);
		l->width = o->width;
	} else
		l->width = (int)fmin(fmax(ceil(secs * PX_PER_S + 2 * MARGIN),
		    MIN_WIDTH), AUTO_MAX_WIDTH);
	l->x0 = MARGIN;
	l->px_per_ms = (l->width - 2 * MARGIN) / (secs * 1000);
	l->row_h = ROW_H;
	return 0;
}

/* The time span drawn and the scale. */
static int
time_scale(struct layout *l, const struct bootlog *t,
    const struct proctree *tree, const struct milestones *ms,
    const struct chart_opts *o, struct diag *d)
{
	l->t0_us = tree->start_us;
	l->t1_us = tree->end_us;
	kernel_unlogged(l, ms);
	if (ms->from_boot && l->t0_us > 0)
		l->t0_us = 0;
	if (o->crop_after != NULL) {
		if (proctree_find(tree, o->crop_after) == NULL)
			diag_warn(d, "crop-after: no process named \"%s\"",
			    o->crop_after);
		l->t1_us = idle_crop_end(t, tree, o->crop_after, l->t0_us,
		    l->t1_us);
	}
	return lt_scale(l, o, d);
}

struct rowcount {
	const struct layout *l;
	size_t n;
};

static int
count_row(const struct pnode *p, int depth, void *arg)
{
	struct rowcount *rc = arg;

	if (lt_visible(rc->l, p))
		rc->n++;
	return 0;
}

/*
 * The chart's rows against the caps, before anything is placed, so a
 * log of a million processes is refused at once.  The cells are counted
 * as they are placed (layout_rows.c).
 */
static int
check_rows(struct layout *l, const struct proctree *tree,
    const struct chart_opts *o, struct diag *d)
{
	struct rowcount rc = { l, 0 };

	if (proctree_walk(tree, count_row, &rc) != 0)
		return -1;
	return lt_check_rows(l, rc.n > 0 ? rc.n - 1 : 0, o,
	    o->format == FMT_PNG ? "leave out -n, or use --dump-tree" :
	    "try -f png, or leave out -n", d);
}

static int
build(struct layout *l, struct measure *m, const struct bootlog *t,
    const struct proctree *tree, const struct milestones *ms,
    const struct chart_opts *o, struct diag *d)
{
	double y = MARGIN, plot_w, band_h;
	size_t disk_legend;

	if (time_scale(l, t, tree, ms, o, d) == -1 ||
	    check_rows(l, tree, o, d) == -1)
		return -1;
	plot_w = l->width - 2 * MARGIN;
	if (chrome_header(l, m, t, tree, ms, o, &y) == -1)
		return -1;
	y += GAP;
	if (chrome_legend(l, m, LEG_CPU, &y) == -1)
		return -1;
	l->cpu_box = (struct lt_box){ MARGIN, y, plot_w, CHART_H };
	y += CHART_H + GAP;
	disk_legend = l->ntexts;
	if (chrome_legend(l, m, LEG_DISK, &y) == -1)
		return -1;
	l->disk_box = (struct lt_box){ MARGIN, y, plot_w, CHART_H };
	y += CHART_H + GAP;
	if (charts_cpu(l, t) == -1 || charts_disk(l, m, t, disk_legend) == -1 ||
	    charts_mem(l, m, t, &y) == -1 || unlogged_charts(l, m) == -1)
		return -1;
	if (kernel_lane(l, m, t, ms, &y) == -1)
		return -1;
	if (chrome_legend(l, m, LEG_PROC, &y) == -1)
		return -1;
	if (chrome_marks(l, m, ms, tree, o, y, &band_h, d) == -1)
		return -1;
	y += band_h;
	if (chrome_time_axis(l, m, y) == -1)
		return -1;
	/* Whole pixels, so 1 px row borders land on pixel centres. */
	y = ceil(y + m->height[LF_LABEL] + 2);
	l->proc_box = (struct lt_box){ MARGIN, y, plot_w, ROW_H };
	if (rows_place(l, m, tree, o, d) == -1)
		return -1;
	if (l->nrows > 0)
		l->proc_box.h = (double)l->nrows * ROW_H;
	unlogged_rows(l);
	l->height = (int)ceil(y + l->proc_box.h + MARGIN);
	return 0;
}

int
lt_run(struct layout *l, lt_build_fn fn, void *arg, struct diag *d)
{
	struct measure m;
	int rc;

	memset(l, 0, sizeof(*l));
	if (measure_open(&m) == -1) {
		measure_close(&m);
		return diag_error_status(d, EXIT_NOMEM,
		    "cannot set up text measurement");
	}
	rc = fn(l, &m, arg, d);
	measure_close(&m);
	if (rc == -1) {
		if (!d->failed)
			diag_error_status(d, EXIT_NOMEM, "out of memory "
			    "laying out the chart");
		layout_free(l);
		return -1;
	}
	return 0;
}

struct one_boot {
	const struct bootlog *t;
	const struct proctree *tree;
	const struct milestones *ms;
	const struct chart_opts *o;
};

static int
build_one(struct layout *l, struct measure *m, void *arg, struct diag *d)
{
	struct one_boot *b = arg;

	return build(l, m, b->t, b->tree, b->ms, b->o, d);
}

int
layout_make(struct layout *l, const struct bootlog *t,
    const struct proctree *tree, const struct milestones *ms,
    const struct chart_opts *o, struct diag *d)
{
	struct one_boot b = { .t = t, .tree = tree, .ms = ms, .o = o };

	return lt_run(l, build_one, &b, d);
}

void
layout_free(struct layout *l)
{
	size_t i;

	for (i = 0; i < l->ntexts; i++)
		free(l->texts[i].s);
	free(l->texts);
	free(l->swatches);
	free(l->ticks);
	free(l->rows);
	free(l->cells);
	free(l->marks);
	free(l->kbars);
	free(l->kticks);
	free(l->cpu_busy.pts);
	free(l->cpu_io.pts);
	free(l->disk_util.pts);
	free(l->disk_tput.pts);
	for (i = 0; i < l->nseries; i++)
		free(l->series[i].poly.pts);
	free(l->series);
	free(l->charts);
	memset(l, 0, sizeof(*l));
}
