/* tboot.c: processes and initcalls from the kernel's trace (tboot.h): a handler per event over one pass, as perf sched does. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "logfiles.h"
#include "tboot.h"
#include "tcrit.h"
#include "trace.h"
#include "tracedat.h"
#include "treason.h"
#include "tstates.h"
#include "twake.h"
#include "twork.h"

#define CLONE_THREAD_FLAG	0x00010000	/* the kernel's CLONE_THREAD */
/*
 * Times past 2^62 ns (146 years) are forged; keeping below it keeps
 * every sum and difference of two times within int64_t.
 */
#define TBOOT_NS_MAX	((int64_t)1 << 62)
#define MODLOADS	64	/* udev loads modules from a few workers at once */
#define CPUS_MAX	8192	/* the kernel's NR_CPUS limit */
#define SYNC_KEY	"boottime_ns="
/*
 * sched_switch's prev_state: the kernel's report bits (5.x, 6.x).  No
 * bit of the low byte: R, or R+ (preempted, a high bit): still runnable.
 */
#define PREV_S		0x01	/* TASK_INTERRUPTIBLE */
#define PREV_D		0x02	/* TASK_UNINTERRUPTIBLE */
#define PREV_REPORTED	0xff

/*
 * Who runs on one CPU since when; pid -1: not known yet.  blocked: the
 * thread its last switch put to sleep, whose stack comes next (-1 none).
 */
struct oncpu {
	int pid;
	int64_t since;
	int blocked;
	int prev;		/* who its last switch took off it */
};

/* handlers[] by position: what each handler reads its fields through. */
enum { H_SWITCH, H_NEWTASK, H_FORK, H_EXEC, H_RENAME, H_EXIT, H_PRINT,
    H_IC_START, H_IC_FINISH, H_WAKING, H_WAKEUP_NEW, H_MODULE, H_WQ_START,
    H_WQ_END, H_FG_EXIT, H_FG_ENTRY, H_KSTACK, H_BLOCK_DONE, H_COUNT };
#define H_FIELDS	5

struct build;
typedef int (*handler_fn)(struct build *, const struct tevent *);

/* An event we read: its format and the fields its handler takes. */
struct handler {
	const char *system, *name;
	handler_fn fn;
	const char *fields[H_FIELDS];
};

struct hstate {
	const struct tfmt *fmt;
	const struct tfield *f[H_FIELDS];
};

struct build {
	struct tboot *ps;
	struct tdat *td;
	struct diag *d;
	/*
	 * thread -> its group + 1; 0: not known; -(group + 1): exited, its
	 * last events to come (its futex wake of a joiner, its last switch)
	 */
	int32_t *tgid;
	int32_t *cur;		/* group -> its newest entry of ps->v + 1 */
	int64_t *off;		/* thread -> when last seen off a CPU or woken */
	size_t pidcap;
	struct oncpu *cpu;
	size_t ncpu;
	struct hstate h[H_COUNT];
	struct tstates st;	/* the threads' states as they change */
	struct tworks wq;	/* the workers' work items */
	struct twakes wk;	/* the waits and their wakers */
	struct tcrits cr;	/* the threads' records for the critical path */
	/* Initcalls started and not finished, per thread (async ones overlap). */
	struct open_ic {
		int pid;
		uint64_t func;
		int64_t start;
		char module[56];	/* a module's init: its name; "" */
	} *open;
	/* The module each of the last MODLOADS loading threads loaded. */
	struct modload { int pid; char name[56]; } mod[MODLOADS];
	size_t nmod;
	size_t nopen, opencap;
};

static int on_switch(struct build *, const struct tevent *);
static int crit(struct build *, int, int, int, int, int64_t);
static int thread_state(struct build *, int, int64_t, int);
static int switched_off(struct build *, int, int64_t, const struct tevent *);
static int64_t ran_since(const struct build *, const struct oncpu *, int);
static int valid_pid(int64_t);
static int on_newtask(struct build *, const struct tevent *);
static int born(struct build *, const struct tproc *, int, int, int64_t);
static int on_fork(struct build *, const struct tevent *);
static int on_exec(struct build *, const struct tevent *);
static int on_rename(struct build *, const struct tevent *);
static int on_exit_ev(struct build *, const struct tevent *);
static int on_print(struct build *, const struct tevent *);
static int on_initcall_start(struct build *, const struct tevent *);
static int on_initcall_finish(struct build *, const struct tevent *);
static int on_waking(struct build *, const struct tevent *);
static int on_wakeup_new(struct build *, const struct tevent *);
static int on_module_load(struct build *, const struct tevent *);
static int on_wq_start(struct build *, const struct tevent *);
static int on_wq_end(struct build *, const struct tevent *);
static int on_fg_exit(struct build *, const struct tevent *);
static int on_fg_entry(struct build *, const struct tevent *);
static int on_kstack(struct build *, const struct tevent *);
static int on_block_done(struct build *, const struct tevent *);

static const struct handler handlers[H_COUNT] = {
	{ "sched", "sched_switch", on_switch,
	    { "prev_pid", "next_pid", "prev_state" } },
	{ "task", "task_newtask", on_newtask, { "pid", "clone_flags", "comm" } },
	{ "sched", "sched_process_fork", on_fork,
	    { "parent_pid", "child_pid", "child_comm" } },
	{ "sched", "sched_process_exec", on_exec, { "pid", "filename" } },
	{ "task", "task_rename", on_rename, { "pid", "newcomm" } },
	{ "sched", "sched_process_exit", on_exit_ev,
	    { "pid", "comm", "group_dead" } },
	{ "ftrace", "print", on_print, { "buf" } },
	{ "initcall", "initcall_start", on_initcall_start, { "func" } },
	{ "initcall", "initcall_finish", on_initcall_finish, { "func" } },
	{ "sched", "sched_waking", on_waking, { "pid", "common_flags" } },
	{ "sched", "sched_wakeup_new", on_wakeup_new,
	    { "pid", "common_flags" } },
	{ "module", "module_load", on_module_load, { "name" } },
	{ "workqueue", "workqueue_execute_start", on_wq_start,
	    { "function" } },
	{ "workqueue", "workqueue_execute_end", on_wq_end, { "function" } },
	{ "ftrace", "funcgraph_exit", on_fg_exit,
	    { "func", "depth", "calltime", "rettime", "overrun" } },
	{ "ftrace", "funcgraph_entry", on_fg_entry, { "func" } },
	{ "ftrace", "kernel_stack", on_kstack, { "size", "caller" } },
	{ "block", "block_rq_complete", on_block_done, { NULL } },
};

/* Makes room for pid in both maps; -1 on no memory. */
static int
pid_room(struct build *b, int pid)
{
	size_t cap = b->pidcap, want = (size_t)pid + 1;
	int32_t *t, *c;
	int64_t *o;
	size_t i;

	if (want <= cap)
		return 0;
	while (cap < want)
		cap = cap == 0 ? 4096 : cap * 2;
	if ((t = realloc(b->tgid, cap * sizeof(*t))) == NULL)
		return -1;
	b->tgid = t;
	if ((c = realloc(b->cur, cap * sizeof(*c))) == NULL)
		return -1;
	b->cur = c;
	if ((o = realloc(b->off, cap * sizeof(*o))) == NULL)
		return -1;
	b->off = o;
	memset(t + b->pidcap, 0, (cap - b->pidcap) * sizeof(*t));
	memset(c + b->pidcap, 0, (cap - b->pidcap) * sizeof(*c));
	for (i = b->pidcap; i < cap; i++)
		o[i] = TPROC_BEFORE;
	b->pidcap = cap;
	return 0;
}

/* The group of a thread: the one its creation said, else its own id. */
static int
group_of(const struct build *b, int pid)
{
	if ((size_t)pid < b->pidcap && b->tgid[pid] > 0)
		return b->tgid[pid] - 1;
	if ((size_t)pid < b->pidcap && b->tgid[pid] < 0)
		return -b->tgid[pid] - 1;
	return pid;
}

static void
set_comm(struct tproc *p, const char *s)
{
	snprintf(p->comm, sizeof(p->comm), "%s", s);
}

/* A new entry for group pid, which ends the one it had (a reused PID). */
static struct tproc *
new_proc(struct build *b, int pid, int64_t start, int64_t at)
{
	struct tboot *ps = b->ps;
	struct tproc *p;
	const char *comm;

	if (pid_room(b, pid) != 0 || grow_array((void **)&ps->v, &ps->cap,
	    ps->n, sizeof(*ps->v)) != 0)
		return NULL;
	if (b->cur[pid] != 0 && ps->v[b->cur[pid] - 1].end_ns == TPROC_AFTER)
		ps->v[b->cur[pid] - 1].end_ns = at;
	p = &ps->v[ps->n];
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	p->start_ns = start;
	p->end_ns = TPROC_AFTER;
	p->threads = start != TPROC_BEFORE;
	comm = tdat_comm(b->td, pid);
	set_comm(p, comm != NULL ? comm : "");
	b->cur[pid] = (int32_t)++ps->n;
	return p;
}

/*
 * The entry of the group thread pid belongs to; one that started
 * before the trace is made at first sight.  NULL: no memory.
 */
static struct tproc *
proc_of(struct build *b, int pid, int64_t at)
{
	int g = group_of(b, pid);

	if ((size_t)g < b->pidcap && b->cur[g] != 0)
		return &b->ps->v[b->cur[g] - 1];
	return new_proc(b, g, TPROC_BEFORE, at);
}

static int64_t
num(const struct build *b, size_t h, size_t i, const struct tevent *ev)
{
	return b->h[h].f[i] != NULL ? tfield_int(b->h[h].f[i], ev) : -1;
}

static void
text(const struct build *b, size_t h, size_t i, const struct tevent *ev,
    char *out, size_t cap)
{
	out[0] = '\0';
	if (b->h[h].f[i] != NULL)
		tfield_str(b->h[h].f[i], ev, out, cap);
}

/*
 * Makes room for the event's CPU: who runs there is not known yet.  A
 * task switched off a CPU that saw no switch before ran there from the
 * trace's start (a switch onto it would be an event of that CPU): a
 * task hogging a CPU has no events until it leaves it.  A CPU brought
 * up after the trace began starts with its idle task, which is no run.
 * 0, or -1 (no memory).
 */
static int
see_cpu(struct build *b, const struct tevent *ev)
{
	struct oncpu *c;
	size_t n;

	if (ev->cpu < 0 || ev->cpu >= CPUS_MAX || (size_t)ev->cpu < b->ncpu)
		return 0;
	n = (size_t)ev->cpu + 1;
	if ((c = realloc(b->cpu, n * sizeof(*c))) == NULL)
		return -1;
	for (; b->ncpu < n; b->ncpu++)
		c[b->ncpu] = (struct oncpu){ .pid = -1,
		    .since = b->ps->first_ns, .blocked = -1, .prev = -1 };
	b->cpu = c;
	return 0;
}

/*
 * Each event is written by the task on its CPU: a followed thread the
 * trace has as not running there had its switch-in left out (this
 * machine's 6.18 leaves some out: docs/trace.md).  It runs from when
 * it could have begun (ran_since), as its CPU time counts it.
 */
static int
runs_now(struct build *b, const struct tevent *ev)
{
	const struct oncpu *c;
	int64_t since;
	int st;

	if (!valid_pid(ev->pid) || ev->cpu < 0 || (size_t)ev->cpu >= b->ncpu ||
	    (size_t)ev->pid >= b->pidcap)
		return 0;
	st = tstates_get(&b->st, ev->pid);
	if (st == TS_NONE || st == TS_RUNNING)
		return 0;
	c = &b->cpu[ev->cpu];
	/*
	 * Events in the tail of the switch that took it off (its stack
	 * after a blocking switch) are still its own: not a new run.
	 */
	if (c->prev == ev->pid && b->off[ev->pid] <= c->since)
		return 0;
	since = ran_since(b, c, ev->pid);
	if (since == TPROC_BEFORE || since > ev->ts_ns)
		since = ev->ts_ns;
	return thread_state(b, ev->pid, since, TS_RUNNING);
}

/* Saturating: a forged trace's times go back and forth. */
static void
add_cpu(struct tproc *p, int64_t d)
{
	p->cpu_ns = d > INT64_MAX - p->cpu_ns ? INT64_MAX : p->cpu_ns + d;
}

/* Thread pid ran on cpu over [from, to): its CPU time and the CPU's. */
static int
ran(struct build *b, int pid, int cpu, int64_t from, int64_t to)
{
	struct tproc *p;

	if ((p = proc_of(b, pid, to)) == NULL ||
	    tbusy_add(&b->ps->busy, cpu, (uint32_t)(p - b->ps->v),
	    b->ps->first_ns, from, to) != 0)
		return -1;
	add_cpu(p, to - from);
	return 0;
}

static int
valid_pid(int64_t pid)
{
	return pid > 0 && pid < CAP_TRACE_PIDS;
}

static int
on_switch(struct build *b, const struct tevent *ev)
{
	int64_t prev = num(b, H_SWITCH, 0, ev), next = num(b, H_SWITCH, 1, ev);
	struct oncpu *c;
	int64_t since;

	if (ev->cpu < 0 || (size_t)ev->cpu >= b->ncpu)
		return 0;
	c = &b->cpu[ev->cpu];
	/* The stack of the CPU's last blocking switch did not come. */
	if (c->blocked > 0 && twake_settle(&b->wk, c->blocked) != 0)
		return -1;
	c->blocked = -1;
	if (valid_pid(prev)) {
		if (pid_room(b, (int)prev) != 0)
			return -1;
		since = ran_since(b, c, (int)prev);
		/* Its switch-in was left out: it ran from `since` all the same. */
		if (c->pid != prev && since != TPROC_BEFORE &&
		    since < ev->ts_ns &&
		    crit(b, CR_ON, (int)prev, -1, 0, since) != 0)
			return -1;
		if (since != TPROC_BEFORE && ev->ts_ns > since &&
		    ran(b, (int)prev, ev->cpu, since, ev->ts_ns) != 0)
			return -1;
		b->off[prev] = ev->ts_ns;
		if (switched_off(b, (int)prev, since, ev) != 0)
			return -1;
		/* A trace with stacks has one after this switch (on_kstack). */
		if (b->h[H_KSTACK].fmt != NULL &&
		    twake_waiting(&b->wk, (int)prev)) {
			twake_expect(&b->wk, (int)prev);
			c->blocked = (int)prev;
		}
		/* An exited thread's last switch: its id is free. */
		if (b->tgid[prev] < 0)
			b->tgid[prev] = 0;
	}
	c->pid = valid_pid(next) || next == 0 ? (int)next : -1;
	c->prev = valid_pid(prev) ? (int)prev : -1;
	c->since = ev->ts_ns;
	if (!valid_pid(next))
		return 0;
	if (crit(b, CR_ON, (int)next, valid_pid(prev) || prev == 0 ?
	    (int)prev : -1, 0, ev->ts_ns) != 0)
		return -1;
	return thread_state(b, (int)next, ev->ts_ns, TS_RUNNING);
}

/* A record of thread tid for the critical path (tcrit.h); 0, or -1. */
static int
crit(struct build *b, int kind, int tid, int other, int state, int64_t at)
{
	int g = group_of(b, tid);
	uint32_t proc = (size_t)g < b->pidcap && b->cur[g] != 0 ?
	    (uint32_t)b->cur[g] - 1 : CR_NOPROC;

	return tcrit_add(&b->cr, kind, tid, g, proc, other, state, at);
}

/*
 * A followed thread enters state st; a thread not followed (born
 * before the trace, exited) or of no known group: nothing.  0, or -1.
 */
static int
thread_state(struct build *b, int tid, int64_t at, int st)
{
	int g;

	if (tstates_get(&b->st, tid) == TS_NONE)
		return 0;
	g = group_of(b, tid);
	if ((size_t)g >= b->pidcap || b->cur[g] == 0)
		return 0;
	return tstates_set(&b->st, (size_t)b->cur[g] - 1, tid, at, st);
}

/*
 * Thread pid leaves a CPU: it ran from `since` (when its switch-in is
 * missing, from the same time its CPU time counts from), then is
 * runnable (R, R+: preempted), in D, or sleeping.
 */
static int
switched_off(struct build *b, int pid, int64_t since,
    const struct tevent *ev)
{
	int64_t prev = num(b, H_SWITCH, 2, ev), next;
	int st = TS_SLEEPING;

	if (tstates_get(&b->st, pid) != TS_RUNNING && since != TPROC_BEFORE &&
	    since < ev->ts_ns &&
	    thread_state(b, pid, since, TS_RUNNING) != 0)
		return -1;
	if (prev >= 0 && (prev & PREV_D))
		st = TS_WAITING;
	else if (prev >= 0 && (prev & PREV_REPORTED) == 0)
		st = TS_RUNNABLE;
	/* A wait of the wake-up graph: S or D (not I, idle kernel threads). */
	if (prev >= 0 && (prev & (PREV_S | PREV_D)) &&
	    twake_sleep(&b->wk, pid, ev->ts_ns, st) != 0)
		return -1;
	next = num(b, H_SWITCH, 1, ev);
	if (crit(b, CR_OFF, pid, valid_pid(next) || next == 0 ? (int)next : -1,
	    st, ev->ts_ns) != 0)
		return -1;
	return thread_state(b, pid, ev->ts_ns, st);
}

/*
 * When the thread leaving a CPU began to run there.  The kernel does
 * not always record the switch that put it there (this machine's 6.18
 * leaves out some, with no loss counted; docs/trace.md): it then began
 * after the CPU's last switch and after it was last woken or left a
 * CPU.  TPROC_BEFORE: nothing says.
 */
static int64_t
ran_since(const struct build *b, const struct oncpu *c, int pid)
{
	int64_t off = b->off[pid];

	if (c->pid == pid)
		return c->since;
	return off != TPROC_BEFORE && off > c->since ? off : c->since;
}

/* Who woke: a TW_* context, the waking thread's id, or 0: none known. */
static int32_t
waker_tid(const struct build *b, size_t h, const struct tevent *ev)
{
	int64_t fl = num(b, h, 1, ev);

	if (fl >= 0 && (fl & TDAT_FLAG_NMI))
		return TW_NMI;
	if (fl >= 0 && (fl & TDAT_FLAG_HARDIRQ))
		return TW_IRQ;
	if (fl >= 0 && (fl & TDAT_FLAG_SOFTIRQ))
		return TW_SOFTIRQ;
	if (ev->pid == 0)
		return TW_IDLE;
	return valid_pid(ev->pid) ? ev->pid : 0;
}

/*
 * Who woke: the context the event ran in (its common_flags; the
 * innermost first: an interrupt may come during a softirq), else the
 * thread running, the idle task as a pseudo node.  0: none known.
 */
static int
waker_of(struct build *b, size_t h, const struct tevent *ev, int32_t *w)
{
	struct tproc *p;

	if ((*w = waker_tid(b, h, ev)) < 0)
		return 1;
	if (*w == 0)
		return 0;
	if ((p = proc_of(b, ev->pid, ev->ts_ns)) == NULL)
		return -1;
	*w = (int32_t)(p - b->ps->v);
	return 1;
}

/*
 * The process whose thread a softirq ran in: a socket's data a send
 * delivered (loopback: the receive path runs at the sender's
 * local_bh_enable) is that thread's (docs/wakeups.md).  Not ksoftirqd's
 * nor the idle task's.  0 (*alt -1 when none), or -1 (no memory).
 */
static int
softirq_thread(struct build *b, const struct tevent *ev, int32_t *alt)
{
	struct tproc *p;

	*alt = -1;
	if (!valid_pid(ev->pid))
		return 0;
	if ((p = proc_of(b, ev->pid, ev->ts_ns)) == NULL)
		return -1;
	if (strncmp(p->comm, "ksoftirqd/", 10) != 0)
		*alt = (int32_t)(p - b->ps->v);
	return 0;
}

/* A waiting thread's wait ends: an edge of the wake-up graph. */
static int
wait_ends(struct build *b, size_t h, int pid, const struct tevent *ev)
{
	struct tproc *p;
	int32_t w, alt = -1;
	int r;

	if (!twake_waiting(&b->wk, pid))
		return 0;
	if ((r = waker_of(b, h, ev, &w)) <= 0)
		return twake_gone(&b->wk, pid) != 0 ? -1 : r;
	if (w == TW_SOFTIRQ && softirq_thread(b, ev, &alt) != 0)
		return -1;
	if ((p = proc_of(b, pid, ev->ts_ns)) == NULL)
		return -1;
	return twake_woken(&b->wk, pid, (size_t)(p - b->ps->v), w, alt,
	    ev->ts_ns);
}

/* A thread woken (handler h's "pid") runs after this, not before. */
static int
woken(struct build *b, size_t h, const struct tevent *ev)
{
	int64_t pid = num(b, h, 0, ev);

	if (!valid_pid(pid) || pid_room(b, (int)pid) != 0)
		return valid_pid(pid) ? -1 : 0;
	b->off[pid] = ev->ts_ns;
	if (wait_ends(b, h, (int)pid, ev) != 0 ||
	    crit(b, CR_WOKEN, (int)pid, waker_tid(b, h, ev), 0,
	    ev->ts_ns) != 0)
		return -1;
	/* Woken while still on its CPU (before it slept): it runs on. */
	if (tstates_get(&b->st, (int)pid) == TS_RUNNING)
		return 0;
	return thread_state(b, (int)pid, ev->ts_ns, TS_RUNNABLE);
}

static int
on_waking(struct build *b, const struct tevent *ev)
{
	return woken(b, H_WAKING, ev);
}

static int
on_wakeup_new(struct build *b, const struct tevent *ev)
{
	return woken(b, H_WAKEUP_NEW, ev);
}

/*
 * ftrace:kernel_stack right after a switch that put its thread to
 * sleep (the logger's trigger, docs/trace.md): why that wait began.
 */
static int
on_kstack(struct build *b, const struct tevent *ev)
{
	struct oncpu *c;
	struct tproc *p;
	int64_t id;
	int reason;

	if (ev->cpu < 0 || (size_t)ev->cpu >= b->ncpu)
		return 0;
	c = &b->cpu[ev->cpu];
	if (c->blocked <= 0 || c->blocked != ev->pid) {
		if (c->blocked > 0 && twake_settle(&b->wk, c->blocked) != 0)
			return -1;
		c->blocked = -1;
		return 0;
	}
	c->blocked = -1;
	if ((p = proc_of(b, ev->pid, ev->ts_ns)) == NULL ||
	    (id = tstacks_add(&b->wk.sk, b->td, b->h[H_KSTACK].f[1],
	    num(b, H_KSTACK, 0, ev), ev, (uint32_t)(p - b->ps->v),
	    &reason)) < 0)
		return -1;
	return twake_why(&b->wk, ev->pid, reason, (uint32_t)id);
}

/* task_newtask: a thread joins its creator's group, else a process is born. */
static int
on_newtask(struct build *b, const struct tevent *ev)
{
	int64_t pid = num(b, H_NEWTASK, 0, ev), flags = num(b, H_NEWTASK, 1, ev);
	char comm[16];
	struct tproc *p;

	if (!valid_pid(pid) || pid_room(b, (int)pid) != 0)
		return valid_pid(pid) ? -1 : 0;
	if (flags >= 0 && (flags & CLONE_THREAD_FLAG) && valid_pid(ev->pid)) {
		b->tgid[pid] = group_of(b, ev->pid) + 1;
		if ((p = proc_of(b, ev->pid, ev->ts_ns)) == NULL)
			return -1;
		p->threads++;
		return born(b, p, (int)pid, ev->pid, ev->ts_ns);
	}
	b->tgid[pid] = (int32_t)pid + 1;
	if ((p = new_proc(b, (int)pid, ev->ts_ns, ev->ts_ns)) == NULL)
		return -1;
	p->ppid = valid_pid(ev->pid) ? group_of(b, ev->pid) : 0;
	text(b, H_NEWTASK, 2, ev, comm, sizeof(comm));
	if (comm[0] != '\0')
		set_comm(p, comm);
	return born(b, p, (int)pid, valid_pid(ev->pid) ? ev->pid : -1,
	    ev->ts_ns);
}

/*
 * A thread of process p is made: it cannot have run before, and its
 * states are followed from here (sleeping until woken) when the trace
 * has p's whole life.
 */
static int
born(struct build *b, const struct tproc *p, int tid, int creator, int64_t at)
{
	b->off[tid] = at;
	if (twake_gone(&b->wk, tid) != 0 ||
	    crit(b, CR_BORN, tid, creator, 0, at) != 0)
		return -1;
	if (p->start_ns == TPROC_BEFORE)
		return 0;
	return tstates_set(&b->st, (size_t)(p - b->ps->v), tid, at,
	    TS_SLEEPING);
}

/* sched_process_fork: a birth task_newtask did not tell (not recorded). */
static int
on_fork(struct build *b, const struct tevent *ev)
{
	int64_t parent = num(b, H_FORK, 0, ev), child = num(b, H_FORK, 1, ev);
	char comm[16];
	struct tproc *p;

	if (!valid_pid(child) || pid_room(b, (int)child) != 0)
		return valid_pid(child) ? -1 : 0;
	if (b->tgid[child] > 0)
		return 0;
	b->tgid[child] = (int32_t)child + 1;
	if ((p = new_proc(b, (int)child, ev->ts_ns, ev->ts_ns)) == NULL)
		return -1;
	p->ppid = valid_pid(parent) ? group_of(b, (int)parent) : 0;
	text(b, H_FORK, 2, ev, comm, sizeof(comm));
	if (comm[0] != '\0')
		set_comm(p, comm);
	return born(b, p, (int)child, valid_pid(parent) ? (int)parent : -1,
	    ev->ts_ns);
}

/* An exec names the process after the file, as the kernel does. */
static int
on_exec(struct build *b, const struct tevent *ev)
{
	int64_t pid = num(b, H_EXEC, 0, ev);
	char file[4096];
	const char *base;
	struct tproc *p;

	if (!valid_pid(pid))
		return 0;
	if ((p = proc_of(b, (int)pid, ev->ts_ns)) == NULL)
		return -1;
	p->execs++;
	text(b, H_EXEC, 1, ev, file, sizeof(file));
	base = strrchr(file, '/');
	base = base != NULL ? base + 1 : file;
	if (*base != '\0')
		set_comm(p, base);
	return 0;
}

/* A rename of the group's leader renames the process; a thread's does not. */
static int
on_rename(struct build *b, const struct tevent *ev)
{
	int64_t pid = num(b, H_RENAME, 0, ev);
	char comm[16];
	struct tproc *p;

	if (!valid_pid(pid) || group_of(b, (int)pid) != pid)
		return 0;
	if ((p = proc_of(b, (int)pid, ev->ts_ns)) == NULL)
		return -1;
	text(b, H_RENAME, 1, ev, comm, sizeof(comm));
	if (comm[0] != '\0')
		set_comm(p, comm);
	return 0;
}

/*
 * The process ends with the last of its threads: the exit the kernel
 * says is the group's (group_dead, 5.x on), else when the threads the
 * trace saw born have all exited, and for a process older than the
 * trace, with its leader.
 */
static int
on_exit_ev(struct build *b, const struct tevent *ev)
{
	int64_t pid = num(b, H_EXIT, 0, ev), dead = num(b, H_EXIT, 2, ev);
	struct tproc *p;
	int last;

	if (!valid_pid(pid))
		return 0;
	if ((p = proc_of(b, (int)pid, ev->ts_ns)) == NULL)
		return -1;
	if (p->comm[0] == '\0')
		text(b, H_EXIT, 1, ev, p->comm, sizeof(p->comm));
	if (p->threads > 0)
		p->threads--;
	if (b->h[H_EXIT].f[2] != NULL)
		last = dead != 0;
	else if (p->start_ns != TPROC_BEFORE)
		last = p->threads == 0;
	else
		last = pid == p->pid;
	if (last)
		p->end_ns = ev->ts_ns;
	/* Its last switch off a CPU follows: the thread is gone already. */
	if (thread_state(b, (int)pid, ev->ts_ns, TS_NONE) != 0 ||
	    crit(b, CR_EXIT, (int)pid, -1, 0, ev->ts_ns) != 0)
		return -1;
	if (twake_gone(&b->wk, (int)pid) != 0)
		return -1;
	/*
	 * Its group until its last switch off a CPU (then the id is free:
	 * a fork that reuses it starts afresh).
	 */
	if (pid_room(b, (int)pid) != 0)
		return -1;
	b->tgid[pid] = -(group_of(b, (int)pid) + 1);
	return 0;
}

/* bootchartd's clock-sync marker: the CLOCK_BOOTTIME of this event. */
static int
on_print(struct build *b, const struct tevent *ev)
{
	char buf[256], *k, *end;
	long long boot;

	text(b, H_PRINT, 0, ev, buf, sizeof(buf));
	if (strncmp(buf, TRACE_SYNC_MARK, strlen(TRACE_SYNC_MARK)) != 0 ||
	    (k = strstr(buf, SYNC_KEY)) == NULL)
		return 0;
	errno = 0;
	boot = strtoll(k + strlen(SYNC_KEY), &end, 10);
	/* A boot time is ns since boot: past 2^62 (146 years) it is forged. */
	if (end == k + strlen(SYNC_KEY) || errno != 0 || boot < 0 ||
	    boot > TBOOT_NS_MAX || b->ps->have_sync)
		return 0;
	b->ps->boot_minus_trace_ns = (int64_t)boot - ev->ts_ns;
	b->ps->have_sync = 1;
	return 0;
}

/* A thread's module not yet initialised: a newer load replaces it (no init). */
static int
on_module_load(struct build *b, const struct tevent *ev)
{
	size_t i, n = b->nmod < MODLOADS ? b->nmod : MODLOADS;
	struct modload *m = NULL;

	for (i = 0; i < n && m == NULL; i++)
		if (b->mod[i].pid == ev->pid)
			m = &b->mod[i];
	if (m == NULL)
		m = &b->mod[b->nmod++ % MODLOADS];
	m->pid = ev->pid;
	text(b, H_MODULE, 0, ev, m->name, sizeof(m->name));
	return 0;
}

/*
 * The module thread pid loaded and has not run the init of yet, taken
 * (module_load comes right before the module's initcall, on the same
 * thread); NULL: the initcall is the kernel's own.
 */
static const char *
take_module(struct build *b, int pid)
{
	size_t i, n = b->nmod < MODLOADS ? b->nmod : MODLOADS;
	struct modload *m;

	for (i = 0; i < n; i++) {
		m = &b->mod[(b->nmod - 1 - i) % MODLOADS];
		if (m->pid == pid && m->name[0] != '\0') {
			m->pid = -1;
			return m->name;
		}
	}
	return NULL;
}

/*
 * An initcall's name.  A module's is the module's: its init function is
 * freed once it ran, and kallsyms, read at the end, may give its
 * address to a module loaded later (efi_pstore's init was named
 * efi_pstore_erase).  The kernel's own: its function, when kallsyms
 * has that very address.
 */
static void
name_call(struct build *b, struct tinitcall *ic, const struct open_ic *o)
{
	uint64_t off = 0;
	const char *name = tdat_sym(b->td, o->func, &off);

	if (o->module[0] != '\0')
		snprintf(ic->func, sizeof(ic->func), "%s [module init]",
		    o->module);
	else if (name != NULL && off == 0)
		snprintf(ic->func, sizeof(ic->func), "%s", name);
	else
		snprintf(ic->func, sizeof(ic->func), "0x%llx",
		    (unsigned long long)o->func);
}

static int
on_initcall_start(struct build *b, const struct tevent *ev)
{
	struct open_ic *o;
	const char *mod;

	if (grow_array((void **)&b->open, &b->opencap, b->nopen,
	    sizeof(*b->open)) != 0)
		return -1;
	o = &b->open[b->nopen++];
	memset(o, 0, sizeof(*o));
	if ((mod = take_module(b, ev->pid)) != NULL)
		snprintf(o->module, sizeof(o->module), "%s", mod);
	o->pid = ev->pid;
	o->func = (uint64_t)num(b, H_IC_START, 0, ev);
	o->start = ev->ts_ns;
	/* A thread runs one initcall at a time: bound what hostile input holds. */
	if (b->nopen > CAP_TRACE_INITCALLS) {
		diag_warn(b->d, "more than %d initcalls started and not "
		    "finished: those are left out", CAP_TRACE_INITCALLS);
		b->nopen = 0;
	}
	return 0;
}

static int
on_wq_start(struct build *b, const struct tevent *ev)
{
	return twork_start(&b->wq, ev->pid, (uint64_t)num(b, H_WQ_START, 0,
	    ev), ev->ts_ns);
}

/*
 * A disk request completed: a D wait an interrupt ends across one is
 * the disk's (the critical path).  The times come in order (a forged
 * file's out of order ones only make that answer approximate).
 */
static int
on_block_done(struct build *b, const struct tevent *ev)
{
	struct tboot *ps = b->ps;

	if (ps->nbdone >= CAP_TRACE_BLOCK_DONE)
		return 0;
	if (grow_array((void **)&ps->bdone, &ps->bdonecap, ps->nbdone,
	    sizeof(*ps->bdone)) != 0)
		return -1;
	ps->bdone[ps->nbdone++] = ev->ts_ns;
	return 0;
}

/* A worker is a kernel thread: its own process entry. */
static int
on_wq_end(struct build *b, const struct tevent *ev)
{
	struct tproc *p;

	if (!valid_pid(ev->pid))
		return 0;
	if ((p = proc_of(b, ev->pid, ev->ts_ns)) == NULL)
		return -1;
	p->work_last_ns = ev->ts_ns;
	return twork_end(&b->wq, ev->pid, (size_t)(p - b->ps->v),
	    (uint64_t)num(b, H_WQ_END, 0, ev), ev->ts_ns);
}

/* The finish closes its thread's open start of the same function. */
static int
on_initcall_finish(struct build *b, const struct tevent *ev)
{
	uint64_t func = (uint64_t)num(b, H_IC_FINISH, 0, ev);
	struct tboot *tb = b->ps;
	struct tinitcall *ic;
	size_t i;

	for (i = b->nopen; i-- > 0;)
		if (b->open[i].pid == ev->pid && b->open[i].func == func)
			break;
	if (i == (size_t)-1 || tb->nic >= CAP_TRACE_INITCALLS)
		return 0;
	if (grow_array((void **)&tb->ic, &tb->iccap, tb->nic,
	    sizeof(*tb->ic)) != 0)
		return -1;
	ic = &tb->ic[tb->nic++];
	ic->start_ns = b->open[i].start;
	ic->end_ns = ev->ts_ns;
	name_call(b, ic, &b->open[i]);
	b->open[i] = b->open[--b->nopen];
	return 0;
}

/* A function_graph return: the call it ends (tfunc.c nests them later). */
static int
on_fg_exit(struct build *b, const struct tevent *ev)
{
	const struct tfield *const *f = b->h[H_FG_EXIT].f;

	if (f[0] == NULL || f[1] == NULL || f[2] == NULL || f[3] == NULL)
		return 0;
	return tcalls_exit(&b->ps->calls, ev->pid, ev->cpu,
	    (uint64_t)tfield_int(f[0], ev), tfield_int(f[1], ev),
	    (uint64_t)tfield_int(f[2], ev), (uint64_t)tfield_int(f[3], ev),
	    f[4] != NULL ? (uint64_t)tfield_int(f[4], ev) : 0);
}

/* An entry says no more than its exit will (calltime); counted only. */
static int
on_fg_entry(struct build *b, const struct tevent *ev)
{
	(void)ev;
	b->ps->calls.entries++;
	return 0;
}

static void
resolve(struct build *b)
{
	size_t i, j;

	for (i = 0; i < H_COUNT; i++) {
		b->h[i].fmt = tdat_format(b->td, handlers[i].system,
		    handlers[i].name);
		for (j = 0; j < H_FIELDS; j++)
			b->h[i].f[j] = b->h[i].fmt != NULL &&
			    handlers[i].fields[j] != NULL ?
			    tfmt_field(b->h[i].fmt, handlers[i].fields[j]) : NULL;
	}
}

/* The time still on a CPU at the end goes to whoever was running. */
static int
close_cpus(struct build *b)
{
	size_t i;

	for (i = 0; i < b->ncpu; i++) {
		if (b->cpu[i].pid <= 0 || b->ps->last_ns <= b->cpu[i].since)
			continue;
		if (ran(b, b->cpu[i].pid, (int)i, b->cpu[i].since,
		    b->ps->last_ns) != 0)
			return -1;
	}
	return 0;
}

static int
read_all(struct tdat *td, struct tboot *ps, unsigned flags, struct diag *d)
{
	struct build b;
	struct tevent ev;
	size_t i;
	int r;

	memset(ps, 0, sizeof(*ps));
	memset(&b, 0, sizeof(b));
	b.ps = ps;
	b.td = td;
	b.d = d;
	b.st.d = d;
	b.wq.d = d;
	ps->busy.d = d;
	ps->busy.keep_runs = (flags & TB_RUNS) != 0;
	b.wk.d = d;
	ps->calls.d = d;
	b.cr.d = d;
	b.wk.sk.d = d;
	resolve(&b);
	while ((r = tdat_next(td, &ev)) == 1) {
		if (ev.ts_ns < 0 || ev.ts_ns > TBOOT_NS_MAX)
			continue;
		if (ps->events++ == 0)
			ps->first_ns = ev.ts_ns;
		ps->last_ns = ev.ts_ns;
		for (i = 0; i < H_COUNT; i++)
			if (ev.fmt != NULL && ev.fmt == b.h[i].fmt)
				break;
		if (see_cpu(&b, &ev) != 0 || runs_now(&b, &ev) != 0 ||
		    (i < H_COUNT && handlers[i].fn(&b, &ev) != 0)) {
			r = diag_error_status(d, EXIT_NOMEM, "out of memory");
			break;
		}
	}
	if (r == 0 && (close_cpus(&b) != 0 || tstates_fold(&b.st, ps) != 0 ||
	    ((flags & TB_THREADS) && tstates_fold_threads(&b.st, ps) != 0) ||
	    tcalls_nest(&ps->calls) != 0))
		r = diag_error_status(d, EXIT_NOMEM, "out of memory");
	if (r == 0) {
		twork_label(&b.wq, ps, td);
		tcrit_take(&b.cr, ps);
		if (twake_take(&b.wk, ps) != 0)
			r = diag_error_status(d, EXIT_NOMEM, "out of memory");
	}
	ps->cuts = (b.st.cut ? TB_CUT_STATES : 0) | (b.cr.cut ? TB_CUT_CRIT : 0) |
	    (b.wk.cut ? TB_CUT_WAKE : 0) | (b.wk.sk.cut ? TB_CUT_STACKS : 0) |
	    (ps->busy.cut ? TB_CUT_BINS : 0) | (b.wq.cut ? TB_CUT_WORKS : 0) |
	    (ps->calls.cut ? TB_CUT_CALLS : 0) |
	    (ps->busy.runs_cut ? TB_CUT_RUNS : 0);
	tstates_free(&b.st);
	twake_free(&b.wk);
	tcrit_free(&b.cr);
	twork_free(&b.wq);
	free(b.tgid);
	free(b.cur);
	free(b.off);
	free(b.cpu);
	free(b.open);
	if (r != 0)
		tboot_free(ps);
	return r == 0 ? 0 : -1;
}

int
tboot_build(struct tdat *td, struct tboot *ps, struct diag *d)
{
	return read_all(td, ps, 0, d);
}

int
tboot_build_threads(struct tdat *td, struct tboot *ps, struct diag *d)
{
	return read_all(td, ps, TB_THREADS, d);
}

int
tboot_build_with(struct tdat *td, struct tboot *ps, unsigned flags,
    struct diag *d)
{
	return read_all(td, ps, flags, d);
}

void
tboot_free(struct tboot *ps)
{
	size_t i;

	free(ps->v);
	free(ps->threads);
	free(ps->ic);
	free(ps->spans);
	tbusy_free(&ps->busy);
	tcalls_free(&ps->calls);
	free(ps->wake);
	free(ps->crec);
	free(ps->bdone);
	for (i = 0; i < ps->nstacks; i++)
		free(ps->stacks[i].frames);
	free(ps->stacks);
	memset(ps, 0, sizeof(*ps));
}

int
tboot_disk_done(const struct tboot *ps, int64_t a, int64_t b)
{
	size_t lo = 0, hi = ps->nbdone, mid;

	/* The first completion at or after a. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ps->bdone[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ps->nbdone && ps->bdone[lo] <= b;
}
