/* outfile.c: an output file written atomically, with its temporary removed on a signal, or standard output. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "caps.h"
#include "outfile.h"

#define TMP_TRIES	100

/*
 * Interrupted, killed politely, out of CPU time (ulimit -t: SIGXCPU) or
 * file size (ulimit -f: SIGXFSZ), a crash, an alarm: the temporary goes
 * first.  SIGKILL and SIGSTOP cannot be caught.
 */
static const int guard_sigs[OUTFILE_NSIGS] = {
	SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE,
	SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ,
	SIGVTALRM, SIGSYS
};

/*
 * The temporary file being written, for the signal handler: a handler
 * can reach nothing else, so this is the renderer's one piece of global
 * state.  One output is written at a time.
 */
static char guard_path[4096];
static volatile sig_atomic_t guard_on;
/* The handlers before ours, put back to die as the signal would have. */
static struct sigaction guard_old[OUTFILE_NSIGS];

/*
 * Creates "DIR/.BASE.XXXXXX" next to path with O_EXCL|O_NOFOLLOW, so a
 * planted file or symlink is never followed or reused.
 */
static int
open_temp(const char *path, char *tmp, size_t len, mode_t mode)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0;
	const char *base = slash ? slash + 1 : path;
	struct timespec ts;
	unsigned long r;
	int fd, i;

	for (i = 0; i < TMP_TRIES; i++) {
		clock_gettime(CLOCK_REALTIME, &ts);
		r = (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 16) ^
		    (unsigned long)i * 2654435761UL;
		if ((size_t)snprintf(tmp, len, "%.*s.%s.%06lx", dirlen, path,
		    base, r & 0xffffff) >= len) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/*
 * The rename at the end replaces whatever is at path without following
 * it.  Run as root, "-o /dev/null" would replace the device node and
 * "-o link" a symlink the user meant to write through: only a missing
 * path or a regular file is replaced.
 */
static int
check_target(const char *path, struct diag *d)
{
	struct stat st;
	const char *what;

	if (lstat(path, &st) == -1) {
		if (errno == ENOENT)
			return 0;
		return diag_error_status(d, EXIT_OUTPUT, "%s: %s", path,
		    strerror(errno));
	}
	if (S_ISREG(st.st_mode))
		return 0;
	if (S_ISLNK(st.st_mode))
		what = "a symbolic link";
	else if (S_ISDIR(st.st_mode))
		what = "a directory";
	else
		what = "a device, FIFO or socket";
	return diag_error_status(d, EXIT_OUTPUT, "%s: exists and is not a "
	    "regular file (%s); not replaced", path, what);
}

/*
 * Removes the temporary file, puts the handler from before back (the
 * default, or a sanitizer's that reports a crash) and raises the signal
 * again: it is delivered when this returns, or, for a fault, when the
 * faulting instruction runs again.
 */
static void
guard_signal(int sig)
{
	size_t i;

	if (guard_on)
		unlink(guard_path);
	guard_on = 0;
	for (i = 0; i < OUTFILE_NSIGS; i++)
		if (guard_sigs[i] == sig)
			sigaction(sig, &guard_old[i], NULL);
	raise(sig);
}

static void
guard_block(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < OUTFILE_NSIGS; i++)
		sigaddset(&set, guard_sigs[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* Opens the temporary file for path with the handlers in place. */
static int
guard_open(struct outfile *o)
{
	struct sigaction sa;
	size_t i;
	int fd;

	guard_block(&o->oldmask);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = guard_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < OUTFILE_NSIGS; i++)
		sigaction(guard_sigs[i], &sa, &guard_old[i]);
	fd = open_temp(o->path, guard_path, sizeof(guard_path),
	    o->private ? 0600 : 0666);
	guard_on = fd >= 0;
	sigprocmask(SIG_SETMASK, &o->oldmask, NULL);
	return fd;
}

/* The temporary file is gone (renamed or removed): handlers as before. */
static void
guard_close(struct outfile *o)
{
	sigset_t mask;
	size_t i;

	guard_block(&mask);
	guard_on = 0;
	for (i = 0; i < OUTFILE_NSIGS; i++)
		sigaction(guard_sigs[i], &guard_old[i], NULL);
	sigprocmask(SIG_SETMASK, &o->oldmask, NULL);
}

/*
 * f's writes: counted, and refused past the limit, so that no output
 * grows without bound from a log (a 62 KB tarball asked for 2.74 GB of
 * -f perfetto).  The error is recorded at once, before whatever the
 * writer makes of the failed write; the writers of events stop on
 * ferror.  stdio takes a short count as an error: all or nothing.
 */
static ssize_t
counted_write(void *cookie, const char *p, size_t n)
{
	struct outfile *o = cookie;

	if (n > o->limit - o->written) {
		if (!o->over)
			cap_error_status(o->d, EXIT_OUTCAP, "%s: more than "
			    "%llu bytes of output", o->shown,
			    (unsigned long long)o->limit);
		o->over = 1;
		errno = EFBIG;
		return -1;
	}
	if (sink_write(&o->sink, p, n) == -1) {
		errno = o->sink.err;
		return -1;
	}
	o->written += n;
	return (ssize_t)n;
}

/* The counted stream on o->fd; 0, or -1 (no memory, diag set). */
static int
counted_open(struct outfile *o, struct diag *d)
{
	static const cookie_io_functions_t io = { .write = counted_write };

	o->d = d;
	o->limit = CAP_OUTPUT_BYTES;
	(void)sink_init(&o->sink, o->fd, 0);	/* straight: cannot fail */
	if ((o->f = fopencookie(o, "w", io)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "%s: out of memory",
		    o->shown);
	return 0;
}

int
outfile_open(struct outfile *o, const char *path, struct diag *d)
{
	return outfile_open_mode(o, path, 0, d);
}

int
outfile_open_mode(struct outfile *o, const char *path, int private,
    struct diag *d)
{
	int err;

	memset(o, 0, sizeof(*o));
	o->path = o->shown = path;
	o->private = private;
	if (strcmp(path, "-") == 0) {
		o->shown = "standard output";
		o->to_stdout = 1;
		o->fd = STDOUT_FILENO;
		/* What stdout holds goes first: the output follows it. */
		if (fflush(stdout) != 0)
			return diag_error_status(d, EXIT_OUTPUT, "%s: %s",
			    o->shown, strerror(errno));
		return counted_open(o, d);
	}
	if (check_target(path, d) == -1)
		return -1;
	if ((o->fd = guard_open(o)) == -1) {
		err = errno;
		guard_close(o);
		return diag_error_status(d, EXIT_OUTPUT, "%s: cannot create a "
		    "temporary file: %s", path, strerror(err));
	}
	if (counted_open(o, d) != 0) {
		close(o->fd);
		unlink(guard_path);
		guard_close(o);
		return -1;
	}
	return 0;
}

/*
 * Standard output: what was written stays (up to the limit: the status
 * says it was cut); only errors are news.
 */
static int
close_stdout(struct outfile *o, int ok, struct diag *d)
{
	int bad;

	errno = 0;
	bad = fflush(o->f) != 0 || ferror(o->f);
	if (bad && ok && !o->over)
		diag_error_status(d, EXIT_OUTPUT, "%s: %s", o->shown,
		    strerror(errno ? errno : EIO));
	fclose(o->f);	/* the cookie's: standard output stays open */
	return ok && !bad ? 0 : -1;
}

int
outfile_close(struct outfile *o, int ok, struct diag *d)
{
	int rc = ok ? 0 : -1;

	if (o->to_stdout)
		return close_stdout(o, ok, d);
	errno = 0;
	if (rc == 0 && (fflush(o->f) != 0 || ferror(o->f)))
		rc = o->over ? -1 : diag_error_status(d, EXIT_OUTPUT, "%s: %s",
		    o->path, strerror(errno ? errno : EIO));
	fclose(o->f);	/* flushed above: the descriptor is closed below */
	if (rc == 0 && fsync(o->fd) == -1 && errno != EINVAL)
		rc = diag_error_status(d, EXIT_OUTPUT, "%s: %s", o->path,
		    strerror(errno));
	if (close(o->fd) != 0 && rc == 0)
		rc = diag_error_status(d, EXIT_OUTPUT, "%s: %s", o->path,
		    strerror(errno));
	if (rc == 0 && rename(guard_path, o->path) == -1)
		rc = diag_error_status(d, EXIT_OUTPUT, "%s: %s", o->path,
		    strerror(errno));
	if (rc == -1)
		unlink(guard_path);
	guard_close(o);
	return rc;
}
