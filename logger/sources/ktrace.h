/* ktrace.h: the kernel's trace (exact mode): tracefs found or mounted, our own instance or the boot's buffer, its per-CPU pages drained into the store, the trace.dat member. */
#ifndef BCD_KTRACE_H
#define BCD_KTRACE_H

#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

#include "diag.h"
#include "obuf.h"
#include "report.h"
#include "store.h"
#include "tdatw.h"

/* What is traced. */
enum ktrace_mode {
	KT_OFF,
	KT_BOOT,	/* the top-level buffer the kernel command line set up */
	KT_SUBTREE,	/* our instance: one process and its descendants */
	KT_ALL		/* our instance: the whole system but us */
};

/* One CPU's ring buffer and the store's file of its pages. */
struct ktrace_cpu {
	int pipefd;		/* per_cpu/cpuN/trace_pipe_raw, O_NONBLOCK */
	int statsfd;		/* per_cpu/cpuN/stats */
	int outfd;		/* the store's file */
	uint64_t size;		/* bytes of pages stored */
	uint64_t lost0, read0;	/* lost and read events at the start */
	char *stats;		/* stats text at the end (CPUSTAT) */
	size_t statslen;
};

struct ktrace {
	enum ktrace_mode mode;
	int rootfd;		/* tracefs */
	int bufd;		/* the buffer: tracefs or instances/NAME */
	int markfd;		/* its trace_marker */
	char inst[32];		/* our instance's name; "" */
	char mnt[PATH_MAX + 16];	/* where we mounted tracefs; "" */
	uint32_t page;		/* ring-buffer page size */
	unsigned ncpu;
	struct ktrace_cpu *cpu;
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

void ktrace_init(struct ktrace *);
/*
 * Starts exact mode: KT_BOOT drains the top-level buffer when the
 * kernel command line enabled events there; KT_SUBTREE and KT_ALL make
 * our own instance (`pid` and its descendants for KT_SUBTREE).  -1 when
 * it is off (t->why says why; for our own instance one line on stderr).
 */
int ktrace_start(struct ktrace *, enum ktrace_mode, struct store *,
    pid_t pid, struct diag *);
/* Drains the CPUs whose buffer passed the threshold (each sample). */
void ktrace_tick(struct ktrace *, struct store *);
/* Adds the sampler's "pid comm\n" lines to the member's pid list. */
void ktrace_names(struct ktrace *, const char *, size_t);
/*
 * Ends it: the last marker, tracing off, the last drain, the member
 * (trace.dat, registered with the store), then our instance removed
 * and tracefs unmounted.  procfd: for /proc/kallsyms.
 */
void ktrace_stop(struct ktrace *, struct store *, int procfd);
/* The header's keys (report.h). */
void ktrace_report(const struct ktrace *, struct trace_report *);
/* Frees everything; the store's files are removed. */
void ktrace_free(struct ktrace *, struct store *);

#endif
