/* slurp.h: read a small file whole (a /proc file, /etc/os-release, the pid file). */
#ifndef BCD_SLURP_H
#define BCD_SLURP_H

#include <stddef.h>

/*
 * Reads path (relative to dirfd, or AT_FDCWD) into a malloc'd,
 * NUL-terminated buffer without its trailing newlines and NULs; *len
 * gets the length.  At most `max` bytes are kept.  NULL when the file
 * cannot be opened or memory runs out.
 */
char *slurp_at(int dirfd, const char *path, size_t max, size_t *len);

#endif
