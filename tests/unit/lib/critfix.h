/* critfix.h: the critical path's unit tests' fixture: thread records by hand (in ms), the walk or the target's run on them, a segment's check (tests/unit/test_critpath*.c). */
#ifndef BC_CRITFIX_H
#define BC_CRITFIX_H

#include <stddef.h>
#include <stdint.h>

#include "bootlog.h"
#include "critpath.h"
#include "diag.h"
#include "tboot.h"
#include "critpath_walk.h"
#include "tcrit.h"

#define A	100
#define B	101
#define X	102
#define M	1000000LL	/* a millisecond in ns */

struct fix {
	struct tcrits cr;
	int64_t first_ms;	/* the trace's first event (fix_run; 0 unless set) */
	struct tboot tb;
	struct cpath cp;
	struct diag d;
};

/* A record of thread tid at ms (its own group, no process entry). */
void fix_add(struct fix *, int kind, int tid, int other, int state,
    int64_t ms);
/* The records taken into the tboot, the trace [0, last_ms]; the walk from tid. */
void fix_walk(struct fix *, int tid, int64_t last_ms, size_t max_steps);
/* A disk request completes at ms (in order): block_rq_complete. */
void fix_disk_done(struct fix *, int64_t ms);
/* The same from from_ms (a floor above the trace's start, or below it). */
void fix_walk_from(struct fix *, int tid, int64_t last_ms, int64_t from_ms,
    size_t max_steps);
/* Segment i is [a, b) ms of category cat, thread tid. */
void fix_seg(const struct fix *, size_t i, int64_t a, int64_t b, int cat,
    int tid);
/* The segments follow each other from the span's start to its end. */
void fix_covers(const struct fix *);
/* Process entry i of the tboot: pid, name, [start, end) in ms (-1: before, after the trace). */
void fix_proc(struct fix *, size_t i, int pid, const char *comm,
    int64_t start, int64_t end);
/* critpath_run on the records and processes, the log's header key = value. */
struct critpath fix_run(struct fix *, struct bootlog *, const char *key,
    const char *value, int64_t last_ms);
void fix_done(struct fix *);

#endif
