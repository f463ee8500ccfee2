/* input.h: read log tarballs and directories into a boot log. */
#ifndef BC_INPUT_H
#define BC_INPUT_H

#include <stddef.h>

#include "bootlog.h"
#include "trace.h"

/* What is read when no path is given: where bootchartd writes its log. */
#define DEFAULT_INPUT "/var/log/bootchart.tgz"

/*
 * Reads each path: an archive in any format libarchive detects (by
 * content), or a directory of log files.  Members stream straight into
 * the parsers; nothing is written to disk.  Then calls bootlog_finish().
 * The trace.dat member, opened, goes to tf (td NULL: none; the caller
 * frees it with tracefile_free, whatever the result).  trace_optional:
 * a trace.dat that does not read (cut, damaged, over a cap) is a
 * warning, the log read without it (bootlog_drop_trace); else the error.
 * Returns 0 or -1 with diag set.
 */
int input_read(struct bootlog *, struct tracefile *tf, char *const *paths,
    size_t npaths, int trace_optional, struct diag *);

/*
 * Reads the members only, without the process log's checks and
 * bootlog_finish(): for the trace's verbs, which need trace.dat alone.
 */
int input_read_members(struct bootlog *, struct tracefile *tf,
    char *const *paths, size_t npaths, struct diag *);

/* The same as input_read for an archive held in memory (tests, fuzzers). */
int input_read_memory(struct bootlog *, struct tracefile *tf,
    const void *buf, size_t len, const char *label, struct diag *);

#endif
