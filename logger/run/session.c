/* session.c: one logging run: sample on a timer until the end, then write the header and the tarball. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "autorender.h"
#include "bootwatch.h"
#include "clocks.h"
#include "dest.h"
#include "header.h"
#include "kmsg.h"
#include "parents.h"
#include "report.h"
#include "sampler.h"
#include "session.h"
#include "store.h"

/* One run's state. */
struct run {
	struct session *s;
	const struct config *cfg;
	struct diag *d;
	struct store st;
	struct parents pa;
	struct run_report rep;
	struct bootwatch bw;	/* boot modes: switch_root, systemd's end */
	int sigfd, timerfd;
	uint64_t t_first_us;	/* CLOCK_MONOTONIC at the first sample */
};

static int
setup_signals(struct run *r)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, NULL) != 0)
		return -1;
	r->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return r->sigfd < 0 ? -1 : 0;
}

/* Stores the sample's blocks and the forks since the last one. */
static int
store_sample(struct run *r, struct sampler *sm)
{
	struct iovec logs[LOG_N], forks;

	logs[LOG_STAT].iov_base = sm->stat.p;
	logs[LOG_STAT].iov_len = sm->stat.len;
	logs[LOG_DISK].iov_base = sm->disk.p;
	logs[LOG_DISK].iov_len = sm->disk.len;
	logs[LOG_PS].iov_base = sm->ps.p;
	logs[LOG_PS].iov_len = sm->ps.len;
	logs[LOG_MEM].iov_base = sm->mem.p;
	logs[LOG_MEM].iov_len = sm->mem.len;
	logs[LOG_CMD].iov_base = sm->cmd.p;
	logs[LOG_CMD].iov_len = sm->cmd.len;
	logs[LOG_CG].iov_base = sm->cg.p;
	logs[LOG_CG].iov_len = sm->cg.len;
	procev_drain(&r->pa.pe);
	forks.iov_base = r->pa.pe.out.buf;
	forks.iov_len = r->pa.pe.out.len;
	if (store_append(&r->st, logs, &forks) != 0) {
		r->rep.truncated = 1;
		return -1;
	}
	r->pa.pe.out.len = 0;
	r->rep.samples++;
	r->rep.proc_samples += sm->nprocs;
	r->rep.scans = sm->scans;
	return 0;
}

static int
arm_timer(struct run *r)
{
	struct itimerspec its;
	struct timespec now;
	uint64_t period = r->cfg->period_us;

	r->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	if (r->timerfd < 0 || clock_gettime(CLOCK_MONOTONIC, &now) != 0)
		return -1;
	/* Absolute start plus a fixed interval: the kernel keeps the grid. */
	its.it_interval.tv_sec = (time_t)(period / 1000000);
	its.it_interval.tv_nsec = (long)(period % 1000000) * 1000;
	its.it_value = now;
	its.it_value.tv_sec += its.it_interval.tv_sec;
	its.it_value.tv_nsec += its.it_interval.tv_nsec;
	if (its.it_value.tv_nsec >= 1000000000) {
		its.it_value.tv_sec++;
		its.it_value.tv_nsec -= 1000000000;
	}
	return timerfd_settime(r->timerfd, TFD_TIMER_ABSTIME, &its, NULL);
}

static void
notify_ready(struct run *r)
{
	char c = 1;

	if (r->s->ready_fd < 0)
		return;
	if (write(r->s->ready_fd, &c, 1) != 1)
		diag_warn(r->d, "cannot tell the parent we started");
	close(r->s->ready_fd);
	r->s->ready_fd = -1;
}

/* Logging ends for `why`; end_at is the first end condition met. */
static void
end_for(struct run *r, const char *why)
{
	r->rep.why_end = why;
	if (r->rep.end_at == 0)
		r->rep.end_at = boottime_jiffies();
}

/*
 * The end of boot was seen (`why`): logging goes on for SETTLE_TIME.
 * On systemd with bootchartd-done.service that is systemd's word that
 * start-up finished; EXIT_PROC (a getty starts before the default
 * target is reached) counts elsewhere only.
 */
static int
end_seen(struct run *r, const struct sampler *sm, const char **why)
{
	int done = bootwatch_done(&r->bw);

	if (r->bw.systemd || done) {
		*why = "systemd";
		return done;
	}
	*why = "EXIT_PROC";
	if (!sm->exit_seen)
		return 0;
	memcpy(r->rep.exit_name, sm->exit_name, sizeof(r->rep.exit_name));
	return 1;
}

/* Returns 1 when the boot is over (init modes only). */
static int
boot_over(struct run *r, const struct sampler *sm, uint64_t *settle_at)
{
	uint64_t now = clock_us(CLOCK_MONOTONIC);
	const char *why;

	if (r->s->mode == MODE_START)
		return 0;
	if (*settle_at == 0 && end_seen(r, sm, &why)) {
		*settle_at = now + r->cfg->settle_us;
		r->rep.end_at = boottime_jiffies();
		r->rep.why_end = why;
		if (r->rep.exit_name[0] != '\0')
			diag_info(r->d, "%s started; stopping in %llu ms",
			    r->rep.exit_name,
			    (unsigned long long)r->cfg->settle_us / 1000);
		else
			diag_info(r->d, "systemd start-up finished; stopping "
			    "in %llu ms",
			    (unsigned long long)r->cfg->settle_us / 1000);
	}
	if (*settle_at != 0 && now >= *settle_at)
		return 1;
	if (now - r->t_first_us >= r->cfg->max_us) {
		end_for(r, "MAX_DURATION");
		return 1;
	}
	return 0;
}

/* Waits for the next tick; 1 when a signal came first, -1 on error. */
static int
wait_tick(struct run *r)
{
	struct signalfd_siginfo si;
	struct pollfd pf[2];
	uint64_t ticks;

	for (;;) {
		pf[0].fd = r->timerfd;
		pf[1].fd = r->sigfd;
		pf[0].events = pf[1].events = POLLIN;
		if (poll(pf, 2, -1) < 0 && errno != EINTR)
			return -1;
		if (pf[1].revents & POLLIN &&
		    read(r->sigfd, &si, sizeof(si)) == sizeof(si))
			return 1;
		if (pf[0].revents & POLLIN &&
		    read(r->timerfd, &ticks, sizeof(ticks)) == sizeof(ticks))
			return 0;
	}
}

/*
 * One sample stamped `now`; 1 when logging must stop (why_end set).  A
 * tick served so late that it falls into the jiffy of the sample before
 * is skipped (sampler_take).
 */
static int
sample_once(struct run *r, struct sampler *sm, uint64_t now)
{
	int rc;

	if ((rc = sampler_take(sm, now)) > 0)
		return 0;
	if (rc != 0) {
		diag_warn(r->d, "out of memory while sampling");
		end_for(r, "out of memory");
		return 1;
	}
	if (store_sample(r, sm) != 0) {
		diag_warn(r->d, "log budget of %llu bytes full; logs truncated",
		    (unsigned long long)r->cfg->tmpfs_size);
		end_for(r, "log budget full");
		return 1;
	}
	if (r->s->mode != MODE_START)
		bootwatch_sample(&r->bw, now);
	if (r->bw.switch_root != 0)
		spare_clear(&r->s->spare);
	return 0;
}

/* Samples on the timer until a signal, the end of boot or a full budget. */
static int
sample_loop(struct run *r, struct sampler *sm)
{
	uint64_t settle_at = 0;
	int w;

	r->t_first_us = clock_us(CLOCK_MONOTONIC);
	if (arm_timer(r) != 0)
		return -1;
	for (;;) {
		if (sample_once(r, sm, boottime_jiffies()) != 0)
			return 0;
		notify_ready(r);
		if (boot_over(r, sm, &settle_at))
			return 0;
		if ((w = wait_tick(r)) < 0)
			return -1;
		if (w > 0) {
			end_for(r, "stopped");
			return 0;
		}
	}
}

static void
cleanup(struct run *r)
{
	parents_stop(&r->pa, r->d);
	store_close(&r->st);
	if (r->sigfd >= 0)
		close(r->sigfd);
	if (r->timerfd >= 0)
		close(r->timerfd);
	r->sigfd = r->timerfd = -1;
}

static int
setup(struct run *r)
{
	enum store_kind kind = STORE_DIR;

	/* From an init script as root, / and /tmp may still be read-only. */
	if (r->s->mode == MODE_INIT)
		kind = STORE_INIT;
	else if (r->s->mode == MODE_BOOT && geteuid() == 0)
		kind = STORE_BOOT;
	if (store_open(&r->st, kind, r->cfg->verbose > 0) != 0)
		return -1;
	if (setup_signals(r) != 0) {
		diag_warn(r->d, "signals: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * A boot log's dmesg member: the kernel's log as it is now, read
 * without waiting; a missing one is a header note.  It also holds the
 * init fallback PID 1 wrote when a logger from the initramfs was
 * already running (so no child of that PID 1 could note it).
 */
static void
read_dmesg(struct run *r, struct kmsg_text *km)
{
	char why[128];

	if (r->s->mode == MODE_START)
		return;
	if (kmsg_read(km, KMSG_MAX, why, sizeof(why)) != 0) {
		snprintf(r->rep.dmesg_note, sizeof(r->rep.dmesg_note),
		    "unavailable: %s", why);
		kmsg_free(km);
		return;
	}
	if (km->cut)
		snprintf(r->rep.dmesg_note, sizeof(r->rep.dmesg_note),
		    "cut at %d bytes", KMSG_MAX);
	/* In init mode our own PID 1 made the choice (session.init_note). */
	if (r->s->mode == MODE_BOOT && km->len > 0)
		kmsg_find_fallback(km->p, km->len, r->rep.init_fallback,
		    sizeof(r->rep.init_fallback));
}

/* Header and tarball, from the system's namespace; returns 0 or -1. */
static int
finish(struct run *r)
{
	struct kmsg_text km;
	char *hdr;
	size_t hlen;
	int rc;

	if (store_enter_system(&r->st) != 0)
		return -1;
	memset(&km, 0, sizeof(km));
	read_dmesg(r, &km);
	hdr = header_build(&r->rep, r->cfg, r->st.procfd, &hlen);
	if (hdr == NULL) {
		diag_warn(r->d, "out of memory for the header");
		kmsg_free(&km);
		return -1;
	}
	rc = dest_write(r->cfg, &r->st, hdr, hlen, km.p, km.len, r->d);
	free(hdr);
	kmsg_free(&km);
	if (rc == 0 && r->cfg->auto_render)
		auto_render(r->cfg, r->d);
	return rc;
}

int
session_run(struct session *s, const struct config *cfg, struct diag *d)
{
	struct sampler sm;
	struct run r;
	int rc = -1, procfd;

	memset(&r, 0, sizeof(r));
	r.s = s;
	r.cfg = cfg;
	r.d = d;
	r.sigfd = r.timerfd = -1;
	r.rep.profile = s->profile;
	r.rep.profile_cmd = s->profile_cmd;
	if (s->init_note != NULL)
		snprintf(r.rep.init_fallback, sizeof(r.rep.init_fallback),
		    "%s", s->init_note);
	store_init(&r.st, d, cfg->tmpfs_size);
	parents_init(&r.pa);
	raise_nofile();
	if (setup(&r) != 0) {
		cleanup(&r);
		return EXIT_OUTPUT;
	}
	parents_start(&r.pa, &r.st, cfg->acct, d);
	if ((procfd = dup(r.st.procfd)) < 0 ||
	    sampler_init(&sm, procfd, cfg) != 0) {
		diag_warn(d, "cannot start sampling: %s", strerror(errno));
		if (procfd >= 0)
			close(procfd);
		cleanup(&r);
		return EXIT_NOMEM;
	}
	/* Only boot logging ends on EXIT_PROC. */
	sm.watch_exit = s->mode != MODE_START && cfg->nexit > 0;
	if (s->mode != MODE_START) {
		r.rep.log_start_us = clock_us(CLOCK_BOOTTIME);
		bootwatch_init(&r.bw, r.st.procfd);
	}
	if (sample_loop(&r, &sm) != 0) {
		diag_warn(d, "sampling stopped: %s", strerror(errno));
		end_for(&r, "error");
	}
	r.rep.switch_root = r.bw.switch_root;
	parents_stop(&r.pa, d);
	parents_report(&r.pa, &r.rep);
	getrusage(RUSAGE_SELF, &r.rep.ru_sampled);
	sampler_free(&sm);
	notify_ready(&r);
	if (r.rep.samples > 0)
		rc = finish(&r);
	else
		diag_warn(d, "no sample taken; nothing written");
	report_print(&r.rep, cfg, rc == 0, d);
	cleanup(&r);
	return rc == 0 ? EXIT_OK : EXIT_OUTPUT;
}
