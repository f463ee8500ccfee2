/* dest.c: write the tarball atomically where the booted system sees it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dest.h"
#include "logfiles.h"
#include "sampler.h"
#include "tarw.h"

#define GZIP_LEVEL	6
#define RETRY_US	200000

/* Splits s->dest into its directory and base name. */
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
open_temp(struct session *s, const char *dir, const char *base, char *tmp,
    size_t tsz)
{
	uint64_t deadline = clock_us(CLOCK_MONOTONIC) + s->cfg.write_wait_us;
	struct timespec ts = { 0, RETRY_US * 1000 };
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
			diag_warn(s->d, "cannot write %s: %s", tmp,
			    strerror(errno));
			return -1;
		}
		if (!waited && s->verbose > 0)
			diag_info(s->d, "waiting for %s to become writable",
			    dir);
		waited = 1;
		nanosleep(&ts, NULL);
	}
}

static int
add_logs(struct session *s, struct tarw *t, const char *header, size_t hlen)
{
	static const char *const names[LOG_N] = {
		[LOG_STAT] = LOG_PROC_STAT,
		[LOG_DISK] = LOG_DISKSTATS,
		[LOG_PS] = LOG_PROC_PS,
	};
	time_t now = time(NULL);
	struct stat st;
	int i;

	if (tarw_add_mem(t, LOG_HEADER, 0644, now, header, hlen) != 0)
		return -1;
	for (i = 0; i < LOG_N; i++)
		if (tarw_add_fd(t, names[i], 0644, now, s->fd[i],
		    s->size[i]) != 0)
			return -1;
	if (s->pacctfd >= 0) {
		if (fstat(s->pacctfd, &st) != 0)
			return -1;
		/* Whole 64-byte records only: the kernel may be mid-write. */
		if (tarw_add_fd(t, LOG_PACCT, 0644, now, s->pacctfd,
		    (uint64_t)st.st_size / 64 * 64) != 0)
			return -1;
	}
	if (s->patfd < 0)
		return 0;
	return tarw_add_fd(t, LOG_PATERNITY, 0644, now, s->patfd,
	    s->patsize);
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
dest_usable(struct session *s)
{
	struct stat st;

	if (lstat(s->dest, &st) != 0 || S_ISREG(st.st_mode))
		return 0;
	diag_warn(s->d, "%s is %s; not replaced, no log written", s->dest,
	    S_ISLNK(st.st_mode) ? "a symbolic link" : "not a regular file");
	return -1;
}

int
dest_write(struct session *s, const char *header, size_t hlen)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 64];
	const char *base;
	struct tarw t;
	int fd, err;

	if (split_dest(s->dest, dir, sizeof(dir), &base) != 0) {
		diag_warn(s->d, "bad destination %s", s->dest);
		return -1;
	}
	if ((fd = open_temp(s, dir, base, tmp, sizeof(tmp))) < 0)
		return -1;
	if (dest_usable(s) != 0)
		goto fail;
	if (tarw_open(&t, GZIP_LEVEL, tarw_fd_sink, &fd) != 0) {
		diag_warn(s->d, "out of memory for compression");
		goto fail;
	}
	if (add_logs(s, &t, header, hlen) != 0) {
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
	if (rename(tmp, s->dest) != 0)
		goto fail_msg;
	sync_dir(dir);
	return 0;
fail_msg:
	diag_warn(s->d, "cannot write %s: %s", tmp, strerror(errno));
fail:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return -1;
}

int
auto_render(struct session *s)
{
	static const char *const dirs[] = {
		"/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin",
		"/usr/sbin", "/sbin"
	};
	char out[PATH_MAX + 32], prog[64];
	size_t i;
	pid_t pid;
	int st;

	snprintf(out, sizeof(out), "%s/bootchart.%s", s->cfg.render_dir,
	    s->cfg.render_format);
	if ((pid = fork()) < 0) {
		diag_warn(s->d, "AUTO_RENDER: fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		/* $PATH first; at boot it may be unset, hence the list. */
		execlp("bootchart-render", "bootchart-render", "-f",
		    s->cfg.render_format, "-o", out, s->dest, (char *)NULL);
		for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
			snprintf(prog, sizeof(prog), "%s/bootchart-render",
			    dirs[i]);
			execl(prog, "bootchart-render", "-f",
			    s->cfg.render_format, "-o", out, s->dest,
			    (char *)NULL);
		}
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		diag_warn(s->d, "AUTO_RENDER: bootchart-render failed "
		    "(status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		return -1;
	}
	if (s->verbose > 0)
		diag_info(s->d, "rendered %s", out);
	return 0;
}
