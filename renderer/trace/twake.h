/* twake.h: the wake-up graph from the trace's scheduler events: each thread's wait (switched out in S or D) and who ended it, summed per (waiter, waker, state) (docs/wakeups.md). */
#ifndef BC_TWAKE_H
#define BC_TWAKE_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct tboot;
struct twedge;

struct twakes {
	/* thread -> when its wait began, and its state; 0: not waiting */
	struct twait { int64_t since; uint8_t state; } *w;
	size_t wcap;
	struct twedge *v;
	size_t n, cap;
	uint32_t *slot;		/* hash of v: index + 1; 0 empty */
	size_t nslot;		/* a power of two, above twice n */
	size_t max;		/* edges kept: 0 is CAP_TRACE_WAKE_EDGES */
	int cut;		/* max reached (warned once) */
	struct diag *d;
};

/* Thread tid begins to wait at `at` in state (TS_SLEEPING, TS_WAITING). 0, or -1. */
int twake_sleep(struct twakes *, int tid, int64_t at, int state);
/* Whether thread tid waits (has a wait a waking would end). */
int twake_waiting(const struct twakes *, int tid);
/*
 * Thread tid, of process entry waiter, is woken at `at` by waker (a
 * process entry, or TW_*): its wait, if it had one, counts for that
 * edge.  0, or -1 on no memory.
 */
int twake_woken(struct twakes *, int tid, size_t waiter, int32_t waker,
    int64_t at);
/* Thread tid is born or gone: a wait it had is no one's. */
void twake_gone(struct twakes *, int tid);
/* The edges into tb (tboot.h: wake, nwake), which then owns them. */
void twake_take(struct twakes *, struct tboot *);
void twake_free(struct twakes *);

#endif
