/* proctree.h: from processes to the pruned, merged tree of SPEC §3. */
#ifndef BC_PROCTREE_H
#define BC_PROCTREE_H

#include <stdio.h>

#include "trace.h"

struct proctree {
	struct process **roots;
	size_t nroots, roots_cap;
	int64_t start_ms;	/* earliest start in the tree (or logging start) */
	int64_t end_ms;		/* latest end */
	int64_t duration_ms;	/* end - start: the boot time */
	int sample_period_ms;
	const char *profile;	/* header's profile.process, or NULL */
	int64_t log_start_ms;	/* first and last proc_ps.log block */
	int64_t log_end_ms;
};

/*
 * The stages, each matching one of the Java extract files, so tests can
 * check every one.  Call them in this order, or use proctree_make().
 * The trace must have been through trace_finish(); it owns the
 * processes, which the stages re-link and merge in place.  Stages
 * return 0, or -1 when out of memory (the tree is then only fit to be
 * freed).
 */
int proctree_build(struct proctree *, struct trace *, struct diag *);	/* steps 1-3: extract 1 */
int proctree_merge_logger(struct proctree *);	/* step 4: extract 2 */
int proctree_prune(struct proctree *);		/* step 5: extract 3b */
int proctree_merge_exploders(struct proctree *);	/* step 6: extract 3c */
int proctree_merge_siblings(struct proctree *);	/* step 7: extract 3d */
int proctree_merge_runs(struct proctree *);	/* step 8: extract 3e */
void proctree_sort(struct proctree *);		/* step 9: extract 5 */

/* All steps; prune=0 skips 5-8 as --no-prune does. */
int proctree_make(struct proctree *, struct trace *, int prune, struct diag *);

/* Pre-order, tab-separated: pid name start_ms duration_ms children samples. */
void proctree_dump(const struct proctree *, FILE *);

/* Calls fn for every process in pre-order with its depth (roots are 0). */
void proctree_walk(const struct proctree *,
    void (*fn)(struct process *, int depth, void *arg), void *arg);
size_t proctree_count(const struct proctree *);

void proctree_free(struct proctree *);

#endif
