/* layout_compare.h: the compare chart: two logs on one time axis, each from its own zero, laid out for any painter (docs/compare.md). */
#ifndef BC_LAYOUT_COMPARE_H
#define BC_LAYOUT_COMPARE_H

#include <stdint.h>

#include "compare.h"
#include "layout.h"

/* The compare chart's own colours (the CPU and disk charts keep theirs). */
enum {
	COL_CMP_OLD = 0xa9a9a9,		/* the old boot's bar */
	COL_CMP_NEW = 0x7f9fbf,		/* the new boot's bar, unchanged */
	COL_CMP_WORSE = 0xd03c3c,	/* started later or ran longer */
	COL_CMP_BETTER = 0x3c9c3c,	/* started earlier or ran shorter */
	COL_CMP_ADDED = 0xe0902a	/* only in the new boot */
};

/* What the compare chart is drawn from. */
struct cmp_chart {
	const struct bootlog *old_t, *new_t;
	const struct proctree *old_tree, *new_tree;
	const struct milestones *old_ms, *new_ms;
	const struct cmp_match *match;
	/* Each log's report (report.h): the processes' CPU times; NULL: none. */
	const struct report *old_r, *new_r;
	const char *old_label, *new_label;	/* the paths, as given */
	const char *title;	/* compare_title()'s; NULL: "Boot comparison" */
	usec_t threshold_us;	/* a change larger than this is highlighted */
};

/*
 * Each log is drawn from its zero (milestones.zero_us): the axis's 0
 * is both logs' 0.  Header; the CPU chart of each log, old above new; the disk chart of
 * each, both throughputs scaled to the higher peak; then one row per
 * matched pair (struct lt_row, its node the new boot's when it has
 * one): a box over both spans holding two cells, the old bar in its
 * upper half and the new one, coloured by what changed, in its lower
 * half; the label says by how much.  Uses only the generic charts
 * (l->charts), never cpu_box or disk_box.  0, or -1 with d set.
 */
int layout_compare(struct layout *, const struct cmp_chart *,
    const struct chart_opts *, struct diag *);

#endif
