/* test_chart.c: every output format of a chart, read back and checked against the layout. */
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
#include <png.h>
#include <zlib.h>

#include "testutil.h"
#include "synth.h"

#include "chart.h"
#include "input.h"
#include "layout.h"

/* An RGB image read back from a PNG file with libpng. */
struct img {
	int w, h;
	unsigned char *px;	/* w * h * 3 */
};

struct fixture {
	char dir[64];
};

static int
setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (f == NULL)
		return -1;
	snprintf(f->dir, sizeof(f->dir), "/tmp/bc-chart-XXXXXX");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[128];

	/* Keep the images for a look when asked. */
	if (getenv("BC_KEEP_CHARTS") == NULL) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
		if (system(cmd) != 0)
			return -1;
	} else
		fprintf(stderr, "charts kept in %s\n", f->dir);
	free(f);
	return 0;
}

static const char *
path_in(const struct fixture *f, const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", f->dir, name);
	return buf;
}

static void
read_png(const char *path, struct img *im)
{
	png_image pi;

	memset(&pi, 0, sizeof(pi));
	pi.version = PNG_IMAGE_VERSION;
	assert_true(png_image_begin_read_from_file(&pi, path));
	pi.format = PNG_FORMAT_RGB;
	im->w = (int)pi.width;
	im->h = (int)pi.height;
	im->px = malloc(PNG_IMAGE_SIZE(pi));
	assert_non_null(im->px);
	assert_true(png_image_finish_read(&pi, NULL, im->px, 0, NULL));
}

static uint32_t
pixel(const struct img *im, int x, int y)
{
	const unsigned char *p = im->px + ((size_t)y * im->w + x) * 3;

	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static int
is_blue(uint32_t c)
{
	return (int)(c & 0xff) - (int)(c >> 16) > 30;
}

static int
is_pink(uint32_t c)
{
	return (int)(c >> 16) - (int)(c & 0xff) > 20;
}

/* Empty chart space: white, a grid line or a dotted line - no box. */
static int
is_empty(uint32_t c)
{
	int r = c >> 16, g = (c >> 8) & 0xff, b = c & 0xff;

	return r == g && g == b && r >= 0xbd && c != COL_PROC;
}

static void
render_tt(const struct trace *t, struct proctree *tree,
    struct chart_opts *o, enum chart_format fmt, const char *path)
{
	struct diag d;

	diag_init(&d, "test");
	o->format = fmt;
	if (chart_write(t, tree, o, path, &d) != 0)
		fail_msg("chart_write %s: %s", path, d.msg);
}

static void
render(const struct synth *s, struct chart_opts *o, enum chart_format fmt,
    const char *path)
{
	render_tt(&s->t, (struct proctree *)&s->tree, o, fmt, path);
}

/*
 * cairo numbers its surfaces with a process-wide counter that ends up in
 * the SVG ids, so two renders in one process differ in those ids.  A
 * forked child starts from the same counter: renders forked from one
 * state are byte-comparable (as two runs of the CLI are).
 */
static void
render_forked(const struct trace *t, struct proctree *tree,
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
		_exit(chart_write(t, tree, o, path, &d) == 0 ? 0 : 1);
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
layout_tt(const struct trace *t, const struct proctree *tree,
    const struct chart_opts *o, struct layout *l)
{
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(layout_make(l, t, tree, o, &d), 0);
}

static void
layout_of(const struct synth *s, const struct chart_opts *o,
    struct layout *l)
{
	layout_tt(&s->t, &s->tree, o, l);
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
check_formats(const struct fixture *f, const struct trace *t,
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
	 * gets FreeType's rendering, the SVG carries glyph outlines that
	 * librsvg fills, so text is excluded from the tight bound and only
	 * bounded loosely over the whole image (a missing or misplaced
	 * chart element moves the mean by far more).
	 */
	svg_vs_png(svg, &im, &l, &diff, &sdiff);
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

/* Fraction of a CPU chart column (at time t) matching pred. */
static double
column_share(const struct img *im, const struct layout *l, int64_t t,
    int (*pred)(uint32_t))
{
	int x = (int)floor(layout_x(l, t)), y, n = 0, hit = 0;

	for (y = (int)l->cpu_box.y + 2; y < (int)(l->cpu_box.y +
	    l->cpu_box.h) - 1; y++, n++)
		hit += pred(pixel(im, x, y));
	return (double)hit / n;
}

/* A row is covered by `pred` from x0 to x1 and empty elsewhere. */
static void
check_span(const struct img *im, const struct layout *l,
    const struct lt_row *r, double x0, double x1, int (*pred)(uint32_t))
{
	const char *name = r->node->name;
	int x, y, xa, xb;

	/* Between the top border and the label's ink. */
	y = (int)floor(r->box.y) + 1;
	xa = (int)ceil(x0);
	xb = (int)floor(x1);
	for (x = xa + 2; x < xb - 2; x++)
		if (!pred(pixel(im, x, y)))
			fail_msg("%s: pixel %d,%d is %06x inside", name, x, y,
			    pixel(im, x, y));
	for (x = (int)l->proc_box.x + 1; x < (int)(l->proc_box.x +
	    l->proc_box.w); x++) {
		if (x >= xa - 2 && x <= xb + 2)
			continue;
		if (!is_empty(pixel(im, x, y)))
			fail_msg("%s: pixel %d,%d is %06x outside", name, x, y,
			    pixel(im, x, y));
	}
}

/* The row of a process is covered by `pred` from start to end only. */
static void
check_row(const struct img *im, const struct layout *l, const char *name,
    int (*pred)(uint32_t))
{
	const struct lt_row *r = NULL;
	size_t i;

	for (i = 0; i < l->nrows; i++)
		if (strcmp(l->rows[i].node->name, name) == 0)
			r = &l->rows[i];
	assert_non_null(r);
	check_span(im, l, r, r->box.x, r->box.x + r->box.w, pred);
}

static void
test_png_semantics(void **state)
{
	struct chart_opts o = { 0 };
	struct synth s;
	struct layout l;
	struct img im;
	const char *png = path_in(*state, "sem.png");

	synth_small(&s);
	render(&s, &o, FMT_PNG, png);
	layout_of(&s, &o, &l);
	read_png(png, &im);
	/* 95 % busy during 0-5 s, 90 % I/O wait during 5-10 s. */
	assert_true(column_share(&im, &l, 2500, is_blue) > 0.85);
	assert_true(column_share(&im, &l, 7500, is_pink) > 0.8);
	assert_true(column_share(&im, &l, 7500, is_blue) < 0.1);
	check_row(&im, &l, "busy", is_blue);
	check_row(&im, &l, "iowait", is_pink);
	free(im.px);
	layout_free(&l);
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
	const struct fixture *f = *state;
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
		if (chart_write(&s.t, &s.tree, &o, old, &d) != -1)
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
	assert_int_equal(chart_write(&s.t, &s.tree, &o,
	    "/nonexistent-dir/x.png", &d), -1);
	assert_int_equal(d.status, EXIT_OUTPUT);
	assert_non_null(strstr(d.msg, "/nonexistent-dir/x.png"));

	/* A planted symlink is refused, never written through nor replaced. */
	o.format = FMT_SVG;
	diag_init(&d, "test");
	assert_int_equal(chart_write(&s.t, &s.tree, &o, link, &d), -1);
	assert_int_equal(d.status, EXIT_OUTPUT);
	assert_non_null(strstr(d.msg, "symbolic link"));
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_true(file_is(victim, "keep"));
	assert_int_equal(count_entries(f->dir), before);

	/* Success replaces the previous file. */
	o.format = FMT_PNG;
	diag_init(&d, "test");
	assert_int_equal(chart_write(&s.t, &s.tree, &o, old, &d), 0);
	assert_false(file_is(old, "old"));
	assert_int_equal(count_entries(f->dir), before);
	synth_free(&s);
}

/*
 * Inside a box: its fill, a cell or an antialiased edge between cells
 * (which can match any grey), never the white background.
 */
static int
is_covered(uint32_t c)
{
	return c != COL_BG;
}

/* A bootchart 0.9 example read and turned into the final tree. */
static void
load_example(const char *rel, struct trace *t, struct proctree *tree)
{
	char path[4096];
	char *paths[1] = { path };
	struct diag d;

	snprintf(path, sizeof(path), "%s", shared_path(rel));
	diag_init(&d, "test");
	d.out = NULL;
	trace_init(t);
	memset(tree, 0, sizeof(*tree));
	if (input_read(t, paths, 1, &d) != 0 ||
	    proctree_make(tree, t, &tree_pruned, &d) != 0)
		fail_msg("%s: %s", path, d.msg);
}

static void
test_formats_examples(void **state)
{
	static const char *const ex[] = { "example1", "example2" };
	char rel[128];
	struct trace t;
	struct proctree tree;
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(rel, sizeof(rel), "data/bootchart-0.9/%s", ex[i]);
		load_example(rel, &t, &tree);
		check_formats(*state, &t, &tree, ex[i]);
		proctree_free(&tree);
		trace_free(&t);
	}
}

/* One interval of proc_stat.log, read here independently of the parser. */
struct statint {
	int64_t a, b;		/* ms */
	double busy, io;
};

static size_t
read_proc_stat(const char *path, struct statint *out, size_t cap)
{
	unsigned long long v[7], prev[7], tot, busy;
	int64_t t = -1, prev_t = -1;
	char *buf, *line, *save = NULL;
	size_t n = 0;
	int k, have = 0;

	buf = read_file(path, NULL);
	assert_non_null(buf);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (line[0] >= '0' && line[0] <= '9') {
			t = strtoll(line, NULL, 10) * 10;
			continue;
		}
		if (strncmp(line, "cpu ", 4) != 0)
			continue;
		memset(v, 0, sizeof(v));
		if (sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu",
		    &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]) < 4)
			continue;
		if (have && n < cap) {
			tot = 0;
			for (k = 0; k < 7; k++)
				tot += v[k] - prev[k];
			busy = v[0] - prev[0] + v[1] - prev[1] + v[2] -
			    prev[2] + v[5] - prev[5] + v[6] - prev[6];
			if (tot > 0) {
				out[n].a = prev_t;
				out[n].b = t;
				out[n].busy = (double)busy / tot;
				out[n].io = (double)(v[4] - prev[4]) / tot;
				n++;
			}
		}
		memcpy(prev, v, sizeof(v));
		prev_t = t;
		have = 1;
	}
	free(buf);
	return n;
}

/* Start and duration of a PID in the Java renderer's final tree. */
static void
extract_span(const char *path, int64_t pid, int64_t *start, int64_t *dur)
{
	char *buf = read_file(path, NULL), *line, *save = NULL;
	long long p, s, d;

	assert_non_null(buf);
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		if (sscanf(line, "%lld %*s %lld %lld", &p, &s, &d) == 3 &&
		    p == pid) {
			*start = s;
			*dur = d;
			free(buf);
			return;
		}
	free(buf);
	fail_msg("pid %lld not in %s", (long long)pid, path);
}

static void
test_png_semantics_example1(void **state)
{
	static const int64_t pids[] = { 1183, 2664, 2531, 3039 };
	struct chart_opts o = { 0 };
	struct statint *iv;
	struct trace t;
	struct proctree tree;
	struct layout l;
	struct img im;
	const struct lt_row *r;
	const char *png = path_in(*state, "ex1-sem.png");
	char extract[4096];
	size_t n, i, j, nbusy = 0, nio = 0;
	double x0, x1, blue, pink;
	int64_t start = 0, dur = 0;

	load_example("data/bootchart-0.9/example1", &t, &tree);
	render_tt(&t, &tree, &o, FMT_PNG, png);
	layout_tt(&t, &tree, &o, &l);
	read_png(png, &im);
	iv = calloc(4096, sizeof(*iv));
	assert_non_null(iv);
	n = read_proc_stat(shared_path("data/bootchart-0.9/example1/"
	    "proc_stat.log"), iv, 4096);
	assert_true(n > 100);
	/* Each interval wide enough to hit: stacked shares match the log. */
	for (i = 0; i < n; i++) {
		x0 = layout_x(&l, iv[i].a);
		x1 = layout_x(&l, iv[i].b);
		if (iv[i].a < l.t0_ms || iv[i].b > l.t1_ms || x1 - x0 < 4)
			continue;
		blue = column_share(&im, &l, (iv[i].a + iv[i].b) / 2, is_blue);
		pink = column_share(&im, &l, (iv[i].a + iv[i].b) / 2, is_pink);
		if (fabs(blue - iv[i].busy) > 0.1 ||
		    fabs(pink - iv[i].io) > 0.1)
			fail_msg("%lld-%lld ms: busy %.2f io %.2f, column "
			    "blue %.2f pink %.2f", (long long)iv[i].a,
			    (long long)iv[i].b, iv[i].busy, iv[i].io, blue,
			    pink);
		if (iv[i].busy >= 0.9) {
			assert_true(blue > 0.8);
			nbusy++;
		}
		if (iv[i].io >= 0.5) {
			assert_true(pink > 0.4 && pink > blue);
			nio++;
		}
	}
	print_message("example1: %zu intervals >= 90 %% busy, %zu >= 50 %% "
	    "I/O wait checked\n", nbusy, nio);
	assert_true(nbusy > 0 && nio > 0);
	/* Rows span what the Java renderer computed for these processes. */
	snprintf(extract, sizeof(extract), "%s", shared_path(
	    "data/bootchart-0.9/example1/extract.processtree.5.log"));
	for (j = 0; j < sizeof(pids) / sizeof(pids[0]); j++) {
		extract_span(extract, pids[j], &start, &dur);
		r = NULL;
		for (i = 0; i < l.nrows; i++)
			if (l.rows[i].node->proc->pid == pids[j])
				r = &l.rows[i];
		assert_non_null(r);
		check_span(&im, &l, r, layout_x(&l, start),
		    layout_x(&l, start + dur), is_covered);
	}
	free(iv);
	free(im.px);
	layout_free(&l);
	proctree_free(&tree);
	trace_free(&t);
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

/* Taller than a cairo image surface can be: the banded PNG still works. */
static void
test_tall_png(void **state)
{
	struct chart_opts o = { 0 };
	struct synth s;
	struct layout l;
	struct img im;
	const char *png = path_in(*state, "tall.png");

	synth_large(&s, 2200, 30, 5);
	render(&s, &o, FMT_PNG, png);
	layout_of(&s, &o, &l);
	assert_true(l.height > 32767);
	read_png(png, &im);
	assert_int_equal(im.w, l.width);
	assert_int_equal(im.h, l.height);
	/* The last row's box is painted near the bottom, in the last band. */
	assert_true(is_covered(pixel(&im, (int)(l.rows[l.nrows - 1].box.x +
	    l.rows[l.nrows - 1].box.w / 2), (int)floor(l.rows[l.nrows -
	    1].box.y) + 1)));
	free(im.px);
	layout_free(&l);
	synth_free(&s);
}

/* A large scene still renders in the vector formats. */
static void
test_large_svg(void **state)
{
	const struct fixture *f = *state;
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
		cmocka_unit_test(test_png_semantics),
		cmocka_unit_test(test_formats_examples),
		cmocka_unit_test(test_png_semantics_example1),
		cmocka_unit_test(test_atomic_output),
		cmocka_unit_test(test_degenerate),
		cmocka_unit_test(test_tall_png),
		cmocka_unit_test(test_large_svg),
	};

	int rc = cmocka_run_group_tests(tests, setup, teardown);

	chart_release_fonts();
	return rc;
}
