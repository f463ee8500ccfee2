/* graphdraw.c: a digraph (the wake-up graph, the call graph) laid out (graphplace.c), written as SVG of real text or painted with cairo as PNG (docs/wakeups.md, docs/trace.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "measure.h"
#include "pngout.h"
#include "graphdraw.h"
#include "graphplace.h"
#include "xmltext.h"

#define SIDE_MAX	32000.0	/* px: cairo's image surfaces stop at 32767 */
#define ARROW		9.0	/* px: an arrowhead's length */

/* A text centred at x, y, one line. */
static void
text_at(cairo_t *cr, double x, double y, const char *s)
{
	cairo_text_extents_t te;

	cairo_text_extents(cr, s, &te);
	cairo_move_to(cr, x - te.x_advance / 2, y - te.y_bearing / 2 -
	    te.height / 2);
	cairo_show_text(cr, s);
}

static void
paint_node(cairo_t *cr, const struct gpnode *n)
{
	cairo_save(cr);
	/* The last label's text left a current point: an arc would join it. */
	cairo_new_path(cr);
	if (n->ellipse) {
		cairo_translate(cr, n->x, n->y);
		cairo_scale(cr, n->w / 2, n->h / 2);
		cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
		cairo_restore(cr);
		cairo_save(cr);
		cairo_set_source_rgb(cr, 0.93, 0.93, 0.98);
	} else {
		cairo_rectangle(cr, n->x - n->w / 2, n->y - n->h / 2, n->w,
		    n->h);
		cairo_set_source_rgb(cr, 0.95, 0.97, 0.93);
	}
	if (n->filled)
		cairo_set_source_rgb(cr, n->rgb[0], n->rgb[1], n->rgb[2]);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_set_line_width(cr, 1.0);
	cairo_stroke(cr);
	cairo_restore(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	text_at(cr, n->x, n->y, n->label);
}

/* The arrowhead from `from` to the tip. */
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
paint_edge(cairo_t *cr, const struct gpedge *e)
{
	const double *p = e->pts;
	size_t i;

	cairo_set_source_rgb(cr, 0.3, 0.3, 0.5);
	if (e->npts >= 4) {
		cairo_new_path(cr);
		cairo_move_to(cr, p[0], p[1]);
		/* A start point, then (control, control, end) triples. */
		for (i = 1; i + 2 < e->npts; i += 3)
			cairo_curve_to(cr, p[2 * i], p[2 * i + 1],
			    p[2 * i + 2], p[2 * i + 3], p[2 * i + 4],
			    p[2 * i + 5]);
		cairo_stroke(cr);
		if (e->arrow)
			arrowhead(cr, p[2 * (i - 1)], p[2 * (i - 1) + 1],
			    e->ax, e->ay);
	}
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	text_at(cr, e->lx, e->ly, e->label);
}

static void
paint(cairo_t *cr, const struct gplace *p)
{
	size_t i;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	measure_font(cr, LF_LABEL);
	cairo_set_line_width(cr, 1.2);
	for (i = 0; i < p->ne; i++)
		paint_edge(cr, &p->e[i]);
	for (i = 0; i < p->nn; i++)
		paint_node(cr, &p->n[i]);
}

static int
png_to_file(void *arg, const unsigned char *p, size_t n)
{
	return fwrite(p, 1, n, arg) == n ? 0 : -1;
}

/*
 * The SVG is written, not painted: cairo's SVG surface turns every
 * label into glyph outlines, which no one can select, search or read
 * aloud.  The look is the PNG's: its colours, its 11 px label font.
 */
#define SVG_STYLE \
	"<style>text { font-family: \"DejaVu Sans\", sans-serif; " \
	"font-size: 11px; text-anchor: middle; fill: #1a1a1a; } " \
	".n rect, .n ellipse { stroke: #333333; stroke-width: 1; } " \
	".e path { fill: none; stroke: #4d4d80; stroke-width: 1.2; } " \
	".e polygon { fill: #4d4d80; }</style>\n"

void
graph_svg_node_open(FILE *f, const struct gpnode *n, const char *cls)
{
	fprintf(f, "<g class=\"%s\"><title>", cls);
	xml_puts(f, n->tip[0] != '\0' ? n->tip : n->label);
	fputs("</title>", f);
	if (n->ellipse)
		fprintf(f, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" "
		    "ry=\"%.1f\"", n->x, n->y, n->w / 2, n->h / 2);
	else
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\"", n->x - n->w / 2, n->y - n->h / 2,
		    n->w, n->h);
}

void
graph_svg_node_close(FILE *f, const struct gpnode *n)
{
	fprintf(f, "/><text x=\"%.1f\" y=\"%.1f\">", n->x, n->y + 4);
	xml_puts(f, n->label);
	fputs("</text></g>\n", f);
}

/* A node as a box or an ellipse, its label, its DOT tooltip as a title. */
static void
svg_node(FILE *f, const struct gpnode *n)
{
	double r = 0.93, g = 0.93, b = 0.98;

	if (!n->ellipse)
		r = 0.95, g = 0.97, b = 0.93;
	if (n->filled)
		r = n->rgb[0], g = n->rgb[1], b = n->rgb[2];
	graph_svg_node_open(f, n, "n");
	fprintf(f, " fill=\"#%02x%02x%02x\"", (unsigned)(r * 255 + 0.5),
	    (unsigned)(g * 255 + 0.5), (unsigned)(b * 255 + 0.5));
	graph_svg_node_close(f, n);
}

/* An edge: its spline, the PNG's arrowhead, its label, its tooltip. */
static void
svg_edge(FILE *f, const struct gpedge *e)
{
	const double *p = e->pts;
	double a;
	size_t i;

	fputs("<g class=\"e\"><title>", f);
	xml_puts(f, e->tip[0] != '\0' ? e->tip : e->label);
	fputs("</title>", f);
	if (e->npts >= 4) {
		fprintf(f, "<path d=\"M%.1f,%.1f", p[0], p[1]);
		for (i = 1; i + 2 < e->npts; i += 3)
			fprintf(f, " C%.1f,%.1f %.1f,%.1f %.1f,%.1f",
			    p[2 * i], p[2 * i + 1], p[2 * i + 2],
			    p[2 * i + 3], p[2 * i + 4], p[2 * i + 5]);
		fputs("\"/>", f);
		if (e->arrow) {
			a = atan2(e->ay - p[2 * (i - 1) + 1],
			    e->ax - p[2 * (i - 1)]);
			fprintf(f, "<polygon points=\"%.1f,%.1f %.1f,%.1f "
			    "%.1f,%.1f\"/>", e->ax, e->ay,
			    e->ax - ARROW * cos(a - 0.35),
			    e->ay - ARROW * sin(a - 0.35),
			    e->ax - ARROW * cos(a + 0.35),
			    e->ay - ARROW * sin(a + 0.35));
		}
	}
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", e->lx, e->ly + 4);
	xml_puts(f, e->label);
	fputs("</text></g>\n", f);
}

/* The layout as an SVG document of real text.  0, or -1 (a write failed). */
static int
write_svg(const struct gplace *p, FILE *f)
{
	size_t i;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.1f %.1f\">\n" SVG_STYLE
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
	    ceil(p->w), ceil(p->h), p->w, p->h);
	for (i = 0; i < p->ne; i++)
		svg_edge(f, &p->e[i]);
	for (i = 0; i < p->nn; i++)
		svg_node(f, &p->n[i]);
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
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

/* The layout painted as PNG, or written as SVG; 0, or -1 (cairo). */
static int
draw(const struct gplace *p, const char *format, FILE *f)
{
	double k = 1.0;
	cairo_surface_t *s;
	cairo_t *cr;
	int r;

	if (strcmp(format, "png") != 0)
		return write_svg(p, f);
	/* A graph too large for an image is scaled down to fit. */
	if (p->w > SIDE_MAX || p->h > SIDE_MAX)
		k = SIDE_MAX / (p->w > p->h ? p->w : p->h);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    (int)ceil(p->w * k), (int)ceil(p->h * k));
	cr = cairo_create(s);
	cairo_scale(cr, k, k);
	paint(cr, p);
	r = cairo_status(cr) != CAIRO_STATUS_SUCCESS ? -1 : 0;
	cairo_destroy(cr);
	if (r == 0)
		r = write_png(s, f);
	cairo_surface_finish(s);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		r = -1;
	cairo_surface_destroy(s);
	return r;
}

int
graphdraw(const char *dot, size_t len, const char *format, const char *what,
    FILE *f, struct diag *d)
{
	struct gplace p;
	int r = 0;

	if (graphplace(dot, len, what, &p, d) != 0)
		return -1;
	if (draw(&p, format, f) != 0)
		r = diag_error_status(d, EXIT_OUTPUT, "cannot draw the %s as "
		    "%s", what, format);
	gplace_free(&p);
	return r;
}

/*
 * One byte of a DOT quoted string.  A quote or a backslash gets a
 * backslash before it: DOT's scanner takes \" as a quote and \\ as a
 * pair, so a name's trailing backslash cannot take our closing quote,
 * and a doubled backslash is a plain one to Graphviz's escString, so a
 * name's \N, \G, \E, \T, \H, \L substitutes no name and its \n, \l, \r
 * breaks no line.  A control byte (printable text has none) is written
 * as escape_text's \xHH, so no raw newline reaches the scanner.
 */
static void
dot_byte(FILE *f, unsigned char c)
{
	if (c == '"' || c == '\\') {
		putc('\\', f);
		putc(c, f);
	} else if (c < 0x20 || c == 0x7f)
		fprintf(f, "\\\\x%02x", c);
	else
		putc(c, f);
}

void
graph_dot_str(FILE *f, const char *s)
{
	for (; *s != '\0'; s++)
		dot_byte(f, (unsigned char)*s);
}
