/* critpath_text.h: --critical-path's text report: the span, the totals per category, the top waits, the segments (docs/critical-path.md). */
#ifndef BC_CRITPATH_TEXT_H
#define BC_CRITPATH_TEXT_H

#include <stdio.h>

#include "critpath.h"

struct crit_text_opts {
	usec_t zero_us;		/* the chart's 0, as uptime (milestones.h) */
	int verbose;		/* -v: every segment and waited row */
};

/* The report to f; the caller checks f for write errors. */
void critpath_write(const struct critpath *, const struct tdat *,
    const struct crit_text_opts *, FILE *f);

#endif
