/* wakedraw.c: the wake-up graph's DOT laid out by Graphviz's dot layout (libgvc) and painted with cairo as SVG or PNG (docs/wakeups.md). */
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-svg.h>
#include <cairo.h>
#include <graphviz/gvc.h>
#include <graphviz/gvplugin.h>
#include <graphviz/types.h>

#include "measure.h"
#include "pngout.h"
#include "wakedraw.h"

#define MARGIN		16.0	/* px around the graph */
#define SIDE_MAX	32000.0	/* px: cairo's image surfaces stop at 32767 */
#define ARROW		9.0	/* px: an arrowhead's length */

/*
 * Graphviz's dot layout plugin, by the path pkg-config gives (Makefile):
 * only it is loaded, no plugin configuration is read (docs/dependencies.md).
 */
#ifndef GV_DOT_LAYOUT
#define GV_DOT_LAYOUT	"libgvplugin_dot_layout.so.6"
#endif
#define GV_DOT_LIBRARY	"gvplugin_dot_layout_LTX_library"

/* Where the painting goes, and the layout's frame: y grows down. */
struct canvas {
	cairo_t *cr;
	double h;	/* the layout's height, points */
};

static void
to_px(const struct canvas *c, pointf p, double *x, double *y)
{
	*x = MARGIN + p.x;
	*y = MARGIN + c->h - p.y;
}

/* A text centred at p (the layout's), one line. */
static void
text_at(const struct canvas *c, pointf p, const char *s)
{
	cairo_text_extents_t te;
	double x, y;

	to_px(c, p, &x, &y);
	cairo_text_extents(c->cr, s, &te);
	cairo_move_to(c->cr, x - te.x_advance / 2, y - te.y_bearing / 2 -
	    te.height / 2);
	cairo_show_text(c->cr, s);
}

static void
paint_node(const struct canvas *c, Agnode_t *n)
{
	double x, y, w = ND_width(n) * 72.0, h = ND_height(n) * 72.0;
	const char *shape = agget(n, "shape");

	to_px(c, ND_coord(n), &x, &y);
	cairo_save(c->cr);
	/* The last label's text left a current point: an arc would join it. */
	cairo_new_path(c->cr);
	if (shape != NULL && strcmp(shape, "ellipse") == 0) {
		cairo_translate(c->cr, x, y);
		cairo_scale(c->cr, w / 2, h / 2);
		cairo_arc(c->cr, 0, 0, 1, 0, 2 * M_PI);
		cairo_restore(c->cr);
		cairo_save(c->cr);
		cairo_set_source_rgb(c->cr, 0.93, 0.93, 0.98);
	} else {
		cairo_rectangle(c->cr, x - w / 2, y - h / 2, w, h);
		cairo_set_source_rgb(c->cr, 0.95, 0.97, 0.93);
	}
	cairo_fill_preserve(c->cr);
	cairo_set_source_rgb(c->cr, 0.2, 0.2, 0.2);
	cairo_set_line_width(c->cr, 1.0);
	cairo_stroke(c->cr);
	cairo_restore(c->cr);
	if (ND_label(n) != NULL && ND_label(n)->text != NULL)
		text_at(c, ND_coord(n), ND_label(n)->text);
}

/* The arrowhead from `from` to the tip, in px. */
static void
arrowhead(cairo_t *cr, double fx, double fy, double tx, double ty)
{
	double a = atan2(ty - fy, tx - fx);

	cairo_move_to(cr, tx, ty);
	cairo_line_to(cr, tx - ARROW * cos(a - 0.35), ty - ARROW * sin(a - 0.35));
	cairo_line_to(cr, tx - ARROW * cos(a + 0.35), ty - ARROW * sin(a + 0.35));
	cairo_close_path(cr);
	cairo_fill(cr);
}

static void
paint_edge(const struct canvas *c, Agedge_t *e)
{
	bezier *bz;
	double x[3], y[3], lx, ly;
	size_t i;
	int k;

	if (ED_spl(e) == NULL || ED_spl(e)->size < 1 ||
	    (bz = &ED_spl(e)->list[0])->size < 4)
		return;
	cairo_set_source_rgb(c->cr, 0.3, 0.3, 0.5);
	to_px(c, bz->list[0], &lx, &ly);
	cairo_move_to(c->cr, lx, ly);
	/* A start point, then (control, control, end) triples. */
	for (i = 1; i + 2 < (size_t)bz->size; i += 3) {
		for (k = 0; k < 3; k++)
			to_px(c, bz->list[i + (size_t)k], &x[k], &y[k]);
		cairo_curve_to(c->cr, x[0], y[0], x[1], y[1], x[2], y[2]);
		lx = x[2];
		ly = y[2];
	}
	cairo_stroke(c->cr);
	if (bz->eflag) {
		to_px(c, bz->ep, &x[0], &y[0]);
		arrowhead(c->cr, lx, ly, x[0], y[0]);
	}
	cairo_set_source_rgb(c->cr, 0.1, 0.1, 0.1);
	if (ED_label(e) != NULL && ED_label(e)->text != NULL)
		text_at(c, ED_label(e)->pos, ED_label(e)->text);
}

static void
paint(const struct canvas *c, Agraph_t *g)
{
	Agnode_t *n;
	Agedge_t *e;

	cairo_set_source_rgb(c->cr, 1, 1, 1);
	cairo_paint(c->cr);
	measure_font(c->cr, LF_LABEL);
	cairo_set_line_width(c->cr, 1.2);
	for (n = agfstnode(g); n != NULL; n = agnxtnode(g, n))
		for (e = agfstout(g, n); e != NULL; e = agnxtout(g, e))
			paint_edge(c, e);
	cairo_set_source_rgb(c->cr, 0, 0, 0);
	for (n = agfstnode(g); n != NULL; n = agnxtnode(g, n)) {
		paint_node(c, n);
		cairo_set_source_rgb(c->cr, 0, 0, 0);
	}
}

static cairo_status_t
to_file(void *arg, const unsigned char *p, unsigned int n)
{
	return fwrite(p, 1, n, arg) == n ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

static int
png_to_file(void *arg, const unsigned char *p, size_t n)
{
	return fwrite(p, 1, n, arg) == n ? 0 : -1;
}

/* The painted image as PNG, through the charts' encoder.  0 or -1. */
static int
write_png(cairo_surface_t *s, FILE *f)
{
	struct pngout *po;
	int r;

	cairo_surface_flush(s);
	if ((po = calloc(1, sizeof(*po))) == NULL)
		return -1;
	r = pngout_begin(po, cairo_image_surface_get_width(s),
	    cairo_image_surface_get_height(s), png_to_file, f) != 0 ||
	    pngout_rows(po, cairo_image_surface_get_data(s),
	    cairo_image_surface_get_stride(s),
	    cairo_image_surface_get_height(s)) != 0 ||
	    pngout_end(po) != 0 ? -1 : 0;
	pngout_free(po);
	free(po);
	return r;
}

/* The laid-out graph painted on a surface of format; 0, or -1 (cairo). */
static int
draw(Agraph_t *g, const char *format, FILE *f)
{
	boxf bb = GD_bb(g);
	double w = bb.UR.x - bb.LL.x + 2 * MARGIN, h = bb.UR.y - bb.LL.y +
	    2 * MARGIN, k = 1.0;
	struct canvas c;
	cairo_surface_t *s;
	int png = strcmp(format, "png") == 0, r;

	/* A graph too wide for an image is scaled down to fit. */
	if (png && (w > SIDE_MAX || h > SIDE_MAX))
		k = SIDE_MAX / (w > h ? w : h);
	s = png ? cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    (int)ceil(w * k), (int)ceil(h * k)) :
	    cairo_svg_surface_create_for_stream(to_file, f, w, h);
	c.cr = cairo_create(s);
	c.h = bb.UR.y - bb.LL.y;
	cairo_scale(c.cr, k, k);
	cairo_translate(c.cr, -bb.LL.x, bb.LL.y);
	paint(&c, g);
	r = cairo_status(c.cr) != CAIRO_STATUS_SUCCESS ? -1 : 0;
	cairo_destroy(c.cr);
	if (r == 0 && png)
		r = write_png(s, f);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		r = -1;
	cairo_surface_destroy(s);
	return r;
}

/* The graph laid out and drawn with the dot layout's library. */
static int
layout_draw(void *dotlib, char *text, const char *format, FILE *f,
    struct diag *d)
{
	lt_symlist_t builtins[] = {
		{ GV_DOT_LIBRARY, dlsym(dotlib, GV_DOT_LIBRARY) },
		{ NULL, NULL }
	};
	GVC_t *gvc;
	Agraph_t *g;
	int r = -1;

	if (builtins[0].address == NULL)
		return diag_error_status(d, EXIT_OUTPUT, "Graphviz: no %s in "
		    "%s", GV_DOT_LIBRARY, GV_DOT_LAYOUT);
	/* Graphviz's own messages: its errors only, not its layout warnings. */
	agseterr(AGERR);
	if ((gvc = gvContextPlugins(builtins, 0)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	if ((g = agmemread(text)) == NULL)
		diag_error_status(d, EXIT_NOMEM, "Graphviz could not read the "
		    "wake-up graph");
	else {
		/*
		 * Wakers left, waiters right: [irq] wakes hundreds, a column
		 * of them scrolls where a row would be too wide to read.
		 */
		agattr(g, AGRAPH, "rankdir", "LR");
		/* Sizes as the labels will be painted (measure.c's label font). */
		agattr(g, AGNODE, "fontsize", "12");
		agattr(g, AGEDGE, "fontsize", "12");
		agattr(g, AGNODE, "fontname", "Helvetica");
		agattr(g, AGEDGE, "fontname", "Helvetica");
		if (gvLayout(gvc, g, "dot") != 0)
			diag_error_status(d, EXIT_NOMEM, "Graphviz could not "
			    "lay out the wake-up graph");
		else if (draw(g, format, f) != 0)
			diag_error_status(d, EXIT_OUTPUT, "cannot draw the "
			    "wake-up graph as %s", format);
		else
			r = 0;
		gvFreeLayout(gvc, g);
		agclose(g);
	}
	gvFreeContext(gvc);
	return r;
}

int
wakedraw(const char *dot, size_t len, const char *format, FILE *f,
    struct diag *d)
{
	void *lib;
	char *text;
	int r;

	if ((lib = dlopen(GV_DOT_LAYOUT, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return diag_error_status(d, EXIT_OUTPUT, "Graphviz's dot "
		    "layout cannot be loaded: %s", dlerror());
	/* agmemread wants a string. */
	if ((text = malloc(len + 1)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	memcpy(text, dot, len);
	text[len] = '\0';
	r = layout_draw(lib, text, format, f, d);
	free(text);
	/*
	 * Not closed: the layout keeps buffers in its own static variables
	 * (reused by the next layout), which an unloaded library would leak.
	 */
	return r;
}
