/* fuzz_common.h: the start and end the tree targets share: a fresh trace, then whatever parsed on to the finished tree and its reports (inline: not every target uses each). */
#ifndef BC_FUZZ_COMMON_H
#define BC_FUZZ_COMMON_H

#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "proctree.h"
#include "report.h"
#include "report_json.h"
#include "report_summary.h"
#include "bootlog.h"

static inline void
fuzz_begin(struct bootlog *t, struct diag *d)
{
	diag_init(d, "fuzz");
	d->out = NULL;	/* findings are crashes, not messages */
	bootlog_init(t);
}

/* The reports of a tree: JSON and summary to /dev/null, the tree matched with itself. */
static inline void
fuzz_reports(const struct bootlog *t, const struct proctree *pt, struct diag *d)
{
	struct milestones ms;
	struct report r;
	struct cmp_match m;
	FILE *f;

	milestones_make(&ms, t, pt, d);
	if (report_make(&r, BOOT_OF(t, pt, &ms), 0, d) != 0)
		return;
	if ((f = fopen("/dev/null", "w")) != NULL) {
		report_json_write(&r, f);
		(void)report_summary_write(&r, f);
		fclose(f);
	}
	if (compare_match(pt, ms.zero_us, pt, ms.zero_us, &m) == 0)
		compare_free(&m);
	report_free(&r);
}

/* Builds and walks the tree of a parsed trace, then frees the trace. */
static inline void
fuzz_end(struct bootlog *t, int parsed, struct diag *d)
{
	struct proctree pt;

	memset(&pt, 0, sizeof(pt));
	if (parsed && proctree_make(&pt, t, &tree_pruned, d) == 0) {
		(void)proctree_count(&pt);
		fuzz_reports(t, &pt, d);
	}
	proctree_free(&pt);
	bootlog_free(t);
}

#endif
