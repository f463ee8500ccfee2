/* report_summary.h: a boot's report as a short text (docs/summary.md). */
#ifndef BC_REPORT_SUMMARY_H
#define BC_REPORT_SUMMARY_H

#include <stdio.h>

#include "report.h"

/* Rows in each top list. */
#define SUMMARY_TOP 10

/* BY_RUNNABLE: the trace's time waiting for a CPU (traced rows only). */
enum summary_key { BY_CPU, BY_DSTATE, BY_DURATION, BY_RUNNABLE };

/* The top list by k's title and its columns of figures (--summary's). */
extern const char *const summary_title[];

/* Whether the report has rows the trace has the states of (BY_RUNNABLE's list). */
int report_summary_traced(const struct report *);

/* One milestone row: uptime when known, and a note (or NULL). */
#define SUMMARY_MILESTONES 6
struct summary_milestone {
	const char *label;
	int known;
	usec_t t;
	const char *note;	/* the end reason comes from the log */
};

/*
 * The milestone rows, in the summary's order (the HTML page's too); how
 * many.  A profile (the log of one command) has a profile's rows: no
 * kernel end or switch_root, its end and its duration.
 */
size_t report_summary_milestones(const struct report *,
    struct summary_milestone out[SUMMARY_MILESTONES]);

/*
 * The times' column heading: "uptime_s" when the chart's 0 is the
 * kernel's start, else "s" with, in note, where that 0 is as uptime
 * ("" when uptimes).
 */
const char *report_summary_time_col(const struct report *, char *note,
    size_t cap);

/* What a top list is ranked by; qsort gets the values, not the report. */
struct summary_rank {
	double v;
	size_t i;		/* index in report.procs: the tie-break */
};

/*
 * Ranks the processes by k into v (room for r->nprocs), largest first,
 * those above 0 only for CPU and D state; returns how many of the
 * first SUMMARY_TOP to show.  The HTML page's table uses it too.
 */
size_t report_summary_top(const struct report *r, struct summary_rank *v,
    enum summary_key k);

/*
 * Milestones, totals and the top processes by CPU time, D-state time,
 * runnable time (traced logs) and duration.  0, or -1 when out of memory (nothing written); write
 * errors are left in ferror(f).
 */
int report_summary_write(const struct report *, FILE *f);

#endif
