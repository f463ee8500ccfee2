/* fuzz_common.h: the start and end the tree targets share: a fresh trace, then whatever parsed on to the finished tree (inline: not every target uses both). */
#ifndef BC_FUZZ_COMMON_H
#define BC_FUZZ_COMMON_H

#include <string.h>

#include "proctree.h"
#include "trace.h"

static inline void
fuzz_begin(struct trace *t, struct diag *d)
{
	diag_init(d, "fuzz");
	d->out = NULL;	/* findings are crashes, not messages */
	trace_init(t);
}

/* Builds and walks the tree of a parsed trace, then frees the trace. */
static inline void
fuzz_end(struct trace *t, int parsed, struct diag *d)
{
	struct proctree pt;

	memset(&pt, 0, sizeof(pt));
	if (parsed && proctree_make(&pt, t, &tree_pruned, d) == 0)
		(void)proctree_count(&pt);
	proctree_free(&pt);
	trace_free(t);
}

#endif
