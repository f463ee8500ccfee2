/* sampler.h: one sample of /proc (stat, diskstats, every PID's stat) as timed blocks. */
#ifndef BCD_SAMPLER_H
#define BCD_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

/* One cached /proc/PID/stat descriptor; fd -1 when not cached. */
struct pident {
	int pid;
	int fd;
};

/* A growing output buffer for one log's block. */
struct obuf {
	char *p;
	size_t len, cap;
};

struct sampler {
	int procfd;		/* the procfs directory (kept open) */
	int statfd, diskfd;	/* /proc/stat, /proc/diskstats */
	struct pident *ents;	/* cache, sorted by PID */
	size_t nents, capents;
	struct pident *next;	/* cache being built by this sample */
	size_t capnext;
	char *dents;		/* getdents64 buffer */
	int nofile;		/* descriptors ran out: open/read/close */
	struct obuf stat, disk, ps;
	/* Names to watch for, and whether one was seen. */
	const struct config *cfg;
	int exit_seen;
	char exit_name[CONFIG_COMM_LEN + 1];
	uint64_t nprocs;	/* process lines in the last sample */
	uint64_t forks;		/* /proc/stat "processes" at the last scan */
	int watch_exit;		/* compare names with EXIT_PROC */
	uint64_t scans;		/* samples that listed the procfs directory */
	uint64_t last;		/* stamp of the last sample taken; 0: none */
};

/* procfd is taken over (closed by sampler_free).  Returns 0 or -1. */
int sampler_init(struct sampler *, int procfd, const struct config *);
/*
 * Fills s->stat, s->disk and s->ps with one timed block each, stamped
 * `jiffies`.  Returns 0, 1 when jiffies is not past the last sample's
 * stamp (nothing taken: a reader drops a block that does not advance),
 * or -1 (no memory: the sample is unusable).
 */
int sampler_take(struct sampler *, uint64_t jiffies);
void sampler_free(struct sampler *);

#endif
