/* tbusy.h: the CPUs' busy time from the switch events, in fixed bins: the CPU charts at the trace's precision (docs/trace.md). */
#ifndef BC_TBUSY_H
#define BC_TBUSY_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define TBUSY_BIN_NS	10000000	/* 10 ms: finer than the chart's pixels at its default scale */

/* One CPU's ns running a task (not its idle task) in each bin. */
struct tbusy_cpu {
	int64_t *ns;
	size_t n, cap;
};

/* One task's run on one CPU, for the tasks each CPU ran (--per-cpu). */
struct trun {
	int64_t start_ns, end_ns;
	uint32_t proc;		/* its process entry of the tboot */
	uint32_t cpu;
};

struct tbusy {
	int64_t t0;		/* the first bin's start: the trace's first event */
	struct tbusy_cpu *cpu;	/* by CPU number */
	size_t ncpu;
	size_t nbins;		/* bins held, all CPUs together */
	int cut;		/* CAP_TRACE_BINS reached (warned once) */
	/*
	 * The runs themselves, in the order they ended, when keep_runs is
	 * set (their memory is only spent when asked).
	 */
	struct trun *runs;
	size_t nruns, runscap;
	int keep_runs;
	int runs_cut;		/* CAP_TRACE_CPU_RUNS reached (warned once) */
	struct diag *d;
};

/*
 * Adds a run of process entry proc on CPU cpu over [from, to), split
 * over the bins it meets (and kept whole with keep_runs); t0 is the
 * trace's first event.  0, or -1 on no memory.
 */
int tbusy_add(struct tbusy *, int cpu, uint32_t proc, int64_t t0,
    int64_t from, int64_t to);
/* The bins of all CPUs: the longest CPU's count. */
size_t tbusy_len(const struct tbusy *);
/* CPU cpu's busy ns in bin i (0 past its bins). */
int64_t tbusy_get(const struct tbusy *, size_t cpu, size_t i);
void tbusy_free(struct tbusy *);
/* The bins' start and the runs moved by off ns (to the log's clock). */
void tbusy_shift(struct tbusy *, int64_t off);

#endif
