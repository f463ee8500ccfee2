/* store.h: the log store: a private tmpfs (or directory) holding the logs until the tarball is written. */
#ifndef BCD_STORE_H
#define BCD_STORE_H

#include <limits.h>
#include <stdint.h>
#include <sys/uio.h>
#include <time.h>

#include "diag.h"
#include "members.h"
#include "tarw.h"

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

/* Who appends to a stream member. */
enum stream_writer {
	SW_LOGGER,	/* we do, with store_stream_append */
	SW_KERNEL	/* the kernel does, through the path (acct(2)) */
};

/* One member in the store. */
struct store_log {
	int fd;			/* -1: not open */
	uint64_t size;		/* bytes of whole blocks or records we wrote */
	enum stream_writer writer;
	unsigned unit;		/* the tarball keeps whole units of this size */
};

struct store {
	struct diag *d;
	enum store_kind kind;
	uint64_t budget;	/* TMPFS_SIZE: every member in the store */
	char base[PATH_MAX];	/* tmpfs mount point or private directory */
	int mounted;		/* a tmpfs is mounted on base (own namespace) */
	int made_dir;		/* base was created by us */
	int procmounted;	/* our procfs is at base/proc */
	int procfd;		/* the procfs to sample */
	int nsfd;		/* mount namespace to write from; -1: ours */
	int dirfd;		/* base */
	/*
	 * By kind: bootchartd's MF_SAMPLE members (members.h), open from
	 * store_open on; its MF_STREAM members once their source started.
	 */
	struct store_log log[LK_NKINDS];
	/* MF_END members made of pieces (store_end_pieces); n 0: none. */
	struct store_end {
		const struct tarw_piece *p;
		size_t n;
		mode_t mode;
	} end[LK_NKINDS];
	uint64_t used;		/* bytes we wrote so far */
};

/* Sets s empty (nothing open); budget is TMPFS_SIZE. */
void store_init(struct store *, struct diag *, uint64_t budget);
/*
 * Makes the store and opens the per-sample members.  `detail`: say why
 * a directory is used when a tmpfs cannot be mounted.  0, or -1 after a
 * message.
 */
int store_open(struct store *, enum store_kind, int detail);
/*
 * Appends one sample: blocks[KIND] to each per-sample member (an empty
 * block writes nothing), all or nothing.  -1 when it would exceed the
 * budget (nothing written) or a write fails (every per-sample member
 * rolled back to its last whole block).
 */
int store_append(struct store *, const struct iovec blocks[LK_NKINDS]);
/*
 * Creates the stream member of `kind`, written by `writer`; the tarball
 * keeps it in whole units of `unit` bytes (a record the kernel may be
 * writing).  path, when not NULL, receives its path.  0, or -1 (errno).
 */
int store_stream_open(struct store *, enum logkind, enum stream_writer,
    unsigned unit, char *path, size_t len);
/*
 * Appends len bytes (whole records) to an open stream member.  0; -1
 * when it would exceed the budget (nothing written) or the write fails
 * (rolled back).  Nothing to do (0) when the member is not open.
 */
int store_stream_append(struct store *, enum logkind, const void *,
    size_t len);
/* Closes and removes a stream member: its source failed. */
void store_stream_drop(struct store *, enum logkind);
/*
 * A working file of the store that is no member (the kernel trace's
 * per-CPU pages): created empty, mode 0600.  The descriptor (O_RDWR),
 * or -1 (errno).  Remove it with store_file_remove.
 */
int store_file_open(struct store *, const char *name);
/*
 * Appends len bytes to such a file, whose size *size is counted in the
 * budget.  0; -1 when it would exceed the budget (errno ENOSPC, nothing
 * written) or the write fails (rolled back).
 */
int store_file_append(struct store *, int fd, uint64_t *size, const void *,
    size_t len);
/* Bytes the budget has left (the kernel's writes counted). */
uint64_t store_room(const struct store *);
/* Closes and removes a working file. */
void store_file_remove(struct store *, int fd, const char *name);
/*
 * The MF_END member of `kind` is the n pieces (kept by the caller until
 * store_tar), written with `mode` (0640: it reveals kernel addresses).
 */
void store_end_pieces(struct store *, enum logkind,
    const struct tarw_piece *, size_t n, mode_t mode);
/*
 * Moves into the mount namespace the booted system sees, and into init's
 * root for STORE_INIT, or for STORE_BOOT started in init's namespace (an
 * initramfs switches root by a chroot of PID 1).  0, or -1 after a
 * message.
 */
int store_enter_system(struct store *);
/*
 * Writes the tarball's members in the registry's order: the store's
 * own, and end[KIND] for the members made at the end (MF_END: the
 * header, the kernel's log; none when iov_base is NULL) or their pieces
 * (store_end_pieces).  0 or -1.
 */
int store_tar(const struct store *, struct tarw *, time_t mtime,
    const struct iovec end[LK_NKINDS]);
/* Closes everything; removes the logs and directory unless on our tmpfs. */
void store_close(struct store *);

#endif
