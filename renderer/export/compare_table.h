/* compare_table.h: two logs side by side as a text table (docs/compare.md). */
#ifndef BC_COMPARE_TABLE_H
#define BC_COMPARE_TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "compare.h"
#include "report.h"

/* --threshold's default: about two sample periods of a 5 Hz log, and a half second a person notices. */
#define CMP_THRESHOLD_MS 500

struct cmp_table_opts {
	usec_t threshold_us;	/* report changes larger than this */
	const char *old_label;	/* the paths, as given */
	const char *new_label;
	const char *title;	/* compare_title()'s, raw */
};

/*
 * The title; milestones (each from its log's zero) and totals of both
 * logs with their differences, then the processes that started earlier
 * or later, ran longer or shorter (each by more than the threshold),
 * appeared or disappeared.  0, or -1 when
 * out of memory; write errors are left in ferror(f).
 */
int compare_table_write(const struct report *old, const struct report *new,
    const struct cmp_match *, const struct cmp_table_opts *, FILE *f);

/*
 * --regression's verdict in one line (no newline): "regression
 * (threshold 0.100 s): total time 2.350 s -> 2.600 s (+0.250 s,
 * regressed); 2 processes ran longer by more, most: cc [cc -O2 -c -o
 * f1.o f1.c] +0.400 s", names escaped.
 */
void compare_regression_say(const struct cmp_regression *,
    const struct cmp_match *, FILE *f);

#endif
