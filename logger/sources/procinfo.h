/* procinfo.h: what a process runs, logged when it is first seen and after each exec: its command line (cmdline2.log) and cgroup (cgroup.log). */
#ifndef BCD_PROCINFO_H
#define BCD_PROCINFO_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "config.h"
#include "members.h"
#include "obuf.h"

/*
 * Bytes of /proc/PID/cmdline or /proc/PID/cgroup kept, as bootchart2
 * (4 KiB); also the most a field of a record takes once escaped (a
 * field of control bytes is cut at a whole escape, not made 4 times
 * longer).
 */
#define PROCINFO_ROOM	4096

/* What was read of one process: the bytes as the kernel gave them. */
struct procraw {
	int pid;
	long uid;		/* its real uid (/proc/PID/status); -1: unknown */
	size_t nexe, nargs, ncg;
	char exe[PATH_MAX];		/* readlink of /proc/PID/exe */
	char args[PROCINFO_ROOM];	/* /proc/PID/cmdline */
	char cg[PROCINFO_ROOM];		/* /proc/PID/cgroup */
};

/*
 * Reads pid's executable, command line and (when it has either: not a
 * kernel thread) cgroup file and real uid from procfd, each with one
 * read from offset 0; what cannot be read is left empty.  The command
 * line waits for the process's memory map lock: called by the reader's
 * helper (reader.h), never on the sampling path.
 */
void procinfo_read(int procfd, int pid, struct procraw *);

/*
 * What the processes of one owner may make the logger write per
 * interval: a token bucket of bytes, refilled at `rate` per second up to
 * `burst`.  Root's processes have none (the system's); each system
 * account (uid 1 to CONFIG_SYSTEM_UID_MAX) its own; every other uid
 * (users, the ids of user namespaces) shares one.
 */
struct share {
	long uid;		/* -1: the users' shared one */
	uint64_t tokens;
	uint64_t at_us;		/* CLOCK_MONOTONIC of the last refill */
};

/* The records of the processes described since they were last stored. */
struct procinfo {
	struct obuf cmd;	/* cmdline2.log */
	struct obuf cg;		/* cgroup.log */
	uint64_t infos;		/* processes given a cmdline2.log record */
	uint64_t burst, rate;	/* of every share, bytes and bytes/s */
	struct share users;	/* every uid above the system's */
	struct share *sys;	/* the system accounts', by uid */
	size_t nsys, capsys;
	uint64_t left_out;	/* records over their owner's share */
};

/*
 * Empty records; the shares are sized from the log budget (a 64th of it
 * at once, a 2048th per second: at the default 64 MiB, 1 MiB and
 * 32 KiB/s).
 */
void procinfo_init(struct procinfo *, uint64_t budget);
/*
 * Appends raw's records, unless its owner's share (at now_us,
 * CLOCK_MONOTONIC) is spent: then nothing, counted in left_out.
 * Returns 0, -1 (no memory), or PROCINFO_HALF when the record has the
 * executable but no arguments (an exec half done: worth reading again).
 */
#define PROCINFO_HALF 1
int procinfo_add(struct procinfo *, const struct procraw *, uint64_t now_us);
/* Hands the records over by member kind (cmdline2.log, cgroup.log). */
void procinfo_blocks(const struct procinfo *, struct iovec blocks[LK_NKINDS]);
/* Empties the records once stored. */
void procinfo_clear(struct procinfo *);
void procinfo_free(struct procinfo *);

#endif
