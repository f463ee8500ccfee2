/* tcwait.h: what each of the kernel's function calls waited for: its thread's time off a CPU within the call, and who woke it (docs/trace.md, "The kernel's functions"). */
#ifndef BC_TCWAIT_H
#define BC_TCWAIT_H

#include <stddef.h>
#include <stdint.h>

struct tboot;
struct tcalls;

/* One call's waits, within its [call, return). */
struct tcwait {
	int64_t blocked_ns;	/* off a CPU asleep or in D, until woken */
	int64_t runnable_ns;	/* preempted or woken, waiting for a CPU */
	int32_t waker;		/* whose wakings ended the most of it: a
				 * thread, a TW_* context (tboot.h), or 0 */
	int64_t waker_ns;	/* how much of it */
};

/*
 * The waits of each call of c (nested: tcalls_nest) from tb's thread
 * records (tcrit.h), malloc'd, c->n of them; *out NULL when tb has no
 * records or c no calls.  0, or -1: no memory.
 */
int tcwait_make(const struct tboot *tb, const struct tcalls *c,
    struct tcwait **out);

#endif
