/* parents.h: process accounting (kernel_pacct) and fork events (paternity.log): the records that give processes their real parents. */
#ifndef BCD_PARENTS_H
#define BCD_PARENTS_H

#include "diag.h"
#include "procev.h"
#include "runstats.h"
#include "store.h"
#include "taskexit.h"

struct parents {
	int acct_on;		/* acct(2) writes into the store */
	char acct_note[160];	/* why accounting is missing; "" when on */
	int pe_wanted;		/* fork events were asked for (as root) */
	struct procev pe;	/* fork events; pe.note says why not */
	struct taskexit te;	/* exact exit records; te.note says why not */
};

/* Sets p off. */
void parents_init(struct parents *);
/*
 * With `wanted` (PROCESS_ACCOUNTING), turns accounting on into the
 * store's kernel_pacct, subscribes to fork events into its
 * paternity.log and to taskstats exit records into its
 * taskstats_exit.log.  Needs root; every failure is only noted.
 */
void parents_start(struct parents *, struct store *, int wanted,
    struct diag *);
/* The fork events' socket (a source of the run's loop), or -1. */
int parents_fd(const struct parents *);
/* The exit records' socket (another source), or -1. */
int parents_exit_fd(const struct parents *);
/*
 * Stores the fork events and exit records queued so far.  0, or -1
 * when the budget is full (logging must end).
 */
int parents_drain(struct parents *, struct store *);
/* Turns accounting off and stops listening. */
void parents_stop(struct parents *, struct diag *);
/* Puts what the header says about them into the report. */
void parents_report(const struct parents *, struct run_report *);

#endif
