/* pidfile.c: how `bootchartd stop` finds the running logger. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pidfile.h"
#include "pidstat.h"
#include "fdio.h"
#include "slurp.h"

/*
 * A directory only this user can write, or -1 with why.  Checked with
 * lstat: a symbolic link, a file or another user's directory planted
 * under the name in /tmp is never used.  Once it passes, /tmp's sticky
 * bit keeps others from renaming or removing it.
 */
static int
private_dir(const char *dir, int make, char *why, size_t wlen)
{
	struct stat st;
	int err = EPERM;

	if (make && mkdir(dir, 0700) != 0 && errno != EEXIST) {
		snprintf(why, wlen, "cannot be made (%s)", strerror(errno));
		return -1;
	}
	if (lstat(dir, &st) != 0) {
		err = errno;
		snprintf(why, wlen, "cannot be read (%s)", strerror(errno));
	} else if (S_ISLNK(st.st_mode))
		snprintf(why, wlen, "is a symbolic link");
	else if (!S_ISDIR(st.st_mode))
		snprintf(why, wlen, "is not a directory");
	else if (st.st_uid != geteuid())
		snprintf(why, wlen, "belongs to uid %u", (unsigned)st.st_uid);
	else if ((st.st_mode & 077) != 0)
		snprintf(why, wlen, "is open to other users (mode %03o)",
		    (unsigned)(st.st_mode & 0777));
	else
		return 0;
	errno = err;
	return -1;
}

int
pidfile_path(char *buf, size_t len, int make, char *why, size_t wlen)
{
	const char *dir = getenv("BOOTCHARTD_RUNDIR");
	unsigned uid = (unsigned)geteuid();
	struct stat st;

	if (dir == NULL && uid == 0 && stat("/run", &st) == 0)
		dir = "/run";
	if (dir == NULL && uid != 0)
		dir = getenv("XDG_RUNTIME_DIR");
	if (dir != NULL && dir[0] == '/') {
		if (uid == 0)
			snprintf(buf, len, "%s/bootchartd.pid", dir);
		else
			snprintf(buf, len, "%s/bootchartd-%u.pid", dir, uid);
		return 0;
	}
	/* Anyone may create names in /tmp: the file goes in a private dir. */
	snprintf(buf, len, "/tmp/bootchartd-%u", uid);
	if (private_dir(buf, make, why, wlen) != 0)
		return -1;
	snprintf(buf + strlen(buf), len - strlen(buf), "/bootchartd.pid");
	return 0;
}

int
pid_stat(pid_t pid, struct pidstat *ps)
{
	char path[64], *buf;
	const char *why;
	size_t len;
	int r;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((buf = slurp_at(AT_FDCWD, path, PIDSTAT_COMM_MAX, &len)) == NULL)
		return -1;
	r = pidstat_parse_raw(buf, len, ps, &why);
	free(buf);
	return r;
}

long
pid_uid(pid_t pid)
{
	char path[64], *buf;
	size_t len;
	long uid;

	/* status, unlike cmdline, does not wait on the process's locks. */
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	if ((buf = slurp_at(AT_FDCWD, path, PIDSTAT_STATUS_ROOM, &len)) ==
	    NULL)
		return -1;
	uid = pidstat_uid(buf, len);
	free(buf);
	return uid;
}

int
is_logger(pid_t pid)
{
	struct pidstat ps;

	/* Anyone may call a process bootchartd: its owner must be us. */
	return pid_stat(pid, &ps) == 0 && ps.state != 'Z' &&
	    ps.state != 'X' && strcmp(ps.comm, "bootchartd") == 0 &&
	    pid_uid(pid) == (long)getuid();
}

int
pidfile_read(const char *path, pid_t *pid, char *dest, size_t dlen)
{
	char *buf, *nl;
	size_t len;
	long v;

	if ((buf = slurp_at(AT_FDCWD, path, 8192, &len)) == NULL)
		return -1;
	v = strtol(buf, &nl, 10);
	if (v <= 0 || *nl != '\n') {
		free(buf);
		errno = EINVAL;
		return -1;
	}
	*pid = (pid_t)v;
	snprintf(dest, dlen, "%s", nl + 1);
	free(buf);
	return 0;
}

int
pidfile_create(const char *path, pid_t pid, const char *dest, pid_t *other)
{
	char text[PATH_MAX + 32], olddest[PATH_MAX];
	int fd, n, tries;

	n = snprintf(text, sizeof(text), "%d\n%s\n", (int)pid, dest);
	for (tries = 0; tries < 2; tries++) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0644);
		if (fd >= 0) {
			if (write_full(fd, text, (size_t)n) != 0) {
				close(fd);
				unlink(path);
				return -1;
			}
			return close(fd);
		}
		if (errno != EEXIST)
			return -1;
		if (pidfile_read(path, other, olddest, sizeof(olddest)) == 0 &&
		    is_logger(*other))
			return 1;
		/* Stale: its logger is gone. */
		unlink(path);
	}
	return -1;
}
