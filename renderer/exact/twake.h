/* twake.h: the wake-up graph from the trace's scheduler events: each thread's wait (switched out in S or D) and who ended it, summed per (waiter, waker, state) (docs/wakeups.md). */
#ifndef BC_TWAKE_H
#define BC_TWAKE_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "tslots.h"
#include "tcrit.h"
#include "tstack.h"

struct tboot;
struct twedge;

struct twakes {
	/*
	 * thread -> its wait: state 0, none; else t is when it began; once
	 * woken (pending: its stack still to come) t is its length, and
	 * waiter, waker, alt say who.
	 */
	struct twait {
		int64_t t;
		uint32_t stack;		/* id + 1 in sk; 0 none */
		uint32_t waiter;	/* its process entry */
		int32_t waker;		/* a process entry, or TW_* */
		int32_t alt;		/* TW_SOFTIRQ's thread's process, or -1 */
		int32_t alt_tid;	/* that thread, for the critical path; -1 */
		uint32_t crec;		/* its waking's record in cr, + 1; 0 none */
		uint8_t state;		/* TS_SLEEPING, TS_WAITING; 0 */
		uint8_t reason;		/* treason.h */
		uint8_t expect;		/* its stack is to come */
		uint8_t pending;	/* woken, not yet counted */
	} *w;
	size_t wcap;
	struct twedge *v;
	size_t n, cap;
	struct tslots slots;	/* v's hash */
	size_t max;		/* edges kept: 0 is CAP_TRACE_WAKE_EDGES */
	int cut;		/* max reached (warned once) */
	struct diag *d;
	struct tstacks sk;	/* the waits' stacks */
	/* The critical path's records, whose wakings a socket's rule names. */
	struct tcrits *cr;
};

/*
 * A wait is counted for its edge (waiter, waker, state, reason) when it
 * is woken, or, when its kernel stack is expected (the logger's trigger
 * records it right after the switch, on the switch's CPU, but a waking
 * on another CPU can come first), when the stack comes or cannot any
 * more (twake_settle).  0, or -1 on no memory, for all that return int.
 */

/* Thread tid begins to wait at `at` in state (TS_SLEEPING, TS_WAITING). */
int twake_sleep(struct twakes *, int tid, int64_t at, int state);
/* Thread tid's wait will have a stack: it is counted once that comes. */
void twake_expect(struct twakes *, int tid);
/* Thread tid's wait (waiting or woken) blocked for reason on stack (id + 1, or 0). */
int twake_why(struct twakes *, int tid, int reason, uint32_t stack);
/* Thread tid's wait's stack cannot come any more: a woken wait is counted. */
int twake_settle(struct twakes *, int tid);
/* Whether thread tid waits (has a wait a waking would end). */
int twake_waiting(const struct twakes *, int tid);
/*
 * Thread tid, of process entry waiter, is woken at `at` by waker (a
 * process entry, or TW_*; alt: when waker is TW_SOFTIRQ, the process of
 * the thread the softirq ran in, else -1): its wait, if it had one,
 * ends.  A socket's wait woken in a thread's softirq is that thread's.
 */
int twake_woken(struct twakes *, int tid, size_t waiter, int32_t waker,
    int32_t alt, int64_t at);
/*
 * Before twake_woken: thread tid's waking is record crec - 1 of cr
 * (0: none), and alt_tid the thread its softirq ran in (-1): a socket's
 * wait the rule above gives to that thread gives the record its
 * waker too, so the critical path follows the sender.
 */
void twake_crit(struct twakes *, int tid, int32_t alt_tid, uint32_t crec);
/* Thread tid is born or gone: a wait it had is no one's (a woken one counts). */
int twake_gone(struct twakes *, int tid);
/*
 * Counts the woken waits, then the edges and stacks into tb (tboot.h),
 * which owns them, each the most time first.
 */
int twake_take(struct twakes *, struct tboot *);
void twake_free(struct twakes *);
/* A waker that is no thread, by its TW_* context: "[irq]", "[softirq]", ... */
const char *twake_context_name(int32_t);

#endif
