/* fuzz_chart.c: libFuzzer target: archive bytes (or a trace.dat, the member of a one-process log: decoded, analysed, exact rows and critical path) to the tree, the layout, two PNG bands and the whole chart as SVG, all in memory. */
#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "caps.h"
#include "chart.h"
#include "outputs.h"
#include "boot.h"
#include "layout.h"
#include "paint.h"
#include "pngout.h"
#include "report.h"
#include "svg.h"
#include "bootlog.h"
#include "logfiles.h"
#include "logparse.h"
#include "parse.h"
#include "tracedat.h"


int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define BAND_H		256	/* rows of a band, as chart.c paints PNG */
#define BAND_W_MAX	2048	/* a wider chart is clipped to the band's surface */
#define PNG_MAX		((size_t)4 << 20)	/* bytes one band may encode to */
#define SVG_MAX		((size_t)16 << 20)	/* bytes of SVG taken before refusing */

/* Counts what an encoder writes and refuses past max. */
struct fsink {
	size_t n, max;
};

static int
fsink_take(void *arg, const unsigned char *p, size_t n)
{
	struct fsink *s = arg;

	(void)p;
	if (n > s->max - s->n)
		return -1;
	s->n += n;
	return 0;
}

static cairo_status_t
svg_take(void *arg, const unsigned char *p, unsigned int n)
{
	return fsink_take(arg, p, n) == 0 ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

/*
 * Paints the band of the chart that starts at y (a multiple of BAND_H,
 * as chart.c cuts them) into a small image surface and encodes it as a
 * PNG of its own.
 */
static void
png_band(const struct layout *l, int y)
{
	struct fsink sk = { 0, PNG_MAX };
	struct pngout *png;
	cairo_surface_t *s;
	cairo_t *cr;
	int w, n;

	if (y < 0 || y >= l->height)
		return;
	w = l->width < BAND_W_MAX ? l->width : BAND_W_MAX;
	n = l->height - y < BAND_H ? l->height - y : BAND_H;
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, n);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return;
	}
	cr = cairo_create(s);
	cairo_translate(cr, 0, -y);
	if (paint_chart(cr, l, y, y + n) == CAIRO_STATUS_SUCCESS &&
	    (png = calloc(1, sizeof(*png))) != NULL) {
		cairo_surface_flush(s);
		if (pngout_begin(png, w, n, fsink_take, &sk) == 0 &&
		    pngout_rows(png, cairo_image_surface_get_data(s),
		    cairo_image_surface_get_stride(s), n) == 0)
			(void)pngout_end(png);
		pngout_free(png);
		free(png);
	}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

/*
 * The whole chart as SVG, as chart.c draws a vector format.  A vector
 * layout differs from a PNG one only in its caps (layout.c): within
 * them, the PNG layout is the SVG one.
 */
static void
svg_whole(const struct layout *l)
{
	struct fsink sk = { 0, SVG_MAX };
	cairo_surface_t *s;
	cairo_t *cr;

	if (l->nrows > CAP_VECTOR_ROWS || l->ncells > CAP_VECTOR_CELLS)
		return;
	s = cairo_svg_surface_create_for_stream(svg_take, &sk, l->width,
	    l->height);
	cr = cairo_create(s);
	(void)paint_chart(cr, l, -INFINITY, INFINITY);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_surface_destroy(s);
}

/*
 * Our SVG (svg.c, -f svg and the -f html page) of the same layout, with
 * the report's tooltips, into /dev/null: it streams, so only what it
 * reads can go wrong.
 */
static void
svg_ours(const struct layout *l, const struct boot *b, struct diag *d)
{
	struct report r;
	FILE *f;

	if (l->nrows > CAP_VECTOR_ROWS || l->ncells > CAP_VECTOR_CELLS)
		return;
	if ((f = fopen("/dev/null", "w")) == NULL)
		return;
	if (report_make(&r, b, 0, d) == 0) {
		(void)svg_write(f, l, &r, SVG_FILE);
		report_free(&r);
	}
	(void)svg_write(f, l, NULL, SVG_INLINE);
	fclose(f);
}

/* The top band (header, CPU and disk charts) and the one of the middle row. */
static void
draw(const struct boot *b, const struct chart_opts *o, struct diag *d)
{
	struct layout l;
	double mid;

	if (layout_make(&l, b, o, d) != 0)
		return;
	png_band(&l, 0);
	mid = l.proc_box.y + (double)(l.nrows / 2) * l.row_h;
	png_band(&l, (int)(mid / BAND_H) * BAND_H);
	svg_whole(&l);
	svg_ours(&l, b, d);
	layout_free(&l);
}

/* cairo's and fontconfig's caches, freed at exit as main.c does: no leak report. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	atexit(chart_release_fonts);
	return 0;
}

/*
 * A trace.dat as the member of a log of one sampled process, as
 * fuzz_trace.c's member mode: the stages after parsing decode it and
 * run the analyses (tboot, exact states, wake-ups, the critical path),
 * so the chart has exact rows, critical-path bars and a flame chart to
 * lay out.
 */
static int
read_trace(struct boot_read *b, const uint8_t *data, size_t size,
    const struct boot_opts *bo, struct diag *d)
{
	static const char ps[] = "100\n1 (init) S 0 1 1 0 -1 0 0 0 0 0 1 1 "
	    "0 0 20 0 1 0 5 0 0\n\n";
	struct logparse lp;

	logparse_init(&lp, &b->log);
	if (logstream_buffer(&lp, LOG_PROC_PS, ps, sizeof(ps) - 1, d) != 0 ||
	    logstream_buffer(&lp, LOG_TRACE, data, size, d) != 0) {
		logparse_free(&lp);
		return -1;
	}
	b->tf = lp.trace;
	memset(&lp.trace, 0, sizeof(lp.trace));
	if (logparse_finish(&lp, d) != 0)
		return -1;
	return boot_read_stages(b, bo, d);
}

/*
 * Options come from the input's length (no byte of a compressed archive
 * is free to steer them): PIDs, command lines, no pruning, a crop and an
 * annotation at the first root's first child, --strict, --per-cpu.
 */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct boot_opts bo;
	struct boot_read b;
	struct diag d;
	struct chart_opts o;
	const struct proctree *pt;
	const char *name = NULL;
	int rc;

	diag_init(&d, "fuzz");
	d.out = NULL;	/* findings are crashes, not messages */
	boot_read_init(&b);
	memset(&bo, 0, sizeof(bo));
	memset(&o, 0, sizeof(o));
	o.format = FMT_PNG;
	o.show_pid = size & 1;
	o.show_all = (size & 2) != 0;
	bo.tree = tree_pruned;
	bo.tree.prune = (size & 4) == 0;
	bo.tree.strict = o.strict = (size & 16) != 0;
	o.per_cpu = (size & 32) != 0;
	bo.exact.cpu_runs = o.per_cpu;	/* as main.c: the runs kept when drawn */
	if (size >= TDAT_MAGIC_LEN &&
	    memcmp(data, TDAT_MAGIC, TDAT_MAGIC_LEN) == 0)
		rc = read_trace(&b, data, size, &bo, &d);
	else
		rc = boot_read_memory(&b, data, size, "fuzz.tgz", &bo, &d);
	if (rc == 0) {
		pt = &b.tree;
		if (pt->nroots > 0 && pt->roots[0]->nchildren > 0)
			name = pt->roots[0]->children[0]->name;
		if (name != NULL && (size & 8) != 0) {
			o.crop_after = name;
			o.annotate = &name;
			o.nannotate = 1;
		}
		draw(&b.view, &o, &d);
	}
	boot_read_free(&b);
	return 0;
}
