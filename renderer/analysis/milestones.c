/* milestones.c: when the kernel ended, logging began, the root switched and the boot ended: one owner for each (docs/json.md). */
#include <stdint.h>
#include <string.h>

#include "logfiles.h"
#include "milestones.h"

/* A header time; *has 0 when absent or not seconds (with a warning). */
static usec_t
header_time(const struct bootlog *t, const char *key, int *has,
    struct diag *d)
{
	usec_t at = 0;
	int rc = bootlog_header_us(t, key, &at);

	if (rc == -1)
		diag_warn(d, "header: %s is not a time in seconds; ignored",
		    key);
	*has = rc == 1;
	return *has ? at : 0;
}

/*
 * Where the kernel's part of the boot ends: the kernel says when it runs
 * init; else the first process that is neither PID 1 (which exists from
 * the kernel's start) nor a kernel thread; else the last kernel event.
 */
static usec_t
kernel_end(const struct bootlog *t)
{
	const struct process *p;
	usec_t best = INT64_MAX, end;
	size_t i;

	for (i = 0; i < t->nkev; i++)
		if (t->kev[i].kind == KEV_MILESTONE &&
		    t->kev[i].milestone == KM_RUN_INIT)
			return t->kev[i].time_us;
	for (i = 0; i < t->nprocs; i++) {
		p = t->procs[i];
		if (p->pid > 2 && p->ppid != 2 && p->start_us < best)
			best = p->start_us;
	}
	if (best != INT64_MAX)
		return best;
	best = 0;
	for (i = 0; i < t->nkev; i++) {
		end = t->kev[i].time_us + t->kev[i].dur_us;
		if (end > best)
			best = end;
	}
	return best;
}

/*
 * When the initramfs handed over to the real root: the header's, else
 * the first sample where PID 1 was run-init or switch_root.
 */
static void
switch_root(struct milestones *m, const struct bootlog *t, struct diag *d)
{
	int has;
	usec_t at = header_time(t, HDR_SWITCH_ROOT, &has, d);

	if (m->profile)
		return;
	if (has) {
		m->has_switch_root = 1;
		m->switch_root_us = at;
	} else if (t->pid1_switched) {
		m->has_switch_root = 1;
		m->switch_root_us = t->pid1_switch_us;
	}
}

usec_t
milestones_zero(const struct bootlog *t)
{
	const char *prof = bootlog_header(t, HDR_PROFILE);

	return prof != NULL && *prof != '\0' ? t->ps_first_us : 0;
}

void
milestones_make(struct milestones *m, const struct bootlog *t,
    const struct proctree *tree, struct diag *d)
{
	memset(m, 0, sizeof(*m));
	m->profile = tree->profile != NULL;
	m->start_us = tree->start_us;
	m->end_us = tree->end_us;
	m->boot_us = tree->duration_us;
	m->log_end_us = t->ps_last_us;
	m->end_reason = bootlog_header(t, HDR_END);
	m->log_start_us = header_time(t, HDR_LOG_START, &m->log_start_logged,
	    d);
	if (!m->log_start_logged)
		m->log_start_us = t->ps_first_us;
	switch_root(m, t, d);
	/* A command's run is timed from its start; a boot from the kernel's. */
	if (m->profile) {
		m->zero_us = m->start_us;
		return;
	}
	/* Without the kernel's log or the header's word, the chart starts at the first process. */
	m->from_boot = m->log_start_logged || t->nkev > 0;
	if (t->nkev > 0) {
		m->has_kernel_end = 1;
		m->kernel_end_us = kernel_end(t);
	}
}
