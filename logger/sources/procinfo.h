/* procinfo.h: what a process runs, logged when it is first seen and after each exec: its command line (cmdline2.log) and cgroup (cgroup.log). */
#ifndef BCD_PROCINFO_H
#define BCD_PROCINFO_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "members.h"
#include "obuf.h"

/* Bytes of /proc/PID/cmdline or /proc/PID/cgroup kept, as bootchart2 (4 KiB). */
#define PROCINFO_ROOM	4096

/* What was read of one process: the bytes as the kernel gave them. */
struct procraw {
	int pid;
	size_t nexe, nargs, ncg;
	char exe[PATH_MAX];		/* readlink of /proc/PID/exe */
	char args[PROCINFO_ROOM];	/* /proc/PID/cmdline */
	char cg[PROCINFO_ROOM];		/* /proc/PID/cgroup */
};

/*
 * Reads pid's executable, command line and (when it has either: not a
 * kernel thread) cgroup file from procfd, each with one read from
 * offset 0; what cannot be read is left empty.
 */
void procinfo_read(int procfd, int pid, struct procraw *);

/* The records of the processes described since they were last stored. */
struct procinfo {
	struct obuf cmd;	/* cmdline2.log */
	struct obuf cg;		/* cgroup.log */
	uint64_t infos;		/* processes given a cmdline2.log record */
};

/*
 * Appends raw's records.  Returns 0, -1 (no memory), or PROCINFO_HALF
 * when the record has the executable but no arguments (an exec half
 * done: worth reading again).
 */
#define PROCINFO_HALF 1
int procinfo_add(struct procinfo *, const struct procraw *);
/* Hands the records over by member kind (cmdline2.log, cgroup.log). */
void procinfo_blocks(const struct procinfo *, struct iovec blocks[LK_NKINDS]);
/* Empties the records once stored. */
void procinfo_clear(struct procinfo *);
void procinfo_free(struct procinfo *);

#endif
