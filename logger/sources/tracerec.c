/* tracerec.c: the kernel's trace (exact mode): tracefs found or mounted, our own instance or the boot's buffer, its per-CPU pages drained into the store, the trace.dat member. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "fdio.h"
#include "grow.h"
#include "ksyms.h"
#include "tracefs_text.h"
#include "tracerec.h"
#include "logfiles.h"
#include "slurp.h"

#define TRACEFS		"/sys/kernel/tracing"
#define CPU_MAX		4096		/* per_cpu/cpuN looked for */
#define TEXT_MAX	(1 << 20)	/* bytes of a format or stats text */
#define KALLSYMS_MAX	(64 << 20)	/* bytes of /proc/kallsyms */
#define BUF_KB		4096		/* our instance's buffer per CPU */
#define BUF_TOTAL_KB	(64 << 10)	/* and over all CPUs, at most */
#define BUF_MIN_KB	1024
#define NAMES_MAX	(8 << 20)	/* bytes of the sampler's names kept */
/* The trace's share of the log budget: the samples keep the rest. */
#define BUDGET_SHARE(b)	((b) / 2)
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
	t->rootfd = t->bufd = t->markfd = -1;
}

/* The number after "key:" in a stats text, or 0. */
static uint64_t
stat_value(const char *text, const char *key)
{
	const char *p = strstr(text, key);

	return p == NULL ? 0 : strtoull(p + strlen(key), NULL, 10);
}

/* A CPU's stats text, read again (pread) into t->buf. */
static const char *
read_stats(struct tracerec *t, const struct tracerec_cpu *c)
{
	ssize_t r = pread(c->statsfd, t->buf, t->page - 1, 0);

	t->buf[r > 0 ? r : 0] = '\0';
	return t->buf;
}

static uint64_t
lost_of(const char *s)
{
	return stat_value(s, "\noverrun:") + stat_value(s, "commit overrun:") +
	    stat_value(s, "dropped events:");
}

/* The page size: where header_page's data field ends (ksyms_page). */
static uint32_t
page_size(int rootfd)
{
	size_t len;
	char *s = slurp_at(rootfd, "events/header_page", TEXT_MAX, &len);
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
open_tracefs(struct tracerec *t, const struct store *st)
{
	int fd = open(TRACEFS, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0 && faccessat(fd, "trace_marker", W_OK, 0) == 0) {
		t->rootfd = fd;
		return 0;
	}
	if (fd >= 0)
		close(fd);
	if (!st->mounted) {
		snprintf(t->why, sizeof(t->why), "off: no tracefs at "
		    TRACEFS);
		return -1;
	}
	snprintf(t->mnt, sizeof(t->mnt), "%s/tracing", st->base);
	if ((mkdir(t->mnt, 0700) != 0 && errno != EEXIST) ||
	    mount("nodev", t->mnt, "tracefs", MS_NOSUID | MS_NODEV |
	    MS_NOEXEC, NULL) != 0) {
		snprintf(t->why, sizeof(t->why), "off: cannot mount tracefs: "
		    "%s", strerror(errno));
		rmdir(t->mnt);
		t->mnt[0] = '\0';
		return -1;
	}
	t->rootfd = open(t->mnt, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (t->rootfd < 0) {
		snprintf(t->why, sizeof(t->why), "off: tracefs: %s",
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* Adds "sys/event\n" to the list of enabled events. */
static int
add_event(struct tracerec *t, const char *name, size_t len)
{
	if (obuf_room(&t->events, len + 1) != 0)
		return -1;
	memcpy(t->events.p + t->events.len, name, len);
	t->events.p[t->events.len + len] = '\n';
	t->events.len += len + 1;
	return 0;
}

/* The boot's events: set_event's "sys:event" lines.  0, or -1: none. */
static int
boot_events(struct tracerec *t)
{
	size_t len, n;
	char *s = slurp_at(t->rootfd, "set_event", TEXT_MAX, &len);
	char *p, *eol, *colon;

	if (s == NULL) {
		snprintf(t->why, sizeof(t->why), "off: set_event: %s",
		    strerror(errno));
		return -1;
	}
	for (p = s; p < s + len; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(s + len - p))) == NULL)
			eol = s + len;
		n = (size_t)(eol - p);
		if ((colon = memchr(p, ':', n)) == NULL)
			continue;
		*colon = '/';
		if (add_event(t, p, n) != 0) {
			free(s);
			return -1;
		}
	}
	free(s);
	if (t->events.len == 0) {
		snprintf(t->why, sizeof(t->why), "off: no events enabled on "
		    "the kernel command line");
		return -1;
	}
	return 0;
}

/* Appends "name " to t->absent, as much as fits. */
static void
note_absent(struct tracerec *t, const char *name)
{
	size_t n = strlen(t->absent);

	snprintf(t->absent + n, sizeof(t->absent) - n, "%s%s",
	    n > 0 ? " " : "", name);
}

/* Enables our events in the instance; the kernel's missing ones noted. */
static int
enable_events(struct tracerec *t)
{
	char path[128], name[96], *colon;
	size_t i;

	for (i = 0; i < tracerec_nevents; i++) {
		/* "sys:event" is tracefs's events/sys/event. */
		snprintf(name, sizeof(name), "%s", tracerec_events[i]);
		if ((colon = strchr(name, ':')) != NULL)
			*colon = '/';
		snprintf(path, sizeof(path), "events/%s/enable", name);
		if (write_file_at(t->bufd, path, "1", 0) == 0) {
			if (add_event(t, name, strlen(name)) != 0)
				return -1;
			continue;
		}
		if (errno != ENOENT)
			return -1;
		note_absent(t, name);
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

/* Possible CPUs: per_cpu/cpuN, counted. */
static unsigned
count_cpus(int bufd)
{
	char path[64];
	unsigned n;

	for (n = 0; n < CPU_MAX; n++) {
		snprintf(path, sizeof(path), "per_cpu/cpu%u", n);
		if (faccessat(bufd, path, F_OK, 0) != 0)
			break;
	}
	return n;
}

/*
 * Our buffer's clock, options, size and events: our instance's, or the
 * top-level one borrowed (tracefn.c keeps what it held).  0, or -1
 * (errno).
 */
static int
configure(struct tracerec *t)
{
	char num[32];

	snprintf(num, sizeof(num), "%u", buffer_kb(count_cpus(t->bufd)));
	/* The clock first: changing it empties the buffer. */
	if (write_file_at(t->bufd, "tracing_on", "0", 0) != 0 ||
	    write_file_at(t->bufd, "trace_clock", "local", 0) != 0 ||
	    write_file_at(t->bufd, "options/record-tgid", "1", 0) != 0 ||
	    write_file_at(t->bufd, "options/overwrite", "0", 0) != 0 ||
	    write_file_at(t->bufd, "buffer_size_kb", num, 0) != 0)
		return -1;
	/*
	 * No pid filter (set_event_pid, set_event_notrace_pid): with one,
	 * the kernel (6.18 here) leaves out most switches from a task
	 * outside the filter (the idle task among them) to one inside, and
	 * a process's CPU time cannot be counted (docs/trace.md).  The
	 * whole system is recorded: the machine's share beside the
	 * command's.
	 */
	if (enable_events(t) != 0)
		return -1;
	/* Without the stacks the waits have no reasons: not an error. */
	if (write_file_at(t->bufd, SWITCH_TRIGGER, STACK_TRIGGER, 0) == 0)
		t->stacks = 1;
	else
		note_absent(t, "stacks");
	return 0;
}

/* Our instance, configured; nothing else of tracefs is touched. */
static int
make_instance(struct tracerec *t)
{
	char path[64];

	snprintf(t->inst, sizeof(t->inst), "bootchartd-%d", (int)getpid());
	snprintf(path, sizeof(path), "instances/%s", t->inst);
	if (mkdirat(t->rootfd, path, 0700) != 0) {
		t->inst[0] = '\0';
		return -1;
	}
	if ((t->bufd = openat(t->rootfd, path, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) < 0)
		return -1;
	return configure(t);
}

/*
 * --functions: the top-level buffer borrowed and configured.  0; 1 when
 * the kernel or the system cannot (why in t->fn_off, nothing changed);
 * -1 (t->why set).
 */
static int
borrow_top(struct tracerec *t)
{
	int r;

	if ((r = tracefn_take(&t->fn, t->rootfd, t->fn_off,
	    sizeof(t->fn_off))) != 0) {
		if (r == -1)
			snprintf(t->why, sizeof(t->why), "off: %.150s",
			    t->fn_off);
		return r;
	}
	if ((t->bufd = dup(t->rootfd)) < 0 || configure(t) != 0) {
		snprintf(t->why, sizeof(t->why), "off: tracefs: %s",
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* The CPUs' files, the store's files and their start; 0 or -1 (errno). */
static int
open_cpus(struct tracerec *t, struct store *st)
{
	char path[64];
	const char *s;
	unsigned i;

	t->ncpu = count_cpus(t->bufd);
	if (t->ncpu == 0 || (t->cpu = calloc(t->ncpu, sizeof(*t->cpu))) ==
	    NULL || (t->buf = malloc(t->page)) == NULL)
		return -1;
	for (i = 0; i < t->ncpu; i++)
		t->cpu[i].pipefd = t->cpu[i].statsfd = t->cpu[i].outfd = -1;
	for (i = 0; i < t->ncpu; i++) {
		struct tracerec_cpu *c = &t->cpu[i];

		snprintf(path, sizeof(path), "per_cpu/cpu%u/trace_pipe_raw", i);
		c->pipefd = openat(t->bufd, path, O_RDONLY | O_NONBLOCK |
		    O_CLOEXEC);
		snprintf(path, sizeof(path), "per_cpu/cpu%u/stats", i);
		c->statsfd = openat(t->bufd, path, O_RDONLY | O_CLOEXEC);
		snprintf(path, sizeof(path), "trace.cpu%u", i);
		c->outfd = store_file_open(st, path);
		if (c->pipefd < 0 || c->statsfd < 0 || c->outfd < 0)
			return -1;
		s = read_stats(t, c);
		c->lost0 = lost_of(s);
		c->read0 = stat_value(s, "read events:");
	}
	return 0;
}

/* The drain threshold: a quarter of a CPU's buffer. */
static void
set_threshold(struct tracerec *t)
{
	size_t len;
	char *s = slurp_at(t->bufd, "buffer_size_kb", TEXT_MAX, &len);
	uint64_t kb = s == NULL ? 0 : tracefs_size_kb(s);

	t->threshold = kb > 0 ? kb * 1024 / 4 : t->page;
	free(s);
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

/* The buffer's trace clock: the bracketed word of trace_clock. */
static void
read_clock(struct tracerec *t)
{
	size_t len;
	char *s = slurp_at(t->bufd, "trace_clock", TEXT_MAX, &len);

	if (s != NULL)
		(void)tracefs_chosen(s, t->clock, sizeof(t->clock));
	free(s);
}

/*
 * The buffer the mode asks for; --functions falls back to our instance
 * when the kernel or the system cannot lend the top-level one (one
 * line).  0 or -1 (t->why set).
 */
static int
open_buffer(struct tracerec *t, struct diag *d)
{
	int r;

	if (t->mode == TREC_BOOT) {
		if (boot_events(t) != 0)
			return -1;
		t->bufd = dup(t->rootfd);
		return 0;
	}
	if (t->mode == TREC_FUNCTIONS) {
		if ((r = borrow_top(t)) != 1)
			return r;
		diag_warn(d, "--functions: %s; no kernel functions: the whole "
		    "system's scheduler trace as with --trace", t->fn_off);
		t->mode = TREC_INSTANCE;
	}
	if (make_instance(t) != 0) {
		snprintf(t->why, sizeof(t->why), "off: instance %s: %s",
		    t->inst, strerror(errno));
		return -1;
	}
	return 0;
}

static int
start_buffer(struct tracerec *t, struct store *st, struct diag *d)
{
	if (open_buffer(t, d) != 0)
		return -1;
	if (t->bufd < 0 || (t->page = page_size(t->rootfd)) == 0) {
		snprintf(t->why, sizeof(t->why), "off: tracefs: %s",
		    t->bufd < 0 ? strerror(errno) : "no page size");
		return -1;
	}
	set_threshold(t);
	read_clock(t);
	if ((t->markfd = openat(t->bufd, "trace_marker", O_WRONLY |
	    O_CLOEXEC)) < 0 || open_cpus(t, st) != 0) {
		snprintf(t->why, sizeof(t->why), "off: tracefs: %s",
		    strerror(errno));
		return -1;
	}
	if (t->mode != TREC_BOOT &&
	    write_file_at(t->bufd, "tracing_on", "1", 0) != 0) {
		snprintf(t->why, sizeof(t->why), "off: tracing_on: %s",
		    strerror(errno));
		return -1;
	}
	mark(t, 0);
	return 0;
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
	else if (open_tracefs(t, st) == 0)
		r = start_buffer(t, st, d);
	if (r == 0 && t->mode == TREC_FUNCTIONS)
		snprintf(t->why, sizeof(t->why), "on: the whole system in the "
		    "top-level buffer, function_graph below %.60s (depth %u, "
		    "calls of %u us and more)", t->fn.roots, t->fn.depth,
		    t->fn.thresh_us);
	else if (r == 0) {
		snprintf(t->why, sizeof(t->why), "on: %s%s%.120s%s", mode ==
		    TREC_BOOT ? "the boot's top-level buffer" : "the whole "
		    "system", t->fn_off[0] != '\0' ? " (no kernel functions: "
		    : "", t->fn_off, t->fn_off[0] != '\0' ? ")" : "");
	} else {
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

/* Reads CPU c's pages until there is none; 0, or -1 (budget, errno). */
static int
drain_cpu(struct tracerec *t, struct store *st, struct tracerec_cpu *c)
{
	ssize_t r;

	for (;;) {
		/* Before the read: a page read is gone from the kernel. */
		if (t->stored + t->page > BUDGET_SHARE(st->budget) ||
		    store_room(st) < t->page) {
			errno = ENOSPC;
			return -1;
		}
		r = read(c->pipefd, t->buf, t->page);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return 0;
		/* Whole pages: the reader finds them by the page size. */
		if ((size_t)r < t->page)
			memset(t->buf + r, 0, t->page - (size_t)r);
		if (store_file_append(st, c->outfd, &c->size, t->buf,
		    t->page) != 0)
			return -1;
		t->stored += t->page;
	}
}

/* Drains every CPU, or those past the threshold (all 0). */
static void
drain(struct tracerec *t, struct store *st, int all)
{
	uint64_t t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
	unsigned i;

	for (i = 0; i < t->ncpu && !t->full; i++) {
		if (!all && stat_value(read_stats(t, &t->cpu[i]), "\nbytes:") <
		    t->threshold)
			continue;
		if (drain_cpu(t, st, &t->cpu[i]) == 0)
			continue;
		t->full = 1;
		snprintf(t->why, sizeof(t->why), "cut: %s", errno != ENOSPC ?
		    strerror(errno) : t->stored + t->page >
		    BUDGET_SHARE(st->budget) ? "half the log budget "
		    "(TMPFS_SIZE) full" : "log budget full");
		/* Our instance stops; the boot's buffer is not ours. */
		if (t->mode != TREC_BOOT)
			write_file_at(t->bufd, "tracing_on", "0", 0);
	}
	t->drain_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
}

void
tracerec_tick(struct tracerec *t, struct store *st)
{
	uint64_t t0;

	if (t->mode == TREC_OFF || t->full)
		return;
	t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);
	drain(t, st, 0);
	t->cpu_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
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

/* Keeps each CPU's end stats for CPUSTAT. */
static void
end_stats(struct tracerec *t)
{
	unsigned i;

	for (i = 0; i < t->ncpu; i++) {
		free(t->cpu[i].stats);
		t->cpu[i].stats = strdup(read_stats(t, &t->cpu[i]));
		t->cpu[i].statslen = t->cpu[i].stats != NULL ?
		    strlen(t->cpu[i].stats) : 0;
	}
}

/* qsort: "sys/event" names by system, then event. */
static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A format file read into *txt; 0 or -1. */
static int
read_text(int dirfd, const char *path, struct tdat_text *txt)
{
	size_t len;
	char *s = slurp_exact_at(dirfd, path, TEXT_MAX, &len);

	if (s == NULL)
		return -1;
	txt->p = s;
	txt->len = len;
	return 0;
}

/* Everything a tdat_in points to, freed by free_in. */
struct in_store {
	struct tdat_in in;
	struct tdat_text *ftrace, *fmts, *stats;
	struct tdat_system *sys;
	char **names;
	uint64_t *sizes;
	struct utsname u;
	char uname[4 * 65 + 4];
};

static void
free_in(struct in_store *s)
{
	size_t i, n;

	for (i = 0; i < s->in.nftrace; i++)
		free((void *)s->ftrace[i].p);
	for (n = 0, i = 0; i < s->in.nsys; i++)
		n += s->sys[i].n;
	for (i = 0; i < n; i++)
		free((void *)s->fmts[i].p);
	free((void *)s->in.header_page.p);
	free((void *)s->in.header_event.p);
	free(s->ftrace);
	free(s->fmts);
	free(s->stats);
	free(s->sys);
	free(s->names);
	free(s->sizes);
}

/* The ftrace system's formats (print, function, ...), all of them. */
static int
ftrace_formats(struct tracerec *t, struct in_store *s)
{
	char path[NAME_MAX + 32];
	struct dirent *e;
	size_t cap = 0;
	DIR *dir;
	int fd = openat(t->rootfd, "events/ftrace", O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC);

	if (fd < 0 || (dir = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((e = readdir(dir)) != NULL) {
		snprintf(path, sizeof(path), "%s/format", e->d_name);
		if (e->d_name[0] == '.' || (s->in.nftrace == cap &&
		    grow_array((void **)&s->ftrace, &cap, s->in.nftrace,
		    sizeof(*s->ftrace)) != 0))
			continue;
		if (read_text(dirfd(dir), path, &s->ftrace[s->in.nftrace]) == 0)
			s->in.nftrace++;
	}
	closedir(dir);
	return s->in.nftrace > 0 ? 0 : -1;
}

/* The enabled events' formats, grouped by system. */
static int
event_formats(struct tracerec *t, struct in_store *s)
{
	char path[256], *p, *slash;
	size_t n = 0, i;

	for (p = t->events.p; p < t->events.p + t->events.len; p++)
		n += *p == '\n';
	if (n == 0 || (s->names = calloc(n, sizeof(*s->names))) == NULL ||
	    (s->fmts = calloc(n, sizeof(*s->fmts))) == NULL ||
	    (s->sys = calloc(n, sizeof(*s->sys))) == NULL)
		return -1;
	for (i = 0, p = t->events.p; i < n; i++) {
		s->names[i] = p;
		p = memchr(p, '\n', (size_t)(t->events.p + t->events.len - p));
		*p++ = '\0';
	}
	qsort(s->names, n, sizeof(*s->names), by_name);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "events/%s/format", s->names[i]);
		if (read_text(t->rootfd, path, &s->fmts[i]) != 0)
			return -1;
		slash = strchr(s->names[i], '/');
		*slash = '\0';
		if (s->in.nsys == 0 || strcmp(s->sys[s->in.nsys - 1].name,
		    s->names[i]) != 0)
			s->sys[s->in.nsys++] = (struct tdat_system){
			    .name = s->names[i], .fmt = &s->fmts[i] };
		s->sys[s->in.nsys - 1].n++;
	}
	return 0;
}

/* kallsyms, printk formats, the pid list, the clock: t->texts. */
static int
read_texts(struct tracerec *t, struct in_store *s, int procfd)
{
	struct tdat_text cmd = { 0 };
	size_t len;

	t->texts[0] = slurp_exact_at(procfd, "kallsyms", KALLSYMS_MAX, &len);
	s->in.kallsyms = (struct tdat_text){ t->texts[0], t->texts[0] ? len :
	    0 };
	t->texts[1] = slurp_exact_at(t->rootfd, "printk_formats", TEXT_MAX,
	    &len);
	s->in.printk = (struct tdat_text){ t->texts[1], t->texts[1] ? len :
	    0 };
	/* The kernel's (it keeps a few hundred), then every one we saw. */
	if (read_text(t->rootfd, "saved_cmdlines", &cmd) != 0)
		cmd.len = 0;
	if ((t->texts[2] = malloc(cmd.len + t->names.len + 1)) == NULL) {
		free((void *)cmd.p);
		return -1;
	}
	if (cmd.len > 0)
		memcpy(t->texts[2], cmd.p, cmd.len);
	if (t->names.len > 0)
		memcpy(t->texts[2] + cmd.len, t->names.p, t->names.len);
	free((void *)cmd.p);
	s->in.cmdlines = (struct tdat_text){ t->texts[2], cmd.len +
	    t->names.len };
	t->texts[3] = slurp_exact_at(t->bufd, "trace_clock", TEXT_MAX, &len);
	s->in.clock = (struct tdat_text){ t->texts[3], t->texts[3] ? len : 0 };
	return read_text(t->rootfd, "events/header_page",
	    &s->in.header_page) != 0 || read_text(t->rootfd,
	    "events/header_event", &s->in.header_event) != 0 ? -1 : 0;
}

/*
 * kallsyms cut to the functions the pages point at (ksyms.h); whole
 * when the page's layout cannot be read.  0, or -1 (no memory, a read
 * error).
 */
static int
cut_kallsyms(struct tracerec *t, struct in_store *s)
{
	struct ksyms k;
	size_t i, n = 0;
	int r = 0;

	memset(&k, 0, sizeof(k));
	if (s->in.kallsyms.p == NULL || ksyms_page(&k, s->in.header_page.p,
	    s->in.header_page.len) != 0)
		return 0;
	for (i = 0; i < s->in.nftrace; i++)
		ksyms_format(&k, s->ftrace[i].p, s->ftrace[i].len);
	for (i = 0; i < s->in.nsys; i++)
		n += s->sys[i].n;
	for (i = 0; i < n; i++)
		ksyms_format(&k, s->fmts[i].p, s->fmts[i].len);
	for (i = 0; i < t->ncpu && r == 0; i++)
		r = ksyms_pages(&k, t->cpu[i].outfd, t->cpu[i].size);
	if (r == 0)
		s->in.kallsyms.len = ksyms_cut(&k, t->texts[0],
		    s->in.kallsyms.len);
	ksyms_free(&k);
	return r;
}

/* The member's layout and pieces; 0, or -1 with t->why. */
static int
build_member(struct tracerec *t, struct store *st, int procfd)
{
	struct in_store s;
	size_t i, np = 0;
	int r = -1;

	memset(&s, 0, sizeof(s));
	if (uname(&s.u) == 0)
		snprintf(s.uname, sizeof(s.uname), "%s %s %s %s", s.u.sysname,
		    s.u.nodename, s.u.release, s.u.machine);
	s.in.uname = (struct tdat_text){ s.uname, strlen(s.uname) };
	s.in.version = (struct tdat_text){ "bootchartd " BC_VERSION,
	    strlen("bootchartd " BC_VERSION) };
	s.in.page_size = t->page;
	s.in.ncpu = (uint32_t)t->ncpu;
	if ((s.stats = calloc(t->ncpu, sizeof(*s.stats))) == NULL ||
	    (s.sizes = calloc(t->ncpu, sizeof(*s.sizes))) == NULL ||
	    (t->pieces = calloc(1 + 2 * t->ncpu, sizeof(*t->pieces))) == NULL)
		goto out;
	for (i = 0; i < t->ncpu; i++) {
		s.stats[i] = (struct tdat_text){ t->cpu[i].stats,
		    t->cpu[i].stats != NULL ? t->cpu[i].statslen : 0 };
		s.sizes[i] = t->cpu[i].size;
	}
	s.in.stats = s.stats;
	s.in.cpu_size = s.sizes;
	if (ftrace_formats(t, &s) != 0 || event_formats(t, &s) != 0 ||
	    read_texts(t, &s, procfd) != 0 || cut_kallsyms(t, &s) != 0)
		goto out;
	s.in.ftrace = s.ftrace;
	s.in.sys = s.sys;
	if (tdat_prefix(&s.in, &t->prefix) != 0)
		goto out;
	t->pieces[np++] = (struct tarw_piece){ .mem = t->prefix.p, .fd = -1,
	    .len = t->prefix.len };
	for (i = 0; i < t->ncpu; i++) {
		t->pieces[np++] = (struct tarw_piece){ .fd = t->cpu[i].outfd,
		    .len = t->cpu[i].size };
		t->pieces[np++] = (struct tarw_piece){ .fd = -1,
		    .len = tdat_cpu_pad(t->cpu[i].size, t->page) };
	}
	/* Kernel addresses: as private as the rest of the log, no more. */
	store_end_pieces(st, LK_TRACE, t->pieces, np, 0640);
	r = 0;
out:
	if (r != 0)
		snprintf(t->why, sizeof(t->why), "off: cannot make %s: %s",
		    LOG_TRACE, errno != 0 ? strerror(errno) : "no memory");
	free_in(&s);
	return r;
}

/* Our instance goes, and our tracefs mount. */
static void
teardown(struct tracerec *t)
{
	char path[64];
	unsigned i;

	for (i = 0; t->cpu != NULL && i < t->ncpu; i++) {
		if (t->cpu[i].pipefd >= 0)
			close(t->cpu[i].pipefd);
		if (t->cpu[i].statsfd >= 0)
			close(t->cpu[i].statsfd);
		t->cpu[i].pipefd = t->cpu[i].statsfd = -1;
	}
	/* A trigger outlives nothing: it goes before its instance. */
	if (t->stacks && t->bufd >= 0 &&
	    write_file_at(t->bufd, SWITCH_TRIGGER, "!" STACK_TRIGGER, 0) != 0)
		fprintf(stderr, "bootchartd: cannot remove the stack trigger "
		    "of tracefs instance %s: %s\n", t->inst[0] != '\0' ?
		    t->inst : "(the top level)", strerror(errno));
	t->stacks = 0;
	/* The top-level buffer lent to --functions, given back as it was. */
	if (t->rootfd >= 0)
		tracefn_give_back(&t->fn, t->rootfd);
	if (t->markfd >= 0)
		close(t->markfd);
	if (t->bufd >= 0)
		close(t->bufd);
	t->markfd = t->bufd = -1;
	if (t->inst[0] != '\0') {
		snprintf(path, sizeof(path), "instances/%s", t->inst);
		/* rmdir disables its events and frees its buffer. */
		if (unlinkat(t->rootfd, path, AT_REMOVEDIR) != 0)
			fprintf(stderr, "bootchartd: cannot remove tracefs "
			    "instance %s: %s\n", t->inst, strerror(errno));
		t->inst[0] = '\0';
	}
	if (t->rootfd >= 0)
		close(t->rootfd);
	t->rootfd = -1;
	if (t->mnt[0] != '\0') {
		umount2(t->mnt, MNT_DETACH);
		rmdir(t->mnt);
		t->mnt[0] = '\0';
	}
}

/*
 * Function mode (docs/trace.md): the boot's (or start --functions')
 * function_graph tracer, whose hooks would slow every kernel function
 * for the system's life, goes once its last pages and stats are read;
 * never before, as changing the tracer empties the buffer and resets
 * its counts.  Our own instance has no tracer of its own.
 */
static void
stop_graph(struct tracerec *t)
{
	size_t len;
	unsigned i;
	char *s;

	if (t->mode != TREC_BOOT && t->mode != TREC_FUNCTIONS)
		return;
	/* An open trace_pipe_raw holds the tracer (EBUSY): ours go first. */
	for (i = 0; t->cpu != NULL && i < t->ncpu; i++) {
		if (t->cpu[i].pipefd >= 0)
			close(t->cpu[i].pipefd);
		t->cpu[i].pipefd = -1;
	}
	s = slurp_at(t->bufd, "current_tracer", TEXT_MAX, &len);
	if (s != NULL && strncmp(s, "function_graph", 14) == 0 &&
	    write_file_at(t->bufd, "current_tracer", "nop", 0) != 0)
		fprintf(stderr, "bootchartd: cannot stop the function_graph "
		    "tracer: %s\n", strerror(errno));
	free(s);
}

void
tracerec_stop(struct tracerec *t, struct store *st, int procfd)
{
	uint64_t t0 = ns_of(CLOCK_THREAD_CPUTIME_ID);

	if (t->mode == TREC_OFF)
		return;
	mark(t, 1);
	/* Nothing more comes in while the last pages are read. */
	write_file_at(t->bufd, "tracing_on", "0", 0);
	if (!t->full)
		drain(t, st, 1);
	/* The stats first: changing the tracer resets their counts. */
	end_stats(t);
	stop_graph(t);
	build_member(t, st, procfd);
	teardown(t);
	t->cpu_ns += ns_of(CLOCK_THREAD_CPUTIME_ID) - t0;
}

/* "total N: cpu0=N ..." of a per-CPU count into out. */
static void
per_cpu(const struct tracerec *t, char *out, size_t cap, int which)
{
	uint64_t v, sum = 0;
	unsigned i;
	size_t n;
	const char *s;

	for (i = 0; i < t->ncpu; i++) {
		s = t->cpu[i].stats != NULL ? t->cpu[i].stats : "";
		sum += which == 0 ? stat_value(s, "read events:") -
		    t->cpu[i].read0 : which == 1 ? lost_of(s) :
		    t->cpu[i].lost0;
	}
	n = (size_t)snprintf(out, cap, "total %llu:", (unsigned long long)sum);
	for (i = 0; i < t->ncpu && n < cap; i++) {
		s = t->cpu[i].stats != NULL ? t->cpu[i].stats : "";
		v = which == 0 ? stat_value(s, "read events:") -
		    t->cpu[i].read0 : which == 1 ? lost_of(s) :
		    t->cpu[i].lost0;
		n += (size_t)snprintf(out + n, cap - n, " cpu%u=%llu", i,
		    (unsigned long long)v);
	}
}

void
tracerec_report(const struct tracerec *t, struct trace_report *r)
{
	size_t n;

	snprintf(r->status, sizeof(r->status), "%s", t->why);
	if (t->ncpu == 0 || t->cpu == NULL)
		return;
	per_cpu(t, r->events, sizeof(r->events), 0);
	per_cpu(t, r->lost, sizeof(r->lost), 1);
	if (t->mode == TREC_BOOT)
		per_cpu(t, r->lost_start, sizeof(r->lost_start), 2);
	/* A marker the kernel did not take (tracing cut off) is left out. */
	if (t->sync[0] != 0)
		snprintf(r->sync, sizeof(r->sync), "start %llu %llu",
		    (unsigned long long)t->sync[0],
		    (unsigned long long)t->sync[1]);
	n = strlen(r->sync);
	if (t->sync[2] != 0)
		snprintf(r->sync + n, sizeof(r->sync) - n, "%send %llu %llu",
		    n > 0 ? " " : "", (unsigned long long)t->sync[2],
		    (unsigned long long)t->sync[3]);
	snprintf(r->clock, sizeof(r->clock), "%s", t->clock);
	snprintf(r->absent, sizeof(r->absent), "%s", t->absent);
	r->cpu_ns = t->cpu_ns;
	r->drain_ns = t->drain_ns;
}

void
tracerec_free(struct tracerec *t, struct store *st)
{
	char name[32];
	unsigned i;
	int k;

	teardown(t);
	for (i = 0; t->cpu != NULL && i < t->ncpu; i++) {
		snprintf(name, sizeof(name), "trace.cpu%u", i);
		store_file_remove(st, t->cpu[i].outfd, name);
		free(t->cpu[i].stats);
	}
	free(t->cpu);
	t->cpu = NULL;
	for (k = 0; k < 4; k++) {
		free(t->texts[k]);
		t->texts[k] = NULL;
	}
	free(t->buf);
	free(t->pieces);
	t->buf = NULL;
	t->pieces = NULL;
	obuf_free(&t->names);
	obuf_free(&t->events);
	obuf_free(&t->prefix);
}
