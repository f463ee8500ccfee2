/* compare.h: the processes of two logs matched by command line, name and tree position, each log timed from its own zero (docs/compare.md). */
#ifndef BC_COMPARE_H
#define BC_COMPARE_H

#include <stddef.h>

#include "milestones.h"
#include "proctree.h"

#define CMP_NONE ((size_t)-1)

/*
 * One row of the two trees merged: a process of the old log and its
 * counterpart in the new one, or only one of them (old == NULL: it
 * appeared; new == NULL: it disappeared).  Below a one-sided row every
 * row is one-sided too.  The starts are from each log's zero
 * (milestones.zero_us), so two profiles taken hours apart compare.
 */
struct cmp_pair {
	const struct pnode *old;
	const struct pnode *new;
	usec_t old_start_us;	/* old->start_us - the old log's zero */
	usec_t new_start_us;	/* new->start_us - the new log's zero */
	size_t parent;		/* index in cmp_match.pairs, or CMP_NONE */
	int depth;		/* roots are 0 */
};

/* The merged tree in pre-order; siblings by start, then PID. */
struct cmp_match {
	struct cmp_pair *pairs;
	size_t npairs;
};

/* What a pair is, by a threshold (docs/compare.md). */
enum cmp_status {
	CMP_SAME,		/* start and duration within the threshold */
	CMP_CHANGED,		/* either moved by more */
	CMP_APPEARED,		/* only in the new log */
	CMP_GONE		/* only in the old log */
};

/*
 * Matches old's nodes with new's: roots with roots, then the children
 * of each matched pair with each other.  Among siblings, first the k-th
 * of a (name, command line) by start (then PID) in one tree with the
 * k-th of the same in the other, where both logged a command line; then
 * what is left, the k-th of a name with the k-th of that name.  PIDs
 * play no part.  old_zero and new_zero: each log's zero
 * (milestones.zero_us).  0, or -1 when out of memory.
 */
int compare_match(const struct proctree *old, usec_t old_zero,
    const struct proctree *new, usec_t new_zero, struct cmp_match *);
void compare_free(struct cmp_match *);

/* The start of a pair's node from its zero: the new one's when it has one. */
usec_t cmp_pair_start(const struct cmp_pair *);
/* A matched pair's new - old: start (each from its zero), duration. */
usec_t cmp_start_delta(const struct cmp_pair *);
usec_t cmp_duration_delta(const struct cmp_pair *);
/* Changed when either delta is larger than threshold in size. */
enum cmp_status cmp_pair_status(const struct cmp_pair *, usec_t threshold);

/*
 * What --regression judges (docs/compare.md): wall time (the total and
 * each process's duration), CPU time (user + system, measured where the
 * log has it, else sampled), or, both logs traced, time running and
 * time runnable (waiting for a CPU).  The names are the option's.
 */
enum cmp_metric { CMP_WALL, CMP_CPU, CMP_RUNNING, CMP_RUNNABLE, CMP_NMETRICS };
const char *cmp_metric_name(enum cmp_metric);
/* The metric of that name (n bytes), or -1. */
int cmp_metric_named(const char *s, size_t n);
/* Whether the metric needs both logs traced. */
int cmp_metric_traced(enum cmp_metric);

struct report;
/*
 * A process's value of the metric in r (its node n): µs; -1 when r does
 * not know it (n not in r, or not traced for running and runnable).
 */
usec_t cmp_metric_of(const struct report *r, const struct pnode *n,
    enum cmp_metric);
/*
 * A matched pair's new - old of the metric into *delta: 1, or 0 when
 * the pair is one-sided or either report does not know it.
 */
int cmp_pair_metric_delta(const struct report *old, const struct report *new,
    const struct cmp_pair *, enum cmp_metric, usec_t *delta);

/*
 * --regression (docs/compare.md): the new log's total grew by more than
 * threshold (wall: end - its zero; else the sum over its processes), or
 * a matched process's value did.  Starts are not counted: a start moves
 * when something before it grew, and that is counted there (or in the
 * total).
 */
struct cmp_regression {
	enum cmp_metric metric;
	usec_t threshold_us;
	usec_t old_total_us, new_total_us;
	int total;		/* new - old total > threshold */
	size_t nprocs;		/* matched processes grown by more */
	size_t worst;		/* of those, the one grown most; or CMP_NONE */
	usec_t worst_delta_us;
};

/* The two logs' reports (report.h) give every metric but wall's total. */
void compare_regression(const struct cmp_match *, const struct report *old,
    const struct report *new, enum cmp_metric, usec_t threshold,
    struct cmp_regression *);

#endif
