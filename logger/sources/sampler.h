/* sampler.h: one sample of /proc (stat, diskstats, every PID's stat) as timed blocks. */
#ifndef BCD_SAMPLER_H
#define BCD_SAMPLER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "config.h"
#include "members.h"
#include "obuf.h"

/*
 * A process seen by the last sample: its cached /proc/PID/stat
 * descriptor (-1 when not cached) and a hash of its name, which changes
 * when it execs (what it runs is described again then).
 *
 * A sleeping process of one thread that has not run since its line was
 * read has the same line: its /proc/PID/schedstat (its time on a CPU,
 * waiting for one, its runs) costs a quarter of its stat to read, and
 * unchanged, its last line is written again (docs/logger.md: what such
 * a line may not show), up to SAMPLER_FRESH samples in a row.
 */
struct pident {
	int pid;
	int fd;
	int sfd;		/* its schedstat, or -1 */
	uint32_t name;
	uint32_t line, len;	/* its line in the last sample's block; len 0: none */
	uint64_t sched;		/* its schedstat's hash before that line was read; 0 */
	uint8_t again;		/* describe it again at the next sample */
	uint8_t times;		/* descriptions asked for it so far */
	uint8_t foreign;	/* an EXIT_PROC name, not the system's process */
	uint8_t single;		/* that line: one thread (schedstat is the leader's) */
	uint8_t asleep;		/* that line: S or I (changed by a wake-up alone) */
	uint8_t reused;		/* samples in a row that wrote that line again */
};

/*
 * Samples in a row a process's line may be written again: past it the
 * line is read, so that what can change without the process running
 * (its parent when it is reparented, woken and not yet run) shows
 * within a second at 50 Hz.
 */
#define SAMPLER_FRESH	50

/*
 * Descriptions of one process at most: first seen, renamed (an exec),
 * the second look at an exec caught half done.  A process renaming
 * itself all the time is described this often and no more.
 */
#define SAMPLER_DESCRIBE_MAX	8

/*
 * A process to describe (procinfo.h): new in the sample, or its name
 * changed; `retry` when it is the one second look after an exec caught
 * half done.
 */
struct describe {
	int pid;
	int retry;
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
	struct obuf ps_last;	/* the last sample's ps block: lines written again */
	uint64_t reused;	/* process lines written again, in all */
	int memfd;		/* /proc/meminfo */
	struct obuf mem;	/* its timed block */
	/* The processes to describe after this sample. */
	struct describe *desc;
	size_t ndesc, capdesc;
	/* Names to watch for, and whether one was seen. */
	const struct config *cfg;
	int watch_exit;		/* compare names with EXIT_PROC */
	int exit_seen;
	char exit_name[CONFIG_COMM_LEN + 1];
	uint64_t nprocs;	/* process lines in the last sample */
	uint64_t forks;		/* /proc/stat "processes" at the last scan */
	uint64_t scans;		/* samples that listed the procfs directory */
	uint64_t last;		/* stamp of the last sample taken; 0: none */
	/* With keep_names: "pid comm\n" of the processes new or renamed
	 * in the last sample (the kernel trace's pid list). */
	int keep_names;
	struct obuf names;
	size_t line_at;		/* the line keep_stat kept: its offset */
};

/*
 * procfd is taken over (closed by sampler_free); `watch_exit`: compare
 * every name with cfg's EXIT_PROC.  Returns 0 or -1.
 */
int sampler_init(struct sampler *, int procfd, const struct config *,
    int watch_exit);
/*
 * Fills s->stat, s->disk, s->ps and s->mem with one timed block each,
 * stamped `jiffies`, and s->desc with the processes new in it or
 * renamed since the last one.  Returns 0, 1 when jiffies is not past
 * the last sample's stamp (nothing taken: a reader drops a block that
 * does not advance), or -1 (no memory: the sample is unusable).
 */
int sampler_take(struct sampler *, uint64_t jiffies);
/* Hands the last sample's blocks over by member kind. */
void sampler_blocks(const struct sampler *, struct iovec blocks[LK_NKINDS]);
/*
 * pid's description caught an exec half done: describe it once more
 * at the next sample (nothing when it is gone from the cache).
 */
void sampler_again(struct sampler *, int pid);
void sampler_free(struct sampler *);

#endif
