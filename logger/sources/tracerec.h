/* tracerec.h: the kernel's trace as a source of the run (exact mode): started, drained at each sample, and ended into the trace.dat member, from the tracefs buffer, the per-CPU drains and the member's parts. */
#ifndef BCD_TRACEREC_H
#define BCD_TRACEREC_H

#include <stdint.h>

#include "diag.h"
#include "obuf.h"
#include "runstats.h"
#include "store.h"
#include "tracedrain.h"
#include "traceinst.h"
#include "traceout.h"

struct tracerec {
	enum tracerec_mode mode;
	struct traceinst inst;	/* the buffer (inst.fn: --functions' ask) */
	struct tracedrain drain;	/* its CPUs' pages in the store */
	struct traceout member;	/* trace.dat */
	int markfd;		/* the buffer's trace_marker */
	struct obuf names;	/* "pid comm\n" the sampler saw */
	uint64_t cpu_ns;	/* our thread's CPU time on tracing */
	uint64_t drain_ns;	/* of which the drains' */
	uint64_t sync[4];	/* CLOCK_BOOTTIME ns around the two markers */
	unsigned idle_wakes;	/* of those in a row, the ones that found nothing */
	char why[TRACE_WHY];	/* the status (header) */
};

void tracerec_init(struct tracerec *);
/*
 * Starts exact mode: TREC_BOOT drains the top-level buffer when the
 * kernel command line enabled events there; TREC_INSTANCE makes our own
 * instance, which records the whole system; TREC_FUNCTIONS borrows the
 * top-level buffer for that and function_graph below t->inst.fn.roots
 * (set before), or, when this kernel or system cannot, says why in one
 * line and makes our instance.
 * -1 when it is off (t->why says why; for our own instance one line on
 * stderr).
 */
int tracerec_start(struct tracerec *, enum tracerec_mode, struct store *,
    struct diag *);
/* Drains the CPUs whose buffer passed the threshold (each sample). */
void tracerec_tick(struct tracerec *, struct store *);
/*
 * CPU i's descriptor to poll: readable when its buffer reaches the fill
 * level (traceinst's fill_wake), so a flood is drained between ticks;
 * -1 when there is none to poll (ticks only).
 */
int tracerec_fill_fd(const struct tracerec *, unsigned i);
/* Wakes in a row that found nothing before the fill descriptors are given up. */
#define FILL_IDLE_MAX 3
/*
 * Drains the CPU of fd, which poll found ready.  1 when its descriptors
 * must leave the poll (the trace is cut or full, or wakes find nothing:
 * the ticks go on), else 0.
 */
int tracerec_filled(struct tracerec *, struct store *, int fd);
/* Adds the sampler's "pid comm\n" lines to the member's pid list. */
void tracerec_names(struct tracerec *, const char *, size_t);
/*
 * Ends it: the last marker, tracing off, the last drain, the member
 * (trace.dat, registered with the store), then our instance removed
 * and tracefs unmounted.  procfd: for /proc/kallsyms.
 */
void tracerec_stop(struct tracerec *, struct store *, int procfd);
/* The header's keys (runstats.h). */
void tracerec_report(const struct tracerec *, struct trace_report *);
/* Frees everything; the store's files are removed. */
void tracerec_free(struct tracerec *, struct store *);

#endif
