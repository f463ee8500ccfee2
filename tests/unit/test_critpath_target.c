/* test_critpath_target.c: the critical path's end target (renderer/analysis/critpath.c) on hand-built records and processes: a boot's bootchart.end_at and EXIT_PROC, a profile's command, the one profile.parent names, a trace alone's last event and --critical-path-comm; the totals per category; the chart's 0 without a tree. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "critfix.h"
#include "milestones.h"

/*
 * A boot the end condition ended at uptime 50 ms (bootchart.end_at);
 * the trace began at uptime 10 ms (the model's times are uptime: the
 * clock-sync marker's offset, 10 ms, is already in them).  PID 1 ran
 * from the trace's start: running [10,50), and before it, from the
 * kernel's start (uptime 0), untraced.
 */
static void
target_end_at(void **state)
{
	struct critpath c;
	struct bootlog t;
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_proc(&f, 0, 1, "systemd", -1, -1);
	fix_add(&f, CR_ON, 1, 0, 0, 10);
	f.tb.have_sync = 1;
	f.tb.boot_minus_trace_ns = 10 * M;
	f.first_ms = 10;
	c = fix_run(&f, &t, "bootchart.end_at", "0.050", 110);
	assert_int_equal(c.pid, 1);
	assert_string_equal(c.why, "PID 1 at the header's bootchart.end_at");
	assert_int_equal(c.cp.n, 2);
	assert_int_equal(c.cp.v[0].start_ns, 0);
	assert_int_equal(c.cp.v[0].cat, CP_UNTRACED);
	assert_int_equal(c.cp.v[1].start_ns, 10 * M);
	assert_int_equal(c.cp.v[1].end_ns, 50 * M);
	assert_int_equal(c.cp.v[1].cat, CP_RUNNING);
	assert_int_equal(c.unexplained_ns, 0);
	/* The totals every report prints: the most first, shares of 50 ms. */
	assert_int_equal(c.ncat, 2);
	assert_int_equal(c.cat[0].cat, CP_RUNNING);
	assert_string_equal(c.cat[0].name, "running");
	assert_int_equal(c.cat[0].ns, 40 * M);
	assert_int_equal(c.cat[0].us, 40000);
	assert_true(c.cat[0].percent > 79.999 && c.cat[0].percent < 80.001);
	assert_int_equal(c.cat[1].cat, CP_UNTRACED);
	assert_int_equal(c.cat[1].ns, 10 * M);
	assert_true(c.cat[1].percent > 19.999 && c.cat[1].percent < 20.001);
	/* A boot's chart starts at uptime 0, whatever its first sample. */
	t.ps_first_us = 7000;
	assert_int_equal(milestones_zero(&t), 0);
	critpath_free(&c);
	bootlog_free(&t);
	fix_done(&f);
}

/*
 * EXIT_PROC getty: the path ends at getty's birth (20 ms), where its
 * creator PID 1 runs: running PID 1 [0,20), nothing of getty's own.
 */
static void
target_exit_proc(void **state)
{
	struct critpath c;
	struct bootlog t;
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_proc(&f, 0, 1, "systemd", -1, -1);
	fix_proc(&f, 1, 300, "getty", 20, -1);
	fix_add(&f, CR_ON, 1, 0, 0, 0);
	fix_add(&f, CR_BORN, 300, 1, 0, 20);
	fix_add(&f, CR_WOKEN, 300, 1, 0, 21);
	c = fix_run(&f, &t, "bootchart.end", "EXIT_PROC getty", 100);
	assert_int_equal(c.pid, 300);
	assert_int_equal(c.cp.n, 1);
	assert_int_equal(c.cp.v[0].end_ns, 20 * M);
	assert_int_equal(c.cp.v[0].tid, 1);
	assert_int_equal(c.cp.v[0].cat, CP_RUNNING);
	critpath_free(&c);
	bootlog_free(&t);
	fix_done(&f);
}

/*
 * A profile of python3: the first process of that name born in the
 * trace (pid 60, not bash, born first), to its exit at 40 ms.
 */
static void
target_profile(void **state)
{
	struct critpath c;
	struct bootlog t;
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_proc(&f, 0, 50, "bash", 5, 30);
	fix_proc(&f, 1, 60, "python3", 10, 40);
	fix_add(&f, CR_ON, 60, 0, 0, 10);
	fix_add(&f, CR_EXIT, 60, -1, 0, 40);
	c = fix_run(&f, &t, "profile.process", "python3", 100);
	assert_int_equal(c.pid, 60);
	assert_int_equal(c.cp.end_ns, 40 * M);
	assert_int_equal(c.cp.v[c.cp.n - 1].start_ns, 10 * M);
	assert_int_equal(c.cp.v[c.cp.n - 1].cat, CP_RUNNING);
	critpath_free(&c);
	bootlog_free(&t);
	fix_done(&f);
}

/*
 * Two profiles of sh side by side: the other one's sh (70, its parent
 * 7) was born first; the header's profile.parent (5) names ours (80).
 */
static void
target_profile_parent(void **state)
{
	struct critpath c;
	struct bootlog t;
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_proc(&f, 0, 70, "sh", 5, 60);
	fix_proc(&f, 1, 80, "sh", 10, 40);
	f.tb.v[0].ppid = 7;
	f.tb.v[1].ppid = 5;
	fix_add(&f, CR_ON, 80, 0, 0, 10);
	fix_add(&f, CR_EXIT, 80, -1, 0, 40);
	bootlog_init(&t);
	assert_int_equal(bootlog_set_header(&t, "profile.process", "sh"), 0);
	assert_int_equal(bootlog_set_header(&t, "profile.parent", "5"), 0);
	f.tb.first_ns = 0;
	f.tb.last_ns = 100 * M;
	tcrit_take(&f.cr, &f.tb);
	diag_init(&f.d, "test");
	f.d.verbose = -1;
	memset(&c, 0, sizeof(c));
	assert_int_equal(critpath_run(&c, &f.tb, &t,
	    &(struct crit_target){ 0, NULL }, &f.d), 0);
	assert_int_equal(c.pid, 80);
	assert_int_equal(c.cp.end_ns, 40 * M);
	/* A profile's chart starts at its first sample, as its tree does. */
	t.ps_first_us = 7000;
	assert_int_equal(milestones_zero(&t), 7000);
	critpath_free(&c);
	bootlog_free(&t);
	fix_done(&f);
}

/* The walk's records and processes run as a trace alone's (PS_TRACE). */
static struct critpath
alone_run(struct fix *f, struct bootlog *t, const struct crit_target *want,
    int rc)
{
	struct critpath c;

	memset(&c, 0, sizeof(c));
	f->tb.first_ns = 0;
	f->tb.last_ns = 40 * M;
	tcrit_take(&f->cr, &f->tb);
	diag_init(&f->d, "test");
	f->d.verbose = -1;
	assert_int_equal(critpath_run(&c, &f->tb, t, want, &f->d), rc);
	return c;
}

/*
 * A trace alone (no log: no header, no PID 1): the path ends at the
 * trace's end (40 ms) in the process of its last event, sh (pid 50,
 * alive before the trace) at 30 ms, and starts at the trace's start;
 * --critical-path-comm true: at true's exit (20 ms); a name the trace
 * does not have is an error.
 */
static void
target_alone(void **state)
{
	struct crit_target none = { 0, NULL }, named = { 0, "true" },
	    missing = { 0, "nosuch" };
	struct critpath c;
	struct bootlog t;
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	bootlog_init(&t);
	t.ps_source = PS_TRACE;
	fix_proc(&f, 0, 50, "sh", -1, -1);
	fix_proc(&f, 1, 60, "true", 10, 20);
	assert_int_equal(tcrit_add(&f.cr, CR_ON, 60, 60, 1, 0, 0, 10 * M), 0);
	assert_int_equal(tcrit_add(&f.cr, CR_EXIT, 60, 60, 1, -1, 0, 20 * M),
	    0);
	assert_int_equal(tcrit_add(&f.cr, CR_ON, 50, 50, 0, 0, 0, 30 * M), 0);
	c = alone_run(&f, &t, &none, 0);
	assert_int_equal(c.pid, 50);
	assert_string_equal(c.why,
	    "the recording's end (its last event's process)");
	assert_int_equal(c.cp.start_ns, 0);
	assert_int_equal(c.cp.end_ns, 40 * M);
	critpath_free(&c);
	assert_int_equal(critpath_run(&c, &f.tb, &t, &named, &f.d), 0);
	assert_int_equal(c.pid, 60);
	assert_string_equal(c.why, "--critical-path-comm");
	assert_int_equal(c.cp.end_ns, 20 * M);
	critpath_free(&c);
	assert_int_equal(critpath_run(&c, &f.tb, &t, &missing, &f.d), -1);
	critpath_free(&c);
	bootlog_free(&t);
	fix_done(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(target_end_at),
		cmocka_unit_test(target_exit_proc),
		cmocka_unit_test(target_profile),
		cmocka_unit_test(target_profile_parent),
		cmocka_unit_test(target_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
