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
 * --regression (docs/compare.md): the new log's total time (end - its
 * zero) or a matched process's duration grew by more than threshold.
 * Starts are not counted: a start moves when something before it grew,
 * and that is counted there (or in the total).
 */
struct cmp_regression {
	usec_t threshold_us;
	usec_t old_total_us, new_total_us;	/* end - zero of each log */
	int total;		/* new - old total > threshold */
	size_t nprocs;		/* matched processes that ran longer by more */
	size_t worst;		/* of those, the one grown most; or CMP_NONE */
};

void compare_regression(const struct cmp_match *, const struct milestones *old,
    const struct milestones *new, usec_t threshold, struct cmp_regression *);

#endif
