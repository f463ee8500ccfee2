/* dest.c: write the tarball atomically where the booted system sees it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clocks.h"
#include "dest.h"
#include "tarw.h"

#define GZIP_LEVEL	6
#define RETRY_US	200000

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
	unsigned n = 0;
	int fd, waited = 0;

	for (;;) {
		snprintf(tmp, tsz, "%s/.%s.%d.%u", strcmp(dir, "/") ? dir : "",
		    base, (int)getpid(), n);
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0644);
		if (fd >= 0)
			return fd;
		if (errno == EEXIST && n < 100) {
			n++;
			continue;
		}
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
    const struct iovec end[LK_NKINDS], struct diag *d)
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
	if (tarw_close(&t) != 0 || fchmod(fd, 0644) != 0 || fsync(fd) != 0)
		goto fail_msg;
	if (close(fd) != 0) {
		fd = -1;
		goto fail_msg;
	}
	fd = -1;
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
