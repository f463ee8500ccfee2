/* tracedrain.h: the per-CPU drains of exact mode: each CPU's trace_pipe_raw read a page at a time into the store's file, packed in chunks (tchunk.h), and its stats (events read and lost). */
#ifndef BCD_TRACEDRAIN_H
#define BCD_TRACEDRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"
#include "tchunk.h"

/* One CPU's ring buffer and the store's file of its pages. */
struct tracedrain_cpu {
	int pipefd;		/* per_cpu/cpuN/trace_pipe_raw, O_NONBLOCK */
	int statsfd;		/* per_cpu/cpuN/stats */
	int outfd;		/* the store's file */
	uint64_t size;		/* bytes of chunks stored */
	uint8_t *stage;		/* pages read, not yet a chunk */
	size_t staged;
	uint64_t pages;		/* pages read: the member has these */
	uint64_t lost0, read0;	/* lost and read events at the start */
	char *stats;		/* stats text at the end (CPUSTAT) */
	size_t statslen;
};

struct tracedrain {
	uint32_t page;		/* ring-buffer page size */
	unsigned ncpu;
	struct tracedrain_cpu *cpu;
	uint64_t threshold;	/* a CPU's unread bytes that call for a drain */
	char *buf;		/* one page */
	int full;		/* the budget ran out: no more drains */
	int over_share;		/* that was the trace's share, not the store */
	uint64_t stored;	/* bytes of chunks in the store */
	uint64_t share;		/* the trace's share of the budget */
	/* What the ring buffers can hold: kept back so a cut ends cleanly. */
	uint64_t reserve;
	struct tchunk z;	/* packs a CPU's stage */
	size_t staged;		/* every CPU's stage, in bytes */
};

/* Which per-CPU count tracedrain_counts writes. */
enum tracedrain_count {
	TDRAIN_READ,		/* events read since the start */
	TDRAIN_LOST,		/* lost by the end */
	TDRAIN_LOST_START,	/* lost before the start */
	TDRAIN_UNREAD		/* left in the buffer at the end (a cut) */
};

void tracedrain_init(struct tracedrain *);
/*
 * Opens ncpu CPUs of the buffer bufd (pages of `page` bytes, cpu_bytes
 * a CPU's buffer, 0 unknown) and the store's files for them, and takes
 * their counts at the start.  0 or -1 (errno).
 */
int tracedrain_open(struct tracedrain *, int bufd, unsigned ncpu,
    uint32_t page, uint64_t cpu_bytes, struct store *);
/*
 * Drains the CPUs past the threshold, short of the reserve.  0, or -1
 * when the trace's share of the budget less the reserve or a write ran
 * out (d->full set, errno ENOSPC or the write's).
 */
int tracedrain_run(struct tracedrain *, struct store *);
/* CPU i's pages, whatever it holds (its fill level woke us): as tracedrain_run. */
int tracedrain_run_cpu(struct tracedrain *, struct store *, unsigned i);
/*
 * Every CPU's remaining pages, a page of each in turn, within the whole
 * share (the reserve too): at the end, or after a cut with tracing
 * stopped, so that each CPU's events run from the start to some
 * instant, the closing marker kept where it fits.  0, or -1 as
 * tracedrain_run (what did not fit is lost: the earliest CPU's end is
 * where the trace is whole).
 */
int tracedrain_close_out(struct tracedrain *, struct store *);
/* The words after "cut: " for the errno tracedrain_run left. */
const char *tracedrain_cut_reason(const struct tracedrain *, int err);
/* Bytes of CPU i's pages, as the member holds them (unpacked). */
uint64_t tracedrain_pages_of(const struct tracedrain *, unsigned i);
/* "pages N packed N share N": bytes read, stored, allowed (header). */
void tracedrain_store_line(const struct tracedrain *, char *out, size_t cap);
/* Keeps each CPU's end stats (CPUSTAT, the counts). */
void tracedrain_end_stats(struct tracedrain *);
/* "total N: cpu0=N ..." of one count into out. */
void tracedrain_counts(const struct tracedrain *, enum tracedrain_count,
    char *out, size_t cap);
/* Closes the trace_pipe_raw files (an open one holds the tracer). */
void tracedrain_close_pipes(struct tracedrain *);
/* Closes the stats files too; the store's files stay. */
void tracedrain_close(struct tracedrain *);
/* Frees everything; the store's files are removed. */
void tracedrain_free(struct tracedrain *, struct store *);

#endif
