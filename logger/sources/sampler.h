/* sampler.h: one sample of /proc (stat, diskstats, every PID's stat) as timed blocks. */
#ifndef BCD_SAMPLER_H
#define BCD_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

/*
 * A process seen by the last sample: its cached /proc/PID/stat
 * descriptor (-1 when not cached) and a hash of its name, which changes
 * when it execs (procinfo.c logs what it runs again then).
 */
struct pident {
	int pid;
	int fd;
	uint32_t name;
	int again;	/* read what it runs at the next sample (procinfo.c) */
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
	int memfd;		/* /proc/meminfo */
	struct obuf mem;	/* its timed block */
	/* Records of the processes new in this sample (procinfo.c). */
	struct obuf cmd;	/* cmdline2.log */
	struct obuf cg;		/* cgroup.log */
	char *scratch;		/* one /proc/PID/cmdline or cgroup read */
	uint64_t infos;		/* processes whose command line was read */
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
 * Fills s->stat, s->disk, s->ps and s->mem with one timed block each,
 * stamped `jiffies`, and s->cmd and s->cg with the records of processes
 * new in it.  Returns 0, 1 when jiffies is not past the last sample's
 * stamp (nothing taken: a reader drops a block that does not advance),
 * or -1 (no memory: the sample is unusable).
 */
int sampler_take(struct sampler *, uint64_t jiffies);
void sampler_free(struct sampler *);
/* Room for `want` more bytes in b: 0 or -1. */
int obuf_room(struct obuf *b, size_t want);

/*
 * procinfo.c: the command line and cgroup of a process new to the log.
 * Returns 0, -1 (no memory), or PROCINFO_HALF when the record has the
 * executable but no arguments (an exec half done: worth reading again).
 */
#define PROCINFO_HALF 1
int procinfo_record(struct sampler *, int pid);

#endif
