/* dest.h: write the tarball atomically where the booted system sees it. */
#ifndef BCD_DEST_H
#define BCD_DEST_H

#include <stddef.h>

#include "config.h"
#include "diag.h"
#include "store.h"

/*
 * Who may read a log (docs/logger.md, "Who may read the log"): root's
 * logs hold every process of the system and the kernel's log, as the
 * system's own logs do, and are given to their readers as Debian gives
 * /var/log/kern.log: root:adm 0640 (group root where there is no adm).
 * A user's log is that user's alone.
 */
#define DEST_GROUP	"adm"
#define DEST_MODE_ROOT	0640
#define DEST_MODE_USER	0600

/* Gives fd a log's owner, group and mode (above).  0, or -1 (errno). */
int dest_protect(int fd);

/*
 * Whether a log could be written at dest now: its directory exists and
 * takes new files, and nothing but a regular file is at dest (what
 * dest_write would refuse).  0, or -1 with the reason in why.  `start`
 * asks before it runs anything, so that a profile is never lost.
 */
int dest_check(const char *dest, char *why, size_t n);

/* A boot's log is also kept (keep.h): how many, and this boot's id. */
struct dest_keep {
	unsigned n;
	const char *boot_id;
};

/*
 * Waits (up to WRITE_TIMEOUT) for the directory of cfg->dest to take a
 * new file, writes the store's members and end[KIND] (the members made
 * at the end: the header, the kernel's log; store_tar) as tar.gz to a
 * temporary file there (a random name no one can plant beforehand,
 * O_EXCL|O_NOFOLLOW, mode 0600), gives it a log's owner and mode
 * (dest_protect), fsyncs it, keeps a copy when k asks (a boot's:
 * keep_boot) and renames it over cfg->dest.  Returns 0, or -1 after a
 * message (no temporary file is left behind).
 */
int dest_write(const struct config *, const struct store *,
    const struct iovec end[LK_NKINDS], const struct dest_keep *k,
    struct diag *);

#endif
