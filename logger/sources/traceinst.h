/* traceinst.h: the tracefs buffer exact mode records into: tracefs found or mounted, our instance made or the top-level buffer borrowed, its events, clock and size, and all of it given back. */
#ifndef BCD_TRACEINST_H
#define BCD_TRACEINST_H

#include <limits.h>
#include <stdint.h>

#include "diag.h"
#include "obuf.h"
#include "store.h"
#include "tracefn.h"

/* Bytes of the status line (the header's bootchart.trace). */
#define TRACE_WHY	192

/* What is traced. */
enum tracerec_mode {
	TREC_OFF,
	TREC_BOOT,	/* the top-level buffer the kernel command line set */
	TREC_INSTANCE,	/* our own instance: the whole system */
	TREC_FUNCTIONS	/* the top-level buffer borrowed: and function_graph */
};

struct traceinst {
	int rootfd;		/* tracefs */
	int bufd;		/* the buffer: tracefs or instances/NAME */
	char name[32];		/* our instance's name; "" */
	struct tracefn fn;	/* TREC_FUNCTIONS: what it asks, what it took */
	char fn_off[160];	/* why --functions fell back to our instance; "" */
	int stacks;		/* its stack trigger is set (removed at the end) */
	char mnt[PATH_MAX + 16];	/* where we mounted tracefs; "" */
	uint32_t page;		/* ring-buffer page size */
	struct obuf events;	/* "sys/event\n" enabled */
	char absent[256];	/* events this kernel lacks */
	char clock[64];		/* the trace clock */
	int scope_pid;		/* our instance records this pid's tree only; 0: all */
	/* Polling a CPU's trace_pipe_raw wakes at a fill level (buffer_percent) */
	int fill_wake;
};

void traceinst_init(struct traceinst *);
/*
 * The buffer *mode asks for, its page size and clock; TREC_FUNCTIONS
 * becomes TREC_INSTANCE when the top-level buffer cannot be lent (one
 * line on d).  0, or -1 with why (TRACE_WHY bytes).
 */
int traceinst_open(struct traceinst *, enum tracerec_mode *,
    const struct store *, struct diag *, char *why);
/* Possible CPUs: per_cpu/cpuN of the buffer. */
unsigned traceinst_cpus(const struct traceinst *);
/* Bytes of a CPU's ring buffer, or 0 when unreadable. */
uint64_t traceinst_cpu_bytes(const struct traceinst *);
/* Recording on (1) or off (0); 0 or -1 (errno). */
int traceinst_tracing(const struct traceinst *, int on);
/* The function_graph tracer stopped, once no trace_pipe_raw holds it. */
void traceinst_stop_graph(const struct traceinst *);
/* The stack trigger, the lent buffer, our instance and mount given back. */
void traceinst_close(struct traceinst *);
void traceinst_free(struct traceinst *);

#endif
