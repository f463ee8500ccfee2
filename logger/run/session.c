/* session.c: one logging run: a loop over its sources (timer, signals, fork events) until the end, then the header and the tarball. */
#include <errno.h>
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
#include "keep.h"
#include "kmsg.h"
#include "lastmsg.h"
#include "logheader.h"
#include "loop.h"
#include "parents.h"
#include "procinfo.h"
#include "reader.h"
#include "sampler.h"
#include "session.h"
#include "store.h"
#include "tracerec.h"

/* One run's state. */
struct run {
	struct session *s;
	const struct config *cfg;
	struct diag *d;
	struct store st;
	struct parents pa;
	struct sampler sm;
	struct procinfo pi;	/* what the sample's new processes run */
	struct reader rd;	/* reads them off the sampling path */
	struct run_report rep;
	struct bootwatch bw;	/* boot modes: switch_root, systemd's end */
	struct loop loop;	/* the sources */
	struct tracerec tr;	/* the kernel's trace (exact mode) */
	int sigfd, timerfd;
	uint64_t t_first_us;	/* CLOCK_MONOTONIC at the first sample */
	uint64_t settle_at;	/* end of SETTLE_TIME; 0 before the end */
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

/*
 * A description the reader's helper read: its records (stored with the
 * next sample), and the one second look at an exec caught half done.
 */
static int
got(void *ctx, const struct procraw *raw, int retry)
{
	struct run *r = ctx;
	int rc = procinfo_add(&r->pi, raw, clock_us(CLOCK_MONOTONIC));

	if (rc < 0)
		return -1;
	if (rc == PROCINFO_HALF && !retry)
		sampler_again(&r->sm, raw->pid);
	return 0;
}

/* Stores the forks so far, then the sample's blocks, one set. */
static int
store_sample(struct run *r)
{
	struct iovec blocks[LK_NKINDS];

	memset(blocks, 0, sizeof(blocks));
	sampler_blocks(&r->sm, blocks);
	procinfo_blocks(&r->pi, blocks);
	if (parents_drain(&r->pa, &r->st) != 0 ||
	    store_append(&r->st, blocks) != 0) {
		r->rep.truncated = 1;
		return -1;
	}
	procinfo_clear(&r->pi);
	r->rep.samples++;
	r->rep.proc_samples += r->sm.nprocs;
	r->rep.scans = r->sm.scans;
	r->rep.reused = r->sm.reused;
	return 0;
}

static int
arm_timer(struct run *r)
{
	struct itimerspec its;
	struct timespec now;
	uint64_t period = r->cfg->period_us;

	r->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC |
	    TFD_NONBLOCK);
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
end_seen(struct run *r, const char **why)
{
	int done = bootwatch_done(&r->bw);

	if (r->bw.systemd || done) {
		*why = "systemd";
		return done;
	}
	*why = "EXIT_PROC";
	if (!r->sm.exit_seen)
		return 0;
	memcpy(r->rep.exit_name, r->sm.exit_name, sizeof(r->rep.exit_name));
	return 1;
}

/* Returns 1 when the boot is over (init modes only). */
static int
boot_over(struct run *r)
{
	uint64_t now = clock_us(CLOCK_MONOTONIC);
	const char *why;

	if (r->s->mode == MODE_START)
		return 0;
	if (r->settle_at == 0 && end_seen(r, &why)) {
		r->settle_at = now + r->cfg->settle_us;
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
	if (r->settle_at != 0 && now >= r->settle_at)
		return 1;
	if (now - r->t_first_us >= r->cfg->max_us) {
		end_for(r, "MAX_DURATION");
		return 1;
	}
	return 0;
}

/*
 * One sample stamped `now`; 1 when logging must stop (why_end set).  A
 * tick served so late that it falls into the jiffy of the sample before
 * is skipped (sampler_take).
 */
static int
sample_once(struct run *r, uint64_t now)
{
	int rc;

	if ((rc = sampler_take(&r->sm, now)) > 0)
		return 0;
	if (rc != 0 || reader_ask(&r->rd, r->sm.desc, r->sm.ndesc) != 0) {
		diag_warn(r->d, "out of memory while sampling");
		end_for(r, "out of memory");
		return 1;
	}
	if (store_sample(r) != 0) {
		diag_warn(r->d, "log budget of %llu bytes full; logs truncated",
		    (unsigned long long)r->cfg->tmpfs_size);
		end_for(r, "log budget full");
		return 1;
	}
	tracerec_names(&r->tr, r->sm.names.p, r->sm.names.len);
	tracerec_tick(&r->tr, &r->st);
	if (r->s->mode != MODE_START)
		bootwatch_sample(&r->bw, now);
	if (r->bw.switch_root != 0)
		spare_clear(&r->s->spare);
	return 0;
}

/* A sample, then the end conditions; 1 when logging must stop. */
static int
tick(struct run *r)
{
	if (sample_once(r, boottime_jiffies()) != 0)
		return 1;
	notify_ready(r);
	return boot_over(r);
}

/* Source: the sampling timer. */
static int
on_timer(void *ctx, int fd, short revents)
{
	uint64_t ticks;

	/* Missed ticks are skipped, not caught up: one sample. */
	if (read(fd, &ticks, sizeof(ticks)) != (ssize_t)sizeof(ticks))
		return 0;
	return tick(ctx);
}

/* Source: SIGTERM, SIGINT, SIGHUP, SIGUSR1 (`stop`, CMD's end). */
static int
on_signal(void *ctx, int fd, short revents)
{
	struct signalfd_siginfo si;

	if (read(fd, &si, sizeof(si)) != (ssize_t)sizeof(si))
		return 0;
	end_for(ctx, "stopped");
	return 1;
}

/* Source: fork events and exit records, stored as they come (paternity.log, taskstats_exit.log). */
static int
on_forks(void *ctx, int fd, short revents)
{
	struct run *r = ctx;

	if (parents_drain(&r->pa, &r->st) == 0)
		return 0;
	r->rep.truncated = 1;
	diag_warn(r->d, "log budget of %llu bytes full; logs truncated",
	    (unsigned long long)r->cfg->tmpfs_size);
	end_for(r, "log budget full");
	return 1;
}

/* Source: the reader's answers (what a process runs). */
static int
on_answers(void *ctx, int fd, short revents)
{
	struct run *r = ctx;

	if (reader_collect(&r->rd, got, r) == 0)
		return 0;
	diag_warn(r->d, "out of memory while sampling");
	end_for(r, "out of memory");
	return 1;
}

/* Source: the reader's deadline (a process that does not answer). */
static int
on_deadline(void *ctx, int fd, short revents)
{
	struct run *r = ctx;

	reader_expire(&r->rd);
	return 0;
}

/* Source: a CPU's trace buffer at its fill level (tracerec_fill_fd). */
static int
on_trace_fill(void *ctx, int fd, short revents)
{
	struct run *r = ctx;
	unsigned i;
	int f;

	if (tracerec_filled(&r->tr, &r->st, fd) == 0)
		return 0;
	for (i = 0; (f = tracerec_fill_fd(&r->tr, i)) >= 0; i++)
		loop_remove(&r->loop, f);
	return 0;
}

/* The signals first: a stop wins over a tick that came with it. */
static int
add_sources(struct run *r)
{
	unsigned i;
	int fd;

	if (loop_add(&r->loop, r->sigfd, on_signal, r) != 0 ||
	    loop_add(&r->loop, r->timerfd, on_timer, r) != 0)
		return -1;
	if (parents_fd(&r->pa) >= 0 &&
	    loop_add(&r->loop, parents_fd(&r->pa), on_forks, r) != 0)
		return -1;
	if (parents_exit_fd(&r->pa) >= 0 &&
	    loop_add(&r->loop, parents_exit_fd(&r->pa), on_forks, r) != 0)
		return -1;
	if (r->rd.sock >= 0 && (loop_add(&r->loop, r->rd.sock, on_answers,
	    r) != 0 || loop_add(&r->loop, r->rd.timerfd, on_deadline, r) != 0))
		return -1;
	for (i = 0; (fd = tracerec_fill_fd(&r->tr, i)) >= 0; i++)
		if (loop_add(&r->loop, fd, on_trace_fill, r) != 0)
			return -1;
	return 0;
}

/*
 * After the last sample: the descriptions still due (each waited for
 * no longer than the reader's deadline), stored as one more set whose
 * timed blocks are empty.
 */
static void
last_descriptions(struct run *r)
{
	struct iovec blocks[LK_NKINDS];

	if (reader_finish(&r->rd, got, r) != 0 || r->rep.truncated ||
	    r->rep.samples == 0 || (r->pi.cmd.len == 0 && r->pi.cg.len == 0))
		return;
	memset(blocks, 0, sizeof(blocks));
	procinfo_blocks(&r->pi, blocks);
	if (store_append(&r->st, blocks) != 0)
		r->rep.truncated = 1;
	procinfo_clear(&r->pi);
}

/* Samples on the timer until a signal, the end of boot or a full budget. */
static int
sample_loop(struct run *r)
{
	r->t_first_us = clock_us(CLOCK_MONOTONIC);
	if (arm_timer(r) != 0)
		return -1;
	if (tick(r) != 0)
		return 0;
	if (add_sources(r) != 0)
		return -1;
	return loop_run(&r->loop) < 0 ? -1 : 0;
}

static void
cleanup(struct run *r)
{
	parents_stop(&r->pa, r->d);
	tracerec_free(&r->tr, &r->st);
	loop_free(&r->loop);
	reader_stop(&r->rd);
	procinfo_free(&r->pi);
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
	struct iovec end[LK_NKINDS];
	struct dest_keep keep = { 0, NULL };
	struct kmsg_text km;
	char *hdr, boot_id[40];
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
	memset(end, 0, sizeof(end));
	end[LK_HEADER] = (struct iovec){ .iov_base = hdr, .iov_len = hlen };
	end[LK_DMESG] = (struct iovec){ .iov_base = km.p, .iov_len = km.len };
	/* A boot's log is kept among the boots' (KEEP_BOOTS); a profile's not. */
	if (r->s->mode != MODE_START) {
		keep_boot_id(r->st.procfd, boot_id, sizeof(boot_id));
		keep = (struct dest_keep){ r->cfg->keep_boots, boot_id };
	}
	rc = dest_write(r->cfg, &r->st, end, r->s->mode != MODE_START ?
	    &keep : NULL, r->d);
	free(hdr);
	kmsg_free(&km);
	if (rc == 0 && r->cfg->auto_render)
		auto_render(r->cfg, r->d);
	return rc;
}

/*
 * Exact mode: a boot drains what the kernel command line enabled;
 * `start --trace` traces CMD (our parent forks it once we are ready)
 * and its descendants, or everything.  Before the reader's helpers
 * start: they are ours, left out with us.
 */
static void
start_trace(struct run *r)
{
	enum tracerec_mode m = TREC_BOOT;

	if (r->s->mode == MODE_START)
		m = r->s->functions != NULL ? TREC_FUNCTIONS : r->s->trace ?
		    TREC_INSTANCE : TREC_OFF;
	/* The top-level buffer of --functions stays the whole system's. */
	if (m == TREC_INSTANCE && r->s->profile_parent > 0 &&
	    !r->cfg->trace_system)
		r->tr.inst.scope_pid = r->s->profile_parent;
	r->tr.inst.fn.roots = r->s->functions;
	r->tr.inst.fn.depth = r->cfg->fn_depth;
	r->tr.inst.fn.thresh_us = r->cfg->fn_thresh_us;
	tracerec_start(&r->tr, m, &r->st, r->d);
}

/* Everything the sampling needs, or an exit status after a message. */
static int
start(struct run *r)
{
	int procfd;

	store_init(&r->st, r->d, r->cfg->tmpfs_size);
	parents_init(&r->pa);
	raise_nofile();
	if (setup(r) != 0)
		return EXIT_OUTPUT;
	parents_start(&r->pa, &r->st, r->cfg->acct, r->d);
	start_trace(r);
	procinfo_init(&r->pi, r->cfg->tmpfs_size);
	/* Without a helper nothing is described; the header says so. */
	if (reader_start(&r->rd, r->st.procfd) != 0)
		diag_warn(r->d, "cannot start the reader: %s; no command "
		    "lines logged", strerror(errno));
	if ((procfd = dup(r->st.procfd)) < 0) {
		diag_warn(r->d, "cannot start sampling: %s", strerror(errno));
		return EXIT_NOMEM;
	}
	/* Only boot logging ends on EXIT_PROC. */
	if (sampler_init(&r->sm, procfd, r->cfg, r->s->mode != MODE_START) !=
	    0) {
		diag_warn(r->d, "cannot start sampling: %s", strerror(errno));
		sampler_free(&r->sm);
		return EXIT_NOMEM;
	}
	r->sm.keep_names = r->tr.mode != TREC_OFF;
	if (r->s->mode != MODE_START) {
		r->rep.log_start_us = clock_us(CLOCK_BOOTTIME);
		bootwatch_init(&r->bw, r->st.procfd);
	}
	return 0;
}

int
session_run(struct session *s, const struct config *cfg, struct diag *d)
{
	struct run r = {
		.s = s, .cfg = cfg, .d = d, .sigfd = -1, .timerfd = -1,
		.rd = { .sock = -1, .timerfd = -1 },
		.rep = { .profile = s->profile, .profile_cmd = s->profile_cmd,
		    .profile_parent = s->profile_parent },
	};
	int rc = -1, st;

	if (s->init_note != NULL)
		snprintf(r.rep.init_fallback, sizeof(r.rep.init_fallback),
		    "%s", s->init_note);
	loop_init(&r.loop);
	tracerec_init(&r.tr);
	if ((st = start(&r)) != 0) {
		cleanup(&r);
		return st;
	}
	if (sample_loop(&r) != 0) {
		diag_warn(d, "sampling stopped: %s", strerror(errno));
		end_for(&r, "error");
	}
	last_descriptions(&r);
	reader_stop(&r.rd);
	tracerec_stop(&r.tr, &r.st, r.st.procfd);
	tracerec_report(&r.tr, &r.rep.trace);
	r.rep.switch_root = r.bw.switch_root;
	parents_stop(&r.pa, d);
	parents_report(&r.pa, &r.rep);
	r.rep.pi_timeouts = r.rd.timeouts;
	r.rep.pi_dropped = r.rd.dropped;
	r.rep.pi_left_out = r.pi.left_out;
	r.rep.pi_off = r.rd.off;
	getrusage(RUSAGE_SELF, &r.rep.ru_sampled);
	getrusage(RUSAGE_CHILDREN, &r.rep.ru_helpers);
	sampler_free(&r.sm);
	notify_ready(&r);
	if (r.rep.samples > 0)
		rc = finish(&r);
	else
		diag_warn(d, "no sample taken; nothing written");
	lastmsg_print(&r.rep, cfg, rc == 0, d);
	cleanup(&r);
	return rc == 0 ? EXIT_OK : EXIT_OUTPUT;
}
