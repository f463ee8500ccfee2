/* chart.c: the cairo sink: a finished layout painted on the surface of its format (PNG in bands, encoded by us; EPS, PDF, SVG as glyphs) and written to an open output. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-ps.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>

#include "chart.h"
#include "layout.h"
#include "outputs.h"
#include "paint.h"
#include "pngout.h"
#include "sink.h"

#define BAND_ROWS	256	/* PNG is painted and encoded this many rows at a time */

static cairo_status_t
out_write(void *closure, const unsigned char *data, unsigned int len)
{
	return sink_write(closure, data, len) == 0 ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

static cairo_surface_t *
make_surface(enum chart_format f, const struct layout *l, struct sink *o)
{
	cairo_surface_t *s;

	switch (f) {
	case FMT_SVG_GLYPHS:
		return cairo_svg_surface_create_for_stream(out_write, o,
		    l->width, l->height);
	case FMT_EPS:
		s = cairo_ps_surface_create_for_stream(out_write, o,
		    l->width, l->height);
		cairo_ps_surface_set_eps(s, 1);
		return s;
	case FMT_PDF:
		return cairo_pdf_surface_create_for_stream(out_write, o,
		    l->width, l->height);
	default:
		return NULL;
	}
}

static int
png_sink_out(void *arg, const unsigned char *p, size_t n)
{
	return sink_write(arg, p, n);
}

/*
 * PNG: paint bands of BAND_ROWS rows into one small image surface and
 * encode each as it is done, so memory stays bounded and the height is
 * not limited by cairo's 32767-pixel image surfaces.
 */
static cairo_status_t
render_png(const struct layout *l, struct sink *o)
{
	cairo_status_t st = CAIRO_STATUS_SUCCESS;
	struct pngout *png;
	cairo_surface_t *s;
	cairo_t *cr;
	int y, n;

	if ((png = calloc(1, sizeof(*png))) == NULL)
		return CAIRO_STATUS_NO_MEMORY;
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, l->width,
	    l->height < BAND_ROWS ? l->height : BAND_ROWS);
	if ((st = cairo_surface_status(s)) != CAIRO_STATUS_SUCCESS)
		goto done;
	if (pngout_begin(png, l->width, l->height, png_sink_out, o) == -1) {
		st = o->err ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_NO_MEMORY;
		goto done;
	}
	for (y = 0; y < l->height && st == CAIRO_STATUS_SUCCESS; y += n) {
		n = l->height - y < BAND_ROWS ? l->height - y : BAND_ROWS;
		cr = cairo_create(s);
		cairo_translate(cr, 0, -y);
		st = paint_chart(cr, l, y, y + n);
		cairo_destroy(cr);
		cairo_surface_flush(s);
		if (st == CAIRO_STATUS_SUCCESS && pngout_rows(png,
		    cairo_image_surface_get_data(s),
		    cairo_image_surface_get_stride(s), n) == -1)
			st = o->err ? CAIRO_STATUS_WRITE_ERROR :
			    CAIRO_STATUS_NO_MEMORY;
	}
	if (st == CAIRO_STATUS_SUCCESS && pngout_end(png) == -1)
		st = o->err ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_NO_MEMORY;
done:
	pngout_free(png);
	free(png);
	cairo_surface_destroy(s);
	return st;
}

/* Draws into the open file; 0 or -1 with diag set. */
static int
render(const struct layout *l, enum chart_format f, struct sink *o,
    const char *path, struct diag *d)
{
	cairo_surface_t *s;
	cairo_status_t st;
	cairo_t *cr;

	if (f == FMT_PNG)
		st = render_png(l, o);
	else {
		s = make_surface(f, l, o);
		cr = cairo_create(s);
		st = paint_chart(cr, l, -INFINITY, INFINITY);
		cairo_destroy(cr);
		cairo_surface_finish(s);
		if (st == CAIRO_STATUS_SUCCESS)
			st = cairo_surface_status(s);
		cairo_surface_destroy(s);
	}
	if (st == CAIRO_STATUS_SUCCESS && o->err == 0)
		return 0;
	if (o->err != 0)
		return diag_error_status(d, EXIT_OUTPUT, "%s: %s", path,
		    strerror(o->err));
	if (st == CAIRO_STATUS_NO_MEMORY)
		return diag_error_status(d, EXIT_NOMEM, "%s: out of memory "
		    "drawing the chart", path);
	return diag_error_status(d, EXIT_OUTPUT, "%s: cannot draw: %s", path,
	    cairo_status_to_string(st));
}

int
out_chart(const struct out_job *j, struct outfile *of, struct diag *d)
{
	struct sink *o;
	int rc;

	if ((o = malloc(sizeof(*o))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	sink_init(o, of->fd, 0);
	rc = render(j->layout, j->format, o, of->shown, d);
	free(o);
	return rc;
}

void
chart_release_fonts(void)
{
	cairo_debug_reset_static_data();
	FcFini();
}
