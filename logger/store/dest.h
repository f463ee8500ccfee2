/* dest.h: write the tarball atomically where the booted system sees it. */
#ifndef BCD_DEST_H
#define BCD_DEST_H

#include <stddef.h>

#include "config.h"
#include "diag.h"
#include "store.h"

/*
 * Waits (up to WRITE_TIMEOUT) for the directory of cfg->dest to take a
 * new file, writes the store's members and end[KIND] (the members made
 * at the end: the header, the kernel's log; store_tar) as tar.gz to a
 * temporary file there (O_EXCL|O_NOFOLLOW), fsyncs it and renames it
 * over cfg->dest, mode 0644.  Returns 0, or -1 after a message (no
 * file is left behind).
 */
int dest_write(const struct config *, const struct store *,
    const struct iovec end[LK_NKINDS], struct diag *);

#endif
