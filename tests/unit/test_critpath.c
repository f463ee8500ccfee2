/* test_critpath.c: the critical path's walk (renderer/analysis/critpath_walk.c) on hand-built thread records, each expected path derived by hand in the comments: a wake chain, a wake cycle, a self-sustaining zero-time cycle, a wait that never ends, time going backward, an unknown waker, a birth, a waking on the CPU, a floor above and below the trace's start. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "critfix.h"

/*
 * The chain on two CPUs.  A runs [0,10), reads an empty pipe
 * (S at 10); B runs [2,8), sleeps (S at 8), a timer interrupt wakes it
 * at 308, it runs at 309 and writes, waking A at 310; A runs at 312,
 * is preempted by X at 400 and back at 410, fsyncs (D at 512), the
 * disk's interrupt wakes it at 520, it runs at 521 and exits at 530.
 * Backward from A's exit: running A [521,530); runnable [520,521);
 * disk [512,520) (D woken from an interrupt); running [410,512);
 * runnable [400,410) (X held the CPU); running [312,400); runnable
 * [310,312); A's wait [10,310) was B's: within it, running B
 * [309,310), runnable B [308,309), B's sleep from 8, cut to the
 * window: timer [10,308); then running A [0,10).
 */
static void
chain(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_ON, B, 0, 0, 2);
	fix_add(&f, CR_OFF, B, 0, TS_SLEEPING, 8);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_WOKEN, B, TW_IRQ, 0, 308);
	fix_add(&f, CR_ON, B, 0, 0, 309);
	fix_add(&f, CR_WOKEN, A, B, 0, 310);
	fix_add(&f, CR_OFF, B, 0, TS_SLEEPING, 311);
	fix_add(&f, CR_ON, A, 0, 0, 312);
	fix_add(&f, CR_OFF, A, X, TS_RUNNABLE, 400);
	fix_add(&f, CR_ON, A, X, 0, 410);
	fix_add(&f, CR_OFF, A, 0, TS_WAITING, 512);
	fix_add(&f, CR_WOKEN, A, TW_IRQ, 0, 520);
	fix_add(&f, CR_ON, A, 0, 0, 521);
	fix_add(&f, CR_EXIT, A, -1, 0, 530);
	fix_disk_done(&f, 519);
	fix_walk(&f, A, 530, 0);
	assert_int_equal(f.cp.n, 11);
	fix_seg(&f, 0, 0, 10, CP_RUNNING, A);
	fix_seg(&f, 1, 10, 308, CP_TIMER, B);
	fix_seg(&f, 2, 308, 309, CP_RUNNABLE, B);
	fix_seg(&f, 3, 309, 310, CP_RUNNING, B);
	fix_seg(&f, 4, 310, 312, CP_RUNNABLE, A);
	fix_seg(&f, 5, 312, 400, CP_RUNNING, A);
	fix_seg(&f, 6, 400, 410, CP_RUNNABLE, A);
	assert_int_equal(f.cp.v[6].other, X);
	fix_seg(&f, 7, 410, 512, CP_RUNNING, A);
	fix_seg(&f, 8, 512, 520, CP_DISK, A);
	fix_seg(&f, 9, 520, 521, CP_RUNNABLE, A);
	fix_seg(&f, 10, 521, 530, CP_RUNNING, A);
	assert_false(f.cp.cut);
	fix_covers(&f);
	fix_done(&f);
}

/*
 * D waits an interrupt ends: across a disk request's completion the
 * disk's, else another device's.  A in D [10,20) woken by an interrupt
 * with a completion at 15: disk; in D [30,40), woken by an interrupt,
 * no completion: irq; runnable until on at 21 and 41.
 */
static void
disk_or_irq(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_OFF, A, 0, TS_WAITING, 10);
	fix_add(&f, CR_WOKEN, A, TW_IRQ, 0, 20);
	fix_add(&f, CR_ON, A, 0, 0, 21);
	fix_add(&f, CR_OFF, A, 0, TS_WAITING, 30);
	fix_add(&f, CR_WOKEN, A, TW_SOFTIRQ, 0, 40);
	fix_add(&f, CR_ON, A, 0, 0, 41);
	fix_add(&f, CR_EXIT, A, -1, 0, 50);
	fix_disk_done(&f, 15);
	fix_disk_done(&f, 45);
	fix_walk(&f, A, 50, 0);
	assert_int_equal(f.cp.n, 7);
	fix_seg(&f, 1, 10, 20, CP_DISK, A);
	fix_seg(&f, 4, 30, 40, CP_IRQ, A);
	fix_covers(&f);
	fix_done(&f);
}

/*
 * A floor: the chain walked from 100 ms (a boot's uptime 0 after the
 * trace's first events) stops there: timer [100,308), then as the
 * whole chain; walked from -50 ms (a trace begun after the boot):
 * untraced [-50,0) first.
 */
static void
floor_of_path(void **state)
{
	struct fix f;
	int pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		memset(&f, 0, sizeof(f));
		fix_add(&f, CR_ON, A, 0, 0, 0);
		fix_add(&f, CR_ON, B, 0, 0, 2);
		fix_add(&f, CR_OFF, B, 0, TS_SLEEPING, 8);
		fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 10);
		fix_add(&f, CR_WOKEN, B, TW_IRQ, 0, 308);
		fix_add(&f, CR_ON, B, 0, 0, 309);
		fix_add(&f, CR_WOKEN, A, B, 0, 310);
		fix_add(&f, CR_ON, A, 0, 0, 312);
		fix_add(&f, CR_EXIT, A, -1, 0, 330);
		fix_walk_from(&f, A, 330, pass == 0 ? 100 : -50, 0);
		if (pass == 0) {
			assert_int_equal(f.cp.start_ns, 100 * M);
			assert_int_equal(f.cp.n, 5);
			fix_seg(&f, 0, 100, 308, CP_TIMER, B);
		} else {
			assert_int_equal(f.cp.start_ns, -50 * M);
			assert_int_equal(f.cp.n, 7);
			assert_int_equal(f.cp.v[0].start_ns, -50 * M);
			assert_int_equal(f.cp.v[0].end_ns, 0);
			assert_string_equal(cpath_cat_name(f.cp.v[0].cat),
			    "untraced");
			fix_seg(&f, 1, 0, 10, CP_RUNNING, A);
		}
		fix_seg(&f, f.cp.n - 1, 312, 330, CP_RUNNING, A);
		fix_covers(&f);
		fix_done(&f);
	}
}

/*
 * A forged cycle: A sleeps from 10 and B wakes it at 50; B sleeps from
 * 5 and A "wakes" it at 40 while A sleeps.  From A's exit at 60:
 * running A [50,60); A's wait goes to B within [10,50): running B
 * [45,50), runnable B [40,45); B's wait goes to A within [10,40),
 * where A has no waking: waiting A [10,40); then running A [0,10).
 */
static void
cycle(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_ON, B, 0, 0, 0);
	fix_add(&f, CR_OFF, B, 0, TS_SLEEPING, 5);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_WOKEN, B, A, 0, 40);
	fix_add(&f, CR_ON, B, 0, 0, 45);
	fix_add(&f, CR_WOKEN, A, B, 0, 50);
	fix_add(&f, CR_ON, A, 0, 0, 50);
	fix_add(&f, CR_OFF, B, 0, TS_SLEEPING, 55);
	fix_add(&f, CR_EXIT, A, -1, 0, 60);
	fix_walk(&f, A, 60, 0);
	assert_int_equal(f.cp.n, 5);
	fix_seg(&f, 0, 0, 10, CP_RUNNING, A);
	fix_seg(&f, 1, 10, 40, CP_WAITING, A);
	fix_seg(&f, 2, 40, 45, CP_RUNNABLE, B);
	fix_seg(&f, 3, 45, 50, CP_RUNNING, B);
	fix_seg(&f, 4, 50, 60, CP_RUNNING, A);
	fix_covers(&f);
	fix_done(&f);
}

/*
 * A and B each woken by the other at 50, both asleep since 10: every
 * step into the waker finds another wait ending at 50, and time stands
 * still.  The step budget (100) ends it: running A [51,60) and
 * runnable A [50,51) were found, the rest [0,50) is untraced, and the
 * walk says it was cut.
 */
static void
zero_time_cycle(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_ON, B, 0, 0, 0);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_OFF, B, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_WOKEN, A, B, 0, 50);
	fix_add(&f, CR_WOKEN, B, A, 0, 50);
	fix_add(&f, CR_ON, A, 0, 0, 51);
	fix_add(&f, CR_ON, B, 0, 0, 52);
	fix_add(&f, CR_EXIT, A, -1, 0, 60);
	fix_walk(&f, A, 60, 100);
	assert_true(f.cp.cut);
	assert_int_equal(f.cp.steps, 100);
	assert_int_equal(f.cp.n, 3);
	fix_seg(&f, 0, 0, 50, CP_UNTRACED, 0);
	fix_seg(&f, 1, 50, 51, CP_RUNNABLE, A);
	fix_seg(&f, 2, 51, 60, CP_RUNNING, A);
	fix_covers(&f);
	fix_done(&f);
}

/* With a budget past it, the stack's depth (CAP_CRIT_DEPTH) ends it: still a whole path. */
static void
zero_time_cycle_depth(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_OFF, B, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_WOKEN, A, B, 0, 50);
	fix_add(&f, CR_WOKEN, B, A, 0, 50);
	fix_add(&f, CR_ON, A, 0, 0, 51);
	fix_walk(&f, A, 60, 1000000);
	assert_false(f.cp.cut);
	/*
	 * Before A's first record, a switch off, it ran: [0,10).  The
	 * deepest wait [10,50) is left blocked on its waker, not
	 * followed; then runnable A [50,51), running [51,60).
	 */
	assert_int_equal(f.cp.n, 4);
	fix_seg(&f, 0, 0, 10, CP_RUNNING, A);
	assert_string_equal(cpath_cat_name(f.cp.v[1].cat), "blocked");
	assert_int_equal(f.cp.v[1].start_ns, 10 * M);
	assert_int_equal(f.cp.v[1].end_ns, 50 * M);
	fix_seg(&f, 2, 50, 51, CP_RUNNABLE, A);
	fix_seg(&f, 3, 51, 60, CP_RUNNING, A);
	fix_covers(&f);
	fix_done(&f);
}

/* A wait no waking ends: waiting A [20,100) up to the trace's end; running [0,20). */
static void
never_woken(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_OFF, A, 0, TS_WAITING, 20);
	fix_walk(&f, A, 100, 0);
	assert_int_equal(f.cp.n, 2);
	fix_seg(&f, 0, 0, 20, CP_RUNNING, A);
	fix_seg(&f, 1, 20, 100, CP_WAITING, A);
	fix_covers(&f);
	fix_done(&f);
}

/*
 * Records that came with time going backward (on at 50, off at 30,
 * woken at 40) are taken in time order: off S at 30, woken from a
 * softirq at 40, on at 50.  From 60: running [50,60), runnable
 * [40,50), timer [30,40); before A's first record, a switch off, it
 * ran: running [0,30).
 */
static void
time_backward(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 50);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 30);
	fix_add(&f, CR_WOKEN, A, TW_SOFTIRQ, 0, 40);
	fix_walk(&f, A, 60, 0);
	assert_int_equal(f.cp.n, 4);
	fix_seg(&f, 0, 0, 30, CP_RUNNING, A);
	fix_seg(&f, 1, 30, 40, CP_TIMER, A);
	fix_seg(&f, 2, 40, 50, CP_RUNNABLE, A);
	fix_seg(&f, 3, 50, 60, CP_RUNNING, A);
	fix_covers(&f);
	fix_done(&f);
}

/*
 * A woken at 30 by thread 999, which has no records: its part of A's
 * wait [10,30) is untraced; running A [30,40) and [0,10).
 */
static void
unknown_waker(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_WOKEN, A, 999, 0, 30);
	fix_add(&f, CR_ON, A, 0, 0, 30);
	fix_walk(&f, A, 40, 0);
	assert_int_equal(f.cp.n, 3);
	fix_seg(&f, 0, 0, 10, CP_RUNNING, A);
	fix_seg(&f, 1, 10, 30, CP_UNTRACED, 999);
	fix_seg(&f, 2, 30, 40, CP_RUNNING, A);
	fix_covers(&f);
	fix_done(&f);
}

/*
 * B born at 20 by A, woken (new) at 21, running from 22 to its exit at
 * 30.  From B's exit: running B [22,30), runnable [21,22) and [20,21)
 * (born, not yet woken); before its birth, its creator: running A
 * [0,20).
 */
static void
birth(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_BORN, B, A, 0, 20);
	fix_add(&f, CR_WOKEN, B, A, 0, 21);
	fix_add(&f, CR_ON, B, 0, 0, 22);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 25);
	fix_add(&f, CR_EXIT, B, -1, 0, 30);
	fix_walk(&f, B, 30, 0);
	assert_int_equal(f.cp.n, 4);
	fix_seg(&f, 0, 0, 20, CP_RUNNING, A);
	fix_seg(&f, 1, 20, 21, CP_RUNNABLE, B);
	fix_seg(&f, 2, 21, 22, CP_RUNNABLE, B);
	fix_seg(&f, 3, 22, 30, CP_RUNNING, B);
	fix_covers(&f);
	fix_done(&f);
}

/*
 * A waking while A is still on its CPU (woken before it slept) is no
 * wait: running [0,10) whole; then its sleep, ended by an interrupt,
 * timer [10,20); running [20,30).
 */
static void
woken_on_cpu(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_WOKEN, A, B, 0, 5);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 10);
	fix_add(&f, CR_WOKEN, A, TW_IRQ, 0, 20);
	fix_add(&f, CR_ON, A, 0, 0, 20);
	fix_walk(&f, A, 30, 0);
	assert_int_equal(f.cp.n, 3);
	fix_seg(&f, 0, 0, 10, CP_RUNNING, A);
	fix_seg(&f, 1, 10, 20, CP_TIMER, A);
	fix_seg(&f, 2, 20, 30, CP_RUNNING, A);
	fix_covers(&f);
	fix_done(&f);
}

/* Past the records' cap: a warning, none kept, the tboot says so. */
static void
records_cap(void **state)
{
	struct fix f;

	(void)state;
	memset(&f, 0, sizeof(f));
	diag_init(&f.d, "test");
	f.d.verbose = -1;
	f.cr.d = &f.d;
	f.cr.max = 2;
	fix_add(&f, CR_ON, A, 0, 0, 0);
	fix_add(&f, CR_OFF, A, 0, TS_SLEEPING, 1);
	fix_add(&f, CR_ON, A, 0, 0, 2);
	assert_true(f.cr.cut);
	tcrit_take(&f.cr, &f.tb);
	assert_true(f.tb.crit_cut);
	assert_int_equal(f.tb.ncrec, 0);
	fix_done(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(chain),
		cmocka_unit_test(floor_of_path),
		cmocka_unit_test(disk_or_irq),
		cmocka_unit_test(cycle),
		cmocka_unit_test(zero_time_cycle),
		cmocka_unit_test(zero_time_cycle_depth),
		cmocka_unit_test(never_woken),
		cmocka_unit_test(time_backward),
		cmocka_unit_test(unknown_waker),
		cmocka_unit_test(birth),
		cmocka_unit_test(woken_on_cpu),
		cmocka_unit_test(records_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
