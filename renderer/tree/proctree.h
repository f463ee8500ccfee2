/* proctree.h: the pruned, merged process tree of docs/tree.md, built over a read-only log. */
#ifndef BC_PROCTREE_H
#define BC_PROCTREE_H

#include <stdio.h>

#include "bootlog.h"

/*
 * One row of the tree: a process of the log, and what the tree's
 * steps made of it (merges move its start and end and add samples, the
 * exploder step renames it).  Until something is merged into it a node
 * shows its process's own samples; then it lists the sample arrays of
 * the processes merged into it, never copied (struct sample_iter reads
 * them in time order).
 */
struct sample_run {
	const struct proc_sample *v;	/* a process's samples, in time order */
	size_t n;
};

/* What a node folded in (struct pnode.fold). */
struct pfold {
	const struct process **v;
	size_t n, cap;
};

/* How many processes node p folded in. */
#define PNODE_NFOLDED(p)	((p)->fold != NULL ? (p)->fold->n : 0)

struct pnode {
	const struct process *proc;	/* PID, command line, as logged */
	const char *name;		/* proc->name, or own_name */
	usec_t start_us;
	usec_t duration_us;
	int active;			/* proc->active: merges keep it */
	/*
	 * Every process merged into the node has a measured CPU time, the
	 * kernel trace's (process.exact), the taskstats exit record's
	 * (process.texit) or else process accounting's (process.acct):
	 * cpu_us is their sum; cpu_src the least exact.
	 */
	int cpu_known;
	enum cpu_src { CPU_SAMPLES, CPU_ACCT, CPU_TASKSTATS, CPU_TRACE } cpu_src;
	/* Beside the other ints: a million nodes pay no padding for them. */
	int unit_label;		/* the row names proc->unit (docs/chart.md) */
	/*
	 * Exact states (docs/trace.md): xexact while every process in the
	 * node has them; merged, the spans of each (by reference, like the
	 * samples, xruns below), else none and proc's are the node's.
	 */
	int xexact;
	usec_t cpu_us;
	/*
	 * The process's samples while nothing is merged in, else NULL:
	 * read a node's samples through struct sample_iter.
	 */
	const struct proc_sample *solo;
	size_t nsamples;		/* all, the merged ones included */

	struct pnode *parent;
	struct pnode **children;
	size_t nchildren, children_cap;

	/* What the node owns once merged or renamed (else NULL). */
	struct sample_run *runs;	/* merged: every sample array, in merge order */
	size_t nruns, runs_cap;
	char *own_name;
	size_t same_runs;	/* a profile's identical short runs folded into it, itself counted; 0: none */
	struct xspans *xruns;
	size_t nxruns, xruns_cap;
	/*
	 * The processes merged into the node (proc not among them), in
	 * merge order, and those an absorbed child's subtree dropped: its
	 * row carries their marks (the critical path's bars,
	 * docs/critical-path.md).  NULL: none; apart, as few nodes have
	 * any (a million rows of harden_caps.sh stay within 500 MB).
	 */
	struct pfold *fold;
};

/*
 * A node's samples in time order; at equal times in the order they were
 * merged (a's before b's, as a stable sort of the merged arrays gives).
 * A merge of 19 siblings of 800 000 samples each copied and sorted
 * 365 MB; merging lazily here costs a heap of one entry per run.
 */
struct sample_iter {
	const struct sample_run *runs;
	struct sample_run one;	/* runs of a node that merged nothing */
	size_t *pos;		/* next sample of each run */
	size_t *heap;		/* runs with samples left, soonest first */
	size_t nheap;
	size_t pos1, heap1;	/* pos and heap of a single run */
};

/*
 * An exact node's states, its processes' folded (bootlog.h:
 * xspans_fold), into a new array *out.  0, or -1 on no memory.
 */
int node_xstates(const struct pnode *, struct xspan **out, size_t *n);

/* 0, or -1 when out of memory. */
int sample_iter_init(struct sample_iter *, const struct pnode *);
/* The next sample, or NULL after the last. */
const struct proc_sample *sample_iter_next(struct sample_iter *);
void sample_iter_free(struct sample_iter *);

/* How the tree is made (the command line's choices). */
struct tree_opts {
	int prune;		/* steps 5-8; --no-prune clears it */
	int strict;		/* the Java renderer wherever we differ (--strict) */
	int group_by_unit;	/* siblings of one systemd unit together */
	int whole_system;	/* a profile keeps the rest of the machine */
	/*
	 * Per log process, by its seq (nkeep of them): 1 for one the
	 * pruning steps keep whatever its length (on the critical path,
	 * docs/critical-path.md); NULL: none.  Read while the tree is made.
	 */
	const unsigned char *keep;
	size_t nkeep;
};

struct proctree {
	struct tree_opts opts;
	struct pnode *nodes;	/* one per process, in the log's order */
	size_t nnodes;
	struct pnode **roots;
	size_t nroots, roots_cap;
	usec_t start_us;	/* earliest start in the tree (or logging start) */
	usec_t end_us;		/* latest end */
	usec_t duration_us;	/* end - start: the boot time */
	usec_t sample_period_us;
	const char *profile;	/* header's profile.process, or NULL */
	int64_t profile_parent;	/* header's profile.parent: who ran it; 0 */
	int readable;		/* a profile drawn our way (docs/tree.md):
				 * no sibling merge, command lines as labels */
	const struct pnode *cmd;	/* a readable profile's command, or NULL */
	usec_t log_start_us;	/* first and last proc_ps.log block */
	usec_t log_end_us;
	int prune_kthreads;	/* step 5 drops kernel threads that never ran
				 * (a log of bootchartd 0.2+, not --strict) */
};

/*
 * The stages, each matching one of the Java extract files, so tests can
 * check every one.  Call them in this order, or use proctree_make().
 * The log must have been through bootlog_finish(); it is only read, so
 * several trees can be built from one log.  Stages return 0, or -1
 * when out of memory (the tree is then only fit to be freed).
 */
int proctree_build(struct proctree *, const struct bootlog *,
    const struct tree_opts *, struct diag *);	/* steps 1-3: extract 1 */
int proctree_merge_logger(struct proctree *);	/* step 4: extract 2 */
int proctree_prune(struct proctree *);		/* step 5: extract 3b */
int proctree_merge_exploders(struct proctree *);	/* step 6: extract 3c */
int proctree_merge_siblings(struct proctree *);	/* step 7: extract 3d */
int proctree_merge_runs(struct proctree *);	/* step 8: extract 3e */
void proctree_sort(struct proctree *);		/* step 9: extract 5 */

/* What bootchart-render does by default, and with -n. */
extern const struct tree_opts tree_pruned, tree_unpruned;

/* proctree_units.c: --group-by-unit's order, then which rows name their unit. */
int proctree_group_units(struct proctree *);
void proctree_mark_units(struct proctree *);

/* All steps, as opts ask. */
int proctree_make(struct proctree *, const struct bootlog *,
    const struct tree_opts *, struct diag *);

/* Pre-order, tab-separated: pid name start_ms duration_ms children samples (ms: the Java renderer's columns). */
void proctree_dump(const struct proctree *, FILE *);

/*
 * Calls fn for every node in pre-order with its depth (roots are 0),
 * without recursion (chains can be deep).  A non-zero return from fn
 * stops the walk and is returned; -1 also when out of memory.
 */
int proctree_walk(const struct proctree *,
    int (*fn)(const struct pnode *, int depth, void *arg), void *arg);
size_t proctree_count(const struct proctree *);
/* The earliest-starting node called name, or NULL. */
const struct pnode *proctree_find(const struct proctree *, const char *name);

/*
 * What the chart calls a process: its command line, when one was
 * logged, where the chart shows command lines (a readable profile, where
 * eight "cc" rows say nothing, or --show-all), else name.  The rows, the
 * compare chart and the reports' lists all ask here.
 */
const char *proctree_label(const struct proctree *, int show_all,
    const char *name, const char *cmdline);

void proctree_free(struct proctree *);

#endif
