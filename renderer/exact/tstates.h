/* tstates.h: the states of the trace's threads as they change, folded into each process's spans once the events are read (docs/trace.md). */
#ifndef BC_TSTATES_H
#define BC_TSTATES_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct tboot;

/* One thread entering a state, for process entry `proc` of the tboot. */
struct tchange {
	uint32_t proc;
	int32_t tid;
	int64_t at;
	uint32_t seq;		/* the order they came: equal times keep it */
	uint8_t state;		/* enum tstate */
};

/*
 * A thread's name as an event gave it (its birth's, a rename's, its
 * exit's): the trace's cmdlines lose names (saved_cmdlines holds 128).
 */
struct tname {
	uint32_t proc;
	int32_t tid;
	uint32_t seq;		/* the order they came: the last one wins */
	char comm[16];
};

struct tstates {
	uint8_t *ts;		/* thread -> its state now; TS_NONE: not followed */
	size_t tcap;
	struct tchange *v;
	size_t n, cap;
	struct tname *names;	/* kept when want_names (--threads) */
	size_t nnames, namescap;
	int want_names;
	size_t max;		/* changes kept: 0 is CAP_TRACE_STATES */
	int cut;		/* max reached: no more are kept */
	int64_t cut_ns;		/* when */
	struct diag *d;
};

/* Thread tid's state: TS_NONE for one not followed (born before the trace, exited). */
int tstates_get(const struct tstates *, int tid);
/*
 * Thread tid of process entry proc enters state at `at` (not before
 * its last change).  0, or -1 on no memory; past the cap one warning
 * and nothing more is kept.
 */
int tstates_set(struct tstates *, size_t proc, int tid, int64_t at, int state);
/*
 * Thread tid of process entry proc is called comm from now on (kept
 * only when want_names, up to CAP_TRACE_STATES names).  0, or -1 on no
 * memory.
 */
int tstates_name(struct tstates *, size_t proc, int tid, const char *comm);
/* Every process's spans into tb (tboot.h: struct tspan); 0, or -1 on no memory. */
int tstates_fold(struct tstates *, struct tboot *);
/*
 * Each thread's own spans too (--threads: a row each), after
 * tstates_fold, for the processes that have states: tb->threads, by
 * process and thread id, each with its last name (tstates_name) or "".
 * 0, or -1 on no memory.
 */
int tstates_fold_threads(struct tstates *, struct tboot *);
void tstates_free(struct tstates *);

#endif
