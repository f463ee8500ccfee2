/* dest.c: write the tarball atomically where the booted system sees it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clocks.h"
#include "dest.h"
#include "keep.h"
#include "slurp.h"
#include "tarw.h"

/*
 * libdeflate's fastest level: ending a run must cost at most a quarter
 * of sampling it, and a higher level finds little more in the logs
 * (docs/logger.md, "Ending a run"; make bench's bench_logger prints the
 * end's share).
 */
#define GZIP_LEVEL	1
#define RETRY_US	200000
#define TEMP_TRIES	100	/* random names tried when one exists */
#define GROUP_MAX	(1 << 20)	/* bytes of /etc/group read */

/*
 * 12 characters no one can guess for a temporary name: from getrandom
 * (never waiting: the entropy pool is long ready when a log is written,
 * and if not the clock and PID still vary).  O_EXCL does the rest.
 */
static void
random_name(char out[13])
{
	static const char set[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char b[12];
	uint64_t mix = clock_us(CLOCK_MONOTONIC) ^ (uint64_t)getpid() << 40;
	size_t i;

	if (getrandom(b, sizeof(b), GRND_NONBLOCK) != (ssize_t)sizeof(b))
		for (i = 0; i < sizeof(b); i++, mix = mix * 6364136223846793005ULL +
		    1442695040888963407ULL)
			b[i] = (unsigned char)(mix >> 56);
	for (i = 0; i < sizeof(b); i++)
		out[i] = set[b[i] % (sizeof(set) - 1)];
	out[12] = '\0';
}

/* The gid of group `name` in /etc/group, or -1. */
static long
group_gid(const char *name)
{
	size_t len, n = strlen(name);
	char *buf, *p, *end, *eol;
	long gid = -1;

	if ((buf = slurp_at(AT_FDCWD, "/etc/group", GROUP_MAX, &len)) == NULL)
		return -1;
	for (p = buf, end = buf + len; p < end && gid < 0; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end;
		/* "NAME:PASSWORD:GID:MEMBERS" */
		if ((size_t)(eol - p) > n && memcmp(p, name, n) == 0 &&
		    p[n] == ':' && (p = memchr(p + n + 1, ':',
		    (size_t)(eol - p - n - 1))) != NULL && p[1] >= '0' &&
		    p[1] <= '9')
			gid = strtol(p + 1, NULL, 10);
	}
	free(buf);
	return gid;
}

int
dest_protect(int fd)
{
	long gid;

	/* A user's log: theirs alone, whatever the umask. */
	if (geteuid() != 0)
		return fchmod(fd, DEST_MODE_USER);
	/* Root's: the system's log readers too, as /var/log/kern.log. */
	if ((gid = group_gid(DEST_GROUP)) < 0)
		gid = 0;
	if (fchown(fd, 0, (gid_t)gid) != 0)
		return -1;
	return fchmod(fd, DEST_MODE_ROOT);
}

/* Splits dest into its directory and base name. */
static int
split_dest(const char *dest, char *dir, size_t dsz, const char **base)
{
	const char *slash = strrchr(dest, '/');
	size_t n;

	if (slash == NULL || slash[1] == '\0')
		return -1;
	n = slash == dest ? 1 : (size_t)(slash - dest);
	if (n >= dsz)
		return -1;
	memcpy(dir, dest, n);
	dir[n] = '\0';
	*base = slash + 1;
	return 0;
}

int
dest_check(const char *dest, char *why, size_t n)
{
	char dir[PATH_MAX];
	const char *base;
	struct stat st;

	if (split_dest(dest, dir, sizeof(dir), &base) != 0) {
		snprintf(why, n, "not a file's path");
		return -1;
	}
	if (lstat(dest, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(why, n, "%s", S_ISDIR(st.st_mode) ? "a directory" :
		    S_ISLNK(st.st_mode) ? "a symbolic link" :
		    "not a regular file");
		return -1;
	}
	if (stat(dir, &st) != 0) {
		snprintf(why, n, "directory %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, n, "%s is not a directory", dir);
		return -1;
	}
	if (faccessat(AT_FDCWD, dir, W_OK | X_OK, AT_EACCESS) != 0) {
		snprintf(why, n, "cannot create files in %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	return 0;
}

static int
transient(int e)
{
	return e == ENOENT || e == EROFS || e == EACCES || e == EPERM ||
	    e == ENOTDIR;
}

/* Creates the temporary file, waiting for the directory to be writable. */
static int
open_temp(const struct config *cfg, const char *dir, const char *base,
    char *tmp, size_t tsz, struct diag *d)
{
	uint64_t deadline = clock_us(CLOCK_MONOTONIC) + cfg->write_wait_us;
	struct timespec ts = { .tv_nsec = RETRY_US * 1000 };
	char rnd[13];
	unsigned n = 0;
	int fd, waited = 0;

	for (;;) {
		random_name(rnd);
		snprintf(tmp, tsz, "%s/.%s.%s", strcmp(dir, "/") ? dir : "",
		    base, rnd);
		/* Nobody else may open it meanwhile: 0600 until it is whole. */
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
		if (fd >= 0)
			return fd;
		if (errno == EEXIST && ++n < TEMP_TRIES)
			continue;
		if (!transient(errno) ||
		    clock_us(CLOCK_MONOTONIC) >= deadline) {
			diag_warn(d, "cannot write %s: %s", tmp,
			    strerror(errno));
			return -1;
		}
		if (!waited && cfg->verbose > 0)
			diag_info(d, "waiting for %s to become writable",
			    dir);
		waited = 1;
		nanosleep(&ts, NULL);
	}
}

/* fsync of the directory makes the rename durable. */
static void
sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	fsync(fd);
	close(fd);
}

/*
 * The rename would replace a symlink planted at the destination (and
 * anything else there) without following it; refuse instead, so what
 * sits at that path is never changed behind the administrator's back.
 */
static int
dest_usable(const char *dest, struct diag *d)
{
	struct stat st;

	if (lstat(dest, &st) != 0 || S_ISREG(st.st_mode))
		return 0;
	diag_warn(d, "%s is %s; not replaced, no log written", dest,
	    S_ISLNK(st.st_mode) ? "a symbolic link" : "not a regular file");
	return -1;
}

int
dest_write(const struct config *cfg, const struct store *st,
    const struct iovec end[LK_NKINDS], const struct dest_keep *k,
    struct diag *d)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 64];
	const char *base;
	time_t now = time(NULL);
	struct tarw t;
	int fd, err;

	if (split_dest(cfg->dest, dir, sizeof(dir), &base) != 0) {
		diag_warn(d, "bad destination %s", cfg->dest);
		return -1;
	}
	if ((fd = open_temp(cfg, dir, base, tmp, sizeof(tmp), d)) < 0)
		return -1;
	if (dest_usable(cfg->dest, d) != 0)
		goto fail;
	if (tarw_open(&t, GZIP_LEVEL, tarw_fd_sink, &fd) != 0) {
		diag_warn(d, "out of memory for compression");
		goto fail;
	}
	if (store_tar(st, &t, now, end) != 0) {
		err = errno;
		tarw_abort(&t);
		errno = err;
		goto fail_msg;
	}
	if (tarw_close(&t) != 0 || dest_protect(fd) != 0 || fsync(fd) != 0)
		goto fail_msg;
	if (close(fd) != 0) {
		fd = -1;
		goto fail_msg;
	}
	fd = -1;
	/* Linked while whole and before the rename: never half a log. */
	if (k != NULL)
		keep_boot(dir, tmp, k->boot_id, now, k->n, d);
	if (rename(tmp, cfg->dest) != 0)
		goto fail_msg;
	sync_dir(dir);
	return 0;
fail_msg:
	diag_warn(d, "cannot write %s: %s", tmp, strerror(errno));
fail:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return -1;
}
