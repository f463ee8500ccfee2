/* tbusy.h: the machine's busy CPU time from the switch events, in fixed bins: the CPU chart at the trace's precision (docs/trace.md). */
#ifndef BC_TBUSY_H
#define BC_TBUSY_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define TBUSY_BIN_NS	10000000	/* 10 ms: finer than the chart's pixels at its default scale */

/* ns some CPU ran a task (not its idle task) in each bin from t0. */
struct tbusy {
	int64_t t0;		/* the first bin's start; set by the first add */
	int64_t *ns;
	size_t n, cap;
	int cut;		/* CAP_TRACE_BINS reached (warned once) */
	struct diag *d;
};

/*
 * Adds a run on a CPU over [from, to), split over the bins it meets;
 * t0 is the trace's first event.  0, or -1 on no memory.
 */
int tbusy_add(struct tbusy *, int64_t t0, int64_t from, int64_t to);
void tbusy_free(struct tbusy *);

#endif
