/* critpath.h: the critical path of a traced log: its end target chosen (the profiled command, the boot's end, a PID asked for), the walk run, the waits summed (docs/critical-path.md). */
#ifndef BC_CRITPATH_H
#define BC_CRITPATH_H

#include <stddef.h>
#include <stdint.h>

#include "bootlog.h"
#include "exact.h"
#include "critpath_walk.h"

/*
 * The critical path (exact mode, docs/critical-path.md): a segment in
 * µs of uptime, or a row of what it waited on (its time: end_us −
 * start_us).  cat: its category's name ("running", "disk", ...), a
 * static string.
 */
struct crit_seg {
	usec_t start_us, end_us;
	const char *cat;
	int64_t pid;
	int64_t tid;		/* the thread on the path (pid: the main one) */
	char name[16];
	/*
	 * The log's process whose row draws the segment (critpath_rows.c):
	 * the thread's row when the log has one (--threads), else its
	 * process's, told from a reused PID's by its lifetime; NULL when
	 * the log has neither (the idle task, the verbs' logs).
	 */
	const struct process *proc;
};

/*
 * A category's time on the path and its share of the span, summed once
 * here so that every report prints the same numbers.
 */
struct crit_cat {
	int cat;		/* enum cpcat */
	const char *name;	/* cpath_cat_name's */
	int64_t ns;
	usec_t us;
	double percent;		/* of the span; 0 when the span is empty */
};

struct crit_path {
	int have;		/* a path was found */
	int64_t pid;		/* its target */
	char name[16];
	const char *why;	/* how the target was chosen, a static string */
	usec_t start_us, end_us, unexplained_us;
	struct crit_seg *seg;	/* in time order */
	size_t nseg;
	struct crit_seg *sum;	/* per (category, process), the most time first */
	size_t nsum;
	struct crit_cat cat[CP_COUNT];	/* per category, the most first */
	size_t ncat;		/* the categories on the path */
	/*
	 * Per log process, by its seq (n_on_path of them, the log's
	 * processes): 1 when a segment is its.  The tree never prunes
	 * these (tree_opts.keep, docs/critical-path.md); NULL: none.
	 */
	unsigned char *on_path;
	size_t n_on_path;
};

/* The path's end asked for: a process by PID or by name, or neither: the log's end. */
struct crit_target {
	int pid;		/* --critical-path-pid; 0: none */
	const char *comm;	/* --critical-path-comm; NULL: none */
};

/* One row of "what it waited on": a category's time in one process. */
struct cpsum {
	int cat;
	int pid;
	uint32_t proc;		/* tboot entry, or CR_NOPROC */
	int64_t ns;
};

/*
 * The path of one boot, walked once over its trace's model: in ns of
 * the trace clock for the text and the exports, and the same in µs of
 * uptime (us) for the chart and the reports.
 */
struct critpath {
	const struct tboot *tb;	/* the model's */
	struct cpath cp;
	int pid;		/* the target's */
	uint32_t proc;		/* its tboot entry */
	const char *why;	/* how the target was chosen */
	int cut;		/* the trace was cut before the target's end */
	uint64_t lost, lost_pages;	/* exact_lost: the path may cross a loss */
	struct cpsum *sum;	/* the most time first */
	size_t nsum;
	struct crit_cat cat[CP_COUNT];	/* per category, the most first */
	size_t ncat;
	int64_t unexplained_ns;	/* the span less its segments */
	struct crit_path us;
};

/*
 * Walks the path over x's model to the target: the process asked for
 * (by PID or by name) when one is, else the log's own end
 * (docs/critical-path.md), and fills c->us.  0; 1 when a boot or
 * profile has no target (c->us.have 0, nothing said); -1 (diag set: the
 * process asked for not in the trace, the trace too big for a path, no
 * memory).  x must outlive c.
 */
int critpath_make(struct critpath *c, const struct exact *x,
    const struct bootlog *t, const struct crit_target *, struct diag *);
/*
 * The walk alone over a model tb (which must outlive c), c->us left
 * empty: critpath_make's first step, and the unit tests'.  Its results
 * as critpath_make's.
 */
int critpath_run(struct critpath *c, const struct tboot *tb,
    const struct bootlog *t, const struct crit_target *, struct diag *);
/* A segment's process name (its last in the trace), unescaped; never NULL. */
const char *critpath_name(const struct critpath *, uint32_t proc, int pid,
    const struct tdat *);
void critpath_free(struct critpath *);
/*
 * critpath_rows.c: each segment's process in the log t (seg.proc) and
 * the processes on the path (on_path).  0, or -1 on no memory.
 */
int critpath_rows(struct crit_path *, const struct bootlog *t);

#endif
