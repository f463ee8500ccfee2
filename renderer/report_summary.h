/* report_summary.h: a boot's report as a short text (docs/summary.md). */
#ifndef BC_REPORT_SUMMARY_H
#define BC_REPORT_SUMMARY_H

#include <stdio.h>

#include "report.h"

/* Rows in each top list. */
#define SUMMARY_TOP 10

/*
 * Milestones, totals and the top processes by CPU time, D-state time
 * and duration.  0, or -1 when out of memory (nothing written); write
 * errors are left in ferror(f).
 */
int report_summary_write(const struct report *, FILE *f);

#endif
