/* tcrit.h: each thread's life as the critical path walks it: switches on and off, wakings with their waker, births and exits, kept per thread in time order (docs/critical-path.md). */
#ifndef BC_TCRIT_H
#define BC_TCRIT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct tboot;

enum { CR_ON, CR_OFF, CR_WOKEN, CR_BORN, CR_EXIT };

/* No process entry of the tboot known for the thread yet. */
#define CR_NOPROC	UINT32_MAX

/*
 * One event of thread tid.  other: CR_ON the thread the CPU ran before
 * (0 idle, -1 unknown); CR_OFF the one it runs next; CR_WOKEN the
 * waking thread or a TW_* context (tboot.h); CR_BORN its creator (-1
 * unknown).  state: CR_OFF's TS_RUNNABLE, TS_SLEEPING or TS_WAITING.
 */
struct tcrec {
	int64_t at;
	int32_t tid, tgid, other;
	uint32_t proc;		/* its process entry of the tboot, or CR_NOPROC */
	uint32_t seq;		/* the order they came: equal times keep it */
	uint8_t kind, state;
};

struct tcrits {
	struct tcrec *v;
	size_t n, cap;
	size_t max;		/* records kept: 0 is CAP_TRACE_CRIT */
	int cut;		/* max reached (warned once): no path */
	struct diag *d;
};

/* Appends one record; 0, or -1 on no memory (past the cap: a warning, 0). */
int tcrit_add(struct tcrits *, int kind, int tid, int tgid, uint32_t proc,
    int other, int state, int64_t at);
/*
 * Sorts the records by thread, then time, into tb (tboot.h: crec,
 * ncrec), which then owns them; past the cap, none are given.
 */
void tcrit_take(struct tcrits *, struct tboot *);
void tcrit_free(struct tcrits *);
/*
 * The index of thread tid's last record at or before t in v[0..n)
 * (sorted by tcrit_take), or -1 when it has none; *first: the index of
 * its first record (when it has any).
 */
ptrdiff_t tcrit_find(const struct tcrec *v, size_t n, int tid, int64_t t,
    ptrdiff_t *first);

#endif
