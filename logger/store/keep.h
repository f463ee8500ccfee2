/* keep.h: every boot's log kept (KEEP_BOOTS): a copy of each boot's tarball in bootchart/ beside the destination, named by time and boot id, the oldest beyond the count removed. */
#ifndef BCD_KEEP_H
#define BCD_KEEP_H

#include <stddef.h>
#include <time.h>

#include "diag.h"

/* The directory beside BOOTLOG_DEST that holds them. */
#define KEEP_DIR	"bootchart"
/* "YYYYMMDD-HHMMSS-" (UTC), 8 hex digits of the boot id, ".tgz". */
#define KEEP_NAME_LEN	(8 + 1 + 6 + 1 + 8 + 4)

/*
 * The 8 hex digits of a boot id that name its kept log, into id (the
 * missing ones '0'); returns how many the id had.
 */
size_t keep_id8(const char *boot_id, char id[9]);
/* DIR/bootchart, where the logs of the destination directory DIR are kept: 0, or -1 when it does not fit. */
int keep_dir(const char *dir, char *out, size_t cap);
/* This boot's id (/proc/sys/kernel/random/boot_id) into out; "" unknown. */
void keep_boot_id(int procfd, char *out, size_t cap);
/*
 * The kept copy of the log being written at tmp (whole, not yet renamed
 * over dest): a hard link DIR/bootchart/NAME made beside it (the
 * directory made 0755 when missing), then the oldest of that
 * directory's logs beyond `keep` removed.  Failures are said and cost
 * only the copy.
 */
void keep_boot(const char *dir, const char *tmp, const char *boot_id,
    time_t now, unsigned keep, struct diag *);
/*
 * Removes the oldest logs named as keep_boot names them in dir beyond
 * `keep` (names sort by time); other files are left alone.  Returns how
 * many were removed, or -1 (dir unreadable, no memory).
 */
int keep_prune(const char *dir, unsigned keep);

#endif
