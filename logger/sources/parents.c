/* parents.c: process accounting (kernel_pacct) and fork events (paternity.log): the records that give processes their real parents. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/acct.h>
#include <unistd.h>

#include "logfiles.h"
#include "parents.h"

/* The kernel writes whole acct_v3 records; the tarball keeps those. */
#define PACCT_RECORD	((unsigned)sizeof(struct acct_v3))

void
parents_init(struct parents *p)
{
	memset(p, 0, sizeof(*p));
	procev_init(&p->pe);
	taskexit_init(&p->te);
}

static void
start_acct(struct parents *p, struct store *st, struct diag *d)
{
	char path[PATH_MAX + 32];

	if (geteuid() != 0) {
		snprintf(p->acct_note, sizeof(p->acct_note),
		    "off (needs root)");
		return;
	}
	if (store_stream_open(st, LK_PACCT, SW_KERNEL, PACCT_RECORD, path,
	    sizeof(path)) != 0 || acct(path) != 0) {
		snprintf(p->acct_note, sizeof(p->acct_note),
		    "unavailable (%s)", strerror(errno));
		diag_warn(d, "process accounting %s", p->acct_note);
		store_stream_drop(st, LK_PACCT);
		return;
	}
	p->acct_on = 1;
}

/*
 * Fork-time parents: accounting only knows the parent at exit, so the
 * connector's fork events go along with it.  A failure is only noted.
 */
static void
start_procev(struct parents *p, struct store *st, struct diag *d)
{
	if (geteuid() != 0)
		return;
	p->pe_wanted = 1;
	if (store_stream_open(st, LK_PATERNITY, SW_LOGGER, 1, NULL, 0) != 0) {
		snprintf(p->pe.note, sizeof(p->pe.note), "unavailable: %s: %s",
		    LOG_PATERNITY, strerror(errno));
		return;
	}
	if (procev_open(&p->pe) != 0) {
		diag_warn(d, "process events %s", p->pe.note);
		store_stream_drop(st, LK_PATERNITY);
	}
}

/*
 * Each exiting task's exact CPU time (the scheduler's, not ticks as
 * accounting's): what a short process used, whatever sampling saw.
 */
static void
start_taskexit(struct parents *p, struct store *st, struct diag *d)
{
	if (geteuid() != 0)
		return;
	if (store_stream_open(st, LK_TASKEXIT, SW_LOGGER, 1, NULL, 0) != 0) {
		snprintf(p->te.note, sizeof(p->te.note), "unavailable: %s: %s",
		    LOG_TASKEXIT, strerror(errno));
		return;
	}
	if (taskexit_open(&p->te) != 0) {
		diag_warn(d, "taskstats exit records %s", p->te.note);
		store_stream_drop(st, LK_TASKEXIT);
	}
}

int
parents_fd(const struct parents *p)
{
	return p->pe.sock;
}

int
parents_exit_fd(const struct parents *p)
{
	return p->te.sock;
}

int
parents_drain(struct parents *p, struct store *st)
{
	/*
	 * What does not fit a buffer stays in the kernel's queue, and the
	 * socket stays readable: the loop calls again.
	 */
	if (p->pe.sock >= 0) {
		procev_drain(&p->pe);
		if (store_stream_append(st, LK_PATERNITY, p->pe.out.buf,
		    p->pe.out.len) != 0)
			return -1;
		p->pe.out.len = 0;
	}
	if (p->te.sock >= 0) {
		taskexit_drain(&p->te);
		if (store_stream_append(st, LK_TASKEXIT, p->te.out.buf,
		    p->te.out.len) != 0)
			return -1;
		p->te.out.len = 0;
	}
	return 0;
}

void
parents_start(struct parents *p, struct store *st, int wanted,
    struct diag *d)
{
	if (!wanted)
		return;
	start_acct(p, st, d);
	start_procev(p, st, d);
	start_taskexit(p, st, d);
}

void
parents_stop(struct parents *p, struct diag *d)
{
	procev_close(&p->pe);
	taskexit_close(&p->te);
	if (!p->acct_on)
		return;
	if (acct(NULL) != 0)
		diag_warn(d, "acct off: %s", strerror(errno));
	p->acct_on = 0;
}

void
parents_report(const struct parents *p, struct run_report *r)
{
	snprintf(r->acct_note, sizeof(r->acct_note), "%s", p->acct_note);
	r->pe_wanted = p->pe_wanted;
	snprintf(r->pe_note, sizeof(r->pe_note), "%s", p->pe.note);
	r->pe_overruns = p->pe.overruns;
	r->pe_lost = p->pe.out.lost;
	snprintf(r->te_note, sizeof(r->te_note), "%s", p->te.note);
	r->te_overruns = p->te.overruns;
	r->te_lost = p->te.out.lost;
}
