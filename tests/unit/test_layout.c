/* test_layout.c: the chart layout keeps text apart, sizes follow the data, cells merge. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "layoutcheck.h"
#include "chartfile.h"
#include "synth.h"

#include "chart.h"
#include "outputs.h"
#include "idle.h"
#include "input.h"
#include "layout.h"
#include "textclean.h"

static void
test_small_layout(void **state)
{
	struct synth s;
	struct layout l;
	struct diag d;
	size_t i;

	diag_init(&d, "test");
	synth_small(&s);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_text_apart(&l);
	/* 20 s at 25 px/s is below the minimum width. */
	assert_int_equal(l.width, 800);
	assert_int_equal(l.nrows, s.n);
	/* Pre-order: init, rc, busy, iowait, bad, zomb, daemon, kthreadd. */
	assert_string_equal(l.rows[0].node->name, "init");
	assert_string_equal(l.rows[2].node->name, "busy");
	assert_string_equal(l.rows[7].node->name, "kthreadd");
	assert_false(l.rows[0].has_dep);
	assert_true(l.rows[2].has_dep);
	assert_true(fabs(l.rows[2].dep_x - l.rows[1].box.x) < 1e-9);
	/* rc's children share one vertical, drawn by the last (row 4). */
	assert_false(l.rows[2].dep_vert);
	assert_false(l.rows[3].dep_vert);
	assert_true(l.rows[4].dep_vert);
	assert_true(l.rows[4].dep_x == l.rows[2].dep_x);
	/* Height: rows at the bottom, then the margin. */
	assert_true(l.proc_box.y + l.proc_box.h <= l.height);
	assert_true(l.height - (l.proc_box.y + l.proc_box.h) < 12);
	assert_true(fabs(l.proc_box.h - 8 * l.row_h) < 1e-9);
	/* "busy" runs at one load all its life: one merged cell. */
	assert_int_equal(l.rows[2].ncells, 1);
	assert_true(fabs(l.cells[l.rows[2].cell0].box.x - l.rows[2].box.x) <
	    1e-6);
	assert_true(fabs(l.cells[l.rows[2].cell0].box.w - l.rows[2].box.w) <
	    1e-6);
	/* The hostile name reached the layout as clean UTF-8. */
	for (i = 0; i < l.ntexts; i++)
		assert_null(strchr(l.texts[i].s, '\x01'));
	/* The peak label: 20 MB/s. */
	for (i = 0; i < l.ntexts; i++)
		if (strcmp(l.texts[i].s, "20 MB/s") == 0)
			break;
	assert_true(i < l.ntexts);
	assert_true(fabs(l.disk_peak_bps - 20 * 1048576.0) < 1);
	layout_free(&l);
	synth_free(&s);
}

/*
 * Samples in state S with CPU use: shaded by default (the process ran
 * for most of the interval), bare with --strict as in the Java chart,
 * where T is light red.
 */
static void
test_strict_shading(void **state)
{
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	synth_init(&s, 200);
	synth_proc(&s, NULL, 1, "sleepy", 0, 4000, 'S', 0.8);
	synth_proc(&s, NULL, 2, "stopped", 0, 4000, 'T', 0.0);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_true(l.rows[0].ncells > 0);
	assert_int_equal(l.rows[1].ncells, 0);
	layout_free(&l);
	o.strict = 1;
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_int_equal(l.rows[0].ncells, 0);
	assert_int_equal(l.rows[1].ncells, 1);
	assert_int_equal(l.cells[l.rows[1].cell0].rgb, COL_STOPPED);
	layout_free(&l);
	synth_free(&s);
}

/*
 * A row with exact states (docs/chart.md): each span in its colour,
 * the box bare while sleeping, the samples where the trace ended before
 * the row; the legend names runnable and the note only then.
 */
static void
test_exact_rows(void **state)
{
	static const struct xspan xs[] = {
		{ 0, 1000000, TS_RUNNING }, { 1000000, 1500000, TS_SLEEPING },
		{ 1500000, 2000000, TS_RUNNABLE },
		{ 2000000, 3000000, TS_WAITING },
	};
	static const uint32_t want[] = { COL_CPU, COL_RUNNABLE, COL_WAIT };
	static const usec_t from[] = { 0, 1500000, 2000000, 3000000 };
	struct synth s;
	struct layout l;
	struct diag d;
	struct process *p;
	const struct lt_rect *c;
	size_t i;

	diag_init(&d, "test");
	synth_init(&s, 200);
	p = synth_proc(&s, NULL, 1, "exact", 0, 4000, 'S', 0.5);
	synth_proc(&s, NULL, 2, "sampled", 0, 4000, 'S', 0.5);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)),
	    &plain_opts, &d), 0);
	assert_null(layout_text(&l, "Runnable (exact: waiting for a CPU)"));
	layout_free(&l);
	/* The spans are static: synth_free does not free them. */
	p->xs = (struct xspan *)xs;
	p->nxs = 4;
	p->has_xs = 1;
	s.nodes[0]->xexact = 1;
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)),
	    &plain_opts, &d), 0);
	assert_text_apart(&l);
	assert_non_null(layout_text(&l, "Runnable (exact: waiting for a CPU)"));
	/* Running, runnable, D, then the samples' half load to the end. */
	assert_int_equal(l.rows[0].ncells, 4);
	for (i = 0; i < 4; i++) {
		c = &l.cells[l.rows[0].cell0 + i];
		if (i < 3)
			assert_int_equal(c->rgb, want[i]);
		else
			assert_true(c->rgb != COL_CPU && c->rgb != COL_WAIT);
		assert_true(fabs(c->box.x - layout_x(&l, from[i])) < 1e-6);
	}
	/* The sampled row: one cell of half load, as before. */
	assert_int_equal(l.rows[1].ncells, 1);
	assert_int_equal(l.cells[l.rows[1].cell0].rgb,
	    l.cells[l.rows[0].cell0 + 3].rgb);
	layout_free(&l);
	p->xs = NULL;
	synth_free(&s);
}

/* At least four time labels: a 4 s run is labelled every second. */
static void
test_short_axis(void **state)
{
	struct synth s;
	struct layout l;
	struct diag d;
	size_t i, n = 0;

	diag_init(&d, "test");
	synth_init(&s, 100);
	synth_proc(&s, NULL, 1, "short", 0, 4000, 'R', 0.5);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	for (i = 0; i < l.ntexts; i++)
		if (strcmp(l.texts[i].s, "0s") == 0 ||
		    strcmp(l.texts[i].s, "1s") == 0 ||
		    strcmp(l.texts[i].s, "2s") == 0 ||
		    strcmp(l.texts[i].s, "3s") == 0 ||
		    strcmp(l.texts[i].s, "4s") == 0)
			n++;
	assert_int_equal(n, 5);
	assert_text_apart(&l);
	layout_free(&l);
	synth_free(&s);
	/* 1.2 s: every 0.2 s, labelled with a decimal. */
	synth_init(&s, 20);
	synth_proc(&s, NULL, 1, "shorter", 0, 1200, 'R', 0.5);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_non_null(layout_text(&l, "0.2s"));
	assert_non_null(layout_text(&l, "1.2s"));
	assert_null(layout_text(&l, "0.1s"));
	assert_text_apart(&l);
	layout_free(&l);
	synth_free(&s);
}

/* A log of one command shows "application:" where boots show the kernel's options. */
static void
test_application_line(void **state)
{
	struct synth s;
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	synth_small(&s);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_non_null(layout_text(&l, "kernel options: root=/dev/vda quiet"));
	layout_free(&l);
	s.tree.profile = "make";
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_non_null(layout_text(&l, "application: make"));
	assert_null(layout_text(&l, "kernel options: root=/dev/vda quiet"));
	layout_free(&l);
	synth_free(&s);
}

static void
test_large_layout(void **state)
{
	struct synth s;
	struct layout l;
	struct diag d;
	size_t i, cells;

	diag_init(&d, "test");
	synth_large(&s, 3000, 300, 7);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_int_equal(l.width, 300 * 25 + 20);
	assert_int_equal(l.nrows, 3000);
	assert_text_apart(&l);
	/* Sub-pixel cells are pooled: never more cells than pixels. */
	for (i = 0; i < l.nrows; i++) {
		cells = l.rows[i].ncells;
		assert_true((double)cells <= ceil(l.rows[i].box.w) + 1);
	}
	layout_free(&l);
	synth_free(&s);
}

static void
test_width(void **state)
{
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	synth_init(&s, 200);
	synth_proc(&s, NULL, 1, "init", 0, 2000 * 1000, 'S', 0);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_int_equal(l.width, 32000);	/* 2000 s is capped */
	assert_text_apart(&l);
	layout_free(&l);
	o.width = 1234;
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_int_equal(l.width, 1234);
	/* Time maps onto the plot: start at x0, end at the right margin. */
	assert_true(fabs(layout_x(&l, MS(0)) - 10) < 1e-9);
	assert_true(fabs(layout_x(&l, MS(2000 * 1000)) - 1224) < 1e-6);
	assert_text_apart(&l);
	layout_free(&l);
	/* The narrowest width the CLI allows: texts are cut, never overlap. */
	o.width = 100;
	synth_free(&s);
	synth_small(&s);
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_int_equal(l.width, 100);
	assert_text_apart(&l);
	layout_free(&l);
	o.width = 50;
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), -1);
	assert_int_equal(d.status, EXIT_USAGE);
	synth_free(&s);
}

/* 50 Hz samples alternating busy/idle: cells stay within one per pixel. */
static void
test_fast_samples_pool(void **state)
{
	struct synth s;
	struct layout l;
	struct diag d;
	struct process *p;
	size_t i;

	diag_init(&d, "test");
	synth_init(&s, 20);
	p = synth_proc(&s, NULL, 1, "fast", 0, 600 * 1000, 'R', 1.0);
	for (i = 0; i < p->nsamples; i += 2)
		p->samples[i].user = p->samples[i].sys = 0;
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &plain_opts, &d), 0);
	assert_int_equal(l.nrows, 1);
	/* 30000 samples, half a pixel each: pooled, then merged to one run. */
	assert_true(l.rows[0].ncells <= 2);
	assert_true(l.rows[0].ncells >= 1);
	layout_free(&l);
	synth_free(&s);
}

static void
test_crop_after(void **state)
{
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l;
	struct diag d;
	int64_t t;

	diag_init(&d, "test");
	d.out = NULL;
	synth_init(&s, 200);
	/* Busy until 14 s, idle after: target starts at 10 s. */
	for (t = 200; t <= 30000; t += 200)
		synth_cpu(&s, t, t <= 14000 ? 0.5 : 0.05, 0.0, 0.0);
	synth_proc(&s, NULL, 1, "init", 0, 30000, 'S', 0);
	synth_proc(&s, s.all[0], 50, "target", 10000, 5000, 'S', 0);
	synth_proc(&s, s.all[0], 60, "late", 20000, 5000, 'S', 0);
	assert_int_equal(idle_crop_end(&s.t, &s.tree, "target", 0, MS(30000)),
	    MS(14000));
	/* Unknown name: no crop. */
	assert_int_equal(idle_crop_end(&s.t, &s.tree, "nope", 0, MS(30000)),
	    MS(30000));
	o.crop_after = "target";
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_int_equal(l.t1_us, MS(14000));
	/* "late" starts after the crop: not drawn. */
	assert_int_equal(l.nrows, 2);
	assert_true(l.rows[0].box.x + l.rows[0].box.w <= l.width - 10 + 1e-6);
	assert_text_apart(&l);
	layout_free(&l);
	synth_free(&s);
}

static void
test_annotate(void **state)
{
	const char *names[] = { "busy", "iowait", "rc", "missing" };
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	synth_small(&s);
	o.annotate = names;
	o.nannotate = 4;
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_int_equal(l.nmarks, 3);
	assert_int_equal(d.nwarn, 1);
	assert_true(fabs(l.marks[0].x - layout_x(&l, MS(1000))) < 1e-9);
	assert_true(fabs(l.marks[2].x - layout_x(&l, MS(800))) < 1e-9);
	assert_string_equal(l.texts[l.marks[1].text].s, "iowait");
	/* busy (1.0 s) and rc (0.8 s) are 5 px apart: labels stack. */
	assert_text_apart(&l);
	layout_free(&l);
	synth_free(&s);
}

static void
test_labels_opts(void **state)
{
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	synth_small(&s);
	s.all[2]->cmdline = xstrdup("/usr/bin/busy --flag");
	o.show_pid = 1;
	o.show_all = 1;
	o.title = "My title";
	assert_int_equal(layout_make(&l, BOOT_OF(&s.t, &s.tree, ms_of(&s.t, &s.tree)), &o, &d), 0);
	assert_string_equal(l.texts[0].s, "My title");
	assert_string_equal(l.texts[l.rows[2].text].s,
	    "/usr/bin/busy --flag [11]");
	assert_string_equal(l.texts[l.rows[0].text].s, "init [1]");
	assert_text_apart(&l);
	layout_free(&l);
	synth_free(&s);
}

static void
test_text_clean(void **state)
{
	char *s;

	s = text_clean("plain_opts", 0);
	assert_string_equal(s, "plain_opts");
	free(s);
	/* Valid multi-byte text is kept. */
	s = text_clean("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 0);
	assert_string_equal(s, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	free(s);
	/* Stray byte, overlong '/', surrogate, truncated sequence. */
	s = text_clean("a\xffz\xc0\xaf" "b\xed\xa0\x80" "c\xe2\x82", 0);
	assert_string_equal(s, "a\xef\xbf\xbdz\xef\xbf\xbd\xef\xbf\xbd"
	    "b\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
	    "c\xef\xbf\xbd\xef\xbf\xbd");
	free(s);
	/* Controls: C0, DEL, C1; tabs become spaces only when asked. */
	s = text_clean("x\x01y\x7fz\xc2\x85\tw", 0);
	assert_string_equal(s, "x\xef\xbf\xbdy\xef\xbf\xbdz\xef\xbf\xbd"
	    "\xef\xbf\xbdw");
	free(s);
	s = text_clean("a\tb\nc", 1);
	assert_string_equal(s, "a b c");
	free(s);
	assert_int_equal(text_cut("\xe2\x82\xac\xe2\x82\xac", 4), 3);
	assert_int_equal(text_cut("abc", 10), 3);
}

/* The log at path, read, pruned and laid out as -f png would; fails the test on an error. */
static void
layout_log(const char *path, struct bootlog *t, struct proctree *tree,
    struct layout *l)
{
	struct diag d;

	load_log(path, t, tree);
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(layout_make(l, BOOT_OF(t, tree, ms_of(t, tree)), &plain_opts,
	    &d), 0);
}

/* The real examples: text apart, width from the duration, every row. */
static void
test_examples_layout(void **state)
{
	static const char *const ex[] = { "example1", "example2" };
	char path[4096];
	struct bootlog t;
	struct proctree tree;
	struct layout l;
	double want;
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%.4000s/%s", shared_path(
		    "data/bootchart-0.9"), ex[i]);
		layout_log(path, &t, &tree, &l);
		assert_text_apart(&l);
		want = fmax(800, ceil(tree.duration_us / 1e6 * 25 + 20));
		assert_int_equal(l.width, (int)want);
		assert_int_equal(l.nrows, proctree_count(&tree));
		print_message("%s: %dx%d, %zu rows, %zu texts, %zu cells\n",
		    ex[i], l.width, l.height, l.nrows, l.ntexts, l.ncells);
		layout_free(&l);
		proctree_free(&tree);
		bootlog_free(&t);
	}
}

/*
 * Consecutive samples of one colour are one rectangle: no light seams
 * where Java's period (whole ms) is shorter than the samples' spacing
 * (issue 26, item 6).  On the bundled real boot: two cells of a row in
 * the same colour are apart by a missed sample at least, and no cells
 * overlap.
 */
static void
test_no_seams(void **state)
{
	const struct lt_rect *a, *b;
	struct bootlog t;
	struct proctree tree;
	struct layout l;
	double period_px, gap;
	size_t i, k, pairs = 0, touching = 0;

	(void)state;
	layout_log("tests/data/sample-boot.tgz", &t, &tree, &l);
	period_px = (double)tree.sample_period_us / USEC_PER_MS * l.px_per_ms;
	assert_true(period_px > 1);
	for (i = 0; i < l.nrows; i++)
		for (k = 1; k < l.rows[i].ncells; k++) {
			a = &l.cells[l.rows[i].cell0 + k - 1];
			b = &l.cells[l.rows[i].cell0 + k];
			gap = b->box.x - (a->box.x + a->box.w);
			pairs++;
			touching += gap < 0.01;
			assert_true(gap > -0.01);
			if (a->rgb == b->rgb && gap < period_px * 0.9)
				fail_msg("row %zu: cells %zu and %zu of one "
				    "colour %.3f px apart", i, k - 1, k, gap);
		}
	print_message("%zu pairs of cells, %zu touching\n", pairs, touching);
	/* The bundled boot has busy runs: cells that touch are there to check. */
	assert_true(touching >= 10);
	layout_free(&l);
	proctree_free(&tree);
	bootlog_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_clean),
		cmocka_unit_test(test_small_layout),
		cmocka_unit_test(test_width),
		cmocka_unit_test(test_fast_samples_pool),
		cmocka_unit_test(test_crop_after),
		cmocka_unit_test(test_annotate),
		cmocka_unit_test(test_labels_opts),
		cmocka_unit_test(test_strict_shading),
		cmocka_unit_test(test_exact_rows),
		cmocka_unit_test(test_short_axis),
		cmocka_unit_test(test_application_line),
		cmocka_unit_test(test_large_layout),
		cmocka_unit_test(test_examples_layout),
		cmocka_unit_test(test_no_seams),
	};

	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return rc;
}
