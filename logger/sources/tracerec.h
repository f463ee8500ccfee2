/* tracerec.h: the kernel's trace (exact mode): tracefs found or mounted, our own instance or the boot's buffer, its per-CPU pages drained into the store, the trace.dat member. */
#ifndef BCD_TRACEREC_H
#define BCD_TRACEREC_H

#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

#include "diag.h"
#include "obuf.h"
#include "report.h"
#include "store.h"
#include "tdatw.h"
#include "trace_events.h"
#include "tracefn.h"

/* What is traced. */
enum tracerec_mode {
	TREC_OFF,
	TREC_BOOT,	/* the top-level buffer the kernel command line set */
	TREC_INSTANCE,	/* our own instance: the whole system */
	TREC_FUNCTIONS	/* the top-level buffer borrowed: and function_graph */
};

/* One CPU's ring buffer and the store's file of its pages. */
struct tracerec_cpu {
	int pipefd;		/* per_cpu/cpuN/trace_pipe_raw, O_NONBLOCK */
	int statsfd;		/* per_cpu/cpuN/stats */
	int outfd;		/* the store's file */
	uint64_t size;		/* bytes of pages stored */
	uint64_t lost0, read0;	/* lost and read events at the start */
	char *stats;		/* stats text at the end (CPUSTAT) */
	size_t statslen;
};

struct tracerec {
	enum tracerec_mode mode;
	int rootfd;		/* tracefs */
	int bufd;		/* the buffer: tracefs or instances/NAME */
	int markfd;		/* its trace_marker */
	char inst[32];		/* our instance's name; "" */
	struct tracefn fn;	/* TREC_FUNCTIONS: what it asks, what it took */
	char fn_off[160];	/* why --functions fell back to our instance; "" */
	int stacks;		/* its stack trigger is set (removed at teardown) */
	char mnt[PATH_MAX + 16];	/* where we mounted tracefs; "" */
	uint32_t page;		/* ring-buffer page size */
	unsigned ncpu;
	struct tracerec_cpu *cpu;
	uint64_t threshold;	/* a CPU's unread bytes that call for a drain */
	char *buf;		/* one page */
	int full;		/* the budget ran out: no more drains */
	struct obuf names;	/* "pid comm\n" the sampler saw */
	struct obuf events;	/* "sys/event\n" enabled */
	uint64_t stored;	/* bytes of pages in the store */
	uint64_t cpu_ns;	/* our thread's CPU time on tracing */
	uint64_t drain_ns;	/* of which the drains' */
	uint64_t sync[4];	/* CLOCK_BOOTTIME ns around the two markers */
	char why[192];		/* the status (header) */
	char absent[256];	/* events this kernel lacks */
	char clock[64];		/* the trace clock */
	/* The member: its texts, the layout before the pages, pieces. */
	char *texts[4];		/* kallsyms, printk formats, cmdlines, clock */
	struct obuf prefix;
	struct tarw_piece *pieces;
};

void tracerec_init(struct tracerec *);
/*
 * Starts exact mode: TREC_BOOT drains the top-level buffer when the
 * kernel command line enabled events there; TREC_INSTANCE makes our own
 * instance, which records the whole system; TREC_FUNCTIONS borrows the
 * top-level buffer for that and function_graph below t->fn.roots (set
 * before), or, when this kernel or system cannot, says why in one line
 * and makes our instance.
 * -1 when it is off (t->why says why; for our own instance one line on
 * stderr).
 */
int tracerec_start(struct tracerec *, enum tracerec_mode, struct store *,
    struct diag *);
/* Drains the CPUs whose buffer passed the threshold (each sample). */
void tracerec_tick(struct tracerec *, struct store *);
/* Adds the sampler's "pid comm\n" lines to the member's pid list. */
void tracerec_names(struct tracerec *, const char *, size_t);
/*
 * Ends it: the last marker, tracing off, the last drain, the member
 * (trace.dat, registered with the store), then our instance removed
 * and tracefs unmounted.  procfd: for /proc/kallsyms.
 */
void tracerec_stop(struct tracerec *, struct store *, int procfd);
/* The header's keys (report.h). */
void tracerec_report(const struct tracerec *, struct trace_report *);
/* Frees everything; the store's files are removed. */
void tracerec_free(struct tracerec *, struct store *);

#endif
