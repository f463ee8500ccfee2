/* exact.h: a traced log's model, built once after parsing: the trace's threads, states, wake-ups, the critical path's records and calls, its clock mapped to the log's uptime; every output reads it, none decodes the trace again (docs/trace.md). */
#ifndef BC_EXACT_H
#define BC_EXACT_H

#include <stddef.h>
#include <stdint.h>

#include "bootlog.h"
#include "diag.h"
#include "tboot.h"
#include "trace.h"

struct tcwait;

/* What the model keeps beyond what every output reads (the options' part). */
struct exact_opts {
	int threads;		/* --threads: each thread's states and row */
	int cpu_runs;		/* --per-cpu: each task's runs on each CPU */
	int reader_only;	/* take the reader over, read nothing (--dump-events reads the events itself) */
	int own_zero;		/* a trace alone: without the clock-sync marker, 0 at its first event */
	int scope_pid;		/* the trace is this pid's tree's alone (exact_scope_pid); 0 */
	/*
	 * No output reads the events again (none is OF_EVENTS): the trace's
	 * pages are given back as the model is built (tdat_give_back), so
	 * the render never holds the trace and the model at once.
	 */
	int read_once;
};

struct exact {
	int have;		/* the log has a trace, read into tb */
	struct tracefile file;	/* parsing's reader and bytes, taken over */
	/*
	 * The trace's bytes read again from the input (no reader), for an
	 * output that reads the events again (-f perfetto) after file's
	 * pages were given back (boot.c); buf NULL: read file's.
	 */
	struct tracefile again;
	struct tboot tb;	/* the events read once (tboot.h) */
	/* What each call of tb.calls waited for (tcwait.h), or NULL. */
	struct tcwait *call_wait;
};

/*
 * Takes f over (f is left empty) and reads its events once into x->tb,
 * with what each function call waited for.
 * Without a reader in f, x->have stays 0 and nothing is read.  0, or
 * -1 (diag set: a decoding error, no memory).
 */
int exact_open(struct exact *x, struct tracefile *f,
    const struct exact_opts *o, struct diag *d);
/*
 * The model applied to the log it came with (exact_apply.c): exact
 * starts, ends, states and CPU time of the processes, the processes
 * sampling missed, the threads' rows, the initcalls, the CPU chart's
 * busy series; the model keeps only what the outputs
 * read of it after (processes, wake-ups, stacks, the path's records,
 * calls).  Nothing without a trace.  0, or -1 (diag set).
 */
int exact_apply(struct exact *x, struct bootlog *t, const struct exact_opts *o,
    struct diag *d);
/*
 * The model's clock is the log's (uptime, CLOCK_BOOTTIME): the trace's
 * times plus tb->boot_minus_trace_ns, the offset bootchartd's clock-sync
 * marker gave, added once when the model is read (tboot.c; without a
 * marker the trace's own clock; docs/trace.md).  exact_uptime_us: a
 * model time as µs, never below 0 (what the log, the chart and the
 * reports hold); exact_uptime_ms: ms unrounded, for text.  The exports
 * keep the trace's own clock, trace-cmd report's (docs/exports.md):
 * exact_to_trace takes a model time there, exact_from_trace brings an
 * event's time (the trace's clock) to the model's.
 */
static inline usec_t
exact_uptime_us(int64_t ns)
{
	/* A forged offset can put a time before 0: it is 0 on the chart. */
	return ns > 0 ? (usec_t)(ns / 1000) : 0;
}

static inline double
exact_uptime_ms(int64_t ns)
{
	return (double)ns / 1e6;
}

/* tboot keeps both the times and the offset below 2^62: no overflow. */
static inline int64_t
exact_to_trace(const struct tboot *tb, int64_t ns)
{
	return ns - tb->boot_minus_trace_ns;
}

static inline int64_t
exact_from_trace(const struct tboot *tb, int64_t ns)
{
	return ns + tb->boot_minus_trace_ns;
}
/*
 * bootchartd cut the log's recording short (its header's
 * bootchart.trace is "cut: WHY": the budget ran out): WHY, else NULL.
 * The model then ends at tb.whole_ns, where every CPU still has its
 * events (the logger writes its closing marker there); what comes
 * after is the samples'.
 */
const char *exact_cut(const struct bootlog *t);
/*
 * A profile's trace of its command alone (bootchartd's TRACE_SCOPE,
 * header bootchart.trace.scope "command PID"): PID, whose tree the
 * kernel kept events of; 0 when the trace is the whole system's.
 * Other processes' CPU time is then the samples' (docs/trace.md).
 */
int exact_scope_pid(const struct bootlog *t);
/*
 * Events the kernel lost before they were read (its buffer full): the
 * header's count (bootchart.trace.lost) where bootchartd wrote one,
 * else what the pages said; *pages the pages that followed a loss (a
 * page may flag one without its count).
 */
uint64_t exact_lost(const struct tboot *tb, const struct bootlog *t,
    uint64_t *pages);
/* What every output says of a loss, into out: 1, or 0 when none. */
int exact_lost_say(uint64_t n, uint64_t pages, char *out, size_t cap);
/*
 * A trace alone (no log around it: PS_TRACE): which clock its times are
 * on, as the chart's header and the summary say it: its own from 0 at
 * its first event, or the uptime by bootchartd's clock-sync marker.
 * NULL for a log's trace: the log's uptime goes without saying.
 */
const char *exact_clock_said(const struct exact *x, const struct bootlog *t);
void exact_free(struct exact *x);

#endif
