/* svg.c: the second painter: walks the same layout as paint.c and writes SVG elements with real text instead of cairo calls (-f svg, svgz, html). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg_assets.h"
#include "svg_int.h"
#include "xmltext.h"

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

static void
rect_rgb(struct svg *s, const struct lt_box *b, uint32_t rgb)
{
	fputs("<rect", s->f);
	svg_box(s, b);
	svg_fill(s, rgb, "");
	fputs("/>\n", s->f);
}

/* A filled shape with a tooltip (a kernel function's call): the browser's hover. */
static int
rect_tip(struct svg *s, const struct lt_box *b, uint32_t rgb, const char *tip)
{
	fputs("<rect", s->f);
	svg_box(s, b);
	svg_fill(s, rgb, "");
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

	svg_rect(s, &fb, "fr");
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
		svg_num(s->f, p->pts[0].x);
		putc(',', s->f);
		svg_num(s->f, area->y + area->h);
		putc(' ', s->f);
	}
	for (i = 0; i < p->n; i++) {
		svg_num(s->f, p->pts[i].x);
		putc(',', s->f);
		svg_num(s->f, p->pts[i].y);
		putc(' ', s->f);
	}
	if (area != NULL) {
		svg_num(s->f, p->pts[p->n - 1].x);
		putc(',', s->f);
		svg_num(s->f, area->y + area->h);
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
	svg_fill(s, rgb, "");
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
	svg_rect(s, b, "cb");
	fputs("</clipPath>\n", s->f);
	fprintf(s->f, "<g clip-path=\"url(#c%zu)\"><g class=\"z\">\n",
	    s->nclips);
	for (i = 0; i < n; i++)
		if (v[i].line)
			line(s, &v[i].poly, v[i].rgb);
		else
			area(s, &v[i].poly, b, v[i].rgb);
	svg_zoom_close(s);
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

static void
grid(struct svg *s)
{
	const struct layout *l = s->l;
	const struct lt_box *b = &l->proc_box;
	size_t i;
	int major;

	svg_zoom_open(s, "plot");
	for (major = 0; major <= 1; major++) {
		fprintf(s->f, "<path class=\"%s\" d=\"", major ? "gm" : "gd");
		for (i = 0; i < l->nticks; i++)
			if (l->ticks[i].major == major)
				svg_vline(s->f, l->ticks[i].x, b->y, b->y + b->h);
		fputs("\"/>\n", s->f);
	}
	svg_zoom_close(s);
	frame(s, b);
}

/* The marks' verticals over every chart, one path. */
static void
marks(struct svg *s)
{
	const struct layout *l = s->l;
	size_t i;

	if (l->nmarks == 0)
		return;
	svg_zoom_open(s, "plot");
	fputs("<path class=\"mk\" d=\"", s->f);
	for (i = 0; i < l->nmarks; i++)
		svg_vline(s->f, l->marks[i].x, l->cpu_box.y,
		    l->proc_box.y + l->proc_box.h);
	fputs("\"/>\n", s->f);
	svg_zoom_close(s);
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
			svg_vline(s->f, b->x, b->y, b->y + b->h);
			continue;
		}
		putc('M', s->f);
		svg_num(s->f, b->x);
		putc(' ', s->f);
		svg_num(s->f, b->y);
		putc('L', s->f);
		svg_num(s->f, b->x + b->w);
		putc(' ', s->f);
		svg_num(s->f, b->y + b->h);
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
	svg_zoom_open(s, "plot");
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
			svg_rect(s, &sh->box, "ht");
		hatched |= sh->draw == LD_HATCH;
		if (sh->draw != LD_FRAME)
			continue;
		fputs("<rect", s->f);
		svg_box(s, &sh->box);
		stroke_attr(s, sh);
		fputs("/>\n", s->f);
	}
	svg_zoom_close(s);
	for (i = 0; hatched && i < l->nswatches; i++)
		if (l->swatches[i].role == LR_SWATCH_HATCH)
			svg_rect(s, &l->swatches[i].box, "ht");
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
			svg_text(s, &l->texts[i]);
	svg_timed_open(s);
	for (i = 0; i < l->nchrome_texts; i++) {
		if (l->texts[i].role != LR_UNLOGGED)
			continue;
		b = &l->texts[i].box;
		fputs("<rect", s->f);
		svg_box(s, &(struct lt_box){ b->x - 2, b->y, b->w + 4, b->h });
		fputs(" class=\"a bg\" data-a=\"", s->f);
		svg_num(s->f, b->x + b->w / 2);
		fputs("\"/>\n", s->f);
	}
	for (i = 0; i < l->ntexts; i++)
		if (l->texts[i].role != LR_ROW_LABEL &&
		    l->texts[i].anchor != LT_FIXED)
			svg_text(s, &l->texts[i]);
	svg_zoom_close(s);
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
	svg_num(f, l->x0);
	fputs("\" data-t0=\"", f);
	svg_num(f, (double)l->t0_us / USEC_PER_MS);	/* page.js counts in ms */
	/* The axis's time at x0 when not 0 (--window). */
	if (l->t0_us != l->origin_us) {
		fputs("\" data-o=\"", f);
		svg_num(f, (double)(l->t0_us - l->origin_us) / USEC_PER_MS);
	}
	fprintf(f, "\" data-pxms=\"%.9g\" data-pw=\"", l->px_per_ms);
	svg_num(f, l->proc_box.w);
	fputs("\" data-top=\"", f);
	svg_num(f, l->proc_box.y);
	fputs("\" data-axis=\"", f);
	svg_num(f, axis_baseline(l));
	if (l->labels_beside)
		fputs("\" data-beside=\"1", f);
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
	svg_rect(&s, &(struct lt_box){ 0, 0, l->width, l->height }, "bg");
	swatches(&s);
	charts(&s);
	grid(&s);
	if (svg_rows(&s) == -1)
		return -1;
	shapes(&s);
	marks(&s);
	texts(&s);
	fputs("</svg>\n", f);
	return 0;
}
