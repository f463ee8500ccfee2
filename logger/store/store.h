/* store.h: the log store: a private tmpfs (or directory) holding the logs until the tarball is written. */
#ifndef BCD_STORE_H
#define BCD_STORE_H

#include <limits.h>
#include <stdint.h>
#include <sys/uio.h>
#include <time.h>

#include "diag.h"
#include "tarw.h"

/*
 * The logs appended at each sample, in the tarball's order: the timed
 * blocks, then the records of the processes new in the sample.
 */
enum { LOG_STAT, LOG_DISK, LOG_PS, LOG_MEM, LOG_CMD, LOG_CG, LOG_N };

/* Where the store lives, and where the tarball is written from. */
enum store_kind {
	/* PID 1's child: own mount namespace, tmpfs and procfs; writes
	 * from init's namespace and root. */
	STORE_INIT,
	/* `bootchartd init` as root: the same, but writes from the
	 * namespace it started in. */
	STORE_BOOT,
	/* A fresh $TMPDIR/bootchartd.XXXXXX (a tmpfs over it for root). */
	STORE_DIR
};

struct store {
	struct diag *d;
	enum store_kind kind;
	uint64_t budget;	/* TMPFS_SIZE: the logs and kernel_pacct */
	char base[PATH_MAX];	/* tmpfs mount point or private directory */
	int mounted;		/* a tmpfs is mounted on base (own namespace) */
	int made_dir;		/* base was created by us */
	int procmounted;	/* our procfs is at base/proc */
	int procfd;		/* the procfs to sample */
	int nsfd;		/* mount namespace to write from; -1: ours */
	int dirfd;		/* base */
	int fd[LOG_N];
	uint64_t size[LOG_N];	/* bytes of whole blocks in each log */
	int pacctfd;		/* kernel_pacct, read side; -1 without */
	int patfd;		/* paternity.log; -1 without */
	uint64_t patsize;
	uint64_t used;		/* bytes of logs so far */
};

/* Sets s empty (nothing open); budget is TMPFS_SIZE. */
void store_init(struct store *, struct diag *, uint64_t budget);
/*
 * Makes the store and opens the three logs.  `detail`: say why a
 * directory is used when a tmpfs cannot be mounted.  0, or -1 after a
 * message.
 */
int store_open(struct store *, enum store_kind, int detail);
/*
 * Creates kernel_pacct for acct(2) and puts its path into path.  0, or
 * -1 (errno).
 */
int store_open_pacct(struct store *, char *path, size_t len);
/* Creates paternity.log.  0, or -1 (errno). */
int store_open_paternity(struct store *);
/* Closes and removes kernel_pacct or paternity.log (their source failed). */
void store_drop_pacct(struct store *);
void store_drop_paternity(struct store *);
/*
 * Appends one sample: a block to each log and the fork lines (may be
 * empty) to paternity.log.  -1 when it would exceed the budget (nothing
 * written) or a write fails (every log rolled back to its last whole
 * block).
 */
int store_append(struct store *, const struct iovec logs[LOG_N],
    const struct iovec *forks);
/*
 * Moves into the mount namespace the booted system sees, and into init's
 * root for STORE_INIT, or for STORE_BOOT started in init's namespace (an
 * initramfs switches root by a chroot of PID 1).  0, or -1 after a
 * message.
 */
int store_enter_system(struct store *);
/* Adds the logs to a tarball, in the originals' order.  0 or -1. */
int store_tar(const struct store *, struct tarw *, time_t mtime);
/* Closes everything; removes the logs and directory unless on our tmpfs. */
void store_close(struct store *);

#endif
