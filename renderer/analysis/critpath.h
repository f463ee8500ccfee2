/* critpath.h: the critical path of a traced log: its end target chosen (the profiled command, the boot's end, a PID asked for), the walk run, the waits summed (docs/critical-path.md). */
#ifndef BC_CRITPATH_H
#define BC_CRITPATH_H

#include <stddef.h>
#include <stdint.h>

#include "bootlog.h"
#include "tboot.h"
#include "tcpath.h"

/* One row of "what it waited on": a category's time in one process. */
struct cpsum {
	int cat;
	int pid;
	uint32_t proc;		/* tboot entry, or CR_NOPROC */
	int64_t ns;
};

struct critpath {
	struct tboot own;	/* critpath_build's */
	const struct tboot *tb;	/* the trace read */
	struct cpath cp;
	int pid;		/* the target's */
	uint32_t proc;		/* its tboot entry */
	const char *why;	/* how the target was chosen */
	struct cpsum *sum;	/* the most time first */
	size_t nsum;
	int64_t unexplained_ns;	/* the span less its segments */
};

/*
 * Reads t's trace and walks the path to the target: process pid when
 * pid > 0, else the log's own end (docs/critical-path.md).  0, or -1
 * (diag set: no trace, no such process, no memory).
 */
int critpath_build(struct bootlog *t, int pid, struct critpath *,
    struct diag *);
/*
 * The same from a trace already read (tb, which must outlive c).  0,
 * 1 when a boot or profile has no target (no path, nothing said), or
 * -1 (diag set).
 */
int critpath_run(struct critpath *c, const struct tboot *tb,
    const struct bootlog *t, int pid, struct diag *);
/* A segment's process name (its last in the trace), unescaped; never NULL. */
const char *critpath_name(const struct critpath *, uint32_t proc, int pid,
    const struct tdat *);
/* ns of the trace clock as ms of uptime (the clock-sync marker), else of the trace. */
double critpath_uptime_ms(const struct critpath *, int64_t ns);
/* The same in µs of uptime (the model's time). */
int64_t critpath_uptime_us(const struct critpath *, int64_t ns);
void critpath_free(struct critpath *);

#endif
