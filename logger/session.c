/* session.c: one logging run: set up the log store, sample until the end, write the tarball. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/acct.h>
#include <sys/mount.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "dest.h"
#include "header.h"
#include "logfiles.h"
#include "sampler.h"
#include "fdio.h"
#include "session.h"

/* Head room above the log budget so our own check trips before ENOSPC. */
#define TMPFS_SLACK (128 << 10)

static const char *const log_names[LOG_N] = {
	[LOG_STAT] = LOG_PROC_STAT,
	[LOG_DISK] = LOG_DISKSTATS,
	[LOG_PS] = LOG_PROC_PS,
};

void
session_init(struct session *s, struct diag *d)
{
	int i;

	memset(s, 0, sizeof(*s));
	s->d = d;
	config_defaults(&s->cfg);
	s->ready_fd = s->procfd = s->dirfd = s->pacctfd = s->patfd = -1;
	procev_init(&s->pe);
	s->nsfd = s->sigfd = s->timerfd = -1;
	for (i = 0; i < LOG_N; i++)
		s->fd[i] = -1;
}

char *
slurp_at(int dirfd, const char *path, size_t max, size_t *len)
{
	size_t n = 0, cap = 4096;
	char *buf = NULL, *nb;
	ssize_t r;
	int fd;

	if ((fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	for (;;) {
		if (n == cap || buf == NULL) {
			cap = buf == NULL ? cap : cap * 2;
			if (cap > max + 1 || (nb = realloc(buf, cap)) == NULL)
				break;
			buf = nb;
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (buf == NULL)
		return NULL;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\0'))
		n--;
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Mounts our tmpfs on the first usable directory of a private namespace. */
static int
mount_private_tmpfs(struct session *s, const char *const *bases)
{
	char opts[64];
	int i;

	if (unshare(CLONE_NEWNS) != 0)
		return -1;
	/* Without this our mounts would propagate to shared parents. */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
		return -1;
	snprintf(opts, sizeof(opts), "size=%llu,mode=0700",
	    (unsigned long long)(s->cfg.tmpfs_size + TMPFS_SLACK));
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

/* PID 1's child: nothing may be visible to the booting system. */
static int
setup_init(struct session *s)
{
	static const char *const bases[] = {
		"/run", "/tmp", "/mnt", "/dev", "/media", "/root", NULL
	};
	char path[PATH_MAX + 8];

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
setup_manual(struct session *s)
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
	if (!s->want_tmpfs)
		return 0;
	s->nsfd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
	bases[0] = s->base;
	bases[1] = NULL;
	if (s->nsfd < 0 || mount_private_tmpfs(s, bases) != 0) {
		/* Plain files in the private directory will do. */
		if (s->verbose > 0)
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
open_logs(struct session *s)
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

static void
start_acct(struct session *s)
{
	char path[PATH_MAX + 32];

	if (!s->acct_wanted)
		return;
	if (geteuid() != 0) {
		snprintf(s->acct_note, sizeof(s->acct_note),
		    "off (needs root)");
		return;
	}
	s->pacctfd = openat(s->dirfd, LOG_PACCT, O_RDONLY | O_CREAT |
	    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	snprintf(path, sizeof(path), "%s/%s", s->base, LOG_PACCT);
	if (s->pacctfd < 0 || acct(path) != 0) {
		snprintf(s->acct_note, sizeof(s->acct_note),
		    "unavailable (%s)", strerror(errno));
		diag_warn(s->d, "process accounting %s", s->acct_note);
		if (s->pacctfd >= 0)
			close(s->pacctfd);
		s->pacctfd = -1;
		return;
	}
	s->acct_on = 1;
}

/*
 * Fork-time parents: accounting only knows the parent at exit, so the
 * connector's fork events go along with it.  A failure is only noted.
 */
static void
start_procev(struct session *s)
{
	if (!s->acct_wanted || geteuid() != 0)
		return;
	s->pe_wanted = 1;
	s->patfd = openat(s->dirfd, LOG_PATERNITY, O_RDWR | O_CREAT |
	    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (s->patfd < 0) {
		snprintf(s->pe.note, sizeof(s->pe.note), "unavailable: %s: %s",
		    LOG_PATERNITY, strerror(errno));
		return;
	}
	if (procev_open(&s->pe) != 0) {
		diag_warn(s->d, "process events %s", s->pe.note);
		close(s->patfd);
		unlinkat(s->dirfd, LOG_PATERNITY, 0);
		s->patfd = -1;
	}
}

static void
stop_acct(struct session *s)
{
	procev_close(&s->pe);
	if (!s->acct_on)
		return;
	if (acct(NULL) != 0)
		diag_warn(s->d, "acct off: %s", strerror(errno));
	s->acct_on = 0;
}

static int
setup_signals(struct session *s)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL) != 0)
		return -1;
	s->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return s->sigfd < 0 ? -1 : 0;
}

/* Puts every file descriptor back to its last complete block. */
static void
roll_back(struct session *s)
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

/* Appends the fork lines gathered since the last sample. */
static int
store_forks(struct session *s)
{
	if (s->patfd < 0 || s->pe.out.len == 0)
		return 0;
	if (write_full(s->patfd, s->pe.out.buf, s->pe.out.len) != 0)
		return -1;
	s->patsize += s->pe.out.len;
	s->used += s->pe.out.len;
	s->pe.out.len = 0;
	return 0;
}

/* Appends the sample's blocks; on overflow marks the logs truncated. */
static int
store_sample(struct session *s, struct sampler *sm)
{
	const struct obuf *b[LOG_N] = { &sm->stat, &sm->disk, &sm->ps };
	uint64_t total = 0, pacct = 0;
	struct stat st;
	int i;

	for (i = 0; i < LOG_N; i++)
		total += b[i]->len;
	procev_drain(&s->pe);
	total += s->pe.out.len;
	if (s->pacctfd >= 0 && fstat(s->pacctfd, &st) == 0)
		pacct = (uint64_t)st.st_size;
	if (s->used + total + pacct > s->cfg.tmpfs_size) {
		s->truncated = 1;
		return -1;
	}
	for (i = 0; i < LOG_N; i++) {
		if (write_full(s->fd[i], b[i]->p, b[i]->len) != 0) {
			roll_back(s);
			s->truncated = 1;
			return -1;
		}
	}
	if (store_forks(s) != 0) {
		roll_back(s);
		s->truncated = 1;
		return -1;
	}
	for (i = 0; i < LOG_N; i++) {
		s->size[i] += b[i]->len;
		s->used += b[i]->len;
	}
	s->samples++;
	s->proc_samples += sm->nprocs;
	s->scans = sm->scans;
	return 0;
}

static int
arm_timer(struct session *s)
{
	struct itimerspec its;
	struct timespec now;

	s->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	if (s->timerfd < 0 || clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return -1;
	/* Absolute start plus a fixed interval: the kernel keeps the grid. */
	its.it_interval.tv_sec = (time_t)(s->cfg.period_us / 1000000);
	its.it_interval.tv_nsec = (long)(s->cfg.period_us % 1000000) * 1000;
	its.it_value = now;
	its.it_value.tv_sec += its.it_interval.tv_sec;
	its.it_value.tv_nsec += its.it_interval.tv_nsec;
	if (its.it_value.tv_nsec >= 1000000000) {
		its.it_value.tv_sec++;
		its.it_value.tv_nsec -= 1000000000;
	}
	return timerfd_settime(s->timerfd, TFD_TIMER_ABSTIME, &its, NULL);
}

static void
notify_ready(struct session *s)
{
	char c = 1;

	if (s->ready_fd < 0)
		return;
	if (write(s->ready_fd, &c, 1) != 1)
		diag_warn(s->d, "cannot tell the parent we started");
	close(s->ready_fd);
	s->ready_fd = -1;
}

/* Returns 1 when the boot is over (init modes only). */
static int
boot_over(struct session *s, struct sampler *sm, uint64_t *settle_at)
{
	uint64_t now = clock_us(CLOCK_MONOTONIC);

	if (s->mode == MODE_START)
		return 0;
	if (sm->exit_seen && *settle_at == 0) {
		*settle_at = now + s->cfg.settle_us;
		memcpy(s->exit_name, sm->exit_name, sizeof(s->exit_name));
		if (s->verbose > 0 || s->mode == MODE_INIT)
			diag_info(s->d, "%s started; stopping in %llu ms",
			    s->exit_name,
			    (unsigned long long)s->cfg.settle_us / 1000);
	}
	if (*settle_at != 0 && now >= *settle_at) {
		s->why_end = "EXIT_PROC";
		return 1;
	}
	if (now - s->t_first_us >= s->cfg.max_us) {
		s->why_end = "MAX_DURATION";
		return 1;
	}
	return 0;
}

/* Samples on the timer until a signal, the end of boot or a full budget. */
static int
sample_loop(struct session *s, struct sampler *sm)
{
	struct pollfd pf[2];
	struct signalfd_siginfo si;
	uint64_t ticks, settle_at = 0;

	s->t_first_us = clock_us(CLOCK_MONOTONIC);
	if (arm_timer(s) != 0)
		return -1;
	for (;;) {
		if (sampler_take(sm, boottime_jiffies()) != 0) {
			diag_warn(s->d, "out of memory while sampling");
			s->why_end = "out of memory";
			return 0;
		}
		if (store_sample(s, sm) != 0) {
			diag_warn(s->d, "log budget of %llu bytes full; "
			    "logs truncated",
			    (unsigned long long)s->cfg.tmpfs_size);
			s->why_end = "log budget full";
			return 0;
		}
		notify_ready(s);
		if (boot_over(s, sm, &settle_at))
			return 0;
		for (;;) {
			pf[0].fd = s->timerfd;
			pf[1].fd = s->sigfd;
			pf[0].events = pf[1].events = POLLIN;
			if (poll(pf, 2, -1) < 0 && errno != EINTR)
				return -1;
			if (pf[1].revents & POLLIN &&
			    read(s->sigfd, &si, sizeof(si)) == sizeof(si)) {
				s->why_end = "stopped";
				return 0;
			}
			if (pf[0].revents & POLLIN &&
			    read(s->timerfd, &ticks, sizeof(ticks)) ==
			    sizeof(ticks))
				break;
		}
	}
}

/*
 * 1 when the namespace we return to is init's: `bootchartd init` from an
 * initramfs, where the switch to the real root is a chroot of PID 1 in
 * that same namespace.  Elsewhere (a unit with its own namespace) we stay
 * in our own root.
 */
static int
in_init_ns(struct session *s)
{
	struct stat ours, init;

	return fstat(s->nsfd, &ours) == 0 &&
	    fstatat(s->procfd, "1/ns/mnt", &init, 0) == 0 &&
	    ours.st_dev == init.st_dev && ours.st_ino == init.st_ino;
}

/* Moves into the namespace and root the booted system sees. */
static int
enter_system(struct session *s)
{
	int rootfd = -1;

	if (s->nsfd < 0)
		return 0;
	/* init may have switched root since we started: follow it. */
	if (s->mode == MODE_INIT || (s->mode == MODE_BOOT && in_init_ns(s)))
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

static void
cleanup(struct session *s)
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
	if (!s->mounted && s->dirfd >= 0 && s->acct_wanted) {
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
	if (s->sigfd >= 0)
		close(s->sigfd);
	if (s->timerfd >= 0)
		close(s->timerfd);
	if (s->pidfile[0] != '\0')
		unlink(s->pidfile);
	procev_close(&s->pe);
	s->pacctfd = s->patfd = s->dirfd = s->procfd = s->nsfd = -1;
	s->sigfd = s->timerfd = -1;
}

static void
report(struct session *s, int ok)
{
	struct rusage ru;
	double cpu;

	if (ok)
		diag_info(s->d, "wrote %s (%llu samples%s)", s->dest,
		    (unsigned long long)s->samples,
		    s->truncated ? ", truncated" : "");
	if (s->verbose <= 0 || getrusage(RUSAGE_SELF, &ru) != 0)
		return;
	cpu = (double)s->ru_sampled.ru_utime.tv_sec +
	    (double)s->ru_sampled.ru_stime.tv_sec +
	    ((double)s->ru_sampled.ru_utime.tv_usec +
	    (double)s->ru_sampled.ru_stime.tv_usec) / 1e6;
	diag_info(s->d, "stats: samples %llu process-samples %llu "
	    "sampling-cpu-us %.0f total-cpu-us %.0f maxrss-kb %ld scans %llu",
	    (unsigned long long)s->samples,
	    (unsigned long long)s->proc_samples, cpu * 1e6,
	    ((double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
	    ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) /
	    1e6) * 1e6, ru.ru_maxrss, (unsigned long long)s->scans);
}

static int
setup(struct session *s)
{
	int r;

	if (s->mode == MODE_BOOT && geteuid() == 0) {
		/*
		 * From an init script / and /tmp may still be read-only:
		 * log like init mode, and come back to this namespace.
		 */
		s->nsfd = open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
		r = setup_init(s);
	} else if (s->mode == MODE_INIT)
		r = setup_init(s);
	else
		r = setup_manual(s);
	if (r != 0)
		return -1;
	if (open_logs(s) != 0) {
		diag_warn(s->d, "%s: %s", s->base, strerror(errno));
		return -1;
	}
	if (setup_signals(s) != 0) {
		diag_warn(s->d, "signals: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Header and tarball, from the system's namespace; returns 0 or -1. */
static int
finish(struct session *s)
{
	char *hdr;
	size_t hlen;
	int r;

	if (enter_system(s) != 0)
		return -1;
	if ((hdr = header_build(s, s->procfd, &hlen)) == NULL) {
		diag_warn(s->d, "out of memory for the header");
		return -1;
	}
	r = dest_write(s, hdr, hlen);
	free(hdr);
	if (r == 0 && s->cfg.auto_render)
		auto_render(s);
	return r;
}

int
session_run(struct session *s)
{
	struct sampler sm;
	int r = -1, procfd;

	raise_nofile();
	if (setup(s) != 0) {
		cleanup(s);
		return EXIT_OUTPUT;
	}
	start_acct(s);
	start_procev(s);
	if ((procfd = dup(s->procfd)) < 0 ||
	    sampler_init(&sm, procfd, &s->cfg) != 0) {
		diag_warn(s->d, "cannot start sampling: %s", strerror(errno));
		if (procfd >= 0)
			close(procfd);
		stop_acct(s);
		cleanup(s);
		return EXIT_NOMEM;
	}
	/* Only boot logging ends on EXIT_PROC. */
	sm.watch_exit = s->mode != MODE_START && s->cfg.nexit > 0;
	if (sample_loop(s, &sm) != 0) {
		diag_warn(s->d, "sampling stopped: %s", strerror(errno));
		s->why_end = "error";
	}
	stop_acct(s);
	getrusage(RUSAGE_SELF, &s->ru_sampled);
	s->t_end_us = clock_us(CLOCK_MONOTONIC);
	sampler_free(&sm);
	notify_ready(s);
	if (s->samples > 0)
		r = finish(s);
	else
		diag_warn(s->d, "no sample taken; nothing written");
	report(s, r == 0);
	cleanup(s);
	return r == 0 ? EXIT_OK : EXIT_OUTPUT;
}
