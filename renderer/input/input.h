/* input.h: read log tarballs and directories into a boot log. */
#ifndef BC_INPUT_H
#define BC_INPUT_H

#include <stddef.h>

#include "bootlog.h"

/*
 * Reads each path: an archive in any format libarchive detects (by
 * content), or a directory of log files.  Members stream straight into
 * the parsers; nothing is written to disk.  Then calls bootlog_finish().
 * Returns 0 or -1 with diag set.
 */
int input_read(struct bootlog *, char *const *paths, size_t npaths,
    struct diag *);

/*
 * Reads the members only, without the process log's checks and
 * bootlog_finish(): for --dump-events, which needs trace.dat alone.
 */
int input_read_members(struct bootlog *, char *const *paths, size_t npaths,
    struct diag *);

/* The same for an archive held in memory (tests, fuzzers). */
int input_read_memory(struct bootlog *, const void *buf, size_t len,
    const char *label, struct diag *);

#endif
