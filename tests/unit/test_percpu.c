/* test_percpu.c: --per-cpu's strips (layout_cpus.c): the task that ran most in each pixel of each CPU, its busy share high, merged while it goes on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "chart.h"
#include "chartopts.h"
#include "layoutcheck.h"
#include "synth.h"

#include "layout.h"
#include "layout_parts.h"
#include "tboot.h"

#define NRUNS	512

/* The small scene with two CPUs' busy bins (10 ms) and runs added after. */
static void
scene(struct synth *s)
{
	struct busy_series *bs = &s->t.busy;
	size_t i;

	synth_small(s);
	bs->t0_us = 0;
	bs->step_us = MS(10);
	bs->n = 2000;
	bs->ncpu = 2;
	bs->v = calloc(bs->n, sizeof(*bs->v));
	bs->cpu = calloc(bs->n * bs->ncpu, sizeof(*bs->cpu));
	bs->runs = calloc(NRUNS, sizeof(*bs->runs));
	assert_non_null(bs->v);
	assert_non_null(bs->cpu);
	assert_non_null(bs->runs);
	for (i = 0; i < bs->n * bs->ncpu; i++)
		bs->cpu[i] = 0.5f;
}

/* A run of pid on cpu over [a_us, b_us). */
static void
run(struct synth *s, unsigned cpu, int pid, const char *comm, int64_t a_us,
    int64_t b_us)
{
	struct busy_series *bs = &s->t.busy;

	assert_true(bs->nruns < NRUNS);
	bs->runs[bs->nruns++] = (struct cpu_run){ a_us, b_us, pid, cpu, "" };
	snprintf(bs->runs[bs->nruns - 1].comm, 16, "%s", comm);
}

static struct layout
lay(const struct synth *s, struct chart_opts *o, int warns)
{
	struct layout l;
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(layout_make(&l, SYNTH_BOOT(s, ms_of(&s->t, &s->tree)), o, &d), 0);
	assert_int_equal(d.nwarn, warns);
	assert_text_apart(&l);
	return l;
}

/* What the spans' tooltips of comm on cpu say: ms ran, ms busy, px wide. */
struct sum {
	uint32_t rgb;
	double ran, busy, px;
	int spans, others;
};

static struct sum
sum_of(const struct layout *l, unsigned cpu, const char *comm)
{
	struct sum r = { 0, 0, 0, 0, 0, 0 };
	char name[32];
	unsigned c, o;
	double a, b, ran, busy;
	size_t i;
	int pid, n;

	for (i = 0; i < l->nshapes; i++) {
		if (l->shapes[i].role != LR_CPURUN)
			continue;
		assert_non_null(l->shapes[i].tip);
		n = sscanf(l->shapes[i].tip, "cpu%u %lf-%lf s: %31s (%d) ran %lf "
		    "ms of %lf ms busy; %u other", &c, &a, &b, name, &pid, &ran,
		    &busy, &o);
		assert_true(n >= 7);
		/* Whole pixel columns, no higher than busy. */
		assert_true(l->shapes[i].box.x == floor(l->shapes[i].box.x));
		assert_true(l->shapes[i].box.w == floor(l->shapes[i].box.w));
		assert_true(ran <= busy + 1e-3);
		if (c != cpu || strcmp(name, comm) != 0)
			continue;
		/* A process keeps its colour. */
		assert_true(r.spans == 0 || r.rgb == l->shapes[i].rgb);
		r.rgb = l->shapes[i].rgb;
		r.ran += ran;
		r.busy += busy;
		r.px += l->shapes[i].box.w;
		r.spans++;
		r.others += n == 8 ? (int)o : 0;
	}
	return r;
}

/*
 * cpu0: "spin" 1-3 s alone, then "a" and "b" taking turns for 200 ms,
 * "a" 1.5 ms of each 2, then idle.  cpu1: "spin" again 5-6 s (it
 * moved), with 5 ms of "tick" in it.
 */
static void
strips(void **state)
{
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l;
	struct sum spin0, spin1, a, b, tick;
	double px_ms;
	int64_t t;

	(void)state;
	scene(&s);
	run(&s, 0, 300, "spin", MS(1000), MS(3000));
	for (t = MS(3000); t < MS(3200); t += 2000) {
		run(&s, 0, 301, "a", t, t + 1500);
		run(&s, 0, 302, "b", t + 1500, t + 2000);
	}
	run(&s, 1, 300, "spin", MS(5000), MS(5500));
	run(&s, 1, 303, "tick", MS(5500), MS(5505));
	run(&s, 1, 300, "spin", MS(5505), MS(6000));
	o.per_cpu = 1;
	l = lay(&s, &o, 0);
	px_ms = 1 / l.px_per_ms;	/* a pixel's ms */
	assert_true(px_ms < 50);
	spin0 = sum_of(&l, 0, "spin");
	spin1 = sum_of(&l, 1, "spin");
	a = sum_of(&l, 0, "a");
	b = sum_of(&l, 0, "b");
	tick = sum_of(&l, 1, "tick");
	/* spin's 2 s, but for the column it may lose to "a". */
	assert_true(spin0.ran <= 2000 + 1e-3 && spin0.ran >= 2000 - px_ms);
	assert_true(spin0.spans <= 3);	/* a part column each side, the rest one */
	/* "a" wins every column of the turns; "b" none. */
	assert_true(a.ran >= 150 - px_ms && a.ran <= 150 + 1e-3);
	assert_true(a.busy >= 200 - 2 * px_ms);
	assert_true(a.others >= 1);
	assert_int_equal(b.spans, 0);
	/* cpu1: spin over tick's 5 ms, one whole-height span but its ends. */
	assert_true(spin1.ran >= 995 - 2 * px_ms && spin1.ran <= 995 + 1e-3);
	assert_int_equal(spin1.others, 1);
	assert_int_equal(tick.spans, 0);
	assert_true(spin1.px >= 1000 / px_ms && spin1.px <= 1000 / px_ms + 2);
	/* One process, one colour on both CPUs; the neighbour another. */
	assert_int_equal(spin1.rgb, spin0.rgb);
	assert_int_not_equal(a.rgb, spin0.rgb);
	/* The wide spans named; the CPUs too. */
	assert_non_null(layout_text(&l, "spin"));
	assert_non_null(layout_text(&l, "cpu0"));
	assert_non_null(layout_text(&l, "cpu1"));
	assert_null(layout_text(&l, "tick"));
	layout_free(&l);
	synth_free(&s);
}

/*
 * Runs not kept (an older log's trace, or runs cut at their cap): each
 * CPU's busy share as before, no task named; without --per-cpu nothing.
 */
static void
busy_without_runs(void **state)
{
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l, base;

	(void)state;
	scene(&s);
	/* As exact_apply.c leaves it without --per-cpu: no array at all. */
	free(s.t.busy.runs);
	s.t.busy.runs = NULL;
	base = lay(&s, &o, 0);
	o.per_cpu = 1;
	l = lay(&s, &o, 0);
	assert_int_equal(layout_shapes(&l, LR_CPURUN, LD_FILL, NULL, 0), 0);
	assert_int_equal(l.nseries, base.nseries + 2);
	assert_non_null(layout_text(&l, "cpu1"));
	assert_null(layout_text(&base, "cpu1"));
	layout_free(&l);
	/* Cut: the runs kept end early; strips of tasks would mislead. */
	s.t.busy.runs = calloc(NRUNS, sizeof(*s.t.busy.runs));
	assert_non_null(s.t.busy.runs);
	run(&s, 0, 300, "spin", MS(1000), MS(3000));
	s.x.tb.cuts = TB_CUT_RUNS;
	l = lay(&s, &o, 0);
	assert_int_equal(layout_shapes(&l, LR_CPURUN, LD_FILL, NULL, 0), 0);
	assert_int_equal(l.nseries, base.nseries + 2);
	assert_null(layout_text(&l, "spin"));
	layout_free(&l);
	layout_free(&base);
	synth_free(&s);
}

/* --window: only the runs in view, cut to it; their times as the axis reads. */
static void
strips_window(void **state)
{
	struct chart_opts o = plain_opts;
	struct synth s;
	struct layout l;
	struct sum spin;

	(void)state;
	scene(&s);
	run(&s, 0, 300, "spin", MS(1000), MS(3000));
	run(&s, 0, 301, "late", MS(9000), MS(9500));
	o.per_cpu = 1;
	o.win_from_us = MS(2000);
	o.win_to_us = MS(4000);
	o.window = 1;
	l = lay(&s, &o, 0);
	spin = sum_of(&l, 0, "spin");
	assert_true(spin.ran <= 1000 + 1e-3 && spin.ran >= 1000 - 2 / l.px_per_ms);
	assert_int_equal(sum_of(&l, 0, "late").spans, 0);
	assert_int_equal(layout_shapes(&l, LR_CPURUN, LD_FILL, NULL, 0),
	    (size_t)spin.spans);
	layout_free(&l);
	synth_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(strips),
		cmocka_unit_test(busy_without_runs),
		cmocka_unit_test(strips_window),
	};

	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return rc;
}
