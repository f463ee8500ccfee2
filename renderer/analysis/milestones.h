/* milestones.h: the boot's milestones, computed once from the log and the tree; the chart, the reports, the page and compare all read them. */
#ifndef BC_MILESTONES_H
#define BC_MILESTONES_H

#include "bootlog.h"
#include "diag.h"
#include "proctree.h"
#include "usec.h"

/*
 * Uptime (usec_t); a has_ flag says whether the log tells.  A profile
 * (the log of one command) has no kernel end, switch_root or
 * kernel-start origin: those are a boot's.
 */
struct milestones {
	int profile;		/* the log of one command (profile.process) */
	int from_boot;		/* a boot log with the kernel's log or the
				 * header's log start: drawn from 0 */
	usec_t start_us;	/* the tree's start: the first process */
	int has_kernel_end;	/* the kernel's log says when user space began */
	usec_t kernel_end_us;	/* it runs init; else the first user process */
	int log_start_logged;	/* the header gives when logging began */
	usec_t log_start_us;	/* that, else the first process block */
	usec_t log_end_us;	/* the last process block */
	int has_switch_root;	/* the header's, or PID 1 seen switching */
	usec_t switch_root_us;
	usec_t end_us;		/* the tree's end: the end of boot */
	usec_t boot_us;		/* end - start, what -t prints */
	const char *end_reason;	/* the header's bootchart.end, or NULL */
	/*
	 * Where the outputs' times count from, as uptime: a profile's start
	 * (its chart's 0), 0 for a boot (the kernel's start).
	 */
	usec_t zero_us;
};

/*
 * Computes them; a header time that is not seconds is ignored with a
 * warning naming the key.  Never fails.
 */
void milestones_make(struct milestones *, const struct bootlog *,
    const struct proctree *, struct diag *);
/*
 * zero_us without a tree, for the trace verbs that make none: a
 * profile's tree starts at its first sample, a boot's 0 is uptime 0.
 */
usec_t milestones_zero(const struct bootlog *);

#endif
