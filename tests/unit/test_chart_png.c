/* test_chart_png.c: what the pixels of a PNG chart show: CPU columns, process rows and their spans, a PNG taller than cairo's limit. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "synth.h"
#include "chartfile.h"

#include "chart.h"
#include "outputs.h"
#include "layout.h"

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

/* Fraction of a CPU chart column (at time t) matching pred. */
static double
column_share(const struct img *im, const struct layout *l, int64_t t,
    int (*pred)(uint32_t))
{
	int x = (int)floor(layout_x(l, MS(t))), y, n = 0, hit = 0;

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

/*
 * Inside a box: its fill, a cell or an antialiased edge between cells
 * (which can match any grey), never the white background.
 */
static int
is_covered(uint32_t c)
{
	return c != COL_BG;
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
	struct bootlog t;
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
		x0 = layout_x(&l, MS(iv[i].a));
		x1 = layout_x(&l, MS(iv[i].b));
		if (MS(iv[i].a) < l.t0_us || MS(iv[i].b) > l.t1_us ||
		    x1 - x0 < 4)
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
		check_span(&im, &l, r, layout_x(&l, MS(start)),
		    layout_x(&l, MS(start + dur)), is_covered);
	}
	free(iv);
	free(im.px);
	layout_free(&l);
	proctree_free(&tree);
	bootlog_free(&t);
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_png_semantics),
		cmocka_unit_test(test_png_semantics_example1),
		cmocka_unit_test(test_tall_png),
	};

	int rc = cmocka_run_group_tests(tests, chartdir_setup,
	    chartdir_teardown);

	chart_release_fonts();
	return rc;
}
