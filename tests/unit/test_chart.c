/* test_chart.c: every output format of a chart written, read back and checked against the layout and each other. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <zlib.h>

#include "testutil.h"
#include "synth.h"
#include "chartfile.h"
#include "layoutcheck.h"

#include "chart.h"
#include "outputs.h"
#include "layout.h"

/*
 * cairo numbers its surfaces with a process-wide counter that ends up in
 * the SVG ids, so two renders in one process differ in those ids.  A
 * forked child starts from the same counter: renders forked from one
 * state are byte-comparable (as two runs of the CLI are).
 */
static void
render_forked(const struct bootlog *t, struct proctree *tree,
    struct chart_opts *o, enum chart_format fmt, const char *path)
{
	struct diag d;
	pid_t pid;
	int st;

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		diag_init(&d, "test");
		o->format = fmt;
		_exit(chart_write(BOOT_OF(t, tree, ms_of(t, tree)), o, path, &d) == 0 ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

static int
in_text(const struct layout *l, int x, int y)
{
	const struct lt_box *b;
	size_t i;

	for (i = 0; i < l->ntexts; i++) {
		b = &l->texts[i].box;
		if (x >= b->x - 2 && x <= b->x + b->w + 2 && y >= b->y - 2 &&
		    y <= b->y + b->h + 2)
			return 1;
	}
	return 0;
}

/*
 * Mean absolute difference per channel between an SVG rasterised by
 * librsvg and our PNG: over the whole image, and outside the text.
 */
static void
svg_vs_png(const char *svg, const struct img *png, const struct layout *l,
    double *all, double *shapes)
{
	RsvgRectangle vp = { 0, 0, png->w, png->h };
	cairo_surface_t *s;
	GError *err = NULL;
	RsvgHandle *h;
	unsigned char *data;
	double sum = 0, ssum = 0, d;
	uint32_t c, *row;
	int x, y, stride, k;
	size_t sn = 0;
	cairo_t *cr;

	h = rsvg_handle_new_from_file(svg, &err);
	assert_non_null(h);
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, png->w, png->h);
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	assert_true(rsvg_handle_render_document(h, cr, &vp, &err));
	cairo_destroy(cr);
	cairo_surface_flush(s);
	data = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	for (y = 0; y < png->h; y++) {
		row = (uint32_t *)(void *)(data + (size_t)y * stride);
		for (x = 0; x < png->w; x++) {
			c = pixel(png, x, y);
			d = 0;
			for (k = 0; k < 24; k += 8)
				d += abs((int)((row[x] >> k) & 0xff) -
				    (int)((c >> k) & 0xff));
			sum += d;
			if (d > 0 && in_text(l, x, y))
				continue;
			ssum += d;
			sn++;
		}
	}
	cairo_surface_destroy(s);
	g_object_unref(h);
	*all = sum / ((double)png->w * png->h * 3);
	*shapes = ssum / ((double)sn * 3);
}

/*
 * svg_vs_png in a child: librsvg draws our <text> through pango, whose
 * font map keeps cairo fonts alive to the end, and chart_release_fonts
 * (cairo_debug_reset_static_data) asserts that none is.
 */
static void
svg_vs_png_forked(const char *svg, const struct img *png,
    const struct layout *l, double *all, double *shapes)
{
	double v[2] = { -1, -1 };
	int p[2], st;
	pid_t pid;

	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(p[0]);
		svg_vs_png(svg, png, l, &v[0], &v[1]);
		_exit(write(p[1], v, sizeof(v)) == (ssize_t)sizeof(v) ? 0 : 1);
	}
	close(p[1]);
	assert_int_equal(read(p[0], v, sizeof(v)), (ssize_t)sizeof(v));
	close(p[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	*all = v[0];
	*shapes = v[1];
}

static unsigned char *
gunzip(const unsigned char *in, size_t n, size_t *outlen)
{
	size_t cap = n * 8 + 1024;
	unsigned char *out = malloc(cap);
	z_stream z;
	int zr;

	assert_non_null(out);
	memset(&z, 0, sizeof(z));
	assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	for (;;) {
		z.next_out = out + z.total_out;
		z.avail_out = (uInt)(cap - z.total_out);
		zr = inflate(&z, Z_NO_FLUSH);
		if (zr == Z_STREAM_END)
			break;
		assert_int_equal(zr, Z_OK);
		cap *= 2;
		out = realloc(out, cap);
		assert_non_null(out);
	}
	*outlen = z.total_out;
	inflateEnd(&z);
	return out;
}

static void
test_format_names(void **state)
{
	enum chart_format f;

	assert_int_equal(chart_format_parse("svgz", &f), 0);
	assert_int_equal(f, FMT_SVGZ);
	assert_int_equal(chart_format_parse("PDF", &f), 0);
	assert_int_equal(f, FMT_PDF);
	assert_int_equal(chart_format_parse("jpeg", &f), -1);
	for (f = FMT_PNG; f <= FMT_PDF; f++) {
		enum chart_format g;

		assert_int_equal(chart_format_parse(chart_format_ext(f), &g),
		    0);
		assert_int_equal(g, f);
	}
}

/* All five formats of one chart agree with the layout and each other. */
static void
check_formats(const struct chartdir *f, const struct bootlog *t,
    struct proctree *tree, const char *stem)
{
	struct chart_opts o = { 0 };
	char png[300], svg[300], svgz[300], pdf[300], eps[300], cmd[700];
	unsigned char *zbuf, *plain;
	char *sbuf, line[256];
	size_t zlen, slen, plen;
	struct layout l;
	struct img im;
	double pw = 0, ph = 0, diff, sdiff;
	FILE *p;

	snprintf(png, sizeof(png), "%s.png", path_in(f, stem));
	snprintf(svg, sizeof(svg), "%s.svg", path_in(f, stem));
	snprintf(svgz, sizeof(svgz), "%s.svgz", path_in(f, stem));
	snprintf(pdf, sizeof(pdf), "%s.pdf", path_in(f, stem));
	snprintf(eps, sizeof(eps), "%s.eps", path_in(f, stem));
	render_tt(t, tree, &o, FMT_PNG, png);
	render_forked(t, tree, &o, FMT_SVG, svg);
	render_forked(t, tree, &o, FMT_SVGZ, svgz);
	render_tt(t, tree, &o, FMT_PDF, pdf);
	render_tt(t, tree, &o, FMT_EPS, eps);
	layout_tt(t, tree, &o, &l);

	read_png(png, &im);
	assert_int_equal(im.w, l.width);
	assert_int_equal(im.h, l.height);

	/*
	 * Both are rasterised by cairo, so shapes must agree almost exactly
	 * (differences only from edge antialiasing).  Glyphs differ: our PNG
	 * gets cairo's rendering of the font, the SVG's <text> is laid out
	 * again by librsvg (pango), so text is excluded from the tight bound
	 * and only bounded loosely over the whole image (a missing or
	 * misplaced chart element or label moves the mean by far more).
	 */
	svg_vs_png_forked(svg, &im, &l, &diff, &sdiff);
	print_message("%s: SVG vs PNG mean abs diff %.3f / 255 overall, "
	    "%.3f outside text\n", stem, diff, sdiff);
	assert_true(sdiff < 0.3);
	assert_true(diff < 3.0);

	zbuf = (unsigned char *)read_file(svgz, &zlen);
	sbuf = read_file(svg, &slen);
	assert_non_null(zbuf);
	assert_non_null(sbuf);
	assert_true(zlen > 18 && zbuf[0] == 0x1f && zbuf[1] == 0x8b);
	plain = gunzip(zbuf, zlen, &plen);
	assert_int_equal(plen, slen);
	assert_memory_equal(plain, sbuf, slen);
	free(plain);
	free(zbuf);
	free(sbuf);

	/* The SVG is well-formed XML, hostile names included. */
	snprintf(cmd, sizeof(cmd), "xmllint --noout '%s'", svg);
	assert_int_equal(system(cmd), 0);

	snprintf(cmd, sizeof(cmd), "pdfinfo '%s' 2>&1", pdf);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p) != NULL)
		if (sscanf(line, "Page size: %lf x %lf pts", &pw, &ph) == 2)
			break;
	while (fgets(line, sizeof(line), p) != NULL)
		;
	assert_int_equal(pclose(p), 0);
	assert_true(fabs(pw - l.width) < 0.01 && fabs(ph - l.height) < 0.01);

	snprintf(cmd, sizeof(cmd), "gs -q -dBATCH -dNOPAUSE -dSAFER "
	    "-sDEVICE=nullpage '%s' >/dev/null 2>&1", eps);
	assert_int_equal(system(cmd), 0);
	sbuf = read_file(eps, &slen);
	assert_non_null(sbuf);
	snprintf(line, sizeof(line), "%%%%BoundingBox: 0 0 %d %d", l.width,
	    l.height);
	assert_non_null(strstr(sbuf, "%!PS-Adobe-3.0 EPSF-3.0"));
	assert_non_null(strstr(sbuf, line));
	free(sbuf);

	free(im.px);
	layout_free(&l);
}

static void
test_formats_small(void **state)
{
	struct synth s;

	synth_small(&s);
	check_formats(*state, &s.t, &s.tree, "small");
	synth_free(&s);
}

static int
file_is(const char *path, const char *content)
{
	size_t n;
	char *b = read_file(path, &n);
	int same = b != NULL && n == strlen(content) &&
	    memcmp(b, content, n) == 0;

	free(b);
	return same;
}

static int
count_entries(const char *dir)
{
	char cmd[300], line[64];
	FILE *p;

	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	p = popen(cmd, "r");
	assert_non_null(p);
	assert_non_null(fgets(line, sizeof(line), p));
	pclose(p);
	return atoi(line);
}

static void
put_file(const char *path, const char *content)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(content, fp);
	assert_int_equal(fclose(fp), 0);
}

static void
test_atomic_output(void **state)
{
	const struct chartdir *f = *state;
	struct chart_opts o = { 0 };
	char old[256], victim[256], link[256];
	struct synth s;
	struct diag d;
	struct stat st;
	int before, wst;
	pid_t pid;

	snprintf(old, sizeof(old), "%s", path_in(f, "old.png"));
	snprintf(victim, sizeof(victim), "%s", path_in(f, "victim"));
	snprintf(link, sizeof(link), "%s", path_in(f, "link.svg"));
	put_file(old, "old");
	put_file(victim, "keep");
	assert_int_equal(symlink(victim, link), 0);
	before = count_entries(f->dir);

	/*
	 * A write error half-way (file size limit, as on a full disk), in a
	 * child so the limit stays there: error naming the path, the old
	 * file untouched, no temporary left behind.
	 */
	synth_small(&s);
	o.format = FMT_PNG;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct rlimit rl = { 1000, 1000 };

		signal(SIGXFSZ, SIG_IGN);
		diag_init(&d, "test");
		if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
			_exit(10);
		if (chart_write(BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, old, &d) != -1)
			_exit(11);
		if (d.status != EXIT_OUTPUT || strstr(d.msg, old) == NULL)
			_exit(12);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &wst, 0), pid);
	assert_true(WIFEXITED(wst));
	assert_int_equal(WEXITSTATUS(wst), 0);
	assert_true(file_is(old, "old"));
	assert_int_equal(count_entries(f->dir), before);

	/* A missing directory: a clear error naming the path. */
	diag_init(&d, "test");
	assert_int_equal(chart_write(BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o,
	    "/nonexistent-dir/x.png", &d), -1);
	assert_int_equal(d.status, EXIT_OUTPUT);
	assert_non_null(strstr(d.msg, "/nonexistent-dir/x.png"));

	/* A planted symlink is refused, never written through nor replaced. */
	o.format = FMT_SVG;
	diag_init(&d, "test");
	assert_int_equal(chart_write(BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, link, &d), -1);
	assert_int_equal(d.status, EXIT_OUTPUT);
	assert_non_null(strstr(d.msg, "symbolic link"));
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_true(file_is(victim, "keep"));
	assert_int_equal(count_entries(f->dir), before);

	/* Success replaces the previous file. */
	o.format = FMT_PNG;
	diag_init(&d, "test");
	assert_int_equal(chart_write(BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, old, &d), 0);
	assert_false(file_is(old, "old"));
	assert_int_equal(count_entries(f->dir), before);
	synth_free(&s);
}

static void
test_formats_examples(void **state)
{
	static const char *const ex[] = { "example1", "example2" };
	char rel[128];
	struct bootlog t;
	struct proctree tree;
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(rel, sizeof(rel), "data/bootchart-0.9/%s", ex[i]);
		load_example(rel, &t, &tree);
		check_formats(*state, &t, &tree, ex[i]);
		proctree_free(&tree);
		bootlog_free(&t);
	}
}

/* Nothing to draw, and garbage numbers: still a valid file in every format. */
static void
test_degenerate(void **state)
{
	struct chart_opts o = { 0 };
	enum chart_format f;
	struct synth s;
	struct img im;
	char name[32];

	synth_init(&s, 200);
	for (f = FMT_PNG; f <= FMT_PDF; f++) {
		snprintf(name, sizeof(name), "empty.%s", chart_format_ext(f));
		render(&s, &o, f, path_in(*state, name));
	}
	read_png(path_in(*state, "empty.png"), &im);
	assert_int_equal(im.w, 800);
	free(im.px);
	synth_small(&s);
	s.t.disk[3].read_bps = NAN;
	s.t.disk[4].write_bps = INFINITY;
	s.t.disk[5].read_bps = -5;
	s.t.cpu[2].user = NAN;
	s.t.cpu[3].io = -1;
	s.all[2]->samples[1].user = NAN;
	render(&s, &o, FMT_PNG, path_in(*state, "garbage.png"));
	render(&s, &o, FMT_PDF, path_in(*state, "garbage.pdf"));
	synth_free(&s);
}

/* A large scene still renders in the vector formats. */
static void
test_large_svg(void **state)
{
	const struct chartdir *f = *state;
	struct chart_opts o = { 0 };
	struct synth s;
	char cmd[300];

	synth_large(&s, 3000, 120, 11);
	render(&s, &o, FMT_SVG, path_in(f, "large.svg"));
	snprintf(cmd, sizeof(cmd), "xmllint --noout --huge '%s'",
	    path_in(f, "large.svg"));
	assert_int_equal(system(cmd), 0);
	synth_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_names),
		cmocka_unit_test(test_formats_small),
		cmocka_unit_test(test_formats_examples),
		cmocka_unit_test(test_atomic_output),
		cmocka_unit_test(test_degenerate),
		cmocka_unit_test(test_large_svg),
	};

	int rc = cmocka_run_group_tests(tests, chartdir_setup,
	    chartdir_teardown);

	chart_release_fonts();
	return rc;
}
