/* fdio.h: write a whole buffer to a descriptor (shared by logger and renderer). */
#ifndef BC_FDIO_H
#define BC_FDIO_H

#include <stddef.h>

/*
 * Writes all of buf, retrying after EINTR and short writes.  0, or -1 with
 * errno set (ENOSPC when write() returned 0).
 */
int write_full(int fd, const void *buf, size_t len);

#endif
