/* report.h: the numbers of one boot, computed once from the log and the final tree (docs/json.md). */
#ifndef BC_REPORT_H
#define BC_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "cmdshare.h"
#include "diag.h"
#include "functions.h"
#include "kwaits.h"
#include "milestones.h"
#include "proctree.h"
#include "boot.h"
#include "bootlog.h"

#define REPORT_NONE ((size_t)-1)
#define REPORT_MB 1e6		/* the text outputs' MB: decimal, as disk makers count */

/* One node of the final tree, with what its samples add up to. */
struct report_proc {
	const struct pnode *node;
	size_t parent;		/* index in report.procs, or REPORT_NONE */
	size_t *children;	/* indexes in report.procs, in tree order */
	size_t nchildren;
	int depth;		/* roots are 0 */
	int64_t pid;
	int64_t ppid;		/* the parent's pid in the tree; a root's as logged */
	const char *name;
	const char *label;	/* what the chart calls it (proctree_label) */
	const char *cmdline;	/* NULL when not logged */
	const char *unit;	/* NULL: not known (no cgroup data yet) */
	usec_t start_us, end_us, duration_us;	/* from the chart's 0 */
	size_t nsamples;
	double user_s, sys_s;	/* CPU: fraction x interval, summed; or measured */
	enum cpu_src cpu_src;	/* where user_s + sys_s comes from */
	double dstate_s;	/* intervals of samples in state D; traced: state_s's */
	/*
	 * traced: the kernel's trace has its states (the spans the chart
	 * colours), and state_s[st] is its seconds in each enum tstate;
	 * their sum is its life as traced.
	 */
	int traced;
	double state_s[TS_COUNT];
};

/* Over the whole logged span; CPU in CPU-seconds (all CPUs together). */
struct report_totals {
	int ncpus;
	double cpu_user_s, cpu_sys_s, cpu_io_s;
	/*
	 * user + sys; without CPU samples (a trace alone) the trace's busy
	 * bins' (from_trace 1: no user and sys apart).
	 */
	double cpu_busy_s;
	int from_trace;
	double read_bytes, write_bytes;
};

struct report {
	const struct bootlog *log;	/* the series are read from here */
	const struct proctree *tree;
	const struct exact *x;		/* the trace's model (have 0: none) */
	const struct crit_path *crit;	/* the critical path (have 0: none) */
	struct report_proc *procs;	/* the tree in pre-order */
	size_t nprocs;
	size_t *child_idx;		/* storage of every procs[].children */
	const struct report_proc **by_node;	/* procs by node address */
	/*
	 * A copy of the boot's (milestones.h) with every time, like those of
	 * procs, from the chart's 0: ms.zero_us is that 0 as uptime.
	 */
	struct milestones ms;
	struct report_totals tot;
	struct cmdshare cmd;		/* a profile's command's CPU (n 0: none) */
	struct fn_table fn;		/* the trace's kernel functions (n 0: none) */
	struct kwait_row *kw;		/* the calls the boot waited in (kwaits.h) */
	size_t nkw;
	int show_all;			/* report_make's */
};

/* "trace", "taskstats", "accounting" or "samples": where a CPU time comes from. */
const char *report_cpu_src(enum cpu_src);
/*
 * bootchartd cut the log's trace short (exact_cut): why, with where it
 * ends (the model's whole_ns) in *at, µs from the chart's 0; else NULL.
 * The summary's and the JSON's one figure.
 */
const char *report_trace_cut(const struct report *, usec_t *at);
/* Events the kernel lost from the log's trace (exact_lost); 0 without. */
uint64_t report_trace_lost(const struct report *, uint64_t *pages);
/*
 * The decimals of seconds a CPU time of that source holds: samples
 * count /proc's ticks (USER_HZ, 1/100 s) and accounting its comp_t
 * (AHZ, 1/100 s): 2; the trace and the exit records are in ns: 3.
 */
int report_cpu_decimals(enum cpu_src);

/*
 * A time as seconds with 3 decimals (whole ms, rounded), into buf;
 * sign: a '+' before values >= 0.  Returns buf.
 */
const char *report_secs(char *buf, size_t cap, usec_t, int sign);

/* A traced row's share of its traced life in state st, percent; 0 untraced. */
double report_state_percent(const struct report_proc *, int st);

/*
 * What the chart calls process pid of the critical path, name there
 * (the trace's): its command line where proctree_label says, when the
 * log's process of that pid has that name; else name.  Never NULL.
 */
const char *report_crit_label(const struct report *, int64_t pid,
    const char *name);

/*
 * show_all: the chart shows every command line (--show-all), which the
 * rows' labels follow.  0, or -1 with diag set (out of memory).
 */
int report_make(struct report *, const struct boot *, int show_all,
    struct diag *);
/* The row of a node of the report's tree, or NULL (another tree's). */
const struct report_proc *report_proc_of(const struct report *,
    const struct pnode *);
void report_free(struct report *);

#endif
