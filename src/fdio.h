/* fdio.h: write a whole buffer to a descriptor, or a text to a file (shared by logger and renderer). */
#ifndef BC_FDIO_H
#define BC_FDIO_H

#include <stddef.h>

/*
 * Writes all of buf, retrying after EINTR and short writes.  0, or -1 with
 * errno set (ENOSPC when write() returned 0).
 */
int write_full(int fd, const void *buf, size_t len);
/*
 * Writes text to the existing file path of dirfd, truncated first (or
 * appended to): tracefs's control files, where each write is a command.
 * 0, or -1 with errno set.
 */
int write_file_at(int dirfd, const char *path, const char *text,
    int append);

#endif
