/* tboot_sched.c: tboot's handlers of the scheduler's events: who runs on each CPU, states, CPU time, waits and their wakers, the blocked threads' stacks. */
#include <stdlib.h>
#include <string.h>

#include "tboot_int.h"
#include "tracedat.h"

#define CPUS_MAX	8192	/* the kernel's NR_CPUS limit */
/*
 * sched_switch's prev_state: the kernel's report bits (5.x, 6.x).  No
 * bit of the low byte: R, or R+ (preempted, a high bit): still runnable.
 */
#define PREV_S		0x01	/* TASK_INTERRUPTIBLE */
#define PREV_D		0x02	/* TASK_UNINTERRUPTIBLE */
#define PREV_I		0x80	/* TASK_IDLE: a D sleep the load leaves out */
#define PREV_REPORTED	0xff

static int switched_off(struct build *, int, int64_t, const struct tevent *);
static int in_scope(const struct build *, int);
static int wait_raced(struct build *, int);
static int64_t ran_since(const struct build *, const struct oncpu *, int);
static int claim_cpu(struct build *, int, int, int64_t);
static int comes_back(const struct build *, const struct tevent *);

/*
 * Makes room for the event's CPU: who runs there is not known yet.  A
 * task switched off a CPU that saw no switch before ran there from the
 * trace's start (a switch onto it would be an event of that CPU): a
 * task hogging a CPU has no events until it leaves it.  A CPU brought
 * up after the trace began starts with its idle task, which is no run.
 * 0, or -1 (no memory).
 */
int
tb_see_cpu(struct build *b, const struct tevent *ev)
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
int
tb_runs_now(struct build *b, const struct tevent *ev)
{
	const struct oncpu *c;
	int64_t since;
	int st;

	if (!tb_valid_pid(ev->pid) || ev->cpu < 0 ||
	    (size_t)ev->cpu >= b->ncpu ||
	    (size_t)ev->pid >= b->pidcap)
		return 0;
	/*
	 * The stack a blocking switch records comes after it, from the
	 * thread it took off: not a new run (even when a wake-up on another
	 * CPU came between).  Any other event of the thread is: it runs, so
	 * it was woken, even when that wake-up was stamped before the switch
	 * (it raced with the thread going to sleep, and the kernel finished
	 * it once the thread was off: a wait with no known waker), or it
	 * needed none (switched off still runnable).
	 */
	if (b->h[H_KSTACK].fmt != NULL && ev->fmt == b->h[H_KSTACK].fmt)
		return 0;
	if (wait_raced(b, ev->pid) != 0)
		return -1;
	st = tstates_get(&b->st, ev->pid);
	if (st == TS_NONE || st == TS_RUNNING)
		return 0;
	c = &b->cpu[ev->cpu];
	since = ran_since(b, c, ev->pid);
	if (since == TPROC_BEFORE || since > ev->ts_ns)
		since = ev->ts_ns;
	/*
	 * The CPU is the thread's from then, whoever the trace had there
	 * (idle, not yet seen, or a task whose switch off it also lacks: a
	 * task outside a scoped trace's tree going idle is the filter's):
	 * its switch-out ends this run, even when it exits first (an exit
	 * takes it out of scope, and its switch-out would then start no
	 * run, so a wake-up the thread made has no run to come from).
	 */
	if (c->pid != ev->pid && claim_cpu(b, ev->cpu, ev->pid, since) != 0)
		return -1;
	return tb_thread_state(b, ev->pid, since, TS_RUNNING);
}

/* The switch-in that put pid on cpu at `since`, as the kernel left it out. */
static int
claim_cpu(struct build *b, int cpu, int pid, int64_t since)
{
	struct oncpu *c = &b->cpu[cpu];

	if (tb_crit(b, CR_ON, pid, -1, 0, since) != 0)
		return -1;
	c->pid = pid;
	c->prev = -1;
	c->since = since;
	return 0;
}

/*
 * Thread tid runs (an event of its own, a switch onto a CPU): a wait it
 * still has was ended by a wake-up stamped before its sleep, which
 * raced with it (docs/wakeups.md).  It has no known waker and is
 * dropped.  0, or -1 on no memory.
 */
static int
wait_raced(struct build *b, int tid)
{
	if (!twake_waiting(&b->wk, tid))
		return 0;
	return twake_gone(&b->wk, tid);
}

/* Saturating: a forged trace's times go back and forth. */
static void
add_cpu(struct tproc *p, int64_t d)
{
	p->cpu_ns = d > INT64_MAX - p->cpu_ns ? INT64_MAX : p->cpu_ns + d;
}

/* Thread pid ran on cpu over [from, to): its CPU time and the CPU's. */
int
tb_ran(struct build *b, int pid, int cpu, int64_t from, int64_t to)
{
	struct tproc *p;

	if ((p = tb_proc_of(b, pid, to)) == NULL ||
	    tbusy_add(&b->ps->busy, cpu, (uint32_t)(p - b->ps->v),
	    b->ps->first_ns, from, to) != 0)
		return -1;
	add_cpu(p, to - from);
	return 0;
}

int
tb_on_switch(struct build *b, const struct tevent *ev)
{
	int64_t prev = tb_num(b, H_SWITCH, F_SW_PREV_PID, ev);
	int64_t next = tb_num(b, H_SWITCH, F_SW_NEXT_PID, ev);
	struct oncpu *c;
	int64_t since;

	if (ev->cpu < 0 || (size_t)ev->cpu >= b->ncpu)
		return 0;
	c = &b->cpu[ev->cpu];
	/* The stack of the CPU's last blocking switch did not come. */
	if (c->blocked > 0 && twake_settle(&b->wk, c->blocked) != 0)
		return -1;
	c->blocked = -1;
	if (tb_valid_pid(prev)) {
		if (tb_pid_room(b, (int)prev) != 0)
			return -1;
		since = ran_since(b, c, (int)prev);
		/*
		 * Outside a scoped trace's tree, a switch-in left out is the
		 * filter's: when it began to run is not known.
		 */
		if (c->pid != prev && !in_scope(b, (int)prev))
			since = TPROC_BEFORE;
		/* Its switch-in was left out: it ran from `since` all the same. */
		if (c->pid != prev && since != TPROC_BEFORE &&
		    since < ev->ts_ns &&
		    tb_crit(b, CR_ON, (int)prev, -1, 0, since) != 0)
			return -1;
		if (since != TPROC_BEFORE && ev->ts_ns > since &&
		    tb_ran(b, (int)prev, ev->cpu, since, ev->ts_ns) != 0)
			return -1;
		b->ids[prev].off = ev->ts_ns;
		if (switched_off(b, (int)prev, since, ev) != 0)
			return -1;
		/* A trace with stacks has one after this switch (on_kstack). */
		if (b->h[H_KSTACK].fmt != NULL &&
		    twake_waiting(&b->wk, (int)prev)) {
			twake_expect(&b->wk, (int)prev);
			c->blocked = (int)prev;
		}
		/* An exited thread's last switch: its id is free. */
		if (b->ids[prev].tgid < 0 && !comes_back(b, ev))
			b->ids[prev].tgid = 0;
	}
	c->pid = tb_valid_pid(next) || next == 0 ? (int)next : -1;
	c->prev = tb_valid_pid(prev) ? (int)prev : -1;
	c->since = ev->ts_ns;
	if (!tb_valid_pid(next))
		return 0;
	if (tb_crit(b, CR_ON, (int)next, tb_valid_pid(prev) || prev == 0 ?
	    (int)prev : -1, 0, ev->ts_ns) != 0)
		return -1;
	if (wait_raced(b, (int)next) != 0)
		return -1;
	return tb_thread_state(b, (int)next, ev->ts_ns, TS_RUNNING);
}

/*
 * Whether the thread a switch takes off comes back: preempted (R, R+)
 * or asleep (S, D, I).  An exited thread still does its exit's work
 * (its files closed, its address space torn down), which may be
 * preempted: it keeps its group until its last switch (X, Z), or its
 * later runs are a process of its id (a group's last thread, preempted
 * after its exit on a loaded machine, became a process of its own in
 * -f chrome-json and -f perfetto).  No prev_state: taken as the last.
 */
static int
comes_back(const struct build *b, const struct tevent *ev)
{
	int64_t st = tb_num(b, H_SWITCH, F_SW_PREV_STATE, ev);

	return st >= 0 && ((st & PREV_REPORTED) == 0 ||
	    (st & (PREV_S | PREV_D | PREV_I)) != 0);
}

/* A record of thread tid for the critical path (tcrit.h); 0, or -1. */
int
tb_crit(struct build *b, int kind, int tid, int other, int state, int64_t at)
{
	int g = tb_group_of(b, tid);
	uint32_t proc = (size_t)g < b->pidcap && b->ids[g].cur != 0 ?
	    (uint32_t)b->ids[g].cur - 1 : CR_NOPROC;

	return tcrit_add(&b->cr, kind, tid, g, proc, other, state, at);
}

/*
 * A followed thread enters state st; a thread not followed (born
 * before the trace, exited) or of no known group: nothing.  0, or -1.
 */
int
tb_thread_state(struct build *b, int tid, int64_t at, int st)
{
	int g;

	if (tstates_get(&b->st, tid) == TS_NONE)
		return 0;
	g = tb_group_of(b, tid);
	if ((size_t)g >= b->pidcap || b->ids[g].cur == 0)
		return 0;
	return tstates_set(&b->st, (size_t)b->ids[g].cur - 1, tid, at, st);
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
	int64_t prev = tb_num(b, H_SWITCH, F_SW_PREV_STATE, ev), next;
	int st = TS_SLEEPING;

	if (tstates_get(&b->st, pid) != TS_RUNNING && since != TPROC_BEFORE &&
	    since < ev->ts_ns &&
	    tb_thread_state(b, pid, since, TS_RUNNING) != 0)
		return -1;
	if (prev >= 0 && (prev & PREV_D))
		st = TS_WAITING;
	else if (prev >= 0 && (prev & PREV_REPORTED) == 0)
		st = TS_RUNNABLE;
	/*
	 * A wait of the wake-up graph: S or D (not I, idle kernel threads);
	 * outside a scoped trace's tree, its end may not be in the trace.
	 */
	if (prev >= 0 && (prev & (PREV_S | PREV_D)) && in_scope(b, pid) &&
	    twake_sleep(&b->wk, pid, ev->ts_ns, st) != 0)
		return -1;
	next = tb_num(b, H_SWITCH, F_SW_NEXT_PID, ev);
	if (tb_crit(b, CR_OFF, pid, tb_valid_pid(next) || next == 0 ?
	    (int)next : -1, st, ev->ts_ns) != 0)
		return -1;
	return tb_thread_state(b, pid, ev->ts_ns, st);
}

/*
 * Whether thread tid's events are all in the trace: any thread of a
 * whole system's trace; in one kept to a command's tree (tracefs's pid
 * filter: docs/trace.md), the tree's root and the threads the trace saw
 * born, as only the tree's forks are in it.
 */
static int
in_scope(const struct build *b, int tid)
{
	return b->scope == 0 || tid == b->scope ||
	    tstates_get(&b->st, tid) != TS_NONE;
}

/*
 * When the thread leaving a CPU began to run there.  The kernel does
 * not always record the switch that put it there (this machine's 6.18
 * leaves out some, with no loss counted; docs/trace.md): it then began
 * after the CPU's last switch and after it was last woken or left a
 * CPU.  A followed thread whose switch-in the trace has, but not as a
 * run (the CPUs' clocks put it before the thread's birth or wake-up),
 * did not run before those either: a run set earlier than its last
 * change would sort before that change and be undone by it.
 * TPROC_BEFORE: nothing says.
 */
static int64_t
ran_since(const struct build *b, const struct oncpu *c, int pid)
{
	int64_t off = b->ids[pid].off;
	int st = tstates_get(&b->st, pid);

	/* Past CAP_TRACE_STATES the states stand still: the switch says. */
	if (c->pid == pid && (st == TS_RUNNING || st == TS_NONE || b->st.cut))
		return c->since;
	return off != TPROC_BEFORE && off > c->since ? off : c->since;
}

/* Who woke: a TW_* context, the waking thread's id, or 0: none known. */
static int32_t
waker_tid(const struct build *b, size_t h, const struct tevent *ev)
{
	int64_t fl = tb_num(b, h, F_WAKE_FLAGS, ev);

	if (fl >= 0 && (fl & TDAT_FLAG_NMI))
		return TW_NMI;
	if (fl >= 0 && (fl & TDAT_FLAG_HARDIRQ))
		return TW_IRQ;
	if (fl >= 0 && (fl & TDAT_FLAG_SOFTIRQ))
		return TW_SOFTIRQ;
	if (ev->pid == 0)
		return TW_IDLE;
	return tb_valid_pid(ev->pid) ? ev->pid : 0;
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
	if ((p = tb_proc_of(b, ev->pid, ev->ts_ns)) == NULL)
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
	if (!tb_valid_pid(ev->pid))
		return 0;
	if ((p = tb_proc_of(b, ev->pid, ev->ts_ns)) == NULL)
		return -1;
	if (strncmp(p->comm, "ksoftirqd/", 10) != 0)
		*alt = (int32_t)(p - b->ps->v);
	return 0;
}

/*
 * A waiting thread's wait ends: an edge of the wake-up graph; crec: its
 * waking's record for the critical path, + 1 (0 none).
 */
static int
wait_ends(struct build *b, size_t h, int pid, const struct tevent *ev,
    uint32_t crec)
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
	if ((p = tb_proc_of(b, pid, ev->ts_ns)) == NULL)
		return -1;
	twake_crit(&b->wk, pid, alt >= 0 ? ev->pid : -1, crec);
	return twake_woken(&b->wk, pid, (size_t)(p - b->ps->v), w, alt,
	    ev->ts_ns);
}

/* A thread woken (handler h's "pid") runs after this, not before. */
static int
woken(struct build *b, size_t h, const struct tevent *ev)
{
	int64_t pid = tb_num(b, h, F_WAKE_PID, ev);
	size_t at = b->cr.n;
	int ok;

	if ((ok = tb_pid_take(b, pid)) != 1)
		return ok;
	b->ids[pid].off = ev->ts_ns;
	/* The record first: a socket's wait may name its waker at once. */
	if (tb_crit(b, CR_WOKEN, (int)pid, waker_tid(b, h, ev), 0,
	    ev->ts_ns) != 0 || wait_ends(b, h, (int)pid, ev,
	    b->cr.n > at ? (uint32_t)at + 1 : 0) != 0)
		return -1;
	/* Woken while still on its CPU (before it slept): it runs on. */
	if (tstates_get(&b->st, (int)pid) == TS_RUNNING)
		return 0;
	return tb_thread_state(b, (int)pid, ev->ts_ns, TS_RUNNABLE);
}

int
tb_on_waking(struct build *b, const struct tevent *ev)
{
	return woken(b, H_WAKING, ev);
}

int
tb_on_wakeup_new(struct build *b, const struct tevent *ev)
{
	return woken(b, H_WAKEUP_NEW, ev);
}

/*
 * ftrace:kernel_stack right after a switch that put its thread to
 * sleep (the logger's trigger, docs/trace.md): why that wait began.
 */
int
tb_on_kstack(struct build *b, const struct tevent *ev)
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
	if ((p = tb_proc_of(b, ev->pid, ev->ts_ns)) == NULL ||
	    (id = tstacks_add(&b->wk.sk, b->td, b->h[H_KSTACK].f[F_KSTACK_CALLER],
	    tb_num(b, H_KSTACK, F_KSTACK_SIZE, ev), ev, (uint32_t)(p - b->ps->v),
	    &reason)) < 0)
		return -1;
	return twake_why(&b->wk, ev->pid, reason, (uint32_t)id);
}
