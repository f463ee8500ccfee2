/* parse.h: turn the bytes of one log member into data in a struct bootlog. */
#ifndef BC_PARSE_H
#define BC_PARSE_H

#include <stddef.h>

#include "bootlog.h"
#include "logparse.h"
#include "members.h"

/* Kind of a member from its base name ("x/y/proc_ps.log" -> LK_PROC_PS). */
enum logkind logkind_of(const char *name);

/*
 * A member being parsed as it streams in.  The diag's file is set by the
 * caller; parsers set diag->line and record the first error.
 */
struct logstream;

struct logstream *logstream_open(struct logparse *, enum logkind,
    struct diag *);
/* 0, or -1 with diag set. */
int logstream_feed(struct logstream *, const void *buf, size_t len);
/* Finishes the member and frees the stream; 0 or -1. */
int logstream_close(struct logstream *);
/* Frees without finishing (after an error). */
void logstream_abort(struct logstream *);
/* One whole member in memory: open, feed, close.  For tests and fuzzers. */
int logstream_buffer(struct logparse *, const char *name, const void *buf,
    size_t len, struct diag *);

/*
 * What each parse_*.c provides for its kind.  begin() returns the
 * parser's state (NULL on no memory, diag set); feed() takes the next
 * bytes, split anywhere; end() finishes the member; release() frees the
 * state (after end() or instead of it, on error).
 */
struct logkind_ops {
	void *(*begin)(struct logparse *, struct diag *);
	int (*feed)(void *state, const void *buf, size_t len);
	int (*end)(void *state);
	void (*release)(void *state);
};

extern const struct logkind_ops ops_header, ops_proc_stat, ops_diskstats,
    ops_proc_ps, ops_pacct, ops_pidname, ops_meminfo, ops_cmdline2,
    ops_paternity, ops_taskstats, ops_dmesg, ops_cgroup, ops_trace,
    ops_texit;

/*
 * The systemd unit of a cgroup v2 path: its first (outermost) component
 * that ends in .service, .scope, .socket, .mount or .swap ("/system.slice/
 * ssh.service" -> "ssh.service", ".../user@1000.service/x.service" ->
 * "user@1000.service"), cut to cap - 1 bytes; "" and 0 for the root, a
 * slice or any other path.  Returns the length (docs/input.md).
 */
size_t cgroup_unit(const char *path, char *out, size_t cap);


#endif
