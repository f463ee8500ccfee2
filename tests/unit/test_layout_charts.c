/* test_layout_charts.c: the disk chart's labels and the memory chart (layout_charts.c), on hand-built traces and a bootchart2 meminfo log. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "layoutcheck.h"
#include "memtar.h"
#include "synth.h"

#include "chart.h"
#include "outputs.h"
#include "input.h"
#include "layout.h"

/* y of a series' polyline at x (the step covering x), or NAN. */
static double
poly_y_at(const struct lt_poly *p, double x)
{
	size_t i;

	for (i = 0; i + 1 < p->n; i++)
		if (p->pts[i].x <= x && x <= p->pts[i + 1].x &&
		    p->pts[i].y == p->pts[i + 1].y)
			return p->pts[i].y;
	return NAN;
}

/*
 * The small scene's disk: 2e6 B/s in every 0.2 s sample but one of
 * 20 MiB/s, read 3/4 and written 1/4 (synth_disk), so the log read
 * (99 * 2e6 + 20 MiB) * 0.2 * 0.75 = 32.8 MB and wrote 10.9 MB.  The
 * totals go right of the peak label, on its line.
 */
static void
test_disk_totals(void **state)
{
	const struct lt_text *peak, *tot;
	struct synth s;
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	synth_small(&s);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_true(fabs(l.disk_read_bytes - 32.845728e6) < 1);
	assert_true(fabs(l.disk_write_bytes - 10.948576e6) < 1);
	peak = layout_text(&l, "20 MB/s");
	tot = layout_text(&l, "read 33 MB, written 11 MB");
	assert_non_null(peak);
	assert_non_null(tot);
	assert_true(tot->box.x >= peak->box.x + peak->box.w);
	assert_true(tot->baseline == peak->baseline);
	assert_true(tot->box.x + tot->box.w <= l.disk_box.x + l.disk_box.w);
	assert_text_apart(&l);
	/* No meminfo: no memory chart. */
	assert_true(l.mem_box.h == 0);
	assert_int_equal(l.ncharts, 0);
	layout_free(&l);
	synth_free(&s);
}

/* A disk that did nothing: a flat line at 0 and "0 MB/s", not an empty box. */
static void
test_disk_zero(void **state)
{
	const struct lt_box *bx;
	struct synth s;
	struct layout l;
	struct diag d;
	int64_t t;
	size_t i;

	diag_init(&d, "test");
	synth_init(&s, 200);
	synth_proc(&s, NULL, 1, "init", 0, 4000, 'S', 0.0);
	for (t = 200; t <= 4000; t += 200)
		synth_disk(&s, t, 0, 0);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	bx = &l.disk_box;
	assert_non_null(layout_text(&l, "0 MB/s"));
	assert_non_null(layout_text(&l, "read 0.0 MB, written 0.0 MB"));
	assert_true(l.disk_tput.n >= 19);
	for (i = 0; i < l.disk_tput.n; i++)
		assert_true(l.disk_tput.pts[i].y == bx->y + bx->h);
	assert_text_apart(&l);
	layout_free(&l);
	/* No disk samples at all: nothing to draw, no label. */
	s.t.ndisk = 0;
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_null(layout_text(&l, "0 MB/s"));
	assert_int_equal(l.disk_tput.n, 0);
	layout_free(&l);
	synth_free(&s);
}

/*
 * Memory: 1000 MiB in all; at 2 s 400 MiB used, 100 buffers, 200
 * cached, 300 free; at 4 s 600 used, 100, 250, 50 free; swap 40 MiB
 * at 4 s.  The scale is the most in use, 950 MiB; the stacked tops
 * and the swap line sit where those numbers say, the chart comes after
 * the disk chart and before the processes.
 */
static void
test_mem_chart(void **state)
{
	const struct lt_chart *c;
	const struct lt_series *sr;
	const struct lt_box *bx;
	struct synth s;
	struct layout l;
	struct diag d;
	double x;

	diag_init(&d, "test");
	synth_init(&s, 200);
	synth_proc(&s, NULL, 1, "init", 0, 4000, 'S', 0.0);
	synth_disk(&s, 2000, 0.5, 1e6);
	synth_disk(&s, 4000, 0.5, 1e6);
	synth_mem(&s, 2000, 1000 << 10, 300 << 10, 100 << 10, 200 << 10, 0);
	synth_mem(&s, 4000, 1000 << 10, 50 << 10, 100 << 10, 250 << 10,
	    40 << 10);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	bx = &l.mem_box;
	assert_true(bx->h > 0);
	assert_true(bx->y > l.disk_box.y + l.disk_box.h);
	assert_true(bx->y + bx->h < l.proc_box.y);
	assert_true(fabs(l.mem_scale_kb - (950 << 10)) < 1e-6);
	assert_non_null(layout_text(&l, "Memory used (scale: 950 MB)"));
	assert_non_null(layout_text(&l, "Swap used"));
	assert_int_equal(l.ncharts, 1);
	c = &l.charts[0];
	assert_memory_equal(&c->box, bx, sizeof(*bx));
	assert_int_equal(c->nseries, 4);
	sr = &l.series[c->series0];
	/* In the second sample's interval (2-4 s). */
	x = layout_x(&l, MS(3000));
	assert_int_equal(sr[0].rgb, COL_MEM_CACHE);
	assert_false(sr[0].line);
	assert_true(fabs(poly_y_at(&sr[0].poly, x) - bx->y) < 1e-6);
	assert_true(fabs(poly_y_at(&sr[1].poly, x) - (bx->y + bx->h *
	    (1 - 700.0 / 950))) < 1e-6);
	assert_true(fabs(poly_y_at(&sr[2].poly, x) - (bx->y + bx->h *
	    (1 - 600.0 / 950))) < 1e-6);
	assert_true(sr[3].line);
	assert_true(fabs(poly_y_at(&sr[3].poly, x) - (bx->y + bx->h *
	    (1 - 40.0 / 950))) < 1e-6);
	/* The first sample's interval (1.8-2 s): 700 in use, no swap. */
	x = layout_x(&l, MS(1900));
	assert_true(fabs(poly_y_at(&sr[0].poly, x) - (bx->y + bx->h *
	    (1 - 700.0 / 950))) < 1e-6);
	assert_true(fabs(poly_y_at(&sr[3].poly, x) - (bx->y + bx->h)) < 1e-6);
	assert_text_apart(&l);
	layout_free(&l);
	synth_free(&s);
}

/*
 * bootchart2's proc_meminfo.log (a jiffies stamp, /proc/meminfo's lines,
 * a blank line) added to example1: the chart gets its memory chart from
 * the log, with the scale of the most memory in use.
 */
static void
test_mem_from_log(void **state)
{
#define EX1 "data/bootchart-0.9/example1/"
	char meminfo[8192];
	size_t n = 0;
	int j;

	for (j = 2; j <= 30; j++)
		n += (size_t)snprintf(meminfo + n, sizeof(meminfo) - n,
		    "%d\nMemTotal:        2048000 kB\nMemFree:         %d kB\n"
		    "MemAvailable:    1900000 kB\nBuffers:           %d kB\n"
		    "Cached:           %d kB\nSwapCached:            0 kB\n"
		    "SwapTotal:        1024000 kB\nSwapFree:         1024000 kB\n"
		    "\n", j * 100, 2000000 - j * 30000, j * 1000, j * 10000);
	const struct tar_member m[] = {
		{ "header", .src = EX1 "header" },
		{ "proc_ps.log", .src = EX1 "proc_ps.log" },
		{ "proc_stat.log", .src = EX1 "proc_stat.log" },
		{ "proc_diskstats.log", .src = EX1 "proc_diskstats.log" },
		{ "proc_meminfo.log", .text = meminfo },
	};
	struct tar_blob b = memtar_make(m, 5, 8 << 20);
	struct proctree tree;
	struct bootlog t;
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	bootlog_init(&t);
	memset(&tree, 0, sizeof(tree));
	if (read_memory_log(&t, b.buf, b.len, "mem.tgz", &d) != 0 ||
	    proctree_make(&tree, &t, &tree_pruned, &d) != 0)
		fail_msg("%s", d.msg);
	assert_int_equal(t.nmem, 29);
	assert_int_equal(layout_make(&l, BOOT_OF(&t, &tree, ms_of(&t, &tree)), &plain_opts, &d), 0);
	assert_true(l.mem_box.h > 0);
	/* At 30 s: 2048000 - (2000000 - 900000) = 948000 kB in use. */
	assert_true(fabs(l.mem_scale_kb - 948000) < 1e-6);
	assert_non_null(layout_text(&l, "Memory used (scale: 926 MB)"));
	assert_text_apart(&l);
	layout_free(&l);
	proctree_free(&tree);
	bootlog_free(&t);
	free(b.buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_disk_totals),
		cmocka_unit_test(test_disk_zero),
		cmocka_unit_test(test_mem_chart),
		cmocka_unit_test(test_mem_from_log),
	};

	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return rc;
}
