/* tdisk.h: the disks' requests from the block events (block_rq_issue, block_rq_requeue, block_rq_complete) in fixed bins: bytes read and written and each disk's busy time, the disk chart of a trace without disk samples (docs/trace.md). */
#ifndef BC_TDISK_H
#define BC_TDISK_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/*
 * 200 ms: the logger's default SAMPLE_PERIOD, so a trace's disk chart
 * reads (its peak MB/s, its busy share) as a sampled one would; and
 * bytes / 0.2 s are whole bytes per second (--json's rates, integers).
 */
#define TDISK_BIN_NS	200000000

/* One series of bins from the trace's first event (ns or bytes each). */
struct tdisk_bins {
	int64_t *v;
	size_t n, cap;
};

/* A disk (dev_t as the events give it) and its requests in flight. */
struct tdisk_dev {
	uint32_t dev;
	uint32_t inflight;	/* issued and not completed nor requeued */
	int64_t since;		/* when inflight last went from 0 to 1 */
	struct tdisk_bins busy;	/* ns with a request in flight */
};

/* A request in flight: its disk and first sector (its key). */
struct tdisk_req {
	uint64_t sector;
	uint32_t dev;
	uint32_t used;
};

struct tdisk {
	int64_t t0;		/* the first bin's start: the trace's first event */
	uint64_t events;	/* block events read: none, no disk chart */
	struct tdisk_bins rd, wr;	/* bytes of the requests completed */
	struct tdisk_dev *dev;
	size_t ndev;
	struct tdisk_req *open;	/* a hash table of requests in flight */
	size_t nopen, opencap;	/* opencap: a power of two, or 0 */
	size_t nbins;		/* bins held, every series together */
	int cut;		/* a cap reached (warned once) */
	struct diag *d;
};

/* Request (dev, sector) issued to its disk at `at` (ns; t0 the trace's first event).  0, or -1 on no memory. */
int tdisk_issue(struct tdisk *, int64_t t0, uint32_t dev, uint64_t sector,
    int64_t at);
/* It went back to the queue at `at`: no longer on the disk.  0, or -1. */
int tdisk_requeue(struct tdisk *, int64_t t0, uint32_t dev,
    uint64_t sector, int64_t at);
/*
 * nsect sectors of it completed at `at`; rwbs as the event has it:
 * 'R' a read, 'W' a write, others (discards, flushes) neither.  0, or -1.
 */
int tdisk_done(struct tdisk *, int64_t t0, uint32_t dev, uint64_t sector,
    uint64_t nsect, const char *rwbs, int64_t at);
/* The trace ended at `end`: requests still in flight were busy until then.  0, or -1. */
int tdisk_close(struct tdisk *, int64_t end);
/* Bin i of a series (0 past its bins). */
int64_t tdisk_get(const struct tdisk_bins *, size_t i);
/* The first bin's start moved by off ns (to the log's clock). */
void tdisk_shift(struct tdisk *, int64_t off);
void tdisk_free(struct tdisk *);

#endif
