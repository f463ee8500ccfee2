/* slurp.h: read a small file whole (a /proc file, /etc/os-release, the pid file), never blocking on a FIFO or tty. */
#ifndef BCD_SLURP_H
#define BCD_SLURP_H

#include <stddef.h>

/*
 * Opens path (relative to dirfd, or AT_FDCWD) read-only if it is a
 * regular file, without waiting: a FIFO or a tty opened for reading
 * waits for a writer or a line, and PID 1 reads its config before it
 * execs init.  The descriptor, or -1 with errno (EINVAL: not a regular
 * file).
 */
int open_regular_at(int dirfd, const char *path);
/*
 * Reads the regular file path (relative to dirfd, or AT_FDCWD) into a
 * malloc'd, NUL-terminated buffer without its trailing newlines and
 * NULs; *len gets the length.  At most `max` bytes are kept.  NULL when
 * the file cannot be opened (or is no regular file) or memory runs out.
 */
char *slurp_at(int dirfd, const char *path, size_t max, size_t *len);
/* The same, keeping every byte read (a tracefs format, kallsyms). */
char *slurp_exact_at(int dirfd, const char *path, size_t max, size_t *len);

#endif
