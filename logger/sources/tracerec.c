/* tracerec.c: the kernel's trace as a source of the run (exact mode): the tracefs buffer, its per-CPU drains and the trace.dat member composed into start, tick and stop, with the clock-sync markers and the status. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "logfiles.h"
#include "tracerec.h"

#define NAMES_MAX	(8 << 20)	/* bytes of the sampler's names kept */

static uint64_t
ns_of(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void
tracerec_init(struct tracerec *t)
{
	memset(t, 0, sizeof(*t));
	traceinst_init(&t->inst);
	tracedrain_init(&t->drain);
	traceout_init(&t->member);
	t->markfd = -1;
}

/* A clock-sync marker; which: 0 start, 1 end. */
static void
mark(struct tracerec *t, int which)
{
	char line[96];
	uint64_t before = ns_of(CLOCK_BOOTTIME);
	int n = snprintf(line, sizeof(line), TRACE_SYNC_MARK "%s "
	    "boottime_ns=%llu\n", which ? "end" : "start",
	    (unsigned long long)before);

	if (write(t->markfd, line, (size_t)n) != n)
		return;
	t->sync[2 * which] = before;
	t->sync[2 * which + 1] = ns_of(CLOCK_BOOTTIME);
}

/* The buffer, its marker and CPUs, recording; 0 or -1 (t->why set). */
static int
start_buffer(struct tracerec *t, struct store *st, struct diag *d)
{
	struct traceinst *ti = &t->inst;

	if (traceinst_open(ti, &t->mode, st, d, t->why) != 0)
		return -1;
	if ((t->markfd = openat(ti->bufd, "trace_marker", O_WRONLY |
	    O_CLOEXEC)) < 0 || tracedrain_open(&t->drain, ti->bufd,
	    traceinst_cpus(ti), ti->page, traceinst_cpu_bytes(ti), st) != 0) {
		snprintf(t->why, sizeof(t->why), "off: tracefs: %s",
		    strerror(errno));
		return -1;
	}
	if (t->mode != TREC_BOOT && traceinst_tracing(ti, 1) != 0) {
		snprintf(t->why, sizeof(t->why), "off: tracing_on: %s",
		    strerror(errno));
		return -1;
	}
	mark(t, 0);
	return 0;
}

/* The status once started: what is recorded. */
static void
say_on(struct tracerec *t, enum tracerec_mode asked)
{
	const struct traceinst *ti = &t->inst;
	const char *off = ti->fn_off;

	if (t->mode == TREC_FUNCTIONS) {
		snprintf(t->why, sizeof(t->why), "on: the whole system in the "
		    "top-level buffer, function_graph below %.60s (depth %u, "
		    "calls of %u us and more)", ti->fn.roots, ti->fn.depth,
		    ti->fn.thresh_us);
		return;
	}
	if (ti->scope_pid > 0 && t->mode == TREC_INSTANCE) {
		snprintf(t->why, sizeof(t->why), "on: the command's processes "
		    "(pid %d and its descendants)", ti->scope_pid);
		return;
	}
	snprintf(t->why, sizeof(t->why), "on: %s%s%.120s%s", asked ==
	    TREC_BOOT ? "the boot's top-level buffer" : "the whole system",
	    off[0] != '\0' ? " (no kernel functions: " : "", off,
	    off[0] != '\0' ? ")" : "");
}

int
tracerec_start(struct tracerec *t, enum tracerec_mode mode, struct store *st,
    struct diag *d)
{
	uint64_t t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
	int r = -1;

	t->mode = mode;
	if (mode == TREC_OFF)
		return -1;
	if (geteuid() != 0)
		snprintf(t->why, sizeof(t->why), "off: tracing needs root");
	else
		r = start_buffer(t, st, d);
	if (r == 0)
		say_on(t, mode);
	else {
		/* Our instance was asked for: say why there is none. */
		if (mode != TREC_BOOT)
			diag_warn(d, "no kernel trace (%s); sampling only",
			    t->why + 5);
		tracerec_free(t, st);
		t->mode = TREC_OFF;
	}
	t->cpu_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
	return r;
}

/* What drain() reads: a CPU's index, or one of these. */
enum { DRAIN_DUE = -1, DRAIN_ALL = -2 };

/*
 * Drains the CPUs past the threshold (DRAIN_DUE), one CPU (its fill
 * level woke us), or (DRAIN_ALL, at the end) every page left.  A cut
 * mid-run writes the closing marker at once, then what the buffers
 * hold goes into the reserve: every CPU's events reach the cut, and the
 * renderer ends the trace there (docs/trace.md).  Our instance stops;
 * the boot's buffer is not ours.
 */
static void
drain(struct tracerec *t, struct store *st, int cpu)
{
	uint64_t t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
	int all = cpu == DRAIN_ALL;

	if ((all ? tracedrain_close_out(&t->drain, st) : cpu == DRAIN_DUE ?
	    tracedrain_run(&t->drain, st) :
	    tracedrain_run_cpu(&t->drain, st, (unsigned)cpu)) != 0) {
		snprintf(t->why, sizeof(t->why), "cut: %s",
		    tracedrain_cut_reason(&t->drain, errno));
		if (!all)
			mark(t, 1);
		if (t->mode != TREC_BOOT)
			traceinst_tracing(&t->inst, 0);
		if (!all)
			(void)tracedrain_close_out(&t->drain, st);
	}
	t->drain_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
}

void
tracerec_tick(struct tracerec *t, struct store *st)
{
	uint64_t t0;

	if (t->mode == TREC_OFF || t->drain.full)
		return;
	t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
	drain(t, st, DRAIN_DUE);
	t->cpu_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
}

int
tracerec_fill_fd(const struct tracerec *t, unsigned i)
{
	if (t->mode == TREC_OFF || !t->inst.fill_wake || i >= t->drain.ncpu)
		return -1;
	return t->drain.cpu[i].pipefd;
}

int
tracerec_filled(struct tracerec *t, struct store *st, int fd)
{
	uint64_t t0, pages;
	unsigned i;

	if (t->mode == TREC_OFF || t->drain.full)
		return 1;
	for (i = 0; i < t->drain.ncpu && t->drain.cpu[i].pipefd != fd; i++)
		;
	if (i == t->drain.ncpu)
		return 1;
	t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
	pages = t->drain.cpu[i].pages;
	drain(t, st, (int)i);
	t->cpu_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
	/* A wake that finds nothing, again and again, would spin: ticks then. */
	t->idle_wakes = t->drain.cpu[i].pages == pages ? t->idle_wakes + 1 : 0;
	return t->drain.full || t->idle_wakes >= FILL_IDLE_MAX;
}

void
tracerec_names(struct tracerec *t, const char *p, size_t len)
{
	/* Past the cap the kernel's saved_cmdlines and the events name them. */
	if (t->mode == TREC_OFF || len == 0 || t->names.len + len > NAMES_MAX ||
	    obuf_room(&t->names, len) != 0)
		return;
	memcpy(t->names.p + t->names.len, p, len);
	t->names.len += len;
}

/* The CPUs' files, the marker, then the buffer and tracefs given back. */
static void
teardown(struct tracerec *t)
{
	tracedrain_close(&t->drain);
	if (t->markfd >= 0)
		close(t->markfd);
	t->markfd = -1;
	traceinst_close(&t->inst);
}

void
tracerec_stop(struct tracerec *t, struct store *st, int procfd)
{
	uint64_t t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);

	if (t->mode == TREC_OFF)
		return;
	/* A cut wrote its own. */
	if (!t->drain.full)
		mark(t, 1);
	/* Nothing more comes in while the last pages are read. */
	traceinst_tracing(&t->inst, 0);
	if (!t->drain.full)
		drain(t, st, DRAIN_ALL);
	/* The stats first: changing the tracer resets their counts. */
	tracedrain_end_stats(&t->drain);
	/* An open trace_pipe_raw holds the tracer (EBUSY): ours go first. */
	if (t->mode == TREC_BOOT || t->mode == TREC_FUNCTIONS) {
		tracedrain_close_pipes(&t->drain);
		traceinst_stop_graph(&t->inst);
	}
	traceout_build(&t->member, &t->inst, &t->drain, &t->names, st,
	    procfd, t->why);
	teardown(t);
	t->cpu_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
}

/* The two markers' clock pairs; one the kernel did not take is left out. */
static void
report_sync(const struct tracerec *t, char *out, size_t cap)
{
	size_t n;

	if (t->sync[0] != 0)
		snprintf(out, cap, "start %llu %llu",
		    (unsigned long long)t->sync[0],
		    (unsigned long long)t->sync[1]);
	n = strlen(out);
	if (t->sync[2] != 0)
		snprintf(out + n, cap - n, "%send %llu %llu", n > 0 ? " " : "",
		    (unsigned long long)t->sync[2],
		    (unsigned long long)t->sync[3]);
}

void
tracerec_report(const struct tracerec *t, struct trace_report *r)
{
	const struct tracedrain *d = &t->drain;

	snprintf(r->status, sizeof(r->status), "%s", t->why);
	if (d->ncpu == 0 || d->cpu == NULL)
		return;
	tracedrain_counts(d, TDRAIN_READ, r->events, sizeof(r->events));
	tracedrain_counts(d, TDRAIN_LOST, r->lost, sizeof(r->lost));
	if (t->mode == TREC_BOOT)
		tracedrain_counts(d, TDRAIN_LOST_START, r->lost_start,
		    sizeof(r->lost_start));
	/* A cut whose close-out did not fit every buffer says what it left. */
	if (strncmp(t->why, "cut:", 4) == 0)
		tracedrain_counts(d, TDRAIN_UNREAD, r->unread,
		    sizeof(r->unread));
	report_sync(t, r->sync, sizeof(r->sync));
	if (t->inst.scope_pid > 0)
		snprintf(r->scope, sizeof(r->scope), "command %d",
		    t->inst.scope_pid);
	else
		snprintf(r->scope, sizeof(r->scope), "system");
	snprintf(r->clock, sizeof(r->clock), "%s", t->inst.clock);
	snprintf(r->absent, sizeof(r->absent), "%s", t->inst.absent);
	tracedrain_store_line(d, r->store, sizeof(r->store));
	r->cpu_ns = t->cpu_ns;
	r->drain_ns = t->drain_ns;
}

void
tracerec_free(struct tracerec *t, struct store *st)
{
	teardown(t);
	tracedrain_free(&t->drain, st);
	traceout_free(&t->member);
	traceinst_free(&t->inst);
	obuf_free(&t->names);
}
