/* test_layout_compare.c: the compare chart's layout shows a known regression between two hand-built boots where it happened. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "layoutcheck.h"
#include "synth.h"

#include "chart.h"
#include "outputs.h"
#include "compare.h"
#include "layout_compare.h"

/*
 * Old and new boot of one machine, 200 ms samples.  Under init, in both:
 * udevd 1-4 s (unchanged); net 3-5 s in the old boot, 5-8 s in the new
 * one (starts 2 s later, runs 1 s longer); fsck 4-7 s, then 4-5 s (runs
 * 2 s shorter); oldd (2-3 s) only in the old one, newd (6-7 s) only in
 * the new one.  The new boot's CPU is full during 5-8 s, half busy
 * otherwise like the old one's; its disk peaks at 20 MiB/s at 6 s, the
 * old one's at 10 MiB/s at 2 s.  PIDs differ, as they do between boots.
 */
static void
boots(struct synth *old, struct synth *new)
{
	struct process *init;
	int64_t t;

	synth_init(old, 200);
	init = synth_proc(old, NULL, 1, "init", 0, 10000, 'S', 0.0);
	synth_proc(old, init, 100, "udevd", 1000, 3000, 'S', 0.1);
	synth_proc(old, init, 101, "oldd", 2000, 1000, 'S', 0.1);
	synth_proc(old, init, 102, "net", 3000, 2000, 'S', 0.1);
	synth_proc(old, init, 103, "fsck", 4000, 3000, 'D', 0.1);
	synth_init(new, 200);
	init = synth_proc(new, NULL, 1, "init", 0, 10000, 'S', 0.0);
	synth_proc(new, init, 200, "udevd", 1000, 3000, 'S', 0.1);
	synth_proc(new, init, 201, "fsck", 4000, 1000, 'D', 0.1);
	synth_proc(new, init, 202, "net", 5000, 3000, 'R', 0.9);
	synth_proc(new, init, 203, "newd", 6000, 1000, 'S', 0.1);
	for (t = 200; t <= 10000; t += 200) {
		synth_cpu(old, t, 0.4, 0.1, 0.0);
		synth_cpu(new, t, t > 5000 && t <= 8000 ? 0.8 : 0.4,
		    t > 5000 && t <= 8000 ? 0.2 : 0.1, 0.0);
		synth_disk(old, t, 0.2, t == 2000 ? 10 * 1048576.0 : 1e6);
		synth_disk(new, t, 0.2, t == 6000 ? 20 * 1048576.0 : 1e6);
	}
}

/* The row whose label starts with name (and a space or its end). */
static const struct lt_row *
row_named(const struct layout *l, const char *name)
{
	size_t i, n = strlen(name);
	const char *s;

	for (i = 0; i < l->nrows; i++) {
		if (l->rows[i].text == SIZE_MAX)
			continue;
		s = l->texts[l->rows[i].text].s;
		if (strncmp(s, name, n) == 0 && (s[n] == ' ' || s[n] == '\0'))
			return &l->rows[i];
	}
	fail_msg("no row %s", name);
	return NULL;
}

static const char *
label(const struct layout *l, const struct lt_row *r)
{
	return l->texts[r->text].s;
}

/* The row's bar of one boot: the old one in the upper half, the new one in the lower. */
static const struct lt_rect *
bar_of(const struct layout *l, const struct lt_row *r, int lower)
{
	const struct lt_rect *c;
	size_t i;

	for (i = 0; i < r->ncells; i++) {
		c = &l->cells[r->cell0 + i];
		if ((c->box.y > r->box.y + r->box.h / 2) == lower)
			return c;
	}
	return NULL;
}

/* A bar spans start..end of its process on the common axis. */
static void
assert_bar(const struct layout *l, const struct lt_rect *c, int64_t a,
    int64_t b, uint32_t rgb)
{
	assert_non_null(c);
	assert_true(fabs(c->box.x - layout_x(l, MS(a))) < 1e-6);
	assert_true(fabs(c->box.x + c->box.w - layout_x(l, MS(b))) < 1e-6);
	assert_int_equal(c->rgb, rgb);
}

static void
test_known_regression(void **state)
{
	struct synth old, new;
	struct cmp_match m;
	struct layout l;
	struct diag d;
	const struct lt_row *r;
	struct milestones oms, nms;
	struct cmp_chart cc = { .old_t = &old.t, .new_t = &new.t,
	    .old_tree = &old.tree, .new_tree = &new.tree, .old_ms = &oms,
	    .new_ms = &nms, .match = &m, .old_label = "old.tgz",
	    .new_label = "new.tgz", .threshold_us = MS(500) };

	diag_init(&d, "test");
	boots(&old, &new);
	milestones_make(&oms, &old.t, &old.tree, &d);
	milestones_make(&nms, &new.t, &new.tree, &d);
	assert_int_equal(compare_match(&old.tree, oms.zero_us, &new.tree,
	    nms.zero_us, &m), 0);
	assert_int_equal(layout_compare(&l, &cc, &plain_opts, &d), 0);
	assert_text_apart(&l);
	/* One axis over both boots: 0-10 s. */
	assert_int_equal(l.t0_us, MS(0));
	assert_int_equal(l.t1_us, MS(10000));
	/* init, udevd, oldd, fsck, net, newd: one row each. */
	assert_int_equal(l.nrows, 6);

	/* net: later and longer, red, both bars where each boot ran it. */
	r = row_named(&l, "net");
	assert_string_equal(label(&l, r), "net (start +2.00s, dur +1.00s)");
	assert_bar(&l, bar_of(&l, r, 0), 3000, 5000, COL_CMP_OLD);
	assert_bar(&l, bar_of(&l, r, 1), 5000, 8000, COL_CMP_WORSE);
	assert_true(fabs(r->box.x - layout_x(&l, MS(3000))) < 1e-6);
	assert_true(fabs(r->box.x + r->box.w - layout_x(&l, MS(8000))) < 1e-6);
	/* fsck: 2 s shorter, green. */
	r = row_named(&l, "fsck");
	assert_string_equal(label(&l, r), "fsck (dur -2.00s)");
	assert_bar(&l, bar_of(&l, r, 1), 4000, 5000, COL_CMP_BETTER);
	/* udevd: the same in both, plain_opts, no change in its label. */
	r = row_named(&l, "udevd");
	assert_string_equal(label(&l, r), "udevd");
	assert_bar(&l, bar_of(&l, r, 0), 1000, 4000, COL_CMP_OLD);
	assert_bar(&l, bar_of(&l, r, 1), 1000, 4000, COL_CMP_NEW);
	/* Appeared and gone: one bar each. */
	r = row_named(&l, "newd");
	assert_string_equal(label(&l, r), "newd (new)");
	assert_int_equal(r->ncells, 1);
	assert_bar(&l, bar_of(&l, r, 1), 6000, 7000, COL_CMP_ADDED);
	r = row_named(&l, "oldd");
	assert_string_equal(label(&l, r), "oldd (gone)");
	assert_int_equal(r->ncells, 1);
	assert_bar(&l, bar_of(&l, r, 0), 2000, 3000, COL_CMP_OLD);
	/* The children hang from init's row by dotted lines. */
	assert_true(r->has_dep);
	assert_int_equal(r->parent_row, 0);

	/*
	 * Four charts: CPU old and new, disk old and new; the new CPU chart
	 * is full (its busy top at the box's top) at 6 s, the old one half.
	 */
	assert_int_equal(l.ncharts, 4);
	{
		const struct lt_chart *co = &l.charts[0], *cn = &l.charts[1];
		const struct lt_chart *dko = &l.charts[2], *dkn = &l.charts[3];
		const struct lt_series *busy_o = &l.series[co->series0 + 1];
		const struct lt_series *busy_n = &l.series[cn->series0 + 1];
		const struct lt_series *tp_o = &l.series[dko->series0 + 1];
		const struct lt_series *tp_n = &l.series[dkn->series0 + 1];
		double x = layout_x(&l, MS(5900)), ymin_o = INFINITY,
		    ymin_n = INFINITY;
		size_t i, seen = 0;

		assert_true(cn->box.y > co->box.y + co->box.h);
		assert_true(dko->box.y > cn->box.y + cn->box.h);
		assert_int_equal(busy_n->rgb, COL_CPU);
		for (i = 0; i + 1 < busy_n->poly.n; i++)
			if (busy_n->poly.pts[i].x <= x &&
			    x <= busy_n->poly.pts[i + 1].x) {
				assert_true(fabs(busy_n->poly.pts[i].y -
				    cn->box.y) < 1e-6);
				seen++;
			}
		for (i = 0; i + 1 < busy_o->poly.n; i++)
			if (busy_o->poly.pts[i].x <= x &&
			    x <= busy_o->poly.pts[i + 1].x) {
				assert_true(fabs(busy_o->poly.pts[i].y -
				    (co->box.y + co->box.h / 2)) < 1e-6);
				seen++;
			}
		assert_true(seen >= 2);
		/* One throughput scale: the old peak reaches half as high. */
		assert_true(tp_o->line && tp_n->line);
		for (i = 0; i < tp_o->poly.n; i++)
			ymin_o = fmin(ymin_o, tp_o->poly.pts[i].y);
		for (i = 0; i < tp_n->poly.n; i++)
			ymin_n = fmin(ymin_n, tp_n->poly.pts[i].y);
		assert_true(fabs(ymin_n - dkn->box.y) < 1e-6);
		assert_true(fabs(ymin_o - (dko->box.y + dko->box.h / 2)) <
		    1e-6);
	}
	/* The compare chart does not use the boot chart's fixed boxes. */
	assert_true(l.cpu_box.w == 0 && l.disk_box.w == 0);
	assert_non_null(layout_text(&l,
	    "old: peak 10 MB/s, read 8.9 MB, written 3.0 MB"));
	layout_free(&l);

	/* A threshold above every change: nothing is highlighted. */
	cc.threshold_us = MS(5000);
	assert_int_equal(layout_compare(&l, &cc, &plain_opts, &d), 0);
	r = row_named(&l, "net");
	assert_string_equal(label(&l, r), "net");
	assert_int_equal(bar_of(&l, r, 1)->rgb, COL_CMP_NEW);
	layout_free(&l);
	compare_free(&m);
	synth_free(&old);
	synth_free(&new);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_regression),
	};

	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return rc;
}
