/* tstate.h: a thread's state as the kernel's trace shows it and the chart draws it: one enum for the trace's model and the log's rows. */
#ifndef BC_TSTATE_H
#define BC_TSTATE_H

#include <stddef.h>

/*
 * In the order that folds them: a process, or a row of several threads
 * or processes, is at each instant in the highest state any of them is
 * in (running, else runnable, else D, else sleeping).
 */
enum tstate { TS_NONE, TS_SLEEPING, TS_WAITING, TS_RUNNABLE, TS_RUNNING,
    TS_COUNT };

/*
 * The fold at one instant: with count[st] of the threads (or lists) in
 * each state, the highest any is in; TS_NONE when none is in any.
 */
static inline int
tstate_top(const size_t count[TS_COUNT])
{
	int st;

	for (st = TS_COUNT - 1; st > TS_NONE; st--)
		if (count[st] > 0)
			return st;
	return TS_NONE;
}

#endif
