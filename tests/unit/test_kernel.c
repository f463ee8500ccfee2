/* test_kernel.c: the whole boot (issue 13): idle kernel threads pruned, the kernel lane, the span before logging, switch_root. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "testutil.h"
#include "chart.h"
#include "outputs.h"
#include "layoutcheck.h"
#include "synth.h"
#include "tfunc.h"

#include "layout.h"
#include "paint.h"
#include "svg.h"
#include "layout_parts.h"
#include "parse.h"
#include "proctree.h"

/* ---- the tree: kernel threads that never ran ---- */

/* Ten samples from 1000 ms, every 100 ms, each with `load` in `state`. */
static void
mkproc(struct bootlog *t, int64_t pid, int64_t ppid, const char *name,
    double load, char state)
{
	struct process *p = bootlog_new_process(t, pid, name);
	struct proc_sample s = { 0, (float)load, 0, state, 100 };
	int i;

	assert_non_null(p);
	p->ppid = ppid;
	p->start_us = MS(0);
	for (i = 0; i < 10; i++) {
		s.time_us = MS(1000 + 100 * i);
		assert_int_equal(process_add_sample(p, &s), 0);
	}
}

/*
 * A boot whose kernel threads all started with the kernel: one ran
 * (CPU), one waited in D, two never ran, one never ran but has a child
 * that did (a user-mode helper).
 */
static void
kthread_trace(struct bootlog *t, int with_log_start)
{
	struct diag d;

	bootlog_init(t);
	diag_init(&d, "test");
	t->ps_first_us = MS(1000);
	t->ps_last_us = MS(2000);
	t->sample_period_us = MS(90);	/* (2000 - 1000) / 11 blocks */
	if (with_log_start)
		assert_int_equal(bootlog_set_header(t, "bootchart.log_start",
		    "0.950000"), 0);
	mkproc(t, 1, 0, "init", 0.2, 'S');
	mkproc(t, 2, 0, "kthreadd", 0, 'S');
	mkproc(t, 3, 2, "kworker/0:0", 0.1, 'S');
	mkproc(t, 4, 2, "ksoftirqd/0", 0, 'S');
	mkproc(t, 5, 2, "kdevtmpfs", 0, 'D');
	mkproc(t, 6, 2, "kswapd0", 0, 'I');
	mkproc(t, 7, 2, "kworker/u2:0", 0, 'S');
	mkproc(t, 8, 7, "modprobe", 0.3, 'R');
	assert_int_equal(bootlog_finish(t, &d), 0);
}

/* The PIDs of the tree in pre-order, as "1 2 3". */
static int
pid_of(const struct pnode *p, int depth, void *arg)
{
	char *s = arg;

	snprintf(s + strlen(s), 256 - strlen(s), "%s%lld", s[0] ? " " : "",
	    (long long)p->proc->pid);
	return 0;
}

static void
tree_pids(const struct bootlog *t, const struct tree_opts *o, char *out)
{
	struct proctree tree;
	struct diag d;

	diag_init(&d, "test");
	out[0] = '\0';
	assert_int_equal(proctree_make(&tree, t, o, &d), 0);
	assert_int_equal(proctree_walk(&tree, pid_of, out), 0);
	proctree_free(&tree);
}

/* bootchart.log_start: the idle ones (4, 6) go; CPU, D and a parent stay. */
static void
kthreads_pruned_with_log_start(void **state)
{
	static const struct tree_opts strict = { 1, 1, 0, 0, NULL, 0 };
	struct bootlog t;
	char got[256];

	kthread_trace(&t, 1);
	tree_pids(&t, &tree_pruned, got);
	assert_string_equal(got, "1 2 3 5 7 8");
	/* --strict and -n keep them: Java's tree, and no pruning at all. */
	tree_pids(&t, &strict, got);
	assert_string_equal(got, "1 2 3 4 5 6 7 8");
	tree_pids(&t, &tree_unpruned, got);
	assert_string_equal(got, "1 2 3 4 5 6 7 8");
	bootlog_free(&t);
}

/* Without the key (every older log, the Java references): all kept. */
static void
kthreads_kept_without_log_start(void **state)
{
	struct bootlog t;
	char got[256];

	kthread_trace(&t, 0);
	tree_pids(&t, &tree_pruned, got);
	assert_string_equal(got, "1 2 3 4 5 6 7 8");
	bootlog_free(&t);
}

/* ---- the layout: lane, span before logging, switch_root ---- */

/*
 * 10 s of boot: the kernel runs init at 1.5 s, logging began at 3 s
 * (samples from there), udevd runs 3-8 s.  Initcalls: acpi_init
 * 0.3-0.7 s, pci_init 0.8-0.85 s, tiny_init (0.5 ms: no bar); two
 * milestones.
 */
static void
kernel_scene(struct synth *s, const char *log_start, int with_kernel)
{
	struct process *init;
	int64_t t;

	synth_init(s, 100);
	synth_header(s, "title", "Boot chart for kernel (test)");
	if (log_start != NULL)
		synth_header(s, "bootchart.log_start", log_start);
	for (t = 3100; t <= 10000; t += 100) {
		synth_cpu(s, t, 0.5, 0.1, 0.1);
		synth_disk(s, t, 0.2, 1e6);
	}
	s->t.ps_first_us = MS(3000);
	init = synth_proc(s, NULL, 1, "init", 200, 9800, 'S', 0.1);
	synth_proc(s, init, 300, "udevd", 3000, 5000, 'R', 0.5);
	synth_proc(s, NULL, 2, "kthreadd", 200, 9800, 'S', 0.0);
	if (!with_kernel)
		return;
	synth_kevent(s, KEV_INITCALL, 0, "acpi_init", 300000, 400000);
	synth_kevent(s, KEV_INITCALL, 0, "pci_init", 800000, 50000);
	synth_kevent(s, KEV_INITCALL, 0, "tiny_init", 900000, 500);
	synth_kevent(s, KEV_MILESTONE, KM_RUN_INIT, "run /init", 1500000, 0);
	synth_kevent(s, KEV_MILESTONE, KM_SYSTEMD, "systemd", 4000000, 0);
}

static void
layout_opts_ok(const struct synth *s, struct layout *l,
    const struct chart_opts *o)
{
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(layout_make(l, SYNTH_BOOT(s, ms_of(&s->t, &s->tree)), o, &d), 0);
	assert_int_equal(d.nwarn, 0);
	assert_text_apart(l);
}

static void
layout_ok(const struct synth *s, struct layout *l)
{
	layout_opts_ok(s, l, &plain_opts);
}

static void
assert_near(double got, double want)
{
	if (fabs(got - want) > 1e-6)
		fail_msg("got %f, want %f", got, want);
}

/*
 * The kernel lane's rows, from its span's top to the bottom of its
 * labels; 0 without a lane.
 */
static int
lane_span(const struct layout *l, double *ya, double *yb)
{
	size_t i;
	int any = 0;

	*ya = INFINITY;
	*yb = -INFINITY;
	for (i = 0; i < l->nshapes; i++)
		if (l->shapes[i].role == LR_KTICK) {
			*ya = fmin(*ya, l->shapes[i].box.y);
			*yb = fmax(*yb, l->shapes[i].box.y + l->shapes[i].box.h);
			any = 1;
		}
	for (i = 0; i < l->ntexts; i++)
		if (l->texts[i].role == LR_LANE)
			*yb = fmax(*yb, l->texts[i].box.y + l->texts[i].box.h);
	return any;
}

/* The "not logged" labels, in the order placed: how many. */
static size_t
unlogged_texts(const struct layout *l, const struct lt_text **v, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < l->ntexts; i++)
		if (l->texts[i].role == LR_UNLOGGED) {
			if (n < max)
				v[n] = &l->texts[i];
			n++;
		}
	return n;
}

/* Bars at their initcalls' x, the span to the first user process, ticks, names. */
static void
lane_bars_and_names(void **state)
{
	const struct lt_text *acpi, *pci, *running;
	const struct lt_shape *sh[4];
	struct synth s;
	struct layout l;
	double ya, yb;

	kernel_scene(&s, NULL, 1);
	layout_ok(&s, &l);
	/* From boot, not from the first process (init at 0.2 s). */
	assert_int_equal(l.t0_us, MS(0));
	/* The span filled then framed, the bars, the milestones' ticks. */
	assert_int_equal(layout_shapes(&l, LR_KERNEL, LD_FILL, sh, 4), 1);
	assert_near(sh[0]->box.x, layout_x(&l, MS(0)));
	assert_near(sh[0]->box.x + sh[0]->box.w, layout_x(&l, MS(1500)));
	assert_int_equal(layout_shapes(&l, LR_KERNEL, LD_FRAME, sh + 1, 1), 1);
	assert_memory_equal(&sh[0]->box, &sh[1]->box, sizeof(sh[0]->box));
	assert_true(sh[0] < sh[1]);
	assert_int_equal(layout_shapes(&l, LR_KBAR, LD_FILL, sh, 4), 2);
	assert_near(sh[0]->box.x, layout_x(&l, MS(300)));
	assert_near(sh[0]->box.w, layout_x(&l, MS(700)) - layout_x(&l, MS(300)));
	assert_near(sh[1]->box.x, layout_x(&l, MS(800)));
	assert_near(sh[1]->box.w, layout_x(&l, MS(850)) - layout_x(&l, MS(800)));
	assert_int_equal(layout_shapes(&l, LR_KTICK, LD_LINE, sh, 4), 2);
	assert_near(sh[0]->box.x, layout_x(&l, MS(1500)));
	assert_near(sh[1]->box.x, layout_x(&l, MS(4000)));
	assert_true(sh[0]->box.w == 0 && sh[0]->box.h > 0);
	/* Names under the lane, above the process chart; the longest first. */
	acpi = layout_text(&l, "acpi_init (400 ms)");
	pci = layout_text(&l, "pci_init (50 ms)");
	assert_non_null(acpi);
	assert_non_null(pci);
	assert_int_equal(acpi->role, LR_LANE);
	assert_null(layout_text(&l, "tiny_init (1 ms)"));
	assert_true(acpi->box.y >= sh[0]->box.y + sh[0]->box.h);
	assert_true(acpi->box.y <= pci->box.y);
	assert_true(lane_span(&l, &ya, &yb));
	assert_true(yb < l.proc_box.y);
	running = layout_text(&l, "Running (%cpu)");
	assert_non_null(running);
	assert_true(yb <= running->box.y);
	assert_non_null(layout_text(&l, "run /init"));
	assert_non_null(layout_text(&l, "systemd"));
	/*
	 * Without bootchart.log_start (bootchart2's logs), what is hatched
	 * is the span before the first sample; no "logging from" line.
	 */
	assert_int_equal(layout_shapes(&l, LR_HATCH, LD_HATCH, sh, 4), 3);
	assert_near(sh[2]->box.x + sh[2]->box.w, layout_x(&l, MS(3000)));
	assert_null(layout_text(&l, "logging from 3.00 s (uptime)"));
	layout_free(&l);
	synth_free(&s);
}

/*
 * The flame chart under the lane (layout_flame.c): PID 1's calls A
 * (0.3-0.7 s, depth 0) > B (0.35-0.55 s, depth 1) > C (1 us, depth 2:
 * under half a pixel, not drawn) and D (0.45-0.46 s, depth 12: below
 * the rows drawn).  A's self time is 400 - 200 ms; B's 200 - 10 - 0.001.
 */
static void
flame_chart(void **state)
{
	const struct lt_shape *sh[4];
	struct synth s;
	struct layout l;

	kernel_scene(&s, NULL, 1);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 1, 0, 0x1000, 0, MS(300) * 1000,
	    MS(700) * 1000, 0), 0);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 1, 0, 0x2000, 1, MS(350) * 1000,
	    MS(550) * 1000, 0), 0);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 1, 0, 0x3000, 2, MS(400) * 1000,
	    MS(400) * 1000 + 1000, 0), 0);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 1, 0, 0x4000, 12, MS(450) * 1000,
	    MS(460) * 1000, 0), 0);
	assert_int_equal(tcalls_nest(&s.x.tb.calls), 0);
	layout_ok(&s, &l);
	assert_non_null(layout_text(&l, "kernel function call (function_graph: "
	    "time across, depth down)"));
	assert_int_equal(layout_shapes(&l, LR_FLAME, LD_FILL, sh, 4), 2);
	assert_near(sh[0]->box.x, layout_x(&l, MS(300)));
	assert_near(sh[0]->box.w, layout_x(&l, MS(700)) - layout_x(&l, MS(300)));
	assert_near(sh[1]->box.x, layout_x(&l, MS(350)));
	assert_near(sh[1]->box.y, sh[0]->box.y + sh[0]->box.h + 1);
	assert_string_equal(sh[0]->tip, "0x1000: 400.000 ms (self 200.000 ms), "
	    "depth 0, pid 1");
	assert_string_equal(sh[1]->tip, "0x2000: 200.000 ms (self 189.999 ms), "
	    "depth 1, pid 1");
	/* Under the lane's labels, above the process chart; its thread named. */
	assert_true(sh[0]->box.y > layout_text(&l, "acpi_init (400 ms)")->box.y);
	assert_true(sh[1]->box.y + sh[1]->box.h < l.proc_box.y);
	assert_non_null(layout_text(&l, "? (1)"));
	layout_free(&l);
	synth_free(&s);
}

/* The text of the layout that begins with prefix, or NULL. */
static const struct lt_text *
text_from(const struct layout *l, const char *prefix)
{
	size_t i;

	for (i = 0; i < l->ntexts; i++)
		if (strncmp(l->texts[i].s, prefix, strlen(prefix)) == 0)
			return &l->texts[i];
	return NULL;
}

#define COST_NOTE	"function tracing slowed the test boot"

/*
 * Under the flame chart, the cost of function mode that make bench
 * measured (fncost.h): whole, and word for word as docs/boot-test.md
 * quotes it, so the page and the chart cannot disagree; no such line on
 * a chart without calls.
 */
static void
flame_cost_note(void **state)
{
	const struct lt_shape *sh[1];
	const struct lt_text *note;
	struct synth s;
	struct layout l;
	size_t len;
	char *doc;

	kernel_scene(&s, NULL, 1);
	layout_ok(&s, &l);
	assert_null(text_from(&l, COST_NOTE));
	layout_free(&l);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 1, 0, 0x1000, 0, MS(300) * 1000,
	    MS(700) * 1000, 0), 0);
	assert_int_equal(tcalls_nest(&s.x.tb.calls), 0);
	layout_ok(&s, &l);
	note = text_from(&l, COST_NOTE);
	assert_non_null(note);
	assert_int_equal(layout_shapes(&l, LR_FLAME, LD_FILL, sh, 1), 1);
	assert_true(note->box.y >= sh[0]->box.y + sh[0]->box.h);
	assert_true(note->box.y + note->box.h <= l.proc_box.y);
	assert_non_null(strstr(note->s, "multi-user.target; make bench, "
	    "docs/boot-test.md)"));
	doc = read_file("docs/boot-test.md", &len);
	assert_non_null(doc);
	if (strstr(doc, note->s) == NULL)
		fail_msg("docs/boot-test.md does not quote \"%s\"", note->s);
	free(doc);
	layout_free(&l);
	synth_free(&s);
}

/*
 * A log without the kernel's boot (a profile recorded with bootchartd
 * start --functions) has no lane: its calls get the flame chart alone,
 * with its legend, above the process chart.
 */
static void
flame_without_lane(void **state)
{
	const struct lt_shape *sh[4];
	struct synth s;
	struct layout l;

	(void)state;
	kernel_scene(&s, NULL, 0);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 300, 0, 0x1000, 0,
	    MS(3500) * 1000, MS(3900) * 1000, 0), 0);
	/* A thread of calls too short to draw gets no (empty) band. */
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 301, 0, 0x1000, 0,
	    MS(5000) * 1000, MS(5000) * 1000 + 2000, 0), 0);
	assert_int_equal(tcalls_nest(&s.x.tb.calls), 0);
	layout_ok(&s, &l);
	assert_non_null(layout_text(&l, "kernel function call (function_graph: "
	    "time across, depth down)"));
	assert_null(layout_text(&l, "Kernel"));
	assert_int_equal(layout_shapes(&l, LR_FLAME, LD_FILL, sh, 4), 1);
	assert_near(sh[0]->box.x, layout_x(&l, MS(3500)));
	assert_true(sh[0]->box.y + sh[0]->box.h < l.proc_box.y);
	assert_non_null(layout_text(&l, "? (300)"));
	assert_null(layout_text(&l, "? (301)"));
	/* The boot test's cost is no profile's. */
	for (size_t i = 0; i < l.ntexts; i++)
		assert_null(strstr(l.texts[i].s, "function tracing slowed"));
	layout_free(&l);
	/* Without calls: nothing of it. */
	tcalls_free(&s.x.tb.calls);
	memset(&s.x.tb.calls, 0, sizeof(s.x.tb.calls));
	layout_ok(&s, &l);
	assert_null(layout_text(&l, "kernel function call (function_graph: "
	    "time across, depth down)"));
	assert_int_equal(layout_shapes(&l, LR_FLAME, LD_FILL, NULL, 0), 0);
	layout_free(&l);
	synth_free(&s);
}

/*
 * --window: the axis counts on from FROM; the flame chart's bands are
 * the threads with calls in view, the initcalls named those in view;
 * a window after the kernel's end has no lane.
 */
static void
flame_window(void **state)
{
	struct chart_opts o = plain_opts;
	const struct lt_shape *sh[4];
	struct synth s;
	struct layout l;

	kernel_scene(&s, NULL, 1);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 1, 0, 0x1000, 0, MS(300) * 1000,
	    MS(700) * 1000, 0), 0);
	assert_int_equal(tcalls_exit(&s.x.tb.calls, 5, 0, 0x2000, 0, MS(1100) * 1000,
	    MS(1300) * 1000, 0), 0);
	assert_int_equal(tcalls_nest(&s.x.tb.calls), 0);
	o.window = 1;
	o.win_from_us = MS(1000);
	o.win_to_us = MS(1400);
	layout_opts_ok(&s, &l, &o);
	assert_int_equal(l.t0_us - l.origin_us, MS(1000));
	assert_int_equal(l.t1_us - l.origin_us, MS(1400));
	assert_int_equal(layout_shapes(&l, LR_FLAME, LD_FILL, sh, 4), 1);
	assert_near(sh[0]->box.x, layout_x(&l, l.origin_us + MS(1100)));
	assert_non_null(layout_text(&l, "? (5)"));
	assert_null(layout_text(&l, "? (1)"));
	assert_null(layout_text(&l, "acpi_init (400 ms)"));
	assert_non_null(layout_text(&l, "1s"));
	assert_null(layout_text(&l, "0s"));
	layout_free(&l);
	o.win_from_us = MS(2000);
	o.win_to_us = MS(5000);
	layout_opts_ok(&s, &l, &o);
	assert_null(layout_text(&l, "Kernel"));
	assert_int_equal(layout_shapes(&l, LR_FLAME, LD_FILL, sh, 4), 0);
	layout_free(&l);
	synth_free(&s);
}

/* Many initcalls in a short kernel: labels stay in their rows, none overlap. */
static void
lane_crowded(void **state)
{
	const struct lt_shape *tick;
	const struct lt_text *running;
	struct synth s;
	struct layout l;
	char name[64];
	size_t i, named = 0;
	int k;

	kernel_scene(&s, NULL, 0);
	for (k = 0; k < 300; k++) {
		snprintf(name, sizeof(name), "some_rather_long_init_%d", k);
		synth_kevent(&s, KEV_INITCALL, 0, name, 5000 * k, 1000 + 37 * k);
	}
	synth_kevent(&s, KEV_MILESTONE, KM_FREE_INIT, "free init memory",
	    1499000, 0);
	synth_kevent(&s, KEV_MILESTONE, KM_RUN_INIT, "run /init", 1500000, 0);
	layout_ok(&s, &l);
	assert_int_equal(layout_shapes(&l, LR_KBAR, LD_FILL, NULL, 0), 300);
	assert_int_equal(layout_shapes(&l, LR_KTICK, LD_LINE, &tick, 1), 2);
	running = layout_text(&l, "Running (%cpu)");
	assert_non_null(running);
	for (i = 0; i < l.ntexts; i++)
		if (strncmp(l.texts[i].s, "some_rather_long_init_", 22) == 0) {
			named++;
			assert_true(l.texts[i].box.y >= tick->box.y +
			    tick->box.h);
			assert_true(l.texts[i].box.y + l.texts[i].box.h <=
			    running->box.y);
		}
	/* The longest (the last one, 12 ms) is named; at most ten are. */
	assert_non_null(layout_text(&l, "some_rather_long_init_299 (12 ms)"));
	assert_true(named >= 1 && named <= 10);
	layout_free(&l);
	synth_free(&s);
}

/* The span before bootchart.log_start: hatched over the charts and rows, labelled. */
static void
unlogged_span(void **state)
{
	const struct lt_text *t, *tv[4];
	const struct lt_shape *sh[4];
	struct synth s;
	struct layout l;
	size_t i, n;

	kernel_scene(&s, "3.000000", 0);
	layout_ok(&s, &l);
	assert_int_equal(l.t0_us, MS(0));
	assert_int_equal(layout_shapes(&l, LR_KERNEL, LD_FILL, NULL, 0), 0);
	/* The CPU and disk charts, the rows; the legend's square is hatched. */
	assert_int_equal(layout_shapes(&l, LR_HATCH, LD_HATCH, sh, 4), 3);
	assert_int_equal(l.nshapes, 3);
	for (i = 0; i < 3; i++) {
		assert_near(sh[i]->box.x, layout_x(&l, MS(0)));
		assert_near(sh[i]->box.x + sh[i]->box.w,
		    layout_x(&l, MS(3000)));
	}
	assert_near(sh[0]->box.y, l.cpu_box.y);
	assert_near(sh[1]->box.h, l.disk_box.h);
	assert_near(sh[2]->box.y, l.proc_box.y);
	assert_near(sh[2]->box.h, l.proc_box.h);
	for (i = 0, n = 0; i < l.nswatches; i++)
		n += l.swatches[i].role == LR_SWATCH_HATCH;
	assert_int_equal(n, 1);
	/* Both charts say so, inside the span. */
	assert_int_equal(unlogged_texts(&l, tv, 4), 2);
	for (i = 0; i < 2; i++) {
		t = tv[i];
		assert_string_equal(t->s, "not logged");
		assert_true(t->box.x >= sh[i]->box.x);
		assert_true(t->box.x + t->box.w <= layout_x(&l, MS(3000)));
		assert_true(t->box.y >= sh[i]->box.y);
		assert_true(t->box.y + t->box.h <= sh[i]->box.y +
		    sh[i]->box.h);
	}
	assert_non_null(layout_text(&l, "logging from 3.00 s (uptime)"));
	layout_free(&l);
	synth_free(&s);
}

/* With a memory chart too (a real distro boot): three charts hatched and labelled. */
static void
unlogged_span_with_memory(void **state)
{
	const struct lt_shape *sh[4];
	const struct lt_text *tv[4];
	struct synth s;
	struct layout l;
	size_t i;

	(void)state;
	kernel_scene(&s, "3.000000", 0);
	for (i = 0; i < 8; i++)
		synth_mem(&s, 1000 + 1000 * (int64_t)i, 1000 << 10, 300 << 10,
		    100 << 10, 200 << 10, 0);
	layout_ok(&s, &l);
	assert_true(l.mem_box.h > 0);
	/* The CPU, disk and memory charts, the rows. */
	assert_int_equal(layout_shapes(&l, LR_HATCH, LD_HATCH, sh, 4), 4);
	assert_near(sh[2]->box.y, l.mem_box.y);
	assert_int_equal(unlogged_texts(&l, tv, 4), 3);
	for (i = 0; i < 3; i++) {
		assert_string_equal(tv[i]->s, "not logged");
		assert_true(tv[i]->box.y >= sh[i]->box.y);
		assert_true(tv[i]->box.y + tv[i]->box.h <= sh[i]->box.y +
		    sh[i]->box.h);
	}
	layout_free(&l);
	synth_free(&s);
}

/* Older logs (no key, no kernel events) start at the first process, as before. */
static void
no_key_no_change(void **state)
{
	struct synth s;
	struct layout l;

	kernel_scene(&s, NULL, 0);
	layout_ok(&s, &l);
	assert_int_equal(l.t0_us, MS(200));
	assert_int_equal(l.nshapes, 0);
	assert_int_equal(l.nmarks, 0);
	layout_free(&l);
	synth_free(&s);
	/* A log of one command keeps its logging span, key or not. */
	kernel_scene(&s, "3.000000", 1);
	synth_header(&s, "profile.process", "udevd");
	s.tree.profile = "udevd";
	layout_ok(&s, &l);
	assert_int_equal(l.t0_us, MS(200));
	assert_int_equal(l.nshapes, 0);
	layout_free(&l);
	synth_free(&s);
}

/* switch_root: the header's time, else PID 1 seen as run-init. */
static void
switch_root_mark(void **state)
{
	struct synth s;
	struct layout l;

	kernel_scene(&s, "3.000000", 0);
	synth_header(&s, "bootchart.switch_root", "5.25");
	s.t.pid1_switched = 1;
	s.t.pid1_switch_us = MS(6000);
	layout_ok(&s, &l);
	assert_int_equal(l.nmarks, 1);
	assert_near(l.marks[0].x, layout_x(&l, MS(5250)));
	assert_string_equal(l.texts[l.marks[0].text].s, "switch_root");
	layout_free(&l);
	synth_free(&s);

	kernel_scene(&s, NULL, 0);
	s.t.pid1_switched = 1;
	s.t.pid1_switch_us = MS(6000);
	layout_ok(&s, &l);
	assert_int_equal(l.nmarks, 1);
	assert_near(l.marks[0].x, layout_x(&l, MS(6000)));
	layout_free(&l);
	synth_free(&s);
}

/* A header time that is not seconds: one warning each, no mark, no hatching. */
static void
bad_header_times(void **state)
{
	struct milestones ms;
	struct synth s;
	struct layout l;
	struct diag d;

	kernel_scene(&s, "soon", 0);
	synth_header(&s, "bootchart.switch_root", "4.5.6");
	diag_init(&d, "test");
	d.out = NULL;
	/* Each bad key is named once, by the milestones' one owner. */
	milestones_make(&ms, &s.t, &s.tree, &d);
	assert_int_equal(d.nwarn, 2);
	assert_false(ms.has_switch_root);
	assert_false(ms.log_start_logged);
	assert_int_equal(layout_make(&l, SYNTH_BOOT(&s, &ms), &plain_opts, &d),
	    0);
	assert_int_equal(d.nwarn, 2);
	assert_int_equal(l.nmarks, 0);
	assert_int_equal(l.nshapes, 0);
	assert_int_equal(l.t0_us, MS(200));
	layout_free(&l);
	synth_free(&s);
}

/* PID 1 named run-init (initramfs-tools) or switch_root: its first block. */
static void
pid1_switch_from_proc_ps(void **state)
{
	struct logparse lp;
	static const char ps[] =
	    "754\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 6 142 0 0 20 0 1 0 70\n\n"
	    "800\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 6 150 0 0 20 0 1 0 70\n\n"
	    "1994\n1 (run-init) R 0 0 0 0 -1 0 0 0 0 0 8 157 0 0 20 0 1 0 70\n\n"
	    "2015\n1 (systemd) R 0 0 0 0 -1 0 0 0 0 0 9 170 0 0 20 0 1 0 70\n\n"
	    "2100\n1 (switch_root) R 0 0 0 0 -1 0 0 0 0 0 9 171 0 0 20 0 1 0 70\n\n";
	struct bootlog t;
	struct diag d;

	bootlog_init(&t);
	logparse_init(&lp, &t);
	diag_init(&d, "test");
	assert_int_equal(logstream_buffer(&lp, "proc_ps.log", ps,
	    sizeof(ps) - 1, &d), 0);
	assert_true(t.pid1_switched);
	assert_int_equal(t.pid1_switch_us, MS(19940));
	logparse_free(&lp);
	bootlog_free(&t);
}

/*
 * Whether pixel rows y of two RGB24 images match where the new parts
 * are: left of x1 (the hatched span) and, in the lane's rows, across.
 * (The CPU and disk areas are big polygons whose edge pixels may shade
 * a little differently when cut into bands; they are not new.)
 */
static int
row_alike(const struct layout *l, const unsigned char *a,
    const unsigned char *b, int y, int x1)
{
	double ya, yb;

	if (lane_span(l, &ya, &yb) && y >= ya - 1 && y <= yb + 1)
		x1 = l->width;
	return memcmp(a, b, (size_t)x1 * 4) == 0;
}

/* The whole chart painted on one image. */
static cairo_surface_t *
paint_whole(const struct layout *l)
{
	cairo_surface_t *img;
	cairo_t *cr;

	img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, l->width,
	    l->height);
	cr = cairo_create(img);
	assert_int_equal(paint_chart(cr, l, 0, l->height),
	    CAIRO_STATUS_SUCCESS);
	cairo_destroy(cr);
	cairo_surface_flush(img);
	return img;
}

/*
 * PNG is painted in bands: the lane, the hatching and its labels come
 * out the same in 37-pixel bands as in one.
 */
static void
bands_paint_alike(void **state)
{
	cairo_surface_t *whole, *band;
	struct synth s;
	struct layout l;
	unsigned char *a, *b;
	cairo_t *cr;
	int y, n, sa, sb, row, x1;

	kernel_scene(&s, "3.000000", 1);
	layout_ok(&s, &l);
	x1 = (int)floor(layout_x(&l, MS(3000))) - 1;
	whole = paint_whole(&l);
	band = cairo_image_surface_create(CAIRO_FORMAT_RGB24, l.width, 37);
	a = cairo_image_surface_get_data(whole);
	sa = cairo_image_surface_get_stride(whole);
	for (y = 0; y < l.height; y += n) {
		n = l.height - y < 37 ? l.height - y : 37;
		cr = cairo_create(band);
		cairo_translate(cr, 0, -y);
		assert_int_equal(paint_chart(cr, &l, y, y + n),
		    CAIRO_STATUS_SUCCESS);
		cairo_destroy(cr);
		cairo_surface_flush(band);
		b = cairo_image_surface_get_data(band);
		sb = cairo_image_surface_get_stride(band);
		for (row = 0; row < n; row++)
			if (!row_alike(&l, a + (size_t)(y + row) * sa,
			    b + (size_t)row * sb, y + row, x1))
				fail_msg("row %d differs", y + row);
	}
	cairo_surface_destroy(band);
	cairo_surface_destroy(whole);
	layout_free(&l);
	synth_free(&s);
}

/* The pixel at (x, y) of an RGB24 image, as 0xRRGGBB. */
static uint32_t
pixel(cairo_surface_t *img, int x, int y)
{
	const unsigned char *p = cairo_image_surface_get_data(img) +
	    (size_t)y * cairo_image_surface_get_stride(img);

	return ((const uint32_t *)(const void *)p)[x] & 0xffffff;
}

/*
 * A panel the chart does not have yet is shapes the painters already
 * draw: a horizontal line, a framed and a filled box in colours of
 * their own, added to a real layout, come out of both painters.
 */
static void
new_panel_shapes(void **state)
{
	cairo_surface_t *img;
	struct synth s;
	struct layout l;
	char *svg = NULL;
	size_t n = 0;
	FILE *f;

	kernel_scene(&s, "3.000000", 1);
	layout_ok(&s, &l);
	assert_true(l.width >= 800);
	/* Right of the header's text, where nothing else is drawn. */
	assert_int_not_equal(lt_add_shape(&l, &(struct lt_box){ 700, 5.5, 80,
	    0 }, 0x00ff00, LR_KTICK, LD_LINE), SIZE_MAX);
	assert_int_not_equal(lt_add_shape(&l, &(struct lt_box){ 700.5, 10.5,
	    20, 10 }, 0x0000ff, LR_KERNEL, LD_FRAME), SIZE_MAX);
	assert_int_not_equal(lt_add_shape(&l, &(struct lt_box){ 740, 10, 20,
	    10 }, 0xff00ff, LR_KBAR, LD_FILL), SIZE_MAX);
	img = paint_whole(&l);
	assert_int_equal(pixel(img, 740, 5), 0x00ff00);
	assert_int_equal(pixel(img, 700, 15), 0x0000ff);
	assert_int_equal(pixel(img, 710, 10), 0x0000ff);
	assert_int_equal(pixel(img, 710, 15), COL_BG);
	assert_int_equal(pixel(img, 750, 15), 0xff00ff);
	cairo_surface_destroy(img);
	assert_non_null(f = open_memstream(&svg, &n));
	assert_int_equal(svg_write(f, &l, NULL, SVG_FILE), 0);
	assert_int_equal(fclose(f), 0);
	assert_non_null(strstr(svg, "<path style=\"fill:none;"
	    "stroke:#00ff00\" d=\"M700 5.5L780 5.5\"/>"));
	assert_non_null(strstr(svg, "<rect x=\"700.5\" y=\"10.5\" "
	    "width=\"20\" height=\"10\" class=\"pf\" "
	    "style=\"stroke:#0000ff\"/>"));
	/* A fill colour gets a class of the palette, like every other. */
	assert_non_null(strstr(svg, "{fill:#ff00ff}"));
	assert_non_null(strstr(svg, "<rect x=\"740\" y=\"10\" width=\"20\" "
	    "height=\"10\" class=\"k"));
	free(svg);
	layout_free(&l);
	synth_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kthreads_pruned_with_log_start),
		cmocka_unit_test(kthreads_kept_without_log_start),
		cmocka_unit_test(lane_bars_and_names),
		cmocka_unit_test(lane_crowded),
		cmocka_unit_test(flame_chart),
		cmocka_unit_test(flame_window),
		cmocka_unit_test(flame_without_lane),
		cmocka_unit_test(flame_cost_note),
		cmocka_unit_test(unlogged_span),
		cmocka_unit_test(unlogged_span_with_memory),
		cmocka_unit_test(no_key_no_change),
		cmocka_unit_test(switch_root_mark),
		cmocka_unit_test(bad_header_times),
		cmocka_unit_test(pid1_switch_from_proc_ps),
		cmocka_unit_test(bands_paint_alike),
		cmocka_unit_test(new_panel_shapes),
	};

	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return rc;
}
