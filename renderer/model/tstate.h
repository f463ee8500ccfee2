/* tstate.h: a thread's state as the kernel's trace shows it and the chart draws it: one enum for the trace's model and the log's rows. */
#ifndef BC_TSTATE_H
#define BC_TSTATE_H

/*
 * In the order that folds them: a process, or a row of several threads
 * or processes, is at each instant in the highest state any of them is
 * in (running, else runnable, else D, else sleeping).
 */
enum tstate { TS_NONE, TS_SLEEPING, TS_WAITING, TS_RUNNABLE, TS_RUNNING,
    TS_COUNT };

#endif
