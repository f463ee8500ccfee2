/* boot.h: one boot as every output reads it: the log, its trace's model, the process tree, the milestones and the critical path, each made once by its own stage. */
#ifndef BC_BOOT_H
#define BC_BOOT_H

#include <stdint.h>

#include "bootlog.h"
#include "critpath.h"
#include "exact.h"
#include "milestones.h"
#include "proctree.h"
#include "trace.h"

/*
 * What the layout, the reports and the exports are handed: they read,
 * never compute again.  Each part is owned by whoever read the boot
 * (bootchart-render's main.c, a test); exact and crit are NULL for a
 * log without a trace.
 */
struct boot {
	const struct bootlog *log;
	const struct exact *exact;
	const struct proctree *tree;
	const struct milestones *ms;
	const struct critpath *crit;
	/*
	 * A profile's command's processes among the trace's (cmdprocs.h),
	 * the wake-up outputs' default; NULL: every process.
	 */
	const uint8_t *mine;
};

/*
 * A boot as read: each stage's part, owned here and made once in the
 * stages' order (boot_read_paths); view points at them.
 */
struct boot_read {
	struct bootlog log;
	struct tracefile tf;	/* parsing's trace.dat, until the model takes it */
	struct exact x;
	struct proctree tree;
	struct milestones ms;
	struct critpath crit;
	uint8_t *mine;		/* cmdprocs_mask's */
	struct boot view;
};

/* What the stages are asked for (bootchart-render's options). */
struct boot_opts {
	struct tree_opts tree;
	struct exact_opts exact;
	struct crit_target crit;	/* the path's end asked for; none: the log's */
	/*
	 * The outputs are the trace's alone (-f perfetto, -f chrome-json):
	 * a trace.dat that does not read is the error, not a warning.
	 */
	int trace_needed;
};

void boot_read_init(struct boot_read *);
/*
 * Reads the paths (input.h), then each stage once in its order: the
 * trace's model applied to the log, the critical path (the tree keeps
 * its processes), the tree, the milestones.  0 or -1 (diag set).  Free it whatever the result.
 */
int boot_read_paths(struct boot_read *, char *const *paths, size_t npaths,
    const struct boot_opts *, struct diag *);
/* The same for an archive held in memory (tests, fuzzers). */
int boot_read_memory(struct boot_read *, const void *buf, size_t len,
    const char *label, const struct boot_opts *, struct diag *);
/*
 * The stages after input, over what a reader left in b->log and b->tf
 * (a fuzzer's own parse): boot_read_paths's second half.
 */
int boot_read_stages(struct boot_read *, const struct boot_opts *,
    struct diag *);
void boot_read_free(struct boot_read *);

/* The view of a log read without its trace (tests, tools): no model, no path. */
#define BOOT_OF(t, tree, ms)	(&(struct boot){ (t), NULL, (tree), (ms), NULL, NULL })

/* The critical path's µs records of b (have 0 when it has none). */
static inline const struct crit_path *
boot_crit(const struct boot *b)
{
	static const struct crit_path none;

	return b->crit != NULL ? &b->crit->us : &none;
}

/* b's trace model; an empty one (have 0, no reader) when its log has no trace. */
static inline const struct exact *
boot_exact(const struct boot *b)
{
	static const struct exact none;

	return b->exact != NULL ? b->exact : &none;
}

#endif
