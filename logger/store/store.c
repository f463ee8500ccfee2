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
#include "logfiles.h"
#include "store.h"

/* Head room above the log budget so our own check trips before ENOSPC. */
#define TMPFS_SLACK (128 << 10)

static const char *const log_names[LOG_N] = {
	[LOG_STAT] = LOG_PROC_STAT,
	[LOG_DISK] = LOG_DISKSTATS,
	[LOG_PS] = LOG_PROC_PS,
	[LOG_MEM] = LOG_MEMINFO,
	[LOG_CMD] = LOG_CMDLINE2,
	[LOG_CG] = LOG_CGROUP,
};

void
store_init(struct store *s, struct diag *d, uint64_t budget)
{
	int i;

	memset(s, 0, sizeof(*s));
	s->d = d;
	s->budget = budget;
	s->procfd = s->nsfd = s->dirfd = s->pacctfd = s->patfd = -1;
	for (i = 0; i < LOG_N; i++)
		s->fd[i] = -1;
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

static int
open_logs(struct store *s)
{
	int i;

	s->dirfd = open(s->base, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->dirfd < 0)
		return -1;
	for (i = 0; i < LOG_N; i++) {
		s->fd[i] = openat(s->dirfd, log_names[i], O_RDWR | O_CREAT |
		    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (s->fd[i] < 0)
			return -1;
	}
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
store_open_pacct(struct store *s, char *path, size_t len)
{
	s->pacctfd = openat(s->dirfd, LOG_PACCT, O_RDONLY | O_CREAT |
	    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (s->pacctfd < 0)
		return -1;
	snprintf(path, len, "%s/%s", s->base, LOG_PACCT);
	return 0;
}

int
store_open_paternity(struct store *s)
{
	s->patfd = openat(s->dirfd, LOG_PATERNITY, O_RDWR | O_CREAT |
	    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	return s->patfd < 0 ? -1 : 0;
}

/* Closes *fd and removes name: nothing will be written to it. */
static void
drop(struct store *s, int *fd, const char *name)
{
	if (*fd < 0)
		return;
	close(*fd);
	*fd = -1;
	unlinkat(s->dirfd, name, 0);
}

void
store_drop_pacct(struct store *s)
{
	drop(s, &s->pacctfd, LOG_PACCT);
}

void
store_drop_paternity(struct store *s)
{
	drop(s, &s->patfd, LOG_PATERNITY);
}

/* Puts every log back to its last complete block. */
static void
roll_back(struct store *s)
{
	int i;

	for (i = 0; i < LOG_N; i++)
		if (ftruncate(s->fd[i], (off_t)s->size[i]) != 0 ||
		    lseek(s->fd[i], (off_t)s->size[i], SEEK_SET) < 0)
			diag_warn(s->d, "%s: %s", log_names[i],
			    strerror(errno));
	if (s->patfd >= 0 && (ftruncate(s->patfd, (off_t)s->patsize) != 0 ||
	    lseek(s->patfd, (off_t)s->patsize, SEEK_SET) < 0))
		diag_warn(s->d, "%s: %s", LOG_PATERNITY, strerror(errno));
}

int
store_append(struct store *s, const struct iovec logs[LOG_N],
    const struct iovec *forks)
{
	uint64_t total = 0, pacct = 0;
	size_t nforks = s->patfd >= 0 ? forks->iov_len : 0;
	struct stat st;
	int i;

	for (i = 0; i < LOG_N; i++)
		total += logs[i].iov_len;
	total += nforks;
	if (s->pacctfd >= 0 && fstat(s->pacctfd, &st) == 0)
		pacct = (uint64_t)st.st_size;
	if (s->used + total + pacct > s->budget)
		return -1;
	for (i = 0; i < LOG_N; i++) {
		if (write_full(s->fd[i], logs[i].iov_base,
		    logs[i].iov_len) != 0) {
			roll_back(s);
			return -1;
		}
	}
	if (nforks > 0 && write_full(s->patfd, forks->iov_base, nforks) != 0) {
		roll_back(s);
		return -1;
	}
	for (i = 0; i < LOG_N; i++)
		s->size[i] += logs[i].iov_len;
	s->patsize += nforks;
	s->used += total;
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

int
store_tar(const struct store *s, struct tarw *t, time_t mtime)
{
	struct stat st;
	int i;

	for (i = 0; i < LOG_N; i++)
		if (tarw_add_fd(t, log_names[i], 0644, mtime, s->fd[i],
		    s->size[i]) != 0)
			return -1;
	if (s->pacctfd >= 0) {
		if (fstat(s->pacctfd, &st) != 0)
			return -1;
		/* Whole 64-byte records only: the kernel may be mid-write. */
		if (tarw_add_fd(t, LOG_PACCT, 0644, mtime, s->pacctfd,
		    (uint64_t)st.st_size / 64 * 64) != 0)
			return -1;
	}
	if (s->patfd < 0)
		return 0;
	return tarw_add_fd(t, LOG_PATERNITY, 0644, mtime, s->patfd,
	    s->patsize);
}

void
store_close(struct store *s)
{
	int i;

	for (i = 0; i < LOG_N; i++) {
		if (s->fd[i] >= 0)
			close(s->fd[i]);
		/* Plain files in a private directory are ours to remove. */
		if (!s->mounted && s->dirfd >= 0)
			unlinkat(s->dirfd, log_names[i], 0);
		s->fd[i] = -1;
	}
	if (s->pacctfd >= 0)
		close(s->pacctfd);
	if (s->patfd >= 0)
		close(s->patfd);
	if (!s->mounted && s->dirfd >= 0) {
		unlinkat(s->dirfd, LOG_PACCT, 0);
		unlinkat(s->dirfd, LOG_PATERNITY, 0);
	}
	if (s->dirfd >= 0)
		close(s->dirfd);
	if (s->made_dir && rmdir(s->base) != 0 && errno != ENOENT)
		diag_warn(s->d, "%s: %s", s->base, strerror(errno));
	if (s->procfd >= 0)
		close(s->procfd);
	if (s->nsfd >= 0)
		close(s->nsfd);
	s->pacctfd = s->patfd = s->dirfd = s->procfd = s->nsfd = -1;
}
