/* sets.h: two sets of logs (boots or profiles) read one by one into their items, lined up by what each item is, each item's sets summarised, tested and judged (docs/sets.md). */
#ifndef BC_SETS_H
#define BC_SETS_H

#include <stddef.h>

#include "boot.h"
#include "bootitems.h"
#include "diag.h"
#include "stats.h"

enum { SET_A, SET_B, SET_SIDES };

/* What identifies a boot, from its header: the sets differ in these? */
enum set_ident {
	SID_HOST,		/* the title's "Boot chart for HOST (DATE)" */
	SID_KERNEL,		/* the kernel's release (system.uname's third word) */
	SID_CMDLINE,		/* system.kernel.options */
	SID_CLOCKSOURCE,		/* system.clocksource */
	SID_FIRMWARE,		/* system.firmware: bios, uefi */
	SID_VERSION,		/* the logger's version */
	SID_BOOT_ID,		/* system.boot_id: one per boot, never compared */
	SID_COUNT
};

/* One log of a set. */
struct set_boot {
	char *path;
	int side;		/* SET_A or SET_B */
	size_t index;		/* its place in its set, from 0 */
	int discarded;		/* among the first --discard-first of its set */
	char *error;		/* it did not read: the one line said; else NULL */
	int profile;		/* a profile's log, not a boot's */
	char *ident[SID_COUNT];	/* NULL where the header does not say */
};

/* One boot's value of an item. */
struct set_value {
	size_t boot;		/* in sets.boots */
	double ms;
};

/* One item over both sets; values in each set's boot order. */
struct set_item {
	int kind, metric;	/* enum item_kind, enum item_metric */
	char *name;
	struct set_value *v[SET_SIDES];
	size_t n[SET_SIDES], cap[SET_SIDES];
	struct stats_summary sum[SET_SIDES];	/* of the values compared */
	size_t dropped[SET_SIDES];	/* outliers left out (--drop-outliers) */
	int tested;		/* both sides have a value: cmp, p_adj, dec */
	struct stats_cmp cmp;
	double p_adj;		/* Benjamini-Hochberg over the tested items */
	struct stats_decision dec;
};

/* Logs are read by up to this many worker processes (one per CPU). */
#define SETS_WORKERS_MAX 16

/* How the sets are read and judged. */
struct sets_opts {
	size_t discard_first;	/* --discard-first K: of each set */
	unsigned workers;	/* 1: one log after another in this process; 0: per CPU */
	int drop_outliers;	/* --drop-outliers: values beyond Tukey's fences left out */
	struct stats_opts stats;
};

struct sets {
	struct set_boot *boots;	/* set A's, then set B's */
	size_t nboots;
	size_t used[SET_SIDES];	/* boots read, not discarded, per set */
	size_t failed[SET_SIDES];	/* boots that did not read */
	int profile;		/* the logs are profiles */
	struct set_item *items;	/* by kind, name, metric */
	size_t nitems, cap;
	size_t ntested;
	size_t nverdict[4];	/* tested items per enum stats_verdict */
	size_t nuntested;	/* items in one set only */
	/* The idents in which A's boots and B's boots differ (1 each). */
	int differ[SID_COUNT];
	struct sets_opts opts;
};

/*
 * --regression MS and --thresholds FILE over sets (docs/sets.md): the
 * items judged slower by a shift of more than their threshold (a
 * line of the file, else MS; none: not judged; never a start: a start
 * moves when something before it grew, counted there), the most
 * shifted first; else whether the end's verdict is "need more boots".
 */
struct sets_regression {
	size_t nslower;
	size_t worst;		/* in sets.items; SIZE_MAX: none */
	int inconclusive;	/* no regression, and the end needs more boots */
};
struct set_limits;
/*
 * ms < 0: no threshold but the file's (limits may be NULL).  cpu, from
 * --regression's metric: 1 only the items of CPU time, 0 only the
 * others (wall times), -1 every item.
 */
void sets_regression(const struct sets *, double ms, int cpu,
    const struct set_limits *limits, struct sets_regression *);

/*
 * Reads both sets, one log at a time (each freed once its items are
 * taken: memory is the items'), then compares every item.  A log that
 * does not read is said and left out; logs of both kinds (boots and
 * profiles) are refused (EXIT_BADINPUT), as is a set with no log read.
 * 0, or -1 with d set.  Free s whatever the result.
 */
int sets_read(struct sets *s, char *const *a, size_t na, char *const *b,
    size_t nb, const struct sets_opts *, const struct boot_opts *,
    struct diag *d);
void sets_free(struct sets *);

/*
 * The boot (in sets.boots) of a side whose value is nearest to v: the
 * one that gave the min, the median (the lower middle of an even n)
 * or the max, for links from a summary to a boot.  SIZE_MAX: none.
 */
size_t set_item_boot(const struct set_item *, int side, double v);

/*
 * Tukey's fences of all of a side's values (dropped or not): 0, or -1
 * when it has none or memory ran out.
 */
int set_item_fences(const struct set_item *, int side, double *lo,
    double *hi);

/* A directory of logs (a set), not a log's own directory of members. */
int sets_path_is_set(const char *path);

/* "A" or "B". */
const char *set_name(int side);
/* "kernel", "command line", ...: an ident's name in the outputs. */
const char *set_ident_name(int ident);

#endif
