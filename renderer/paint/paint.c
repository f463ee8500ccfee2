/* paint.c: turns a layout into cairo drawing calls, the same for every format. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "paint.h"

/* Whether [a, b] misses the band [y0, y1] (with a pixel to spare). */
static int
outside(double a, double b, double y0, double y1)
{
	return b < y0 - 1 || a > y1 + 1;
}

/*
 * The rows [*first, *end) that can meet the band: rows sit ROW_H apart
 * from the process chart's top, so a band finds its rows without
 * looking at the others (a tall PNG has thousands of bands).
 */
static void
band_rows(const struct layout *l, double y0, double y1, size_t *first,
    size_t *end)
{
	double a, b;

	*first = 0;
	*end = l->nrows;
	if (l->nrows == 0 || l->row_h <= 0)
		return;
	a = floor((y0 - 2 - l->proc_box.y) / l->row_h);
	b = ceil((y1 + 2 - l->proc_box.y) / l->row_h) + 1;
	if (isfinite(a) && a > 0)
		*first = a < (double)l->nrows ? (size_t)a : l->nrows;
	if (isfinite(b) && b < (double)l->nrows)
		*end = b > (double)*first ? (size_t)b : *first;
}

static void
set_rgb(cairo_t *cr, uint32_t rgb)
{
	cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0,
	    ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

static void
fill_box(cairo_t *cr, const struct lt_box *b, uint32_t rgb)
{
	set_rgb(cr, rgb);
	cairo_rectangle(cr, b->x, b->y, b->w, b->h);
	cairo_fill(cr);
}

/* A 1 px line on pixel centres, so raster output stays crisp. */
static void
frame_box(cairo_t *cr, const struct lt_box *b, uint32_t rgb)
{
	/* A chart left out (a trace alone has no disk samples) has no box. */
	if (b->h <= 0)
		return;
	set_rgb(cr, rgb);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, floor(b->x) + 0.5, floor(b->y) + 0.5,
	    floor(b->w), floor(b->h));
	cairo_stroke(cr);
}

/* A stacked-chart area: the polyline closed down to the box's bottom. */
static void
fill_area(cairo_t *cr, const struct lt_poly *p, const struct lt_box *b,
    uint32_t rgb)
{
	size_t i;

	if (p->n == 0)
		return;
	cairo_move_to(cr, p->pts[0].x, b->y + b->h);
	for (i = 0; i < p->n; i++)
		cairo_line_to(cr, p->pts[i].x, p->pts[i].y);
	cairo_line_to(cr, p->pts[p->n - 1].x, b->y + b->h);
	cairo_close_path(cr);
	set_rgb(cr, rgb);
	cairo_fill(cr);
}

static void
stroke_line(cairo_t *cr, const struct lt_poly *p, uint32_t rgb)
{
	size_t i;

	if (p->n == 0)
		return;
	cairo_move_to(cr, p->pts[0].x, p->pts[0].y);
	for (i = 1; i < p->n; i++)
		cairo_line_to(cr, p->pts[i].x, p->pts[i].y);
	set_rgb(cr, rgb);
	cairo_set_line_width(cr, 1.2);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
}

/* The generic charts (memory, the compare chart's): each series clipped to its box. */
static void
generic_charts(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	const struct lt_chart *c;
	const struct lt_series *sr;
	size_t i, j;

	for (i = 0; i < l->ncharts; i++) {
		c = &l->charts[i];
		if (outside(c->box.y, c->box.y + c->box.h, y0, y1))
			continue;
		cairo_save(cr);
		cairo_rectangle(cr, c->box.x, c->box.y, c->box.w, c->box.h);
		cairo_clip(cr);
		for (j = 0; j < c->nseries; j++) {
			sr = &l->series[c->series0 + j];
			if (sr->line)
				stroke_line(cr, &sr->poly, sr->rgb);
			else
				fill_area(cr, &sr->poly, &c->box, sr->rgb);
		}
		cairo_restore(cr);
		frame_box(cr, &c->box, COL_BORDER);
	}
}

static void
charts(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	generic_charts(cr, l, y0, y1);
	/* Thousands of points: skip them in bands below the charts. */
	if (l->cpu_box.w <= 0 || outside(l->cpu_box.y, l->disk_box.h > 0 ?
	    l->disk_box.y + l->disk_box.h : l->cpu_box.y + l->cpu_box.h, y0,
	    y1))
		return;
	cairo_save(cr);
	cairo_rectangle(cr, l->cpu_box.x, l->cpu_box.y, l->cpu_box.w,
	    l->cpu_box.h);
	cairo_rectangle(cr, l->disk_box.x, l->disk_box.y, l->disk_box.w,
	    l->disk_box.h);
	cairo_clip(cr);
	fill_area(cr, &l->cpu_io, &l->cpu_box, COL_IO);
	fill_area(cr, &l->cpu_busy, &l->cpu_box, COL_CPU);
	fill_area(cr, &l->disk_util, &l->disk_box, COL_IO);
	stroke_line(cr, &l->cpu_cmd, COL_CMD);
	stroke_line(cr, &l->disk_tput, COL_TPUT);
	cairo_restore(cr);
	frame_box(cr, &l->cpu_box, COL_BORDER);
	frame_box(cr, &l->disk_box, COL_BORDER);
}

static void
grid(cairo_t *cr, const struct layout *l)
{
	const struct lt_box *b = &l->proc_box;
	double x;
	size_t i;

	cairo_set_line_width(cr, 1);
	for (i = 0; i < l->nticks; i++) {
		x = floor(l->ticks[i].x) + 0.5;
		set_rgb(cr, l->ticks[i].major ? COL_GRID5 : COL_GRID);
		cairo_move_to(cr, x, b->y);
		cairo_line_to(cr, x, b->y + b->h);
		cairo_stroke(cr);
	}
	frame_box(cr, b, COL_BORDER);
}

/*
 * The dotted line into row i: its vertical (when it is the parent's
 * last child) and its stub.  In a band, verticals are cut to the band,
 * moved by whole dash periods so the dots stay where they were.
 */
static void
dep_line(cairo_t *cr, const struct layout *l, size_t i, double y0, double y1)
{
	const double period = DEP_DOT + DEP_GAP;
	const struct lt_row *r = &l->rows[i];
	double x, ym, top, bottom;

	if (!r->has_dep)
		return;
	x = floor(r->dep_x) + 0.5;
	ym = r->dep_y1;
	if (r->dep_vert && !outside(r->dep_y0, ym, y0, y1)) {
		top = r->dep_y0;
		bottom = ym;
		if (isfinite(y0) && top < y0 - 2)
			top += floor((y0 - 2 - top) / period) * period;
		if (isfinite(y1) && bottom > y1 + 2)
			bottom = y1 + 2;
		cairo_move_to(cr, x, top);
		cairo_line_to(cr, x, bottom);
	}
	if (!outside(ym, ym, y0, y1)) {
		cairo_move_to(cr, x, ym);
		cairo_line_to(cr, r->box.x, ym);
	}
}

/*
 * Dotted parent lines: one vertical per parent (down to its last child)
 * and a stub into each child's row.  A band draws its own rows' lines,
 * and the verticals that pass through it to a child below: those of the
 * ancestors of the first row under the band (each parent's rows are one
 * run in pre-order, so no other vertical crosses the band's bottom).
 */
static void
deps(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	static const double dots[] = { DEP_DOT, DEP_GAP };
	size_t i, first, end, a, c;

	band_rows(l, y0, y1, &first, &end);
	cairo_save(cr);
	cairo_set_dash(cr, dots, 2, 0);
	cairo_set_line_width(cr, 1);
	set_rgb(cr, COL_DEP);
	for (i = first; i < end; i++)
		dep_line(cr, l, i, y0, y1);
	for (a = end < l->nrows ? l->rows[end].parent_row : SIZE_MAX;
	    a != SIZE_MAX; a = l->rows[a].parent_row) {
		c = l->rows[a].last_child;
		if (c != SIZE_MAX && c >= end)
			dep_line(cr, l, c, y0, y1);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

static void
rows(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	const struct lt_row *r;
	const struct lt_rect *c;
	size_t i, j, first, end;

	band_rows(l, y0, y1, &first, &end);
	for (i = first; i < end; i++) {
		r = &l->rows[i];
		if (outside(r->box.y, r->box.y + r->box.h, y0, y1))
			continue;
		fill_box(cr, &r->box, COL_PROC);
		for (j = 0; j < r->ncells; j++) {
			c = &l->cells[r->cell0 + j];
			fill_box(cr, &c->box, c->rgb);
		}
		set_rgb(cr, COL_BORDER);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, r->box.x, r->box.y, r->box.w, r->box.h);
		cairo_stroke(cr);
	}
}

static void
marks(cairo_t *cr, const struct layout *l)
{
	double x;
	size_t i;

	cairo_set_line_width(cr, 1);
	set_rgb(cr, COL_MARK);
	for (i = 0; i < l->nmarks; i++) {
		x = floor(l->marks[i].x) + 0.5;
		cairo_move_to(cr, x, l->cpu_box.y);
		cairo_line_to(cr, x, l->proc_box.y + l->proc_box.h);
	}
	cairo_stroke(cr);
}

/*
 * A tile of the hatching: one diagonal pixel line, the rest clear.  As
 * a repeating pattern in user space it lines up across PNG bands, and
 * a vector format holds it once instead of a line per few pixels.
 */
static cairo_pattern_t *
hatch_pattern(void)
{
	enum { TILE = 6 };
	cairo_surface_t *s;
	cairo_pattern_t *p;
	unsigned char *px;
	uint32_t *row;
	int i, stride;

	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, TILE, TILE);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return NULL;
	}
	cairo_surface_flush(s);
	px = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	memset(px, 0, (size_t)stride * TILE);
	for (i = 0; i < TILE; i++) {
		row = (uint32_t *)(void *)(px + (size_t)i * stride);
		row[TILE - 1 - i] = 0xff000000u | COL_HATCH;
	}
	cairo_surface_mark_dirty(s);
	p = cairo_pattern_create_for_surface(s);
	cairo_surface_destroy(s);
	cairo_pattern_set_extend(p, CAIRO_EXTEND_REPEAT);
	cairo_pattern_set_filter(p, CAIRO_FILTER_NEAREST);
	return p;
}

/*
 * A run of lines of one colour from shape i: one path, one stroke.
 * Returns the shape after the run.
 */
static size_t
shape_lines(cairo_t *cr, const struct layout *l, size_t i, double y0,
    double y1)
{
	const struct lt_box *b;
	uint32_t rgb = l->shapes[i].rgb;
	double x;

	cairo_set_line_width(cr, 1);
	set_rgb(cr, rgb);
	for (; i < l->nshapes && l->shapes[i].draw == LD_LINE &&
	    l->shapes[i].rgb == rgb; i++) {
		b = &l->shapes[i].box;
		if (outside(fmin(b->y, b->y + b->h), fmax(b->y, b->y + b->h),
		    y0, y1))
			continue;
		x = b->w == 0 ? floor(b->x) + 0.5 : b->x;
		cairo_move_to(cr, x, b->y);
		cairo_line_to(cr, x + b->w, b->y + b->h);
	}
	cairo_stroke(cr);
	return i;
}

static void
hatch_box(cairo_t *cr, const struct lt_box *b, double y0, double y1)
{
	double ya = fmax(b->y, y0 - 2), yb = fmin(b->y + b->h, y1 + 2);

	if (b->w > 0 && ya < yb)
		cairo_rectangle(cr, b->x, ya, b->w, yb - ya);
}

/*
 * Every hatched shape and the legend's hatched squares: one fill with
 * one tile, so that a vector format holds the tile once and all of
 * them line up.  0, or -1 on no memory.
 */
static int
shapes_hatch(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	cairo_pattern_t *p;
	size_t i;

	if ((p = hatch_pattern()) == NULL)
		return -1;
	cairo_set_source(cr, p);
	for (i = 0; i < l->nswatches; i++)
		if (l->swatches[i].role == LR_SWATCH_HATCH)
			hatch_box(cr, &l->swatches[i].box, y0, y1);
	for (i = 0; i < l->nshapes; i++)
		if (l->shapes[i].draw == LD_HATCH)
			hatch_box(cr, &l->shapes[i].box, y0, y1);
	cairo_fill(cr);
	cairo_pattern_destroy(p);
	return 0;
}

/*
 * The plot's shapes in order (the kernel lane, the span before
 * logging; the hatched ones all at the first), then a clear ground
 * under each "not logged" label.
 */
static cairo_status_t
shapes(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	const struct lt_shape *sh;
	const struct lt_box *b;
	size_t i = 0;
	int hatched = 0;

	while (i < l->nshapes) {
		sh = &l->shapes[i];
		if (sh->draw == LD_LINE) {
			i = shape_lines(cr, l, i, y0, y1);
			continue;
		}
		i++;
		if (sh->draw == LD_HATCH) {
			if (!hatched && shapes_hatch(cr, l, y0, y1) == -1)
				return CAIRO_STATUS_NO_MEMORY;
			hatched = 1;
			continue;
		}
		b = &sh->box;
		if (outside(b->y, b->y + b->h, y0, y1))
			continue;
		if (sh->draw == LD_FILL) {
			fill_box(cr, b, sh->rgb);
			continue;
		}
		set_rgb(cr, sh->rgb);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, b->x, b->y, b->w, b->h);
		cairo_stroke(cr);
	}
	for (i = 0; i < l->nchrome_texts; i++) {
		b = &l->texts[i].box;
		if (l->texts[i].role == LR_UNLOGGED &&
		    !outside(b->y, b->y + b->h, y0, y1))
			fill_box(cr, &(struct lt_box){ b->x - 2, b->y, b->w + 4,
			    b->h }, COL_BG);
	}
	return cairo_status(cr);
}

static void
text(cairo_t *cr, const struct lt_text *t, int *font, double y0, double y1)
{
	if (t->s[0] == '\0' || outside(t->box.y, t->box.y + t->box.h, y0, y1))
		return;
	if (t->font != *font) {
		measure_font(cr, t->font);
		*font = t->font;
	}
	set_rgb(cr, t->rgb);
	cairo_move_to(cr, t->box.x, t->baseline);
	cairo_show_text(cr, t->s);
}

/* The chrome's texts, then the labels of the band's rows, in that order. */
static void
texts(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	size_t i, first, end;
	int font = -1;

	for (i = 0; i < l->nchrome_texts; i++)
		text(cr, &l->texts[i], &font, y0, y1);
	band_rows(l, y0, y1, &first, &end);
	for (i = first; i < end; i++)
		if (l->rows[i].text != SIZE_MAX)
			text(cr, &l->texts[l->rows[i].text], &font, y0, y1);
}

cairo_status_t
paint_chart(cairo_t *cr, const struct layout *l, double y0, double y1)
{
	size_t i;

	set_rgb(cr, COL_BG);
	cairo_paint(cr);
	for (i = 0; i < l->nswatches; i++) {
		fill_box(cr, &l->swatches[i].box, l->swatches[i].rgb);
		/* Squares get a border: the sleeping colour is nearly white. */
		if (l->swatches[i].role != LR_SWATCH_LINE)
			frame_box(cr, &l->swatches[i].box, COL_BORDER);
	}
	charts(cr, l, y0, y1);
	grid(cr, l);
	deps(cr, l, y0, y1);
	rows(cr, l, y0, y1);
	if (shapes(cr, l, y0, y1) != CAIRO_STATUS_SUCCESS)
		return cairo_status(cr) != CAIRO_STATUS_SUCCESS ?
		    cairo_status(cr) : CAIRO_STATUS_NO_MEMORY;
	marks(cr, l);
	texts(cr, l, y0, y1);
	return cairo_status(cr);
}
