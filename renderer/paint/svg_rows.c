/* svg_rows.c: the SVG painter's process rows and dotted parent lines: whole for -f svg, in bands for the -f html page. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "svg_int.h"
#include "svg_tip.h"

/*
 * Row r's vertical within [lo, hi], where a band crossed by it cuts it;
 * its dots where the whole line has them (SVG starts the dash pattern
 * anew at each path).
 */
static void
dep_piece(struct svg *s, const struct lt_row *r, double lo, double hi)
{
	double a = fmax(r->dep_y0, lo);
	double z = fmin(r->dep_y1, hi);

	if (a >= z)
		return;
	fputs("<path class=\"dp\"", s->f);
	if (a > r->dep_y0) {
		fputs(" style=\"stroke-dashoffset:", s->f);
		svg_num(s->f, fmod(a - r->dep_y0, DEP_DOT + DEP_GAP));
		putc('"', s->f);
	}
	fputs(" d=\"", s->f);
	svg_vline(s->f, r->dep_x, a, z);
	fputs("\"/>\n", s->f);
}

/*
 * A row's dotted line, paint.c's dep_line without bands: the vertical
 * from its parent (the parent's last child draws it), from lo down
 * when a band cuts it there, then the stub to its box.  A path per
 * row: the browser skips those off screen, where one path of thousands
 * of dotted lines took it seconds to draw on every frame.
 */
static void
dep_path(struct svg *s, const struct lt_row *r, double lo)
{
	int cut = r->dep_vert && r->dep_y0 < lo;

	if (cut)
		dep_piece(s, r, lo, INFINITY);
	fputs("<path class=\"dp\" d=\"", s->f);
	if (r->dep_vert && !cut)
		svg_vline(s->f, r->dep_x, r->dep_y0, r->dep_y1);
	putc('M', s->f);
	svg_num(s->f, floor(r->dep_x) + 0.5);
	putc(' ', s->f);
	svg_num(s->f, r->dep_y1);
	putc('H', s->f);
	svg_num(s->f, r->box.x);
	fputs("\"/>\n", s->f);
}

static void
deps(struct svg *s)
{
	const struct layout *l = s->l;
	size_t i;

	svg_zoom_open(s, "plot");
	for (i = 0; i < l->nrows; i++)
		if (l->rows[i].has_dep)
			dep_path(s, &l->rows[i], -INFINITY);
	svg_zoom_close(s);
}

/* Whether colour rgb is among the row's cells before cell j. */
static int
seen_before(const struct layout *l, const struct lt_row *r, size_t j,
    uint32_t rgb)
{
	size_t k;

	for (k = 0; k < j; k++)
		if (l->cells[r->cell0 + k].rgb == rgb)
			return 1;
	return 0;
}

/* The row's cells as one path per colour: fewer, shorter elements. */
static void
cells(struct svg *s, const struct lt_row *r)
{
	const struct layout *l = s->l;
	const struct lt_rect *c;
	uint32_t rgb;
	size_t j, k;

	for (j = 0; j < r->ncells; j++) {
		rgb = l->cells[r->cell0 + j].rgb;
		if (seen_before(l, r, j, rgb))
			continue;
		fputs("<path", s->f);
		svg_fill(s, rgb, "");
		fputs(" d=\"", s->f);
		for (k = j; k < r->ncells; k++) {
			c = &l->cells[r->cell0 + k];
			if (c->rgb != rgb)
				continue;
			putc('M', s->f);
			svg_num(s->f, c->box.x);
			putc(' ', s->f);
			svg_num(s->f, c->box.y);
			putc('h', s->f);
			svg_num(s->f, c->box.w);
			putc('v', s->f);
			svg_num(s->f, c->box.h);
			putc('h', s->f);
			svg_num(s->f, -c->box.w);
			putc('z', s->f);
		}
		fputs("\"/>\n", s->f);
	}
}

/* A row: its box, cells and border, its label, and its tooltip. */
static int
row(struct svg *s, size_t i, size_t *cursor)
{
	const struct lt_row *r = &s->l->rows[i];
	const struct report_proc *p;

	p = s->r != NULL ? svg_row_proc(s->r, r->node, cursor) : NULL;
	fputs("<g class=\"r\"", s->f);
	/* The page's summary tables link to rows by report index. */
	if (p != NULL && s->doc == SVG_INLINE)
		fprintf(s->f, " data-i=\"%zu\"", (size_t)(p - s->r->procs));
	putc('>', s->f);
	if (p != NULL && svg_tip(s->f, p) == -1)
		return -1;
	/* In the page, what follows the time axis (see bands()). */
	if (s->doc == SVG_INLINE)
		fputs("<g class=\"s\">", s->f);
	svg_rect(s, &r->box, "pb");
	cells(s, r);
	svg_rect(s, &r->box, "pf");
	if (s->doc == SVG_INLINE)
		fputs("</g>", s->f);
	if (r->text != SIZE_MAX)
		svg_text(s, &s->l->texts[r->text]);
	fputs("</g>\n", s->f);
	return 0;
}

static int
rows(struct svg *s)
{
	size_t i, cursor = 0;

	svg_zoom_open(s, "plot");
	for (i = 0; i < s->l->nrows; i++)
		if (row(s, i, &cursor) == -1)
			return -1;
	svg_zoom_close(s);
	return 0;
}

/*
 * The page's rows come in bands of BAND_ROWS, each a group with its
 * extent (data-y0, data-y1), which page.js takes out of the page's
 * layout while it is off screen: a zoom step then lays out and paints
 * the rows in view only (docs/html.md).  A band holds its own pieces of
 * the dotted lines, cut at its edges, so that a parent's vertical
 * running through the screen shows there whichever bands end it.
 * Rows go down the page ROW_H apart (layout_rows.c, layout_compare.c),
 * as paint.c's own bands take them to.
 */
#define BAND_ROWS	32

static size_t
nbands(const struct layout *l)
{
	return (l->nrows + BAND_ROWS - 1) / BAND_ROWS;
}

/* Band b: from its first row's top to the next band's; the plot's ends outside. */
static void
band_span(const struct svg *s, size_t b, double *y0, double *y1)
{
	const struct layout *l = s->l;

	*y0 = b == 0 ? l->proc_box.y : l->rows[b * BAND_ROWS].box.y;
	*y1 = b + 1 >= nbands(l) ? l->proc_box.y + l->proc_box.h :
	    l->rows[(b + 1) * BAND_ROWS].box.y;
}

/*
 * Band b: its group, the dotted lines within it (scaled when zoomed:
 * class s), then its rows.  The verticals that run on below the band
 * are the ancestors' of the first row under it, as paint.c's deps()
 * finds them (a parent's rows are one run in pre-order).
 */
static int
band(struct svg *s, size_t b, size_t *cursor)
{
	const struct layout *l = s->l;
	size_t i, a, c, end = (b + 1) * BAND_ROWS;
	double y0, y1;

	if (end > l->nrows)
		end = l->nrows;
	band_span(s, b, &y0, &y1);
	fputs("<g class=\"rc\" data-y0=\"", s->f);
	svg_num(s->f, y0);
	fputs("\" data-y1=\"", s->f);
	svg_num(s->f, y1);
	fputs("\">\n<g class=\"s\">\n", s->f);
	for (i = b * BAND_ROWS; i < end; i++)
		if (l->rows[i].has_dep)
			dep_path(s, &l->rows[i], y0);
	for (a = end < l->nrows ? l->rows[end].parent_row : SIZE_MAX;
	    a != SIZE_MAX; a = l->rows[a].parent_row) {
		c = l->rows[a].last_child;
		if (c != SIZE_MAX && c >= end)
			dep_piece(s, &l->rows[c], y0, y1);
	}
	fputs("</g>\n", s->f);
	for (i = b * BAND_ROWS; i < end; i++)
		if (row(s, i, cursor) == -1)
			return -1;
	fputs("</g>\n", s->f);
	return 0;
}

/*
 * The page's dotted lines and rows, band by band, in a layer that is
 * not scaled itself: what follows the time axis is in groups of class
 * s, and the rows' labels beside them are only moved.  A text in a
 * scaled group is laid out again whenever the scale changes (most of a
 * zoom step's time, measured in Chromium).
 */
static int
bands(struct svg *s)
{
	size_t b, cursor = 0;
	int rc = 0;

	if (s->l->nrows == 0)
		return 0;
	fputs("<g clip-path=\"url(#plot)\">\n", s->f);
	for (b = 0; rc == 0 && b < nbands(s->l); b++)
		rc = band(s, b, &cursor);
	fputs("</g>\n", s->f);
	return rc;
}

int
svg_rows(struct svg *s)
{
	if (s->doc == SVG_INLINE)
		return bands(s);
	deps(s);
	return rows(s);
}
