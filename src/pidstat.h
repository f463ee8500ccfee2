/* pidstat.h: parse one /proc/[PID]/stat line, and escape its name for a log (shared by logger and renderer). */
#ifndef BC_PIDSTAT_H
#define BC_PIDSTAT_H

#include <stddef.h>
#include <stdint.h>

/*
 * The kernel's comm is 15 bytes, but Android's init logs each service's
 * whole command line as its name (70 bytes and more): names are kept up
 * to 4 KiB (docs/limits.md), the length of a command line in cmdline2.log.
 */
#define PIDSTAT_COMM_MAX 4096

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
 * Parses `len` bytes of a proc_ps.log line (no NUL needed).  The name
 * runs from the first '(' to the last ')' of the line; a backslash and
 * three octal digits (000 to 377) in it stand for that byte, as
 * pidstat_escape writes it.  Returns 0, or -1 with *why set to a short
 * static reason ("line cut short", "bad PID", ...).
 */
int pidstat_parse(const char *line, size_t len, struct pidstat *out,
    const char **why);
/* The same for a line read from /proc itself: the name is taken raw. */
int pidstat_parse_raw(const char *line, size_t len, struct pidstat *out,
    const char **why);
/*
 * Where a stat line's name is: the offsets of the first '(' and of the
 * last ')' after it (a name may hold either).  0, or -1 when it has none.
 */
int pidstat_name_at(const char *line, size_t len, size_t *open,
    size_t *close);
/*
 * Escapes the name of a stat line read from /proc in place, for a log:
 * between the first '(' and the last ')' every control byte (below
 * 0x20, and 0x7f) and every backslash becomes a backslash and three
 * octal digits ("\012"), so that no name can hold a line break.  room
 * is the buffer's size from line.  Returns the new length, or 0 when
 * the escaped line would not fit (line unchanged).
 */
size_t pidstat_escape(char *line, size_t len, size_t room);
/*
 * Rewrites a stat line's memory addresses in place as the kernel shows
 * them to a reader who may not trace the process: startcode and endcode
 * (fields 26, 27) 1 when set, startstack, kstkesp, kstkeip (28-30) and
 * the data, heap, argument and environment bounds (45-51) 0.  No
 * bootchart reader uses them; they are the layout address-space
 * randomisation picks for each process, so a log of them would show it
 * to the log's readers, and they are what deflates worst (docs/logger.md,
 * "Ending a run").  Returns the new length (never more than len).
 */
size_t pidstat_hide_addresses(char *line, size_t len);
/*
 * The same escape for any logged text (cmdline2.log, cgroup.log, the
 * profiled command): n bytes of src into dst (room for 4 * n), NULs kept
 * as they are when keep_nul (cmdline2.log's separators).  Returns the
 * length written.
 */
size_t log_escape(char *dst, const char *src, size_t n, int keep_nul);
/*
 * Decodes \ooo (000 to 377) of len bytes at p into dst, at most cap - 1
 * bytes and a NUL; other bytes are copied.  Returns the length written.
 */
size_t log_unescape(char *dst, size_t cap, const char *p, size_t len);
/*
 * log_unescape for a label: decoded control bytes (cmdline2.log's NUL
 * separators, an escaped line break) become spaces.
 */
size_t log_label(char *dst, size_t cap, const char *p, size_t len);

/* Bytes of a /proc/PID/status text that hold its Uid line (it comes early). */
#define PIDSTAT_STATUS_ROOM 2048
/*
 * The real uid of a /proc/PID/status text ("Uid:\tREAL\tEFFECTIVE..."),
 * or -1 when there is none.
 */
long pidstat_uid(const char *status, size_t len);

#endif
