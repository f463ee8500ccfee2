/* tboot.h: the boot as the kernel's trace shows it: exact births, names, deaths and CPU time of processes, and the initcalls, from one pass over its events (docs/trace.md). */
#ifndef BC_TBOOT_H
#define BC_TBOOT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "tdisk.h"
#include "tbusy.h"
#include "tfunc.h"
#include "tstate.h"

struct tdat;
struct tcrec;

/* A time the trace does not hold: before its first or after its last event. */
#define TPROC_BEFORE	INT64_MIN
#define TPROC_AFTER	INT64_MAX

/* A process in one state over [start_ns, end_ns). */
struct tspan {
	int64_t start_ns, end_ns;
	int state;		/* enum tstate, never TS_NONE */
};

#define TPROC_WORK	96	/* bytes of tproc.work */

/* One process (thread group) as traced; a reused PID is a new entry. */
struct tproc {
	int pid;		/* the thread-group id */
	int ppid;		/* the forking thread's group at fork; 0 unknown */
	int64_t start_ns;	/* the fork that made it, or TPROC_BEFORE */
	int64_t end_ns;		/* its last thread's exit, or TPROC_AFTER */
	int64_t cpu_ns;		/* time on a CPU of all its threads, within the trace */
	char comm[16];		/* the last name: fork's, exec's, a rename's */
	unsigned execs;
	unsigned threads;	/* alive, of those the trace saw born */
	/* A workqueue worker's functions, the most time first, or "". */
	char work[TPROC_WORK];
	int64_t work_last_ns;	/* when its last work item ended */
	/*
	 * Its states from its birth to its end (or the trace's), the
	 * equal neighbours merged: spans[span0 .. span0 + nspans) of the
	 * tboot.  has_states 0: born before the trace, or alive when the
	 * states reached CAP_TRACE_STATES.
	 */
	size_t span0, nspans;
	int has_states;
	/* Its threads' own (TB_THREADS): threads[thread0 ..). */
	size_t thread0, nthreads;
};

/* One thread of a process that has states, alone (--threads' rows). */
struct tthread {
	uint32_t proc;		/* its process entry */
	int tid;
	int64_t start_ns;	/* its birth */
	int64_t end_ns;		/* its exit, or its process's end (TPROC_AFTER) */
	int64_t cpu_ns;		/* its time running */
	size_t span0, nspans;	/* its spans of the tboot */
	char comm[16];		/* its last name the events gave, or "" */
};

/* Wakers that are no thread: the context the waking ran in (docs/wakeups.md). */
#define TW_IRQ		(-1)	/* a hard interrupt */
#define TW_SOFTIRQ	(-2)	/* a softirq (timers, network, block completions) */
#define TW_NMI		(-3)
#define TW_IDLE		(-4)	/* the idle task (pid 0) outside an interrupt */

/*
 * The waits of one process's threads (switched out in S or D) that
 * one waker ended: summed per (waiter, waker, state, reason).
 */
struct twedge {
	uint32_t waiter;	/* its process entry of the tboot */
	int32_t waker;		/* the waking thread's process entry, or TW_* */
	uint8_t state;		/* TS_SLEEPING (S) or TS_WAITING (D) */
	uint8_t reason;		/* enum treason (treason.h): TR_NONE, no stack */
	uint32_t count;
	int64_t total_ns, max_ns;
	/*
	 * The stack its longest wait blocked on (of those that had one):
	 * index + 1 in the tboot's stacks, 0 none.  The edge's own, not
	 * its waiter's most common for the reason, which another waker's
	 * waits may have made.
	 */
	uint32_t stack;
	int64_t stack_ns;	/* that wait's length */
};

/* The waits of one process's threads that blocked on one kernel stack. */
struct tstack {
	uint32_t waiter;	/* its process entry of the tboot */
	uint8_t reason;		/* enum treason */
	uint32_t count;		/* waits that ended (a waker known) */
	int64_t total_ns, max_ns;
	char *frames;		/* "f1;f2;...": functions, innermost first */
	uint32_t id;		/* while the waits are read: its id + 1 (tstack.c) */
};

/* One initcall, from initcall_start to its initcall_finish. */
struct tinitcall {
	int64_t start_ns, end_ns;
	char func[128];		/* the function's name (kallsyms), or its address */
};

/* The caps a trace reached (docs/limits.md), for the chart's note. */
enum { TB_CUT_STATES = 1, TB_CUT_CRIT = 2, TB_CUT_WAKE = 4, TB_CUT_STACKS = 8,
    TB_CUT_BINS = 16, TB_CUT_WORKS = 32, TB_CUT_CALLS = 64,
    TB_CUT_RUNS = 128, TB_CUT_DISK = 256 };

struct tboot {
	struct tproc *v;
	size_t n, cap;
	struct tinitcall *ic;	/* in the order they finished */
	size_t nic, iccap;
	struct tspan *spans;	/* every process's, then every thread's */
	size_t nspans, spanscap;
	struct tthread *threads;	/* by process, then thread id; 0 unless asked */
	size_t nthreads, threadscap;
	struct twedge *wake;	/* the wake-up graph's edges, the most time first */
	size_t nwake;
	/* The threads' records for the critical path, by thread and time (tcrit.h). */
	struct tcrec *crec;
	size_t ncrec;
	int crit_cut;		/* more than CAP_TRACE_CRIT: none kept */
	unsigned cuts;		/* TB_CUT_*: the caps the trace reached */
	struct tstack *stacks;	/* the waits' kernel stacks, the most time first */
	size_t nstacks;
	int64_t first_ns, last_ns;	/* the trace's span */
	int64_t whole_ns;	/* every CPU's events up to here (tboot.c) */
	/* Events the pages say the kernel lost, and pages after a loss. */
	uint64_t lost, lost_pages;
	/* When disk requests completed (block_rq_complete), in order. */
	int64_t *bdone;
	size_t nbdone, bdonecap;
	/*
	 * CLOCK_BOOTTIME minus the trace clock, from bootchartd's clock-sync
	 * marker (docs/trace.md); have_sync 0: none found (then, with
	 * TB_OWN_ZERO, minus the first event's time).  Every time of
	 * the model is on the log's clock: the trace's plus this, added once
	 * the pass is over (exact.h: the exports take it off again).
	 */
	int64_t boot_minus_trace_ns;
	int have_sync;
	uint64_t events;	/* events read */
	/* sched_switch and sched_waking events at times >= 0 (-f perfetto's). */
	uint64_t nsched;
	struct tbusy busy;	/* the CPUs' busy time, in bins (tbusy.h) */
	struct tdisk blk;	/* the disks' I/O, in bins (tdisk.h) */
	struct tcalls calls;	/* function_graph's calls, nested (tfunc.h) */
};

/* What tboot_build keeps beyond what every reader needs (flags). */
enum { TB_THREADS = 1,		/* each thread's states apart (ps->threads) */
    TB_RUNS = 2,		/* each run on a CPU (busy.runs: --per-cpu) */
    TB_OWN_ZERO = 4 };		/* no clock-sync marker: the trace's clock
				 * from 0 at its first event (a trace alone) */
/*
 * Reads every event of td (from where it stands) into ps.  0, or -1
 * (diag set: a decoding error or no memory).  Events of threads above
 * CAP_TRACE_PIDS or on CPUs the file does not have are passed over.
 * More than CAP_TRACE_STATES changes of threads' states: a warning,
 * and the processes alive then have no states.  More than
 * CAP_TRACE_WAKE_EDGES edges of the wake-up graph: a warning, and the
 * waits of new edges are left out.  scope_pid: the trace holds that
 * pid's tree alone (exact_scope_pid), 0: the whole system's.
 */
int tboot_build(struct tdat *td, struct tboot *ps, unsigned flags,
    int scope_pid, struct diag *);
/* Whether a disk request completed in [a, b] (bdone). */
int tboot_disk_done(const struct tboot *, int64_t a, int64_t b);
void tboot_free(struct tboot *);

#endif
