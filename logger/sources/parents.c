/* parents.c: process accounting (kernel_pacct) and fork events (paternity.log): the records that give processes their real parents. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/acct.h>
#include <unistd.h>

#include "logfiles.h"
#include "parents.h"

void
parents_init(struct parents *p)
{
	memset(p, 0, sizeof(*p));
	procev_init(&p->pe);
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
	if (store_open_pacct(st, path, sizeof(path)) != 0 ||
	    acct(path) != 0) {
		snprintf(p->acct_note, sizeof(p->acct_note),
		    "unavailable (%s)", strerror(errno));
		diag_warn(d, "process accounting %s", p->acct_note);
		store_drop_pacct(st);
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
	if (store_open_paternity(st) != 0) {
		snprintf(p->pe.note, sizeof(p->pe.note), "unavailable: %s: %s",
		    LOG_PATERNITY, strerror(errno));
		return;
	}
	if (procev_open(&p->pe) != 0) {
		diag_warn(d, "process events %s", p->pe.note);
		store_drop_paternity(st);
	}
}

void
parents_start(struct parents *p, struct store *st, int wanted,
    struct diag *d)
{
	if (!wanted)
		return;
	start_acct(p, st, d);
	start_procev(p, st, d);
}

void
parents_stop(struct parents *p, struct diag *d)
{
	procev_close(&p->pe);
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
}
