/* critpath_walk.h: the critical path: from a target thread's end backward to the trace's start, every instant on one segment (docs/critical-path.md). */
#ifndef BC_TCPATH_H
#define BC_TCPATH_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct tboot;

/* What a segment of the path is; the order of the report's table. */
enum cpcat { CP_RUNNING, CP_RUNNABLE, CP_BLOCKED, CP_DISK, CP_TIMER, CP_IRQ,
    CP_WAITING, CP_UNTRACED, CP_COUNT };

/*
 * [start_ns, end_ns) of thread tid (of process pid, entry proc of the
 * tboot or CR_NOPROC).  other: CP_RUNNABLE the thread that held the
 * CPU (0 idle, -1 unknown); CP_BLOCKED the waker not followed; the
 * rest -1.
 */
struct cpseg {
	int64_t start_ns, end_ns;
	int cat;		/* enum cpcat */
	int tid, pid, other;
	uint32_t proc;
};

struct cpath {
	struct cpseg *v;	/* in time order once cpath_walk returns */
	size_t n, cap;
	int64_t start_ns, end_ns;	/* the span covered */
	int cut;		/* the walk's step budget ran out */
	size_t steps;		/* steps taken */
	size_t max_steps;	/* 0: 4 per record and 1024 */
};

/* A category's name: "running", "runnable", ... */
const char *cpath_cat_name(int cat);
/* What it means: "waiting for a CPU", ... */
const char *cpath_cat_what(int cat);
/*
 * The path from thread tid at end_ns back to from_ns: what is before
 * from_ns is left off, and what is before the trace's first event is
 * "untraced".  0, or -1 (diag set)
 * on no memory.  A walk past its step budget warns, and the rest is
 * untraced.
 */
int cpath_walk(const struct tboot *, int tid, int64_t end_ns, int64_t from_ns,
    struct cpath *, struct diag *);
void cpath_free(struct cpath *);

#endif
