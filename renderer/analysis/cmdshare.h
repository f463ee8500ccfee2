/* cmdshare.h: a profiled command's share of the machine's CPU over each proc_stat interval, for the CPU chart and the JSON (docs/chart.md). */
#ifndef BC_CMDSHARE_H
#define BC_CMDSHARE_H

#include <stddef.h>

#include "bootlog.h"
#include "proctree.h"

struct cmdshare {
	double *v;	/* v[i]: over t->cpu[i]'s interval, 0..1 of all CPUs */
	size_t n;	/* t->ncpu, or 0: not a profile with its command */
	double cpu_s;	/* the command's processes' CPU-seconds in all */
};

/*
 * The CPU of the processes below the profiled command (tree->cmd) as the
 * tree has them, from their samples; a row whose processes have a
 * measured CPU time (the kernel's trace, process accounting) adds that
 * instead, over its exact running spans when the trace has them, else
 * evenly over its life.
 * 0, or -1 when out of memory.
 */
int cmdshare_make(struct cmdshare *, const struct bootlog *,
    const struct proctree *);
void cmdshare_free(struct cmdshare *);

#endif
