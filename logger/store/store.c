/* store.c: the log store: a private tmpfs (or directory) holding the logs until the tarball is written. */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fdio.h"
#include "store.h"

/* Head room above the log budget so our own check trips before ENOSPC. */
#define TMPFS_SLACK (128 << 10)

/* 1 when bootchartd writes members[i] in the form `form`. */
static int
ours(size_t i, enum member_form form)
{
	return (members[i].writers & BY_BOOTCHARTD) && members[i].form == form;
}

void
store_init(struct store *s, struct diag *d, uint64_t budget)
{
	size_t k;

	memset(s, 0, sizeof(*s));
	s->d = d;
	s->budget = budget;
	s->procfd = s->nsfd = s->dirfd = -1;
	for (k = 0; k < LK_NKINDS; k++)
		s->log[k] = (struct store_log){ .fd = -1, .unit = 1 };
}

/* Mounts our tmpfs on the first usable directory of a private namespace. */
static int
mount_private_tmpfs(struct store *s, const char *const *bases)
{
	char opts[64];
	int i;

	if (unshare(CLONE_NEWNS) != 0)
		return -1;
	/* Without this our mounts would propagate to shared parents. */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
		return -1;
	snprintf(opts, sizeof(opts), "size=%llu,mode=0700",
	    (unsigned long long)(s->budget + TMPFS_SLACK));
	for (i = 0; bases[i] != NULL; i++) {
		if (mount("bootchartd", bases[i], "tmpfs",
		    MS_NOSUID | MS_NODEV | MS_NOEXEC, opts) != 0)
			continue;
		if (bases[i] != s->base)
			snprintf(s->base, sizeof(s->base), "%s", bases[i]);
		s->mounted = 1;
		return 0;
	}
	return -1;
}

/* Init modes: nothing may be visible to the booting system. */
static int
open_private(struct store *s)
{
	static const char *const bases[] = {
		"/run", "/tmp", "/mnt", "/dev", "/media", "/root", NULL
	};
	char path[PATH_MAX + 8];

	/* From an init script: come back to this namespace to write. */
	if (s->kind == STORE_BOOT)
		s->nsfd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	if (mount_private_tmpfs(s, bases) != 0) {
		diag_warn(s->d, "no private tmpfs: %s", strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "%s/proc", s->base);
	if (mkdir(path, 0700) != 0 || mount("proc", path, "proc",
	    MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) {
		diag_warn(s->d, "no private procfs: %s", strerror(errno));
		return -1;
	}
	s->procmounted = 1;
	if ((s->procfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -1;
	/* init (PID 1) stays in the namespace the booted system sees. */
	if (s->nsfd < 0)
		s->nsfd = openat(s->procfd, "1/ns/mnt", O_RDONLY | O_CLOEXEC);
	if (s->nsfd < 0) {
		diag_warn(s->d, "cannot find init's namespace: %s",
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* A private directory, with a tmpfs over it for root. */
static int
open_dir(struct store *s, int detail)
{
	const char *tmpdir = getenv("TMPDIR");
	const char *bases[2];

	if (tmpdir == NULL || tmpdir[0] != '/')
		tmpdir = "/tmp";
	snprintf(s->base, sizeof(s->base), "%s/bootchartd.XXXXXX", tmpdir);
	if (mkdtemp(s->base) == NULL) {
		diag_warn(s->d, "%s: %s", s->base, strerror(errno));
		return -1;
	}
	s->made_dir = 1;
	if ((s->procfd = open("/proc", O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) < 0) {
		diag_warn(s->d, "/proc: %s", strerror(errno));
		return -1;
	}
	if (geteuid() != 0)
		return 0;
	s->nsfd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	bases[0] = s->base;
	bases[1] = NULL;
	if (s->nsfd < 0 || mount_private_tmpfs(s, bases) != 0) {
		/* Plain files in the private directory will do. */
		if (detail)
			diag_info(s->d, "no tmpfs (%s); logging to %s",
			    strerror(errno), s->base);
		if (s->nsfd >= 0 && setns(s->nsfd, CLONE_NEWNS) != 0)
			return -1;
		if (s->nsfd >= 0)
			close(s->nsfd);
		s->nsfd = -1;
	}
	return 0;
}

/* Creates a member of the store: ours alone, never an existing file. */
static int
create(struct store *s, enum logkind kind, int flags)
{
	struct store_log *l = &s->log[kind];

	l->fd = openat(s->dirfd, member_of(kind)->name, flags | O_CREAT |
	    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	l->size = 0;
	return l->fd < 0 ? -1 : 0;
}

static int
open_logs(struct store *s)
{
	size_t i;

	s->dirfd = open(s->base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->dirfd < 0)
		return -1;
	for (i = 0; i < nmembers; i++)
		if (ours(i, MF_SAMPLE) && create(s, members[i].kind,
		    O_RDWR) != 0)
			return -1;
	return 0;
}

int
store_open(struct store *s, enum store_kind kind, int detail)
{
	int r;

	s->kind = kind;
	r = kind == STORE_DIR ? open_dir(s, detail) : open_private(s);
	if (r != 0)
		return -1;
	if (open_logs(s) != 0) {
		diag_warn(s->d, "%s: %s", s->base, strerror(errno));
		return -1;
	}
	return 0;
}

int
store_stream_open(struct store *s, enum logkind kind,
    enum stream_writer writer, unsigned unit, char *path, size_t len)
{
	/* The kernel writes through the path; our descriptor only reads. */
	if (create(s, kind, writer == SW_KERNEL ? O_RDONLY : O_RDWR) != 0)
		return -1;
	s->log[kind].writer = writer;
	s->log[kind].unit = unit > 0 ? unit : 1;
	if (path != NULL)
		snprintf(path, len, "%s/%s", s->base, member_of(kind)->name);
	return 0;
}

void
store_stream_drop(struct store *s, enum logkind kind)
{
	struct store_log *l = &s->log[kind];

	if (l->fd < 0)
		return;
	close(l->fd);
	l->fd = -1;
	unlinkat(s->dirfd, member_of(kind)->name, 0);
}

int
store_file_open(struct store *s, const char *name)
{
	return openat(s->dirfd, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0600);
}

void
store_file_remove(struct store *s, int fd, const char *name)
{
	if (fd < 0)
		return;
	close(fd);
	unlinkat(s->dirfd, name, 0);
}

void
store_end_pieces(struct store *s, enum logkind kind,
    const struct tarw_piece *p, size_t n, mode_t mode)
{
	s->end[kind] = (struct store_end){ .p = p, .n = n, .mode = mode };
}

/* Bytes of a member: what we wrote, or what the kernel did so far. */
static uint64_t
log_size(const struct store_log *l)
{
	struct stat st;

	if (l->writer != SW_KERNEL)
		return l->size;
	return fstat(l->fd, &st) == 0 ? (uint64_t)st.st_size : 0;
}

uint64_t
store_room(const struct store *s)
{
	uint64_t total = s->used;
	size_t k;

	for (k = 0; k < LK_NKINDS; k++)
		if (s->log[k].fd >= 0 && s->log[k].writer == SW_KERNEL)
			total += log_size(&s->log[k]);
	return total < s->budget ? s->budget - total : 0;
}

/* 1 when `more` bytes of ours keep every member within the budget. */
static int
fits(const struct store *s, uint64_t more)
{
	return more <= store_room(s);
}

/* Puts a file back to its last whole block or record: size bytes. */
static void
cut_back(struct store *s, int fd, uint64_t size, const char *name)
{
	if (ftruncate(fd, (off_t)size) != 0 ||
	    lseek(fd, (off_t)size, SEEK_SET) < 0)
		diag_warn(s->d, "%s: %s", name, strerror(errno));
}

static void
roll_back(struct store *s, enum logkind kind)
{
	cut_back(s, s->log[kind].fd, s->log[kind].size,
	    member_of(kind)->name);
}

int
store_append(struct store *s, const struct iovec blocks[LK_NKINDS])
{
	uint64_t total = 0;
	size_t i, j;
	enum logkind k;

	for (i = 0; i < nmembers; i++)
		if (ours(i, MF_SAMPLE))
			total += blocks[members[i].kind].iov_len;
	if (!fits(s, total))
		return -1;
	for (i = 0; i < nmembers; i++) {
		k = members[i].kind;
		if (!ours(i, MF_SAMPLE) || write_full(s->log[k].fd,
		    blocks[k].iov_base, blocks[k].iov_len) == 0)
			continue;
		for (j = 0; j <= i; j++)
			if (ours(j, MF_SAMPLE))
				roll_back(s, members[j].kind);
		return -1;
	}
	for (i = 0; i < nmembers; i++)
		if (ours(i, MF_SAMPLE))
			s->log[members[i].kind].size +=
			    blocks[members[i].kind].iov_len;
	s->used += total;
	return 0;
}

int
store_file_append(struct store *s, int fd, uint64_t *size, const void *p,
    size_t len)
{
	if (!fits(s, len)) {
		errno = ENOSPC;
		return -1;
	}
	if (write_full(fd, p, len) != 0) {
		cut_back(s, fd, *size, s->base);
		return -1;
	}
	*size += len;
	s->used += len;
	return 0;
}

int
store_stream_append(struct store *s, enum logkind kind, const void *p,
    size_t len)
{
	struct store_log *l = &s->log[kind];

	if (l->fd < 0 || l->writer != SW_LOGGER || len == 0)
		return 0;
	if (!fits(s, len))
		return -1;
	if (write_full(l->fd, p, len) != 0) {
		roll_back(s, kind);
		return -1;
	}
	l->size += len;
	s->used += len;
	return 0;
}

/*
 * 1 when the namespace we return to is init's: `bootchartd init` from an
 * initramfs, where the switch to the real root is a chroot of PID 1 in
 * that same namespace.  Elsewhere (a unit with its own namespace) we stay
 * in our own root.
 */
static int
in_init_ns(const struct store *s)
{
	struct stat ours, init;

	return fstat(s->nsfd, &ours) == 0 &&
	    fstatat(s->procfd, "1/ns/mnt", &init, 0) == 0 &&
	    ours.st_dev == init.st_dev && ours.st_ino == init.st_ino;
}

int
store_enter_system(struct store *s)
{
	int rootfd = -1;

	if (s->nsfd < 0)
		return 0;
	/* init may have switched root since we started: follow it. */
	if (s->kind == STORE_INIT || (s->kind == STORE_BOOT && in_init_ns(s)))
		rootfd = openat(s->procfd, "1/root",
		    O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (setns(s->nsfd, CLONE_NEWNS) != 0) {
		diag_warn(s->d, "setns: %s", strerror(errno));
		if (rootfd >= 0)
			close(rootfd);
		return -1;
	}
	if (rootfd >= 0) {
		if (fchdir(rootfd) != 0 || chroot(".") != 0)
			diag_warn(s->d, "cannot enter init's root: %s",
			    strerror(errno));
		close(rootfd);
	}
	return chdir("/");
}

/*
 * The bytes of member l put in the tarball: whole units only (the kernel
 * may be mid-write), and for a member the kernel writes, no more than
 * the budget leaves (*left, taken from): acct(2) writes on after our last
 * look at the room, and the logs must hold the budget whatever the
 * timing (a fork storm's last exits came to 6 KB past it).
 */
static uint64_t
tar_size(const struct store_log *l, uint64_t *left)
{
	uint64_t n = log_size(l);

	if (l->writer == SW_KERNEL) {
		if (n > *left)
			n = *left;
		n = n / l->unit * l->unit;
		*left -= n;
		return n;
	}
	return n / l->unit * l->unit;
}

int
store_tar(const struct store *s, struct tarw *t, time_t mtime,
    const struct iovec end[LK_NKINDS])
{
	const struct store_log *l;
	uint64_t left = s->used < s->budget ? s->budget - s->used : 0;
	enum logkind k;
	size_t i;
	int r = 0;

	for (i = 0; i < nmembers && r == 0; i++) {
		k = members[i].kind;
		l = &s->log[k];
		if (ours(i, MF_END) && s->end[k].n > 0)
			r = tarw_add_pieces(t, members[i].name, s->end[k].mode,
			    mtime, s->end[k].p, s->end[k].n);
		else if (ours(i, MF_END) && end[k].iov_base != NULL)
			r = tarw_add_mem(t, members[i].name, 0644, mtime,
			    end[k].iov_base, end[k].iov_len);
		else if (members[i].form != MF_END && l->fd >= 0)
			r = tarw_add_fd(t, members[i].name, 0644, mtime, l->fd,
			    tar_size(l, &left));
	}
	return r;
}

void
store_close(struct store *s)
{
	size_t k;

	for (k = 0; k < LK_NKINDS; k++) {
		if (s->log[k].fd < 0)
			continue;
		close(s->log[k].fd);
		s->log[k].fd = -1;
		/* Plain files in a private directory are ours to remove. */
		if (!s->mounted && s->dirfd >= 0)
			unlinkat(s->dirfd, member_of(k)->name, 0);
	}
	if (s->dirfd >= 0)
		close(s->dirfd);
	if (s->made_dir && rmdir(s->base) != 0 && errno != ENOENT)
		diag_warn(s->d, "%s: %s", s->base, strerror(errno));
	if (s->procfd >= 0)
		close(s->procfd);
	if (s->nsfd >= 0)
		close(s->nsfd);
	s->dirfd = s->procfd = s->nsfd = -1;
}
