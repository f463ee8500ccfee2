/* test_tcwait.c: what the kernel's function calls waited for (renderer/exact/tcwait.c) on hand-built thread records and calls, each sum derived by hand in the comments: blocked until a waking, runnable until the CPU takes it back, the waker of the most, a nested call's share, a wait begun before the call. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tboot.h"
#include "tcrit.h"
#include "tcwait.h"
#include "tfunc.h"

#define NS_MS	1000000LL	/* a millisecond in ns */

static void
rec(struct tcrits *cr, int kind, int tid, int other, int state, int64_t ms)
{
	assert_int_equal(tcrit_add(cr, kind, tid, tid, CR_NOPROC, other,
	    state, ms * NS_MS), 0);
}

static void
call(struct tcalls *c, int pid, uint64_t func, int depth, int64_t a,
    int64_t b)
{
	assert_int_equal(tcalls_exit(c, pid, 0, func, depth,
	    (uint64_t)(a * NS_MS), (uint64_t)(b * NS_MS), 0), 0);
}

/* The call of func (they are unique here). */
static const struct tcwait *
of(const struct tcalls *c, const struct tcwait *w, uint64_t func)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (c->v[i].func == func)
			return &w[i];
	fail();
	return NULL;
}

/*
 * Thread 1 runs a call [10, 100) and in it one [60, 95); thread 2 a
 * call [0, 40).  Thread 1: on at 5, asleep at 20, woken by 7 at 50, on
 * at 52, preempted at 60, on at 65, in D at 70, woken by an interrupt
 * at 90, on at 91.  The outer call: blocked 30 (20-50, by 7) + 20
 * (70-90, irq) = 50; runnable 2 (50-52) + 5 (60-65) + 1 (90-91) = 8;
 * the waker of the most: 7, 30.  The inner: blocked 20 (irq), runnable
 * 5 + 1 = 6.  Thread 2: asleep from 0 (before its call began at 0 and
 * woken by 1 at 30), never on again: blocked 30 by thread 1, runnable
 * 10 to its call's end.
 */
static void
sums(void **state)
{
	struct tcrits cr;
	struct tboot tb;
	struct tcwait *w;
	const struct tcwait *x;

	(void)state;
	memset(&cr, 0, sizeof(cr));
	memset(&tb, 0, sizeof(tb));
	rec(&cr, CR_ON, 1, 0, 0, 5);
	rec(&cr, CR_OFF, 1, 0, TS_SLEEPING, 20);
	rec(&cr, CR_WOKEN, 1, 7, 0, 50);
	rec(&cr, CR_ON, 1, 0, 0, 52);
	rec(&cr, CR_OFF, 1, 3, TS_RUNNABLE, 60);
	rec(&cr, CR_ON, 1, 3, 0, 65);
	rec(&cr, CR_OFF, 1, 0, TS_WAITING, 70);
	rec(&cr, CR_WOKEN, 1, TW_IRQ, 0, 90);
	rec(&cr, CR_ON, 1, 0, 0, 91);
	rec(&cr, CR_OFF, 2, 0, TS_SLEEPING, 0);
	rec(&cr, CR_WOKEN, 2, 1, 0, 30);
	tcrit_take(&cr, &tb);
	call(&tb.calls, 1, 0x100, 0, 10, 100);
	call(&tb.calls, 1, 0x200, 1, 60, 95);
	call(&tb.calls, 2, 0x300, 0, 0, 40);
	assert_int_equal(tcalls_nest(&tb.calls), 0);
	assert_int_equal(tcwait_make(&tb, &tb.calls, &w), 0);
	assert_non_null(w);
	x = of(&tb.calls, w, 0x100);
	assert_int_equal(x->blocked_ns, 50 * NS_MS);
	assert_int_equal(x->runnable_ns, 8 * NS_MS);
	assert_int_equal(x->waker, 7);
	assert_int_equal(x->waker_ns, 30 * NS_MS);
	x = of(&tb.calls, w, 0x200);
	assert_int_equal(x->blocked_ns, 20 * NS_MS);
	assert_int_equal(x->runnable_ns, 6 * NS_MS);
	assert_int_equal(x->waker, TW_IRQ);
	assert_int_equal(x->waker_ns, 20 * NS_MS);
	x = of(&tb.calls, w, 0x300);
	assert_int_equal(x->blocked_ns, 30 * NS_MS);
	assert_int_equal(x->runnable_ns, 10 * NS_MS);
	assert_int_equal(x->waker, 1);
	free(w);
	tboot_free(&tb);
	tcrit_free(&cr);
}

/* No thread records (a trace cut past its cap), or no calls: none. */
static void
nothing(void **state)
{
	struct tboot tb;
	struct tcwait *w = (struct tcwait *)&tb;

	(void)state;
	memset(&tb, 0, sizeof(tb));
	assert_int_equal(tcwait_make(&tb, &tb.calls, &w), 0);
	assert_null(w);
	call(&tb.calls, 1, 0x100, 0, 10, 100);
	assert_int_equal(tcalls_nest(&tb.calls), 0);
	assert_int_equal(tcwait_make(&tb, &tb.calls, &w), 0);
	assert_null(w);
	tboot_free(&tb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sums),
		cmocka_unit_test(nothing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
