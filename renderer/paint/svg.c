/* svg.c: the second painter: walks the same layout as paint.c and writes SVG elements with real text instead of cairo calls (-f svg, svgz, html). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"
#include "svg_assets.h"
#include "svg_tip.h"
#include "xmltext.h"

/* Distinct fill colours given a class each; more are written inline. */
#define PAL_MAX 64

struct svg {
	FILE *f;
	const struct layout *l;
	const struct report *r;
	uint32_t pal[PAL_MAX];
	size_t npal;
	size_t nclips;		/* clip paths c1..cN so far */
	size_t band;		/* rows in a band (SVG_INLINE) */
	enum svg_doc doc;
};

/* A coordinate with at most two decimals and no trailing zeros. */
static void
num(FILE *f, double v)
{
	char b[48];
	size_t n;

	if (!isfinite(v))
		v = 0;
	n = (size_t)snprintf(b, sizeof(b), "%.2f", v);
	if (n >= sizeof(b))
		n = sizeof(b) - 1;
	while (n > 0 && b[n - 1] == '0')
		n--;
	if (n > 0 && b[n - 1] == '.')
		n--;
	b[n] = '\0';
	fputs(strcmp(b, "-0") == 0 ? "0" : b, f);
}

static void
pal_add(struct svg *s, uint32_t rgb)
{
	size_t i;

	for (i = 0; i < s->npal; i++)
		if (s->pal[i] == rgb)
			return;
	if (s->npal < PAL_MAX)
		s->pal[s->npal++] = rgb;
}

static void
pal_rects(struct svg *s, const struct lt_rect *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		pal_add(s, r[i].rgb);
}

/* Every fill colour the layout uses, so each gets a short class. */
static void
pal_collect(struct svg *s)
{
	const struct layout *l = s->l;
	size_t i;

	pal_rects(s, l->cells, l->ncells);
	pal_rects(s, l->swatches, l->nswatches);
	for (i = 0; i < l->nshapes; i++)
		if (l->shapes[i].draw == LD_FILL)
			pal_add(s, l->shapes[i].rgb);
	for (i = 0; i < l->nseries; i++)
		if (!l->series[i].line)
			pal_add(s, l->series[i].rgb);
	for (i = 0; i < l->ntexts; i++)
		pal_add(s, l->texts[i].rgb);
}

/* ` class="kN"` for a fill colour (plus extra classes), or a style. */
static void
fill_attr(struct svg *s, uint32_t rgb, const char *extra)
{
	size_t i;

	for (i = 0; i < s->npal; i++)
		if (s->pal[i] == rgb) {
			fprintf(s->f, " class=\"k%zu%s%s\"", i,
			    extra[0] ? " " : "", extra);
			return;
		}
	if (extra[0])
		fprintf(s->f, " class=\"%s\"", extra);
	fprintf(s->f, " style=\"fill:#%06x\"", (unsigned)(rgb & 0xffffff));
}

static void
box_attrs(struct svg *s, const struct lt_box *b)
{
	fputs(" x=\"", s->f);
	num(s->f, b->x);
	fputs("\" y=\"", s->f);
	num(s->f, b->y);
	fputs("\" width=\"", s->f);
	num(s->f, b->w);
	fputs("\" height=\"", s->f);
	num(s->f, b->h);
	putc('"', s->f);
}

static void
rect_cls(struct svg *s, const struct lt_box *b, const char *cls)
{
	fputs("<rect", s->f);
	box_attrs(s, b);
	fprintf(s->f, " class=\"%s\"/>\n", cls);
}

static void
rect_rgb(struct svg *s, const struct lt_box *b, uint32_t rgb)
{
	fputs("<rect", s->f);
	box_attrs(s, b);
	fill_attr(s, rgb, "");
	fputs("/>\n", s->f);
}

/* A filled shape with a tooltip (a kernel function's call): the browser's hover. */
static int
rect_tip(struct svg *s, const struct lt_box *b, uint32_t rgb, const char *tip)
{
	fputs("<rect", s->f);
	box_attrs(s, b);
	fill_attr(s, rgb, "");
	fputs("><title>", s->f);
	if (xml_puts_log(s->f, tip) == -1)
		return -1;
	fputs("</title></rect>\n", s->f);
	return 0;
}

/* paint.c's frame_box: a 1 px line on pixel centres. */
static void
frame(struct svg *s, const struct lt_box *b)
{
	struct lt_box fb = { floor(b->x) + 0.5, floor(b->y) + 0.5,
	    floor(b->w), floor(b->h) };

	rect_cls(s, &fb, "fr");
}

/* A layer that follows the time axis when zoomed, clipped to clip. */
static void
zoom_open(struct svg *s, const char *clip)
{
	fprintf(s->f, "<g clip-path=\"url(#%s)\"><g class=\"z\">\n", clip);
}

static void
zoom_close(struct svg *s)
{
	fputs("</g></g>\n", s->f);
}

/* The palette, the hatching tile and the clip paths. */
static void
defs(struct svg *s)
{
	const struct layout *l = s->l;
	size_t i;

	fputs("<style>\n", s->f);
	fputs(svg_css, s->f);
	for (i = 0; i < s->npal; i++)
		fprintf(s->f, ".k%zu{fill:#%06x}", i,
		    (unsigned)(s->pal[i] & 0xffffff));
	fprintf(s->f, ".hb{fill:#%06x}</style>\n<defs>\n", COL_HATCH);
	/* paint.c's hatch tile: one anti-diagonal line of pixels. */
	fputs("<pattern id=\"hatch\" width=\"6\" height=\"6\" "
	    "patternUnits=\"userSpaceOnUse\"><path class=\"hb\" d=\"", s->f);
	for (i = 0; i < 6; i++)
		fprintf(s->f, "M%zu %zuh1v1h-1z", 5 - i, i);
	fputs("\"/></pattern>\n", s->f);
	/* The script narrows this one to the time axis when zoomed. */
	fprintf(s->f, "<clipPath id=\"plot\"><rect id=\"plotclip\" x=\"0\" "
	    "y=\"0\" width=\"%d\" height=\"%d\"/></clipPath>\n", l->width,
	    l->height);
	fputs("</defs>\n", s->f);
}

static void
points(struct svg *s, const struct lt_poly *p, const struct lt_box *area)
{
	size_t i;

	fputs(" points=\"", s->f);
	if (area != NULL) {
		num(s->f, p->pts[0].x);
		putc(',', s->f);
		num(s->f, area->y + area->h);
		putc(' ', s->f);
	}
	for (i = 0; i < p->n; i++) {
		num(s->f, p->pts[i].x);
		putc(',', s->f);
		num(s->f, p->pts[i].y);
		putc(' ', s->f);
	}
	if (area != NULL) {
		num(s->f, p->pts[p->n - 1].x);
		putc(',', s->f);
		num(s->f, area->y + area->h);
	}
	putc('"', s->f);
}

/* A stacked-chart area: the polyline closed down to the box's bottom. */
static void
area(struct svg *s, const struct lt_poly *p, const struct lt_box *b,
    uint32_t rgb)
{
	if (p->n == 0)
		return;
	fputs("<polygon", s->f);
	points(s, p, b);
	fill_attr(s, rgb, "");
	fputs("/>\n", s->f);
}

/* A stroked series: class ln (page.css), its colour inline. */
static void
line(struct svg *s, const struct lt_poly *p, uint32_t rgb)
{
	if (p->n == 0)
		return;
	fputs("<polyline", s->f);
	points(s, p, NULL);
	fprintf(s->f, " class=\"ln\" style=\"stroke:#%06x\"/>\n",
	    (unsigned)(rgb & 0xffffff));
}

/*
 * A chart as paint.c's charts() draws it: its series in order, clipped
 * to its box (its own clip path), then its frame.  A new chart in the
 * layout is one more call with its list.
 */
static void
chart(struct svg *s, const struct lt_box *b, const struct lt_series *v,
    size_t n)
{
	size_t i;

	if (b->w <= 0 || b->h <= 0)
		return;
	fprintf(s->f, "<clipPath id=\"c%zu\">", ++s->nclips);
	rect_cls(s, b, "cb");
	fputs("</clipPath>\n", s->f);
	fprintf(s->f, "<g clip-path=\"url(#c%zu)\"><g class=\"z\">\n",
	    s->nclips);
	for (i = 0; i < n; i++)
		if (v[i].line)
			line(s, &v[i].poly, v[i].rgb);
		else
			area(s, &v[i].poly, b, v[i].rgb);
	zoom_close(s);
	frame(s, b);
}

static void
charts(struct svg *s)
{
	const struct layout *l = s->l;
	const struct lt_series cpu[] = {
		{ l->cpu_io, COL_IO, 0 },
		{ l->cpu_busy, COL_CPU, 0 },
		{ l->cpu_cmd, COL_CMD, 1 },
	};
	const struct lt_series disk[] = {
		{ l->disk_util, COL_IO, 0 },
		{ l->disk_tput, COL_TPUT, 1 },
	};
	const struct lt_chart *c;
	size_t i;

	/* The generic ones (memory, the compare chart's), as paint.c. */
	for (i = 0; i < l->ncharts; i++) {
		c = &l->charts[i];
		chart(s, &c->box, &l->series[c->series0], c->nseries);
	}
	chart(s, &l->cpu_box, cpu, sizeof(cpu) / sizeof(cpu[0]));
	chart(s, &l->disk_box, disk, sizeof(disk) / sizeof(disk[0]));
}

/* A vertical line at x (on a pixel centre) from y0 to y1, in a path. */
static void
vline(FILE *f, double x, double y0, double y1)
{
	putc('M', f);
	num(f, floor(x) + 0.5);
	putc(' ', f);
	num(f, y0);
	putc('V', f);
	num(f, y1);
}

static void
grid(struct svg *s)
{
	const struct layout *l = s->l;
	const struct lt_box *b = &l->proc_box;
	size_t i;
	int major;

	zoom_open(s, "plot");
	for (major = 0; major <= 1; major++) {
		fprintf(s->f, "<path class=\"%s\" d=\"", major ? "gm" : "gd");
		for (i = 0; i < l->nticks; i++)
			if (l->ticks[i].major == major)
				vline(s->f, l->ticks[i].x, b->y, b->y + b->h);
		fputs("\"/>\n", s->f);
	}
	zoom_close(s);
	frame(s, b);
}

/*
 * A row's dotted line, paint.c's dep_line without bands: the vertical
 * from its parent (the parent's last child draws it), cut to [lo, hi],
 * then the stub to its box.  A path per row: the browser skips those
 * off screen, where one path of thousands of dotted lines took it
 * seconds to draw on every frame.
 */
static void
dep_path(struct svg *s, const struct lt_row *r, double lo, double hi)
{
	double ym = floor(r->box.y + r->box.h / 2) + 0.5;

	fputs("<path class=\"dp\" d=\"", s->f);
	if (r->dep_vert && fmax(r->dep_y0, lo) <= fmin(ym, hi))
		vline(s->f, r->dep_x, fmax(r->dep_y0, lo), fmin(ym, hi));
	putc('M', s->f);
	num(s->f, floor(r->dep_x) + 0.5);
	putc(' ', s->f);
	num(s->f, ym);
	putc('H', s->f);
	num(s->f, r->box.x);
	fputs("\"/>\n", s->f);
}

static void
deps(struct svg *s)
{
	const struct layout *l = s->l;
	size_t i;

	zoom_open(s, "plot");
	for (i = 0; i < l->nrows; i++)
		if (l->rows[i].has_dep)
			dep_path(s, &l->rows[i], -INFINITY, INFINITY);
	zoom_close(s);
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
		fill_attr(s, rgb, "");
		fputs(" d=\"", s->f);
		for (k = j; k < r->ncells; k++) {
			c = &l->cells[r->cell0 + k];
			if (c->rgb != rgb)
				continue;
			putc('M', s->f);
			num(s->f, c->box.x);
			putc(' ', s->f);
			num(s->f, c->box.y);
			putc('h', s->f);
			num(s->f, c->box.w);
			putc('v', s->f);
			num(s->f, c->box.h);
			putc('h', s->f);
			num(s->f, -c->box.w);
			putc('z', s->f);
		}
		fputs("\"/>\n", s->f);
	}
}

/* One text; timed ones sit at their anchor, which the script keeps. */
static void
text(struct svg *s, const struct lt_text *t)
{
	static const char *const font_cls[LF_NFONTS] = { "F0", "F1", "" };
	static const char *const anchor_cls[] = { "", "", "tm", "te" };
	char cls[24];
	double x = t->box.x;
	int a = t->anchor >= LT_FIXED && t->anchor <= LT_END ? t->anchor :
	    LT_FIXED;

	if (t->s[0] == '\0')
		return;
	if (a == LT_MIDDLE)
		x += t->box.w / 2;
	else if (a == LT_END)
		x += t->box.w;
	snprintf(cls, sizeof(cls), "%s%s%s%s", font_cls[t->font % LF_NFONTS],
	    font_cls[t->font % LF_NFONTS][0] && anchor_cls[a][0] ? " " : "",
	    anchor_cls[a], t->role == LR_AXIS ? " ax" : "");
	fputs("<text x=\"", s->f);
	num(s->f, x);
	fputs("\" y=\"", s->f);
	num(s->f, t->baseline);
	putc('"', s->f);
	if (t->rgb != COL_TEXT)
		fill_attr(s, t->rgb, cls);
	else if (cls[0])
		fprintf(s->f, " class=\"%s\"", cls);
	putc('>', s->f);
	xml_puts(s->f, t->s);
	fputs("</text>\n", s->f);
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
	rect_cls(s, &r->box, "pb");
	cells(s, r);
	rect_cls(s, &r->box, "pf");
	if (s->doc == SVG_INLINE)
		fputs("</g>", s->f);
	if (r->text != SIZE_MAX)
		text(s, &s->l->texts[r->text]);
	fputs("</g>\n", s->f);
	return 0;
}

static int
rows(struct svg *s)
{
	size_t i, cursor = 0;

	zoom_open(s, "plot");
	for (i = 0; i < s->l->nrows; i++)
		if (row(s, i, &cursor) == -1)
			return -1;
	zoom_close(s);
	return 0;
}

/*
 * The page's rows come in bands of BAND_ROWS, each a group with its
 * extent (data-y0, data-y1), which page.js takes out of the page's
 * layout while it is off screen: a zoom step then lays out and paints
 * the rows in view only (docs/html.md).  A band holds its own pieces of
 * the dotted lines, cut at its edges, so that a parent's vertical
 * running through the screen shows there whichever bands end it.
 * Rows out of order down the page (none known) make one band.
 */
#define BAND_ROWS	32

/* A dotted line's vertical: row's, from band first down to band last. */
struct dvert {
	size_t row, first, last;
};

static size_t
nbands(const struct svg *s)
{
	return (s->l->nrows + s->band - 1) / s->band;
}

/* BAND_ROWS, or every row when they do not go down the page in order. */
static size_t
band_rows(const struct layout *l)
{
	size_t i;

	for (i = 1; i < l->nrows; i++)
		if (l->rows[i].box.y < l->rows[i - 1].box.y)
			return l->nrows;
	return BAND_ROWS;
}

/* Band b: from its first row's top to the next band's; the plot's ends outside. */
static void
band_span(const struct svg *s, size_t b, double *y0, double *y1)
{
	const struct layout *l = s->l;

	*y0 = b == 0 ? l->proc_box.y : l->rows[b * s->band].box.y;
	*y1 = b + 1 >= nbands(s) ? l->proc_box.y + l->proc_box.h :
	    l->rows[(b + 1) * s->band].box.y;
}

/* The band holding y: the last one starting at or above it. */
static size_t
band_at(const struct svg *s, double y)
{
	size_t lo = 0, hi = nbands(s), mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (s->l->rows[mid * s->band].box.y <= y)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static int
cmp_dvert(const void *a, const void *b)
{
	const struct dvert *x = a, *y = b;

	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return (x->row > y->row) - (x->row < y->row);
}

/* Row r's vertical within [lo, hi], where a band crossed by it cuts it. */
static void
dep_piece(struct svg *s, const struct lt_row *r, double lo, double hi)
{
	double a = fmax(r->dep_y0, lo);
	double z = fmin(floor(r->box.y + r->box.h / 2) + 0.5, hi);

	if (a >= z)
		return;
	fputs("<path class=\"dp\" d=\"", s->f);
	vline(s->f, r->dep_x, a, z);
	fputs("\"/>\n", s->f);
}

/*
 * Band b's verticals of rows further down (act[0..*nact), the ones
 * starting in b added from v at *next), then those ending in b dropped.
 */
static void
band_crossings(struct svg *s, size_t b, const struct dvert *v, size_t nv,
    size_t *next, size_t *act, size_t *nact, double y0, double y1)
{
	size_t i, kept = 0;

	while (*next < nv && v[*next].first <= b)
		act[(*nact)++] = (*next)++;
	for (i = 0; i < *nact; i++) {
		if (v[act[i]].last <= b)
			continue;
		dep_piece(s, &s->l->rows[v[act[i]].row], y0, y1);
		act[kept++] = act[i];
	}
	*nact = kept;
}

/*
 * Band b: its group, the dotted lines within it (scaled when zoomed:
 * class s), then its rows.
 */
static int
band(struct svg *s, size_t b, const struct dvert *v, size_t nv,
    size_t *next, size_t *act, size_t *nact, size_t *cursor)
{
	const struct layout *l = s->l;
	size_t i, end = (b + 1) * s->band;
	double y0, y1;

	band_span(s, b, &y0, &y1);
	fputs("<g class=\"rc\" data-y0=\"", s->f);
	num(s->f, y0);
	fputs("\" data-y1=\"", s->f);
	num(s->f, y1);
	fputs("\">\n<g class=\"s\">\n", s->f);
	band_crossings(s, b, v, nv, next, act, nact, y0, y1);
	for (i = b * s->band; i < end && i < l->nrows; i++)
		if (l->rows[i].has_dep)
			dep_path(s, &l->rows[i], y0, INFINITY);
	fputs("</g>\n", s->f);
	for (i = b * s->band; i < end && i < l->nrows; i++)
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
	const struct layout *l = s->l;
	struct dvert *v;
	size_t *act;
	size_t nv = 0, next = 0, nact = 0, b, i, cursor = 0;
	int rc = 0;

	if (l->nrows == 0)
		return 0;
	s->band = band_rows(l);
	v = calloc(l->nrows, sizeof(*v));
	act = calloc(l->nrows, sizeof(*act));
	if (v == NULL || act == NULL) {
		free(v);
		free(act);
		return -1;
	}
	for (i = 0; i < l->nrows; i++)
		if (l->rows[i].has_dep && l->rows[i].dep_vert)
			v[nv++] = (struct dvert){ i, band_at(s, l->rows[i].dep_y0),
			    i / s->band };
	qsort(v, nv, sizeof(*v), cmp_dvert);
	fputs("<g clip-path=\"url(#plot)\">\n", s->f);
	for (b = 0; rc == 0 && b < nbands(s); b++)
		rc = band(s, b, v, nv, &next, act, &nact, &cursor);
	fputs("</g>\n", s->f);
	free(v);
	free(act);
	return rc;
}

/* The marks' verticals over every chart, one path. */
static void
marks(struct svg *s)
{
	const struct layout *l = s->l;
	size_t i;

	if (l->nmarks == 0)
		return;
	zoom_open(s, "plot");
	fputs("<path class=\"mk\" d=\"", s->f);
	for (i = 0; i < l->nmarks; i++)
		vline(s->f, l->marks[i].x, l->cpu_box.y,
		    l->proc_box.y + l->proc_box.h);
	fputs("\"/>\n", s->f);
	zoom_close(s);
}

/* A stroke's class: svg.css has the lane's ticks and the frames. */
static void
stroke_attr(struct svg *s, const struct lt_shape *sh)
{
	if (sh->role == LR_KTICK && sh->rgb == COL_KMARK)
		fputs(" class=\"kt\"", s->f);
	else if (sh->draw == LD_FRAME && sh->rgb == COL_BORDER)
		fputs(" class=\"pf\"", s->f);
	else if (sh->draw == LD_FRAME)
		fprintf(s->f, " class=\"pf\" style=\"stroke:#%06x\"",
		    (unsigned)(sh->rgb & 0xffffff));
	else	/* 1 px, as paint.c strokes it (.ln is a series' 1.2) */
		fprintf(s->f, " style=\"fill:none;stroke:#%06x\"",
		    (unsigned)(sh->rgb & 0xffffff));
}

/* A run of lines of one role and colour from shape i, as one path. */
static size_t
shape_lines(struct svg *s, size_t i)
{
	const struct layout *l = s->l;
	const struct lt_shape *first = &l->shapes[i];
	const struct lt_box *b;

	fputs("<path", s->f);
	stroke_attr(s, first);
	fputs(" d=\"", s->f);
	for (; i < l->nshapes && l->shapes[i].draw == LD_LINE &&
	    l->shapes[i].role == first->role &&
	    l->shapes[i].rgb == first->rgb; i++) {
		b = &l->shapes[i].box;
		if (b->w == 0) {
			vline(s->f, b->x, b->y, b->y + b->h);
			continue;
		}
		putc('M', s->f);
		num(s->f, b->x);
		putc(' ', s->f);
		num(s->f, b->y);
		putc('L', s->f);
		num(s->f, b->x + b->w);
		putc(' ', s->f);
		num(s->f, b->y + b->h);
	}
	fputs("\"/>\n", s->f);
	return i;
}

/*
 * The plot's shapes in order (the kernel lane, the span before logging,
 * whose tile page.js keeps at its size when zoomed); the legend's
 * hatched square stays out of the zoomed layer.
 */
static void
shapes(struct svg *s)
{
	const struct layout *l = s->l;
	const struct lt_shape *sh;
	size_t i = 0;
	int hatched = 0;

	if (l->nshapes == 0)
		return;
	zoom_open(s, "plot");
	while (i < l->nshapes) {
		sh = &l->shapes[i];
		if (sh->draw == LD_LINE) {
			i = shape_lines(s, i);
			continue;
		}
		i++;
		if (sh->draw == LD_FILL && sh->tip != NULL)
			(void)rect_tip(s, &sh->box, sh->rgb, sh->tip);
		else if (sh->draw == LD_FILL)
			rect_rgb(s, &sh->box, sh->rgb);
		else if (sh->draw == LD_HATCH && sh->box.w > 0)
			rect_cls(s, &sh->box, "ht");
		hatched |= sh->draw == LD_HATCH;
		if (sh->draw != LD_FRAME)
			continue;
		fputs("<rect", s->f);
		box_attrs(s, &sh->box);
		stroke_attr(s, sh);
		fputs("/>\n", s->f);
	}
	zoom_close(s);
	for (i = 0; hatched && i < l->nswatches; i++)
		if (l->swatches[i].role == LR_SWATCH_HATCH)
			rect_cls(s, &l->swatches[i].box, "ht");
}

/*
 * The chrome's texts: fixed ones as they are; timed ones (axis, marks,
 * lane) in a zoom layer, the "not logged" ones on their clear ground.
 */
static void
texts(struct svg *s)
{
	const struct layout *l = s->l;
	const struct lt_box *b;
	size_t i;

	/* Rows' labels are painted with their rows. */
	for (i = 0; i < l->ntexts; i++)
		if (l->texts[i].role != LR_ROW_LABEL &&
		    l->texts[i].anchor == LT_FIXED)
			text(s, &l->texts[i]);
	/* In the page, only moved, never scaled (see bands()). */
	if (s->doc == SVG_INLINE)
		fputs("<g clip-path=\"url(#plot)\"><g class=\"zt\">\n", s->f);
	else
		zoom_open(s, "plot");
	for (i = 0; i < l->nchrome_texts; i++) {
		if (l->texts[i].role != LR_UNLOGGED)
			continue;
		b = &l->texts[i].box;
		fputs("<rect", s->f);
		box_attrs(s, &(struct lt_box){ b->x - 2, b->y, b->w + 4, b->h });
		fputs(" class=\"a bg\" data-a=\"", s->f);
		num(s->f, b->x + b->w / 2);
		fputs("\"/>\n", s->f);
	}
	for (i = 0; i < l->ntexts; i++)
		if (l->texts[i].role != LR_ROW_LABEL &&
		    l->texts[i].anchor != LT_FIXED)
			text(s, &l->texts[i]);
	zoom_close(s);
}

static void
swatches(struct svg *s)
{
	const struct layout *l = s->l;
	size_t i;

	for (i = 0; i < l->nswatches; i++) {
		rect_rgb(s, &l->swatches[i].box, l->swatches[i].rgb);
		if (l->swatches[i].role != LR_SWATCH_LINE)
			frame(s, &l->swatches[i].box);
	}
}

/* The axis labels' baseline, or -1 without labels. */
static double
axis_baseline(const struct layout *l)
{
	size_t i;

	for (i = 0; i < l->ntexts; i++)
		if (l->texts[i].role == LR_AXIS)
			return l->texts[i].baseline;
	return -1;
}

/* The page's script reads the chart's geometry from data- attributes. */
static void
page_attrs(FILE *f, const struct layout *l)
{
	fputs(" data-x0=\"", f);
	num(f, l->x0);
	fputs("\" data-t0=\"", f);
	num(f, (double)l->t0_us / USEC_PER_MS);	/* page.js counts in ms */
	/* The axis's time at x0 when not 0 (--window). */
	if (l->t0_us != l->origin_us) {
		fputs("\" data-o=\"", f);
		num(f, (double)(l->t0_us - l->origin_us) / USEC_PER_MS);
	}
	fprintf(f, "\" data-pxms=\"%.9g\" data-pw=\"", l->px_per_ms);
	num(f, l->proc_box.w);
	fputs("\" data-top=\"", f);
	num(f, l->proc_box.y);
	fputs("\" data-axis=\"", f);
	num(f, axis_baseline(l));
	putc('"', f);
}

int
svg_write(FILE *f, const struct layout *l, const struct report *r,
    enum svg_doc doc)
{
	struct svg s;

	memset(&s, 0, sizeof(s));
	s.f = f;
	s.l = l;
	s.r = r;
	s.doc = doc;
	pal_collect(&s);
	if (doc == SVG_FILE)
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	/* No unit: CSS pixels, as the layout counts. */
	fprintf(f, "<svg%s xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\"", doc == SVG_INLINE ?
	    " id=\"chart\"" : "", l->width, l->height, l->width, l->height);
	if (doc == SVG_INLINE)
		page_attrs(f, l);
	fputs(">\n", f);
	defs(&s);
	rect_cls(&s, &(struct lt_box){ 0, 0, l->width, l->height }, "bg");
	swatches(&s);
	charts(&s);
	grid(&s);
	if (doc == SVG_INLINE) {
		if (bands(&s) == -1)
			return -1;
	} else {
		deps(&s);
		if (rows(&s) == -1)
			return -1;
	}
	shapes(&s);
	marks(&s);
	texts(&s);
	fputs("</svg>\n", f);
	return 0;
}
