/* compare.h: the processes of two boots matched by name and tree position (docs/compare.md). */
#ifndef BC_COMPARE_H
#define BC_COMPARE_H

#include <stddef.h>

#include "proctree.h"

#define CMP_NONE ((size_t)-1)

/*
 * One row of the two trees merged: a process of the old boot and its
 * counterpart in the new one, or only one of them (old == NULL: it
 * appeared; new == NULL: it disappeared).  Below a one-sided row every
 * row is one-sided too.
 */
struct cmp_pair {
	const struct pnode *old;
	const struct pnode *new;
	size_t parent;		/* index in cmp_match.pairs, or CMP_NONE */
	int depth;		/* roots are 0 */
};

/* The merged tree in pre-order; siblings by start, then PID. */
struct cmp_match {
	struct cmp_pair *pairs;
	size_t npairs;
};

/*
 * Matches old's nodes with new's: roots with roots, then the children
 * of each matched pair with each other; among siblings, the k-th of a
 * name by start (then PID) in one tree with the k-th of that name in
 * the other.  PIDs play no part.  0, or -1 when out of memory.
 */
int compare_match(const struct proctree *old, const struct proctree *new,
    struct cmp_match *);
void compare_free(struct cmp_match *);

/* The start of a pair's node: the new one's when it has one. */
usec_t cmp_pair_start(const struct cmp_pair *);

#endif
