/* traceinst.c: the tracefs buffer exact mode records into: tracefs found or mounted, our instance made and configured or the top-level buffer borrowed, and all of it given back at the end. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fdio.h"
#include "ksyms.h"
#include "slurp.h"
#include "trace_events.h"
#include "tracefs_text.h"
#include "traceinst.h"

#define TRACEFS		"/sys/kernel/tracing"
#define CPU_MAX		4096		/* per_cpu/cpuN looked for */
#define BUF_KB		4096		/* our instance's buffer per CPU */
#define BUF_TOTAL_KB	(64 << 10)	/* and over all CPUs, at most */
#define BUF_MIN_KB	1024
/*
 * A kernel stack (ftrace:kernel_stack) after each switch that blocks
 * (S or D): why the thread waits (docs/wakeups.md).  Preempted
 * switches (R) are most of them and say nothing.
 */
#define SWITCH_TRIGGER	"events/sched/sched_switch/trigger"
#define STACK_TRIGGER	"stacktrace if prev_state & 3"

/*
 * The events exact mode records, in our instance and (through
 * `bootchartd kernel-args`) on the boot's command line: the scheduler's
 * and the processes' life, then what the kernel does for them where
 * this kernel has it.  Listed one by one: "sched:*" would add
 * sched_stat_runtime, an event per tick that says nothing the switches
 * do not.
 */
const char *const tracerec_events[] = {
	"sched:sched_switch", "sched:sched_waking", "sched:sched_wakeup_new",
	"sched:sched_process_fork", "sched:sched_process_exec",
	"sched:sched_process_exit", "sched:sched_process_free",
	"task:task_newtask", "task:task_rename",
	"initcall:initcall_level", "initcall:initcall_start",
	"initcall:initcall_finish", "block:block_rq_issue",
	"block:block_rq_complete", "workqueue:workqueue_execute_start",
	"workqueue:workqueue_execute_end", "module:module_load",
};
const size_t tracerec_nevents = sizeof(tracerec_events) /
    sizeof(tracerec_events[0]);

void
traceinst_init(struct traceinst *ti)
{
	memset(ti, 0, sizeof(*ti));
	ti->rootfd = ti->bufd = -1;
}

/* The page size: where header_page's data field ends (ksyms_page). */
static uint32_t
page_size(int rootfd)
{
	size_t len;
	char *s = slurp_at(rootfd, "events/header_page", TRACEFS_TEXT_MAX,
	    &len);
	struct ksyms k;
	uint32_t v = 0;

	memset(&k, 0, sizeof(k));
	if (s != NULL && ksyms_page(&k, s, len) == 0)
		v = k.page_size;
	free(s);
	return v >= 64 ? v : 0;
}

/*
 * tracefs: the system's, else our own mount in the store's private
 * tmpfs (never debugfs's: lockdown closes it).  0 or -1 with why.
 */
static int
open_tracefs(struct traceinst *ti, const struct store *st, char *why)
{
	int fd = open(TRACEFS, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0 && faccessat(fd, "trace_marker", W_OK, 0) == 0) {
		ti->rootfd = fd;
		return 0;
	}
	if (fd >= 0)
		close(fd);
	if (!st->mounted) {
		snprintf(why, TRACE_WHY, "off: no tracefs at " TRACEFS);
		return -1;
	}
	snprintf(ti->mnt, sizeof(ti->mnt), "%s/tracing", st->base);
	if ((mkdir(ti->mnt, 0700) != 0 && errno != EEXIST) ||
	    mount("nodev", ti->mnt, "tracefs", MS_NOSUID | MS_NODEV |
	    MS_NOEXEC, NULL) != 0) {
		snprintf(why, TRACE_WHY, "off: cannot mount tracefs: %s",
		    strerror(errno));
		rmdir(ti->mnt);
		ti->mnt[0] = '\0';
		return -1;
	}
	ti->rootfd = open(ti->mnt, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (ti->rootfd < 0) {
		snprintf(why, TRACE_WHY, "off: tracefs: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Adds "sys/event\n" to the list of enabled events. */
static int
add_event(struct traceinst *ti, const char *name, size_t len)
{
	if (obuf_room(&ti->events, len + 1) != 0)
		return -1;
	memcpy(ti->events.p + ti->events.len, name, len);
	ti->events.p[ti->events.len + len] = '\n';
	ti->events.len += len + 1;
	return 0;
}

/* The boot's events: set_event's "sys:event" lines.  0, or -1: none. */
static int
boot_events(struct traceinst *ti, char *why)
{
	size_t len, n;
	char *s = slurp_at(ti->rootfd, "set_event", TRACEFS_TEXT_MAX, &len);
	char *p, *eol, *colon;

	if (s == NULL) {
		snprintf(why, TRACE_WHY, "off: set_event: %s", strerror(errno));
		return -1;
	}
	for (p = s; p < s + len; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(s + len - p))) == NULL)
			eol = s + len;
		n = (size_t)(eol - p);
		if ((colon = memchr(p, ':', n)) == NULL)
			continue;
		*colon = '/';
		if (add_event(ti, p, n) != 0) {
			free(s);
			return -1;
		}
	}
	free(s);
	if (ti->events.len == 0) {
		snprintf(why, TRACE_WHY, "off: no events enabled on the "
		    "kernel command line");
		return -1;
	}
	return 0;
}

/* Appends "name " to ti->absent, as much as fits. */
static void
note_absent(struct traceinst *ti, const char *name)
{
	size_t n = strlen(ti->absent);

	snprintf(ti->absent + n, sizeof(ti->absent) - n, "%s%s",
	    n > 0 ? " " : "", name);
}

/* Enables our events in the buffer; the kernel's missing ones noted. */
static int
enable_events(struct traceinst *ti)
{
	char path[128], name[96], *colon;
	size_t i;

	for (i = 0; i < tracerec_nevents; i++) {
		/* "sys:event" is tracefs's events/sys/event. */
		snprintf(name, sizeof(name), "%s", tracerec_events[i]);
		if ((colon = strchr(name, ':')) != NULL)
			*colon = '/';
		snprintf(path, sizeof(path), "events/%s/enable", name);
		if (write_file_at(ti->bufd, path, "1", 0) == 0) {
			if (add_event(ti, name, strlen(name)) != 0)
				return -1;
			continue;
		}
		if (errno != ENOENT)
			return -1;
		note_absent(ti, name);
	}
	return 0;
}

/* Per-CPU buffer size of our instance, in KiB. */
static unsigned
buffer_kb(unsigned ncpu)
{
	unsigned kb = BUF_TOTAL_KB / (ncpu > 0 ? ncpu : 1);

	if (kb > BUF_KB)
		kb = BUF_KB;
	return kb < BUF_MIN_KB ? BUF_MIN_KB : kb;
}

unsigned
traceinst_cpus(const struct traceinst *ti)
{
	char path[64];
	unsigned n;

	for (n = 0; n < CPU_MAX; n++) {
		snprintf(path, sizeof(path), "per_cpu/cpu%u", n);
		if (faccessat(ti->bufd, path, F_OK, 0) != 0)
			break;
	}
	return n;
}

/*
 * A profile's trace is its command's: the kernel keeps an event when
 * the task it runs in is in set_event_pid, a switch when either side
 * is, a wake-up when the woken task is; `event-fork` adds each child
 * at its fork (docs/trace.md, "Exact mode and other users").  Other
 * users' traffic then cannot spend the trace's budget.  The pid is
 * the one that forks CMD, so its fork is in the trace.  0, or -1.
 */
static int
scope(struct traceinst *ti)
{
	char num[16];

	if (ti->scope_pid <= 0)
		return 0;
	snprintf(num, sizeof(num), "%d", ti->scope_pid);
	if (write_file_at(ti->bufd, "options/event-fork", "1", 0) != 0 ||
	    write_file_at(ti->bufd, "set_event_pid", num, 0) != 0)
		return -1;
	return 0;
}

/*
 * Our buffer's clock, options, size and events: our instance's, or the
 * top-level one borrowed (tracefn.c keeps what it held).  0, or -1
 * (errno).
 */
static int
configure(struct traceinst *ti)
{
	char num[32];

	snprintf(num, sizeof(num), "%u", buffer_kb(traceinst_cpus(ti)));
	/* The clock first: changing it empties the buffer. */
	if (write_file_at(ti->bufd, "tracing_on", "0", 0) != 0 ||
	    write_file_at(ti->bufd, "trace_clock", "local", 0) != 0 ||
	    write_file_at(ti->bufd, "options/record-tgid", "1", 0) != 0 ||
	    write_file_at(ti->bufd, "options/overwrite", "0", 0) != 0 ||
	    write_file_at(ti->bufd, "buffer_size_kb", num, 0) != 0)
		return -1;
	if (scope(ti) != 0)
		return -1;
	if (enable_events(ti) != 0)
		return -1;
	/* Without the stacks the waits have no reasons: not an error. */
	if (write_file_at(ti->bufd, SWITCH_TRIGGER, STACK_TRIGGER, 0) == 0)
		ti->stacks = 1;
	else
		note_absent(ti, "stacks");
	return 0;
}

/* Our instance, configured; nothing else of tracefs is touched. */
static int
make_instance(struct traceinst *ti)
{
	char path[64];

	snprintf(ti->name, sizeof(ti->name), "bootchartd-%d", (int)getpid());
	snprintf(path, sizeof(path), "instances/%s", ti->name);
	if (mkdirat(ti->rootfd, path, 0700) != 0) {
		ti->name[0] = '\0';
		return -1;
	}
	if ((ti->bufd = openat(ti->rootfd, path, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) < 0)
		return -1;
	return configure(ti);
}

/*
 * --functions: the top-level buffer borrowed and configured.  0; 1 when
 * the kernel or the system cannot (why in ti->fn_off, nothing changed);
 * -1 (why set).
 */
static int
borrow_top(struct traceinst *ti, char *why)
{
	int r;

	if ((r = tracefn_take(&ti->fn, ti->rootfd, ti->fn_off,
	    sizeof(ti->fn_off))) != 0) {
		if (r == -1)
			snprintf(why, TRACE_WHY, "off: %.150s", ti->fn_off);
		return r;
	}
	if ((ti->bufd = dup(ti->rootfd)) < 0 || configure(ti) != 0) {
		snprintf(why, TRACE_WHY, "off: tracefs: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The buffer the mode asks for; --functions falls back to our instance
 * when the kernel or the system cannot lend the top-level one (one
 * line).  0 or -1 (why set).
 */
static int
open_buffer(struct traceinst *ti, enum tracerec_mode *mode, struct diag *d,
    char *why)
{
	int r;

	if (*mode == TREC_BOOT) {
		if (boot_events(ti, why) != 0)
			return -1;
		ti->bufd = dup(ti->rootfd);
		return 0;
	}
	if (*mode == TREC_FUNCTIONS) {
		if ((r = borrow_top(ti, why)) != 1)
			return r;
		diag_warn(d, "--functions: %s; no kernel functions: the whole "
		    "system's scheduler trace as with --trace", ti->fn_off);
		*mode = TREC_INSTANCE;
	}
	if (make_instance(ti) != 0) {
		snprintf(why, TRACE_WHY, "off: instance %s: %s", ti->name,
		    strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Our instance's CPUs wake their drain when a tenth full: a flood is
 * drained between the ticks (which drain a quarter, tracedrain.c), and
 * nine tenths of the buffer are left for the time the drain waits for
 * a CPU.  At a quarter, a 580 000 events/s flood beside busy loops on
 * two cores lost 2 760 events in one run of three; at a tenth none in
 * three (trace_rate.sh).
 */
#define FILL_PERCENT "10"

/*
 * Whether a poll of trace_pipe_raw wakes at a fill level: our instance
 * gets FILL_PERCENT; a buffer not ours (the boot's, the one --functions
 * borrows) is left as it is and used when its level is one: 0 would
 * wake at every event, 100 only once full.  Kernels without the file
 * leave the drains to the ticks.
 */
static void
fill_level(struct traceinst *ti)
{
	size_t len;
	char *s;
	long v;

	if (ti->name[0] != '\0' && write_file_at(ti->bufd, "buffer_percent",
	    FILL_PERCENT, 0) == 0) {
		ti->fill_wake = 1;
		return;
	}
	if ((s = slurp_at(ti->bufd, "buffer_percent", TRACEFS_TEXT_MAX,
	    &len)) == NULL)
		return;
	v = strtol(s, NULL, 10);
	free(s);
	ti->fill_wake = v >= 10 && v <= 90;
}

/* The buffer's trace clock: the bracketed word of trace_clock. */
static void
read_clock(struct traceinst *ti)
{
	size_t len;
	char *s = slurp_at(ti->bufd, "trace_clock", TRACEFS_TEXT_MAX, &len);

	if (s != NULL)
		(void)tracefs_chosen(s, ti->clock, sizeof(ti->clock));
	free(s);
}

int
traceinst_open(struct traceinst *ti, enum tracerec_mode *mode,
    const struct store *st, struct diag *d, char *why)
{
	if (open_tracefs(ti, st, why) != 0 || open_buffer(ti, mode, d,
	    why) != 0)
		return -1;
	if (ti->bufd < 0 || (ti->page = page_size(ti->rootfd)) == 0) {
		snprintf(why, TRACE_WHY, "off: tracefs: %s", ti->bufd < 0 ?
		    strerror(errno) : "no page size");
		return -1;
	}
	read_clock(ti);
	fill_level(ti);
	return 0;
}

uint64_t
traceinst_cpu_bytes(const struct traceinst *ti)
{
	size_t len;
	char *s = slurp_at(ti->bufd, "buffer_size_kb", TRACEFS_TEXT_MAX, &len);
	uint64_t kb = s == NULL ? 0 : tracefs_size_kb(s);

	free(s);
	return kb * 1024;
}

int
traceinst_tracing(const struct traceinst *ti, int on)
{
	return write_file_at(ti->bufd, "tracing_on", on ? "1" : "0", 0);
}

/*
 * Function mode (docs/trace.md): the boot's (or start --functions')
 * function_graph tracer, whose hooks would slow every kernel function
 * for the system's life, goes once its last pages and stats are read;
 * never before, as changing the tracer empties the buffer and resets
 * its counts.  Our own instance has no tracer of its own.
 */
void
traceinst_stop_graph(const struct traceinst *ti)
{
	size_t len;
	char *s = slurp_at(ti->bufd, "current_tracer", TRACEFS_TEXT_MAX, &len);

	if (s != NULL && strncmp(s, "function_graph", 14) == 0 &&
	    write_file_at(ti->bufd, "current_tracer", "nop", 0) != 0)
		fprintf(stderr, "bootchartd: cannot stop the function_graph "
		    "tracer: %s\n", strerror(errno));
	free(s);
}

/* rmdir disables the instance's events and frees its buffer. */
static void
remove_instance(struct traceinst *ti)
{
	char path[64];

	if (ti->name[0] == '\0')
		return;
	snprintf(path, sizeof(path), "instances/%s", ti->name);
	if (unlinkat(ti->rootfd, path, AT_REMOVEDIR) != 0)
		fprintf(stderr, "bootchartd: cannot remove tracefs instance "
		    "%s: %s\n", ti->name, strerror(errno));
	ti->name[0] = '\0';
}

void
traceinst_close(struct traceinst *ti)
{
	/* A trigger outlives nothing: it goes before its instance. */
	if (ti->stacks && ti->bufd >= 0 &&
	    write_file_at(ti->bufd, SWITCH_TRIGGER, "!" STACK_TRIGGER, 0) != 0)
		fprintf(stderr, "bootchartd: cannot remove the stack trigger "
		    "of tracefs instance %s: %s\n", ti->name[0] != '\0' ?
		    ti->name : "(the top level)", strerror(errno));
	ti->stacks = 0;
	/* The top-level buffer lent to --functions, given back as it was. */
	if (ti->rootfd >= 0)
		tracefn_give_back(&ti->fn, ti->rootfd);
	if (ti->bufd >= 0)
		close(ti->bufd);
	ti->bufd = -1;
	remove_instance(ti);
	if (ti->rootfd >= 0)
		close(ti->rootfd);
	ti->rootfd = -1;
	if (ti->mnt[0] == '\0')
		return;
	umount2(ti->mnt, MNT_DETACH);
	rmdir(ti->mnt);
	ti->mnt[0] = '\0';
}

void
traceinst_free(struct traceinst *ti)
{
	traceinst_close(ti);
	obuf_free(&ti->events);
}
