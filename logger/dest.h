/* dest.h: write the tarball atomically where the booted system sees it. */
#ifndef BCD_DEST_H
#define BCD_DEST_H

#include <stddef.h>

#include "session.h"

/*
 * Waits (up to WRITE_TIMEOUT) for the destination directory to take a
 * new file, writes header + logs as tar.gz to a temporary file there
 * (O_EXCL|O_NOFOLLOW), fsyncs it and renames it over s->dest, mode
 * 0644.  Returns 0, or -1 after a message (no file is left behind).
 */
int dest_write(struct session *, const char *header, size_t hlen);

/* Runs AUTO_RENDER's renderer on the tarball; returns its status. */
int auto_render(struct session *);

#endif
