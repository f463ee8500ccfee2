/* pidstat.h: parse one /proc/[PID]/stat line (shared by logger and renderer). */
#ifndef BC_PIDSTAT_H
#define BC_PIDSTAT_H

#include <stddef.h>
#include <stdint.h>

#define PIDSTAT_COMM_MAX 64	/* kernel comm is 15 chars; room for hostile logs */

struct pidstat {
	int64_t pid;
	char comm[PIDSTAT_COMM_MAX];	/* NUL-terminated, may be truncated */
	char state;			/* R S D Z T t X I W P ... */
	int64_t ppid;
	uint64_t utime;		/* clock ticks */
	uint64_t stime;
	uint64_t starttime;	/* clock ticks since boot */
};

/*
 * Parses `len` bytes of `line` (no NUL needed).  The name runs from the
 * first '(' to the last ')' of the line.  Returns 0, or -1 with *why set
 * to a short static reason ("line cut short", "bad PID", ...).
 */
int pidstat_parse(const char *line, size_t len, struct pidstat *out,
    const char **why);

#endif
