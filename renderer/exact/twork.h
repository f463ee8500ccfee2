/* twork.h: what the kernel's workqueue workers ran, from workqueue_execute_start/end: each worker's functions by time, for its row's label (docs/trace.md). */
#ifndef BC_TWORK_H
#define BC_TWORK_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct tboot;
struct tdat;

/* A work item run: by process entry proc of the tboot. */
struct twork {
	uint32_t proc;
	uint64_t func;
	int64_t ns;
};

struct tworks {
	struct twork_open { int tid; uint64_t func; int64_t start; } *open;
	size_t nopen, opencap;
	struct twork *v;
	size_t n, cap;
	int cut;		/* CAP_TRACE_WORKS reached (warned once) */
	struct diag *d;
};

/* Worker tid starts func at `at`: 0, or -1 on no memory. */
int twork_start(struct tworks *, int tid, uint64_t func, int64_t at);
/* Its end: the item counts for process entry proc.  0, or -1. */
int twork_end(struct tworks *, int tid, size_t proc, uint64_t func,
    int64_t at);
/*
 * Each process's functions into tboot's tproc.work, the most time
 * first, named through the trace's kallsyms.
 */
void twork_label(struct tworks *, struct tboot *, const struct tdat *);
void twork_free(struct tworks *);

#endif
