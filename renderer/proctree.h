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
};

/*
 * The stages, each matching one of the Java extract files, so tests can
 * check every one.  Call them in this order, or use proctree_make().
 */
int proctree_build(struct proctree *, struct trace *, struct diag *);	/* steps 1-3: extract 1 */
void proctree_merge_logger(struct proctree *);	/* step 4: extract 2 */
void proctree_prune(struct proctree *);		/* step 5: extract 3b */
void proctree_merge_exploders(struct proctree *);	/* step 6: extract 3c */
void proctree_merge_siblings(struct proctree *);	/* step 7: extract 3d */
void proctree_merge_runs(struct proctree *);	/* step 8: extract 3e */
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
