/* test_tboot.c: what the renderer takes from a trace (renderer/exact/tboot.c) on hand-built files: thread groups and their ends (a thread preempted after its exit stays in its group), CPU time with a missed switch-in, PID reuse, initcalls named by kallsyms or by their module, the clock-sync marker, a process's states folded from its threads', the wake-up graph's edges. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tdat_build.h"

#include "tboot.h"
#include "trace.h"
#include "tstates.h"
#include "treason.h"
#include "twake.h"

#define NS_MS	1000000ULL	/* a millisecond in ns */

/* Formats with the fields tboot reads, at the kernel's offsets' kind. */
static const char *const sched[] = {
	"name: sched_switch\nID: 10\nformat:\n" TB_COMMON
	"\tfield:pid_t prev_pid;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:pid_t next_pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:long prev_state;\toffset:16;\tsize:8;\tsigned:1;\n",
	"name: sched_waking\nID: 11\nformat:\n" TB_COMMON
	"\tfield:pid_t pid;\toffset:8;\tsize:4;\tsigned:1;\n",
	"name: sched_wakeup_new\nID: 12\nformat:\n" TB_COMMON
	"\tfield:pid_t pid;\toffset:8;\tsize:4;\tsigned:1;\n",
	"name: sched_process_exec\nID: 14\nformat:\n" TB_COMMON
	"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n",
	"name: sched_process_exit\nID: 15\nformat:\n" TB_COMMON
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:bool group_dead;\toffset:28;\tsize:1;\tsigned:0;\n",
};
static const char *const task[] = {
	"name: task_newtask\nID: 20\nformat:\n" TB_COMMON
	"\tfield:pid_t pid;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:char comm[16];\toffset:12;\tsize:16;\tsigned:0;\n"
	"\tfield:unsigned long clone_flags;\toffset:28;\tsize:8;\tsigned:0;\n",
	"name: task_rename\nID: 21\nformat:\n" TB_COMMON
	"\tfield:pid_t pid;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:char oldcomm[16];\toffset:12;\tsize:16;\tsigned:0;\n"
	"\tfield:char newcomm[16];\toffset:28;\tsize:16;\tsigned:0;\n",
};
static const char *const initcall[] = {
	"name: initcall_start\nID: 30\nformat:\n" TB_COMMON
	"\tfield:initcall_t func;\toffset:8;\tsize:8;\tsigned:0;\n",
	"name: initcall_finish\nID: 31\nformat:\n" TB_COMMON
	"\tfield:initcall_t func;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int ret;\toffset:16;\tsize:4;\tsigned:1;\n",
};
static const char *const module[] = {
	"name: module_load\nID: 40\nformat:\n" TB_COMMON
	"\tfield:unsigned int taints;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] name;\toffset:12;\tsize:4;\tsigned:1;\n",
};
static const char *const ftrace[] = {
	"name: print\nID: 50\nformat:\n" TB_COMMON
	"\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:char buf[];\toffset:16;\tsize:0;\tsigned:0;\n",
	"name: kernel_stack\nID: 51\nformat:\n" TB_COMMON
	"\tfield:int size;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long caller[8];\toffset:16;\tsize:64;\tsigned:0;\n",
};
static const struct tb_system systems[] = {
	{ "sched", sched, 5 }, { "task", task, 2 }, { "initcall", initcall, 2 },
	{ "module", module, 1 }, { "ftrace", ftrace, 2 },
};

/* A __data_loc string at the record's end, its u32 at off. */
static void
put_loc(struct tb_rec *r, size_t off, const char *s)
{
	size_t at = r->len > off + 4 ? r->len : off + 4, n = strlen(s) + 1;

	tb_put(r, off, (uint64_t)(n << 16 | at), 4);
	memcpy(r->b + at, s, n);
	r->len = at + n;
}

static struct tb_rec
newtask(int parent, int pid, const char *comm, uint64_t flags)
{
	struct tb_rec r = tb_rec(20, parent);

	tb_put(&r, 8, (uint32_t)pid, 4);
	tb_put_str(&r, 12, comm);
	tb_put(&r, 28, flags, 8);
	return r;
}

/* prev_state as the kernel reports it (trace-cmd prints S, D, R+). */
#define ST_S	0x1
#define ST_D	0x2
#define ST_RP	0x100	/* preempted: TASK_REPORT_MAX */
#define ST_X	0x10	/* dead: EXIT_DEAD, a thread's last switch */
#define ST_Z	0x20	/* a zombie: EXIT_ZOMBIE, a leader's last switch */

static struct tb_rec
sw_st(int prev, int64_t state, int next)
{
	struct tb_rec r = tb_rec(10, prev);

	tb_put(&r, 8, (uint32_t)prev, 4);
	tb_put(&r, 12, (uint32_t)next, 4);
	tb_put(&r, 16, (uint64_t)state, 8);
	return r;
}

static struct tb_rec
sw(int prev, int next)
{
	return sw_st(prev, ST_S, next);
}

static struct tb_rec
waking(int waker, int pid)
{
	struct tb_rec r = tb_rec(11, waker);

	tb_put(&r, 8, (uint32_t)pid, 4);
	return r;
}

/* The stack a blocking switch records, from the thread it took off. */
static struct tb_rec
kstack(int pid)
{
	struct tb_rec r = tb_rec(51, pid);

	tb_put(&r, 8, 1, 4);
	tb_put(&r, 16, 0xffffffff81000100ULL, 8);
	r.len = 80;
	return r;
}

/* A waking in a context: common_flags (0x08 hardirq, 0x10 softirq, 0x40 NMI). */
static struct tb_rec
waking_fl(int waker, int pid, unsigned flags)
{
	struct tb_rec r = waking(waker, pid);

	tb_put(&r, 2, flags, 1);
	return r;
}

static struct tb_rec
wakeup_new(int waker, int pid)
{
	struct tb_rec r = tb_rec(12, waker);

	tb_put(&r, 8, (uint32_t)pid, 4);
	return r;
}

static struct tb_rec
exit_ev(int pid, int group_dead)
{
	struct tb_rec r = tb_rec(15, pid);

	tb_put_str(&r, 8, "x");
	tb_put(&r, 24, (uint32_t)pid, 4);
	tb_put(&r, 28, (uint64_t)group_dead, 4);
	return r;
}

/* A thread's exit under its name then. */
static struct tb_rec
exit_as(int pid, const char *comm, int group_dead)
{
	struct tb_rec r = exit_ev(pid, group_dead);

	tb_put_str(&r, 8, comm);
	return r;
}

static struct tb_rec
rename_ev(int pid, const char *comm)
{
	struct tb_rec r = tb_rec(21, pid);

	tb_put(&r, 8, (uint32_t)pid, 4);
	tb_put_str(&r, 12, "old");
	tb_put_str(&r, 28, comm);
	return r;
}

static struct tb_rec
ic(uint16_t id, int pid, uint64_t func)
{
	struct tb_rec r = tb_rec(id, pid);

	tb_put(&r, 8, func, 8);
	if (id == 31)
		tb_put(&r, 16, 0, 4);
	return r;
}

static struct tb_rec
modload(int pid, const char *name)
{
	struct tb_rec r = tb_rec(40, pid);

	tb_put(&r, 8, 0, 4);
	r.len = 16;
	put_loc(&r, 12, name);
	return r;
}

static struct tb_rec
print(int pid, const char *text)
{
	struct tb_rec r = tb_rec(50, pid);

	tb_put(&r, 8, 0xffffffff81000000ULL, 8);
	tb_put_str(&r, 16, text);
	return r;
}

static struct tb_rec
exec_ev(int pid, const char *file)
{
	struct tb_rec r = tb_rec(14, pid);

	tb_put(&r, 12, (uint32_t)pid, 4);
	r.len = 16;
	put_loc(&r, 8, file);
	return r;
}

/*
 * The file built from f, opened and read by tboot_build into tb (flags;
 * scope: the root of a command-scoped trace, 0 the whole system's).
 */
static void
build_with(struct tb_file *f, struct tboot *tb, uint8_t **buf,
    struct tdat **td, unsigned flags, int scope)
{
	struct diag d;
	size_t len;
	int c, i;

	for (c = 0; c < f->ncpu; c++)
		for (i = 0; i < f->npages[c]; i++)
			tb_commit(&f->pages[c][i], 0, 0);
	diag_init(&d, "test");
	d.out = NULL;
	diag_set_file(&d, "t.dat");
	f->systems = systems;
	f->nsystems = sizeof(systems) / sizeof(systems[0]);
	*buf = tb_write(f, &len);
	assert_non_null(*buf);
	assert_int_equal(tdat_open(td, *buf, len, &d), 0);
	assert_int_equal(tboot_build(*td, tb, flags, scope, &d), 0);
}

static void
build_as(struct tb_file *f, struct tboot *tb, uint8_t **buf, struct tdat **td,
    int threads)
{
	build_with(f, tb, buf, td, threads ? TB_THREADS : 0, 0);
}

static void
build(struct tb_file *f, struct tboot *tb, uint8_t **buf, struct tdat **td)
{
	build_as(f, tb, buf, td, 0);
}

static void
done(struct tboot *tb, uint8_t *buf, struct tdat *td)
{
	tboot_free(tb);
	tdat_free(td);
	free(buf);
}

/* The newest entry of a process. */
static const struct tproc *
proc(const struct tboot *tb, int pid)
{
	size_t i;

	for (i = tb->n; i-- > 0;)
		if (tb->v[i].pid == pid)
			return &tb->v[i];
	return NULL;
}

/*
 * A thread's exit does not end its process (the review's reproducer:
 * a daemon's short helper thread); the group's last thread does.
 */
static void
threads_and_ends(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;
	const struct tproc *p;

	(void)state;
	memset(&f, 0, sizeof(f));
	pg = tb_page(&f, 0, 1 * NS_MS);
	tb_emit(pg, 0, newtask(1, 100, "daemon", 0));
	tb_emit(pg, NS_MS, newtask(100, 101, "daemon", 0x00010000));
	tb_emit(pg, NS_MS, newtask(1, 200, "short", 0));
	tb_emit(pg, NS_MS, exit_ev(101, 0));
	tb_emit(pg, NS_MS, exec_ev(200, "/usr/bin/true"));
	tb_emit(pg, NS_MS, exit_ev(200, 1));
	tb_emit(pg, 10 * NS_MS, newtask(1, 200, "again", 0));
	tb_emit(pg, 10 * NS_MS, waking(1, 1));
	build(&f, &tb, &buf, &td);
	assert_non_null(p = proc(&tb, 100));
	assert_int_equal(p->start_ns, 1 * NS_MS);
	assert_true(p->end_ns == TPROC_AFTER);	/* its thread went, it did not */
	assert_string_equal(p->comm, "daemon");
	assert_null(proc(&tb, 101));		/* a thread, not a process */
	/* PID 200 twice: a short true, then a new process. */
	assert_int_equal(tb.v[1].pid, 200);
	assert_string_equal(tb.v[1].comm, "true");
	assert_int_equal(tb.v[1].start_ns, 3 * NS_MS);
	assert_int_equal(tb.v[1].end_ns, 6 * NS_MS);
	assert_non_null(p = proc(&tb, 200));
	assert_int_equal(p->start_ns, 16 * NS_MS);
	assert_string_equal(p->comm, "again");
	done(&tb, buf, td);
}

/* Whether every record of thread tid before `before` says group tgid (and there is one). */
static int
crec_groups(const struct tboot *tb, int tid, int tgid, int64_t before)
{
	size_t i, n = 0;

	for (i = 0; i < tb->ncrec; i++) {
		if (tb->crec[i].tid != tid || tb->crec[i].at >= before)
			continue;
		if (tb->crec[i].tgid != tgid)
			return 0;
		n++;
	}
	return n > 0;
}

/*
 * A group that outlives its leader (wakeload orphan, as a loaded pass
 * of tests/sh/trace_threads.sh recorded it): its last thread 101 is
 * preempted (R+) after its exit, runs again, and only then leaves for
 * good (X).  It stays a thread of 100 to that last switch: its records
 * all say group 100 (the exports' groups) and its CPU time is 100's;
 * the id was freed at the first switch after the exit, and the run
 * after it was a process 101's.  Then the id is free: a task 101 with
 * no birth in the trace (a scoped trace's outside the tree) is its own.
 */
static void
exit_preempted(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	memset(&f, 0, sizeof(f));
	pg = tb_page(&f, 0, 1 * NS_MS);
	tb_emit(pg, 0, newtask(1, 100, "orphan", 0));
	tb_emit(pg, NS_MS, sw(0, 100));				/* 2 ms */
	tb_emit(pg, NS_MS, newtask(100, 101, "orphan", 0x00010000));
	tb_emit(pg, NS_MS, exit_ev(100, 0));			/* 4 ms */
	tb_emit(pg, NS_MS, sw_st(100, ST_Z, 101));		/* 5 ms */
	tb_emit(pg, 5 * NS_MS, exit_ev(101, 1));		/* 10 ms */
	tb_emit(pg, NS_MS, sw_st(101, ST_RP, 7));		/* 11 ms */
	tb_emit(pg, 2 * NS_MS, sw_st(7, ST_S, 101));		/* 13 ms */
	tb_emit(pg, NS_MS, sw_st(101, ST_X, 0));		/* 14 ms */
	tb_emit(pg, 6 * NS_MS, sw(0, 101));			/* 20 ms */
	tb_emit(pg, NS_MS, sw(101, 0));				/* 21 ms */
	build(&f, &tb, &buf, &td);
	assert_true(crec_groups(&tb, 101, 100, 20 * NS_MS));
	assert_int_equal(proc(&tb, 100)->end_ns, 10 * NS_MS);
	assert_int_equal(proc(&tb, 100)->cpu_ns, 10 * NS_MS);
	assert_true(crec_groups(&tb, 100, 100, 20 * NS_MS));
	/* After its last switch: a task of its own. */
	assert_non_null(proc(&tb, 101));
	assert_int_equal(proc(&tb, 101)->cpu_ns, 1 * NS_MS);
	done(&tb, buf, td);
}

/*
 * CPU time: a run between two switches, and one whose switch-in the
 * kernel left out (counted from its wake-up, not from the CPU's last
 * switch).
 */
static void
cpu_time(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	memset(&f, 0, sizeof(f));
	pg = tb_page(&f, 0, 1 * NS_MS);
	tb_emit(pg, 0, newtask(1, 100, "busy", 0));
	tb_emit(pg, NS_MS, sw(0, 100));		/* 2 ms: on */
	tb_emit(pg, 2 * NS_MS, sw(100, 0));		/* 4 ms: off, 2 ms run */
	tb_emit(pg, 6 * NS_MS, waking(0, 100));	/* 10 ms: woken */
	tb_emit(pg, 3 * NS_MS, sw(100, 0));		/* 13 ms: off; no switch-in */
	build(&f, &tb, &buf, &td);
	assert_int_equal(proc(&tb, 100)->cpu_ns, 5 * NS_MS);
	done(&tb, buf, td);
}

/*
 * Initcalls: the kernel's named by kallsyms's very address; a module's
 * by the module its thread loaded right before (a load without an
 * init is replaced by the next); an unknown address in hex.
 */
static void
initcalls(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	memset(&f, 0, sizeof(f));
	f.kallsyms = "ffffffff81000100 t foo_init\n"
	    "ffffffffc0001000 t later_module_fn\t[other]\n";
	pg = tb_page(&f, 0, 1 * NS_MS);
	tb_emit(pg, 0, ic(30, 1, 0xffffffff81000100ULL));
	tb_emit(pg, 3 * NS_MS, ic(31, 1, 0xffffffff81000100ULL));
	tb_emit(pg, NS_MS, modload(300, "noinit"));
	tb_emit(pg, NS_MS, modload(300, "virtio"));
	tb_emit(pg, NS_MS, ic(30, 300, 0xffffffffc0001000ULL));
	tb_emit(pg, 2 * NS_MS, ic(31, 300, 0xffffffffc0001000ULL));
	tb_emit(pg, NS_MS, ic(30, 1, 0xffffffff81000104ULL));
	tb_emit(pg, NS_MS, ic(31, 1, 0xffffffff81000104ULL));
	build(&f, &tb, &buf, &td);
	assert_int_equal(tb.nic, 3);
	assert_string_equal(tb.ic[0].func, "foo_init");
	assert_int_equal(tb.ic[0].end_ns - tb.ic[0].start_ns, 3 * NS_MS);
	assert_string_equal(tb.ic[1].func, "virtio [module init]");
	assert_int_equal(tb.ic[1].end_ns - tb.ic[1].start_ns, 2 * NS_MS);
	assert_string_equal(tb.ic[2].func, "0xffffffff81000104");
	done(&tb, buf, td);
}

/* The clock-sync marker, its offset in every time of the model; a forged one (out of range) is not taken. */
static void
clock_sync(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	memset(&f, 0, sizeof(f));
	pg = tb_page(&f, 0, 5 * NS_MS);
	tb_emit(pg, 0, print(9, "bootchartd: clock_sync start "
	    "boottime_ns=-9223372036854775807\n"));
	tb_emit(pg, NS_MS, print(9, "bootchartd: clock_sync start "
	    "boottime_ns=4000000\n"));
	build(&f, &tb, &buf, &td);
	assert_int_equal(tb.have_sync, 1);
	assert_int_equal(tb.boot_minus_trace_ns, 4 * NS_MS - 6 * NS_MS);
	/*
	 * The model's times are the log's: the events at 5 and 6 ms of the
	 * trace's clock are 3 and 4 ms of uptime (the marker said 4 ms at 6).
	 */
	assert_int_equal(tb.first_ns, 3 * NS_MS);
	assert_int_equal(tb.last_ns, 4 * NS_MS);
	done(&tb, buf, td);
}

/* Events of one CPU at absolute times (ms), whatever the other CPUs do. */
struct cpu_pen {
	struct tb_page *pg;
	uint64_t now;
};

static void
at(struct cpu_pen *c, uint64_t ms, struct tb_rec r)
{
	tb_emit(c->pg, ms * NS_MS - c->now, r);
	c->now = ms * NS_MS;
}

/* An empty file f of two CPUs, a pen on each from 1 ms. */
static void
two_cpus(struct tb_file *f, struct cpu_pen *c0, struct cpu_pen *c1)
{
	memset(f, 0, sizeof(*f));
	*c0 = (struct cpu_pen){ tb_page(f, 0, NS_MS), NS_MS };
	*c1 = (struct cpu_pen){ tb_page(f, 1, NS_MS), NS_MS };
}

/*
 * A process's states: switched out preempted (R+) it is runnable, in D
 * waiting, woken runnable until switched in; its two threads fold to
 * the highest state of either (running, runnable, D, sleeping); a run
 * whose switch-in the kernel left out starts where its CPU time does
 * (its wake-up); the spans end with the process.
 */
static void
states(void **state)
{
	static struct tb_file f;
	static const struct tspan want[] = {
		{ 1, 2, TS_SLEEPING }, { 2, 3, TS_RUNNABLE },
		{ 3, 5, TS_RUNNING }, { 5, 6, TS_RUNNABLE },
		{ 6, 8, TS_RUNNING }, { 8, 10, TS_WAITING },
		{ 10, 11, TS_RUNNABLE }, { 11, 12, TS_RUNNING },
		{ 12, 15, TS_SLEEPING }, { 15, 16, TS_RUNNABLE },
		{ 16, 18, TS_RUNNING }, { 18, 19, TS_RUNNABLE },
		{ 19, 20, TS_RUNNING }, { 20, 22, TS_WAITING },
		{ 22, 25, TS_RUNNING }, { 25, 26, TS_SLEEPING },
		{ 26, 28, TS_RUNNING },
	};
	struct cpu_pen c0, c1;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;
	const struct tproc *p;
	const struct tspan *sp;
	size_t i;

	(void)state;
	two_cpus(&f, &c0, &c1);
	at(&c0, 1, newtask(1, 100, "p", 0));
	at(&c0, 2, wakeup_new(1, 100));
	at(&c0, 3, sw(0, 100));
	at(&c0, 5, sw_st(100, ST_RP, 1));	/* preempted */
	at(&c0, 6, sw(1, 100));
	at(&c0, 8, sw_st(100, ST_D, 0));
	at(&c0, 10, waking(0, 100));
	at(&c0, 11, sw(0, 100));
	at(&c0, 12, newtask(100, 101, "p", 0x00010000));
	at(&c0, 12, sw_st(100, ST_S, 0));
	at(&c0, 15, waking(0, 101));
	at(&c1, 16, sw(0, 101));
	at(&c0, 17, waking(0, 100));		/* 101 runs: still running */
	at(&c1, 18, sw_st(101, ST_D, 0));	/* 100 waits for a CPU */
	at(&c0, 19, sw(0, 100));
	at(&c0, 20, sw_st(100, ST_S, 0));	/* 101 in D */
	at(&c1, 22, waking(0, 101));
	at(&c1, 25, sw_st(101, ST_S, 0));	/* its switch-in is missing */
	at(&c1, 26, waking(0, 101));		/* a thread exits running */
	at(&c1, 26, sw(0, 101));
	at(&c1, 27, exit_ev(101, 0));
	at(&c0, 27, waking(0, 100));
	at(&c0, 27, sw(0, 100));
	at(&c0, 28, exit_ev(100, 1));
	at(&c0, 30, waking(0, 1));
	build(&f, &tb, &buf, &td);
	assert_non_null(p = proc(&tb, 100));
	assert_int_equal(p->end_ns, 28 * NS_MS);
	assert_true(p->has_states);
	assert_int_equal(p->nspans, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < p->nspans; i++) {
		sp = &tb.spans[p->span0 + i];
		print_message("span %zu: %lld..%lld %d\n", i,
		    (long long)sp->start_ns, (long long)sp->end_ns, sp->state);
		assert_int_equal(sp->start_ns, want[i].start_ns * NS_MS);
		assert_int_equal(sp->end_ns, want[i].end_ns * NS_MS);
		assert_int_equal(sp->state, want[i].state);
	}
	/* PID 1, older than the trace: no states. */
	assert_non_null(p = proc(&tb, 1));
	assert_false(p->has_states);
	done(&tb, buf, td);
}

static void
same_spans(const struct tboot *tb, size_t span0, size_t n,
    const struct tspan *want, size_t nwant)
{
	const struct tspan *sp;
	size_t i;

	assert_int_equal(n, nwant);
	for (i = 0; i < n; i++) {
		sp = &tb->spans[span0 + i];
		print_message("span %zu: %lld..%lld %d\n", i,
		    (long long)sp->start_ns, (long long)sp->end_ns, sp->state);
		assert_int_equal(sp->start_ns, want[i].start_ns * NS_MS);
		assert_int_equal(sp->end_ns, want[i].end_ns * NS_MS);
		assert_int_equal(sp->state, want[i].state);
	}
}

/*
 * --threads: each thread's own spans from its birth to its exit, beside
 * the process's folded ones.  A thread's event on a CPU after its
 * switch-in was left out (201 woken at 10, writing at 12) makes it
 * running from its wake-up; the stack its blocking switch records (at
 * 9) does not.
 */
static void
thread_states(void **state)
{
	static struct tb_file f;
	static const struct tspan main_thread[] = {
		{ 1, 2, TS_SLEEPING }, { 2, 3, TS_RUNNABLE },
		{ 3, 6, TS_RUNNING }, { 6, 12, TS_SLEEPING },
		{ 12, 13, TS_RUNNABLE }, { 13, 16, TS_RUNNING },
	};
	static const struct tspan helper[] = {
		{ 4, 5, TS_SLEEPING }, { 5, 7, TS_RUNNABLE },
		{ 7, 9, TS_RUNNING }, { 9, 10, TS_SLEEPING },
		{ 10, 14, TS_RUNNING },
	};
	static const struct tspan folded[] = {
		{ 1, 2, TS_SLEEPING }, { 2, 3, TS_RUNNABLE },
		{ 3, 6, TS_RUNNING }, { 6, 7, TS_RUNNABLE },
		{ 7, 9, TS_RUNNING }, { 9, 10, TS_SLEEPING },
		{ 10, 16, TS_RUNNING },
	};
	struct cpu_pen c0, c1;
	const struct tthread *t;
	const struct tproc *p;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	two_cpus(&f, &c0, &c1);
	at(&c0, 1, newtask(1, 200, "q", 0));
	at(&c0, 2, wakeup_new(1, 200));
	at(&c0, 3, sw(0, 200));
	at(&c0, 4, newtask(200, 201, "q", 0x00010000));
	at(&c0, 5, waking(200, 201));
	at(&c0, 6, sw_st(200, ST_S, 0));
	at(&c1, 7, sw(0, 201));
	at(&c1, 9, sw_st(201, ST_S, 0));
	at(&c1, 9, kstack(201));
	at(&c1, 10, waking(0, 201));
	at(&c1, 12, waking(201, 200));		/* 201's switch-in is missing */
	at(&c0, 13, sw(0, 200));
	at(&c1, 14, exit_ev(201, 0));
	at(&c1, 15, sw_st(201, ST_S, 0));
	at(&c0, 16, exit_ev(200, 1));
	at(&c0, 18, waking(0, 1));
	build_as(&f, &tb, &buf, &td, 1);
	assert_non_null(p = proc(&tb, 200));
	assert_true(p->has_states);
	same_spans(&tb, p->span0, p->nspans, folded,
	    sizeof(folded) / sizeof(folded[0]));
	assert_int_equal(p->nthreads, 2);
	t = &tb.threads[p->thread0];
	assert_int_equal(t->tid, 200);
	assert_int_equal(t->start_ns, 1 * NS_MS);
	assert_int_equal(t->end_ns, 16 * NS_MS);
	assert_int_equal(t->cpu_ns, 6 * NS_MS);
	same_spans(&tb, t->span0, t->nspans, main_thread,
	    sizeof(main_thread) / sizeof(main_thread[0]));
	t++;
	assert_int_equal(t->tid, 201);
	assert_int_equal(t->start_ns, 4 * NS_MS);
	assert_int_equal(t->end_ns, 14 * NS_MS);
	assert_int_equal(t->cpu_ns, 6 * NS_MS);
	same_spans(&tb, t->span0, t->nspans, helper,
	    sizeof(helper) / sizeof(helper[0]));
	assert_int_equal(tb.nthreads, 2);
	done(&tb, buf, td);
	/* Not asked for: none. */
	build(&f, &tb, &buf, &td);
	assert_int_equal(tb.nthreads, 0);
	done(&tb, buf, td);
}

/*
 * --threads, as a busy thread on an idle CPU of a virtual machine was
 * recorded: its switch-in stamped (by its CPU's clock) before its birth
 * and wake-up on the other CPU, then no event until its rename and its
 * exit.  It runs from its wake-up, not from the switch (a run set there
 * sorted before its birth, which undid it: 2 % of its CPU time shown).
 * Each thread is named by its events (its birth's name, a rename, its
 * exit's), which the trace's cmdlines may not have.
 */
static void
thread_clocks_names(void **state)
{
	static struct tb_file f;
	static const struct tspan spinner[] = {
		{ 5, 6, TS_SLEEPING }, { 6, 20, TS_RUNNING },
	};
	struct cpu_pen c0, c1;
	const struct tthread *t;
	const struct tproc *p;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	two_cpus(&f, &c0, &c1);
	at(&c0, 1, newtask(1, 300, "w", 0));
	at(&c0, 2, wakeup_new(1, 300));
	at(&c0, 3, sw(0, 300));
	at(&c1, 4, sw(0, 301));			/* before its birth */
	at(&c0, 5, newtask(300, 301, "w", 0x00010000));
	at(&c0, 6, wakeup_new(300, 301));
	at(&c1, 7, rename_ev(301, "spinner"));
	at(&c0, 8, newtask(300, 302, "w", 0x00010000));
	at(&c0, 9, exit_as(302, "w", 0));
	at(&c0, 10, sw_st(300, ST_S, 0));
	at(&c1, 20, exit_as(301, "spinner", 0));
	at(&c1, 21, sw(301, 0));
	at(&c0, 22, exit_ev(300, 1));
	build_as(&f, &tb, &buf, &td, 1);
	assert_non_null(p = proc(&tb, 300));
	assert_string_equal(p->comm, "w");	/* a thread's rename is its own */
	assert_int_equal(p->nthreads, 3);
	t = &tb.threads[p->thread0];
	assert_int_equal(t->tid, 300);
	t++;
	assert_int_equal(t->tid, 301);
	assert_string_equal(t->comm, "spinner");
	assert_int_equal(t->start_ns, 5 * NS_MS);
	assert_int_equal(t->cpu_ns, 14 * NS_MS);
	same_spans(&tb, t->span0, t->nspans, spinner,
	    sizeof(spinner) / sizeof(spinner[0]));
	t++;
	assert_int_equal(t->tid, 302);
	assert_string_equal(t->comm, "w");
	done(&tb, buf, td);
}

/*
 * A thread switched off still runnable (R) to the idle task comes back
 * with no wake-up; the kernel left out that switch from the idle task:
 * its next event on the CPU is a run, not the tail of the switch that
 * took it off (which only a blocking switch has).
 */
static void
runnable_back(void **state)
{
	static struct tb_file f;
	static const struct tspan want[] = {
		{ 1, 2, TS_SLEEPING }, { 2, 3, TS_RUNNABLE },
		{ 3, 10, TS_RUNNING },
	};
	struct cpu_pen c0, c1;
	const struct tproc *p;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	two_cpus(&f, &c0, &c1);
	at(&c0, 1, newtask(1, 400, "r", 0));
	at(&c0, 2, wakeup_new(1, 400));
	at(&c0, 3, sw(0, 400));
	at(&c0, 4, sw_st(400, 0, 0));		/* R ==> the idle task */
	at(&c0, 6, waking(400, 1));		/* back, its switch-in left out */
	at(&c0, 10, exit_ev(400, 1));
	at(&c0, 11, sw(400, 0));
	at(&c1, 12, waking(0, 1));
	build(&f, &tb, &buf, &td);
	assert_non_null(p = proc(&tb, 400));
	same_spans(&tb, p->span0, p->nspans, want,
	    sizeof(want) / sizeof(want[0]));
	assert_int_equal(p->cpu_ns, 8 * NS_MS);
	done(&tb, buf, td);
}

/* Whether thread tid's last switch record (on or off) at or before t puts it on a CPU. */
static int
runs_at(const struct tboot *tb, int tid, int64_t t)
{
	int on = 0;
	size_t i;

	for (i = 0; i < tb->ncrec; i++)
		if (tb->crec[i].tid == tid && tb->crec[i].at <= t &&
		    (tb->crec[i].kind == CR_ON || tb->crec[i].kind == CR_OFF))
			on = tb->crec[i].kind == CR_ON;
	return on;
}

/*
 * A command-scoped trace, as tests/sh/trace_exports.sh's writer was
 * recorded on a loaded machine: it sleeps, its switch off giving CPU 1
 * to a task outside the tree (900); that task's switch to the idle task
 * is the filter's (neither side in the tree), and the kernel left out
 * the idle task's switch to the woken writer.  The writer's first event
 * there, its waking of the reader, is a run from its wake-up all the
 * same, ended by its switch off after its exit; the CPU the trace had
 * as 900's was the writer's.  Before, only a CPU the trace had as idle
 * was claimed: the writer, out of the model's scope after its exit, had
 * no run at the waking (no arrow in -f chrome-json) and 1 ms of CPU.
 */
static void
claims_busy_cpu(void **state)
{
	static struct tb_file f;
	struct cpu_pen c0, c1;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	two_cpus(&f, &c0, &c1);
	at(&c0, 1, newtask(1, 600, "reader", 0));
	at(&c0, 1, wakeup_new(1, 600));
	at(&c0, 2, sw(0, 600));
	at(&c0, 3, newtask(600, 601, "writer", 0));
	at(&c0, 3, wakeup_new(600, 601));
	at(&c1, 4, sw(0, 601));
	at(&c1, 5, sw_st(601, ST_S, 900));	/* asleep: 900 on CPU 1 */
	at(&c0, 6, sw_st(600, ST_S, 0));	/* the reader waits */
	at(&c1, 10, waking_fl(0, 601, 0x08));	/* the timer, CPU 1 idle */
	at(&c1, 12, waking(601, 600));		/* its switch-in left out */
	at(&c1, 13, exit_ev(601, 1));
	at(&c1, 14, sw_st(601, ST_Z, 0));
	at(&c0, 15, sw(0, 600));
	at(&c0, 16, sw_st(600, ST_S, 0));
	build_with(&f, &tb, &buf, &td, 0, 600);
	assert_true(runs_at(&tb, 601, 12 * NS_MS));
	assert_true(runs_at(&tb, 601, 10 * NS_MS));
	assert_false(runs_at(&tb, 601, 14 * NS_MS));
	assert_int_equal(proc(&tb, 601)->cpu_ns, 5 * NS_MS);
	done(&tb, buf, td);
}

/*
 * A wake-up that races with the thread going to sleep: stamped on
 * another CPU before the switch that puts it to sleep (the trace has it
 * running, or runnable with its switch-in left out), finished by the
 * kernel once the thread is off.  The thread's next event there is a
 * run (its switch-in from the idle task left out).  The stack of a
 * blocking switch is never a run, even after a wake-up from another
 * CPU.  As a busy thread was recorded under ASan (the spinner of
 * tests/sh/trace_threads.sh): 0.3 ms of its 200 ms shown.
 */
/* A fresh file f of two CPUs, where process 500 is born and runs on CPU 1 from 3 ms. */
static void
runs_on_cpu1(struct tb_file *f, struct cpu_pen *c0, struct cpu_pen *c1)
{
	two_cpus(f, c0, c1);
	at(c0, 1, newtask(1, 500, "s", 0));
	at(c0, 2, wakeup_new(1, 500));
	at(c1, 3, sw(0, 500));
}

/* File f's process 500 has the spans want[0..n). */
static void
spans_of_500(struct tb_file *f, const struct tspan *want, size_t n)
{
	const struct tproc *p;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	build(f, &tb, &buf, &td);
	assert_non_null(p = proc(&tb, 500));
	same_spans(&tb, p->span0, p->nspans, want, n);
	done(&tb, buf, td);
}

static void
wake_races_sleep(void **state)
{
	static struct tb_file f;
	static const struct tspan running[] = {
		{ 1, 2, TS_SLEEPING }, { 2, 3, TS_RUNNABLE },
		{ 3, 20, TS_RUNNING },
	};
	static const struct tspan left_out[] = {
		{ 1, 2, TS_SLEEPING }, { 2, 3, TS_RUNNABLE },
		{ 3, 5, TS_RUNNING }, { 5, 6, TS_SLEEPING },
		{ 6, 8, TS_RUNNABLE }, { 8, 20, TS_RUNNING },
	};
	struct cpu_pen c0, c1;

	(void)state;
	/* Running (its switch-in recorded) when the wake-up comes. */
	runs_on_cpu1(&f, &c0, &c1);
	at(&c0, 4, waking(1, 500));
	at(&c1, 5, sw_st(500, ST_D, 0));	/* after the wake-up */
	at(&c1, 6, kstack(500));
	at(&c1, 7, waking(500, 1));		/* back, switch-in left out */
	at(&c1, 20, exit_ev(500, 1));
	at(&c1, 21, sw(500, 0));
	at(&c0, 22, waking(0, 1));
	spans_of_500(&f, running, sizeof(running) / sizeof(running[0]));

	/* Runnable with its switch-in left out when the wake-up comes. */
	runs_on_cpu1(&f, &c0, &c1);
	at(&c1, 5, sw_st(500, ST_S, 0));
	at(&c0, 6, waking(1, 500));
	at(&c1, 7, kstack(500));		/* the switch's, not a run */
	at(&c0, 8, waking(1, 500));	/* it ran: about to sleep */
	at(&c1, 9, sw_st(500, ST_D, 0));
	at(&c1, 10, waking(500, 1));
	at(&c1, 20, exit_ev(500, 1));
	at(&c1, 21, sw(500, 0));
	at(&c0, 22, waking(0, 1));
	spans_of_500(&f, left_out, sizeof(left_out) / sizeof(left_out[0]));
}

/*
 * Past the cap on state changes: one warning; a process that ended
 * before it keeps its spans, one alive then has none.
 */
static void
states_cap(void **state)
{
	struct tproc v[2] = {
		{ .pid = 10, .start_ns = 0, .end_ns = 10 },
		{ .pid = 11, .start_ns = 0, .end_ns = 50 },
	};
	struct tboot tb;
	struct tstates s;
	struct diag d;

	(void)state;
	diag_init(&d, "test");
	d.out = NULL;
	memset(&tb, 0, sizeof(tb));
	memset(&s, 0, sizeof(s));
	tb.v = v;
	tb.n = 2;
	tb.last_ns = 100;
	s.max = 5;
	s.d = &d;
	assert_int_equal(tstates_set(&s, 0, 10, 0, TS_SLEEPING), 0);
	assert_int_equal(tstates_set(&s, 1, 11, 1, TS_SLEEPING), 0);
	assert_int_equal(tstates_set(&s, 0, 10, 2, TS_RUNNING), 0);
	assert_int_equal(tstates_set(&s, 1, 11, 3, TS_RUNNING), 0);
	assert_int_equal(tstates_set(&s, 0, 10, 10, TS_NONE), 0);
	assert_int_equal(tstates_set(&s, 1, 11, 20, TS_SLEEPING), 0);
	assert_int_equal(tstates_set(&s, 1, 11, 30, TS_RUNNING), 0);
	assert_int_equal(d.nwarn, 1);
	assert_int_equal(tstates_fold(&s, &tb), 0);
	assert_true(v[0].has_states);
	assert_int_equal(v[0].nspans, 2);
	assert_int_equal(tb.spans[0].end_ns, 2);
	assert_int_equal(tb.spans[1].state, TS_RUNNING);
	assert_int_equal(tb.spans[1].end_ns, 10);
	assert_false(v[1].has_states);
	free(tb.spans);
	tstates_free(&s);
}

/* The edge (waiter's pid, waker's pid or TW_*, state), or NULL. */
static const struct twedge *
edge(const struct tboot *tb, int waiter, int waker, int st)
{
	const struct twedge *e;
	size_t i;

	for (i = 0; i < tb->nwake; i++) {
		e = &tb->wake[i];
		if (tb->v[e->waiter].pid == waiter && e->state == st &&
		    (e->waker < 0 ? e->waker : tb->v[e->waker].pid) == waker)
			return e;
	}
	return NULL;
}

static void
edge_is(const struct tboot *tb, int waiter, int waker, int st,
    unsigned count, uint64_t total_ms, uint64_t max_ms)
{
	const struct twedge *e = edge(tb, waiter, waker, st);

	print_message("edge %d <- %d %d\n", waiter, waker, st);
	assert_non_null(e);
	assert_int_equal(e->count, count);
	assert_int_equal(e->total_ns, total_ms * NS_MS);
	assert_int_equal(e->max_ns, max_ms * NS_MS);
}

/*
 * The wake-up graph: a wait begins at a switch out in S or D (not R+)
 * and ends at the waking of the thread; its waker is the thread
 * running (folded into its process), or from common_flags the hard
 * interrupt (also inside a softirq), the softirq, the NMI, and the idle
 * task outside them.  A thread's waits count for its process; a
 * waking of a thread not waiting, or gone, is no edge.
 */
static void
wakeups(void **state)
{
	static struct tb_file f;
	struct cpu_pen c0;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	memset(&f, 0, sizeof(f));
	c0 = (struct cpu_pen){ tb_page(&f, 0, NS_MS), NS_MS };
	at(&c0, 1, newtask(1, 100, "p", 0));
	at(&c0, 2, newtask(100, 101, "p", 0x00010000));
	at(&c0, 3, newtask(1, 200, "w", 0));
	at(&c0, 4, sw_st(100, ST_S, 200));
	at(&c0, 6, waking(200, 100));			/* 2 ms, by w */
	at(&c0, 7, sw_st(200, ST_D, 101));
	at(&c0, 10, waking_fl(101, 200, 0x08));	/* 3 ms, [irq] */
	at(&c0, 11, sw_st(101, ST_S, 0));
	at(&c0, 12, waking_fl(0, 101, 0x01));	/* 1 ms, [idle] (irqs off) */
	at(&c0, 15, sw_st(101, ST_S, 0));
	at(&c0, 20, waking(200, 101));		/* 5 ms, by w */
	at(&c0, 21, sw_st(200, ST_S, 0));
	at(&c0, 22, waking_fl(100, 200, 0x10));	/* 1 ms, [softirq] */
	at(&c0, 23, sw_st(200, ST_RP, 0));		/* preempted: no wait */
	at(&c0, 24, waking(100, 200));
	at(&c0, 25, sw_st(100, ST_S, 0));
	at(&c0, 26, waking_fl(1, 100, 0x48));	/* 1 ms, [nmi] */
	at(&c0, 27, sw_st(200, ST_D, 0));
	at(&c0, 28, exit_ev(200, 1));
	at(&c0, 29, waking(100, 200));		/* gone: no edge */
	at(&c0, 30, sw_st(101, ST_D, 0));
	at(&c0, 33, waking_fl(1, 101, 0x18));	/* 3 ms, [irq] in a softirq */
	build(&f, &tb, &buf, &td);
	assert_int_equal(tb.nwake, 6);
	edge_is(&tb, 100, 200, TS_SLEEPING, 2, 7, 5);
	edge_is(&tb, 200, TW_IRQ, TS_WAITING, 1, 3, 3);
	edge_is(&tb, 100, TW_IDLE, TS_SLEEPING, 1, 1, 1);
	edge_is(&tb, 200, TW_SOFTIRQ, TS_SLEEPING, 1, 1, 1);
	edge_is(&tb, 100, TW_NMI, TS_SLEEPING, 1, 1, 1);
	edge_is(&tb, 100, TW_IRQ, TS_WAITING, 1, 3, 3);
	done(&tb, buf, td);
}

/* Past the cap on edges: one warning, and the new edges' waits are left out. */
static void
wakeups_cap(void **state)
{
	struct twakes k;
	struct diag d;

	(void)state;
	diag_init(&d, "test");
	d.out = NULL;
	memset(&k, 0, sizeof(k));
	k.max = 1;
	k.d = &d;
	assert_int_equal(twake_sleep(&k, 10, 0, TS_SLEEPING), 0);
	assert_int_equal(twake_woken(&k, 10, 0, TW_IRQ, -1, 5), 0);
	assert_int_equal(twake_sleep(&k, 10, 6, TS_SLEEPING), 0);
	assert_int_equal(twake_woken(&k, 10, 0, TW_IRQ, -1, 8), 0);
	assert_int_equal(twake_sleep(&k, 10, 9, TS_SLEEPING), 0);
	assert_int_equal(twake_woken(&k, 10, 0, TW_SOFTIRQ, -1, 12), 0);
	assert_int_equal(twake_sleep(&k, 11, 9, TS_WAITING), 0);
	assert_int_equal(twake_woken(&k, 11, 1, TW_IRQ, -1, 12), 0);
	assert_false(twake_waiting(&k, 10));
	assert_int_equal(d.nwarn, 1);
	assert_int_equal(k.n, 1);
	assert_int_equal(k.v[0].count, 2);
	assert_int_equal(k.v[0].total_ns, 7);
	assert_int_equal(k.v[0].max_ns, 5);
	twake_free(&k);
}

/* Past the first slots' half: the edges slotted again are found again (tslots.c). */
static void
wakeups_many(void **state)
{
	struct twakes k;
	int i, round;

	(void)state;
	memset(&k, 0, sizeof(k));
	for (round = 0; round < 2; round++)
		for (i = 1; i <= 3000; i++) {
			assert_int_equal(twake_sleep(&k, i, 0, TS_SLEEPING), 0);
			assert_int_equal(twake_woken(&k, i, (size_t)i, i % 7,
			    -1, i), 0);
		}
	assert_int_equal(k.n, 3000);
	for (i = 0; i < 3000; i++) {
		assert_int_equal(k.v[i].count, 2);
		assert_int_equal(k.v[i].total_ns, 2 * (i + 1));
	}
	twake_free(&k);
}

/*
 * A wait whose stack is expected counts when the stack comes, after
 * its waking (a socket's softirq waking goes to the thread it ran in),
 * or when it cannot come any more (no reason, the waker as woken).
 */
static void
wakeups_late_stack(void **state)
{
	struct twakes k;

	(void)state;
	memset(&k, 0, sizeof(k));
	assert_int_equal(twake_sleep(&k, 10, 0, TS_SLEEPING), 0);
	twake_expect(&k, 10);
	assert_int_equal(twake_woken(&k, 10, 0, TW_SOFTIRQ, 3, 5), 0);
	assert_false(twake_waiting(&k, 10));
	assert_int_equal(k.n, 0);
	assert_int_equal(twake_why(&k, 10, TR_SOCKET, 0), 0);
	assert_int_equal(k.n, 1);
	assert_int_equal(k.v[0].waker, 3);
	assert_int_equal(k.v[0].reason, TR_SOCKET);
	assert_int_equal(k.v[0].total_ns, 5);
	/* Not a socket: the softirq stays the waker; no stack: no reason. */
	assert_int_equal(twake_sleep(&k, 11, 10, TS_WAITING), 0);
	twake_expect(&k, 11);
	assert_int_equal(twake_woken(&k, 11, 1, TW_SOFTIRQ, 3, 12), 0);
	assert_int_equal(k.n, 1);
	assert_int_equal(twake_settle(&k, 11), 0);
	assert_int_equal(k.n, 2);
	assert_int_equal(k.v[1].waker, TW_SOFTIRQ);
	assert_int_equal(k.v[1].reason, TR_NONE);
	assert_int_equal(k.v[1].max_ns, 2);
	/* A new wait of a thread whose woken one waits for its stack. */
	assert_int_equal(twake_sleep(&k, 12, 20, TS_SLEEPING), 0);
	twake_expect(&k, 12);
	assert_int_equal(twake_woken(&k, 12, 2, TW_IRQ, -1, 24), 0);
	assert_int_equal(twake_sleep(&k, 12, 30, TS_SLEEPING), 0);
	assert_int_equal(k.n, 3);
	assert_true(twake_waiting(&k, 12));
	twake_free(&k);
}

/*
 * The critical path's waking record of a socket's wait woken in a
 * thread's softirq names that thread once the stack says socket; of
 * another wait it keeps the softirq.
 */
static void
wakeups_socket_crit_record(void **state)
{
	struct twakes k;
	struct tcrits cr;

	(void)state;
	memset(&k, 0, sizeof(k));
	memset(&cr, 0, sizeof(cr));
	k.cr = &cr;
	assert_int_equal(tcrit_add(&cr, CR_WOKEN, 10, 10, 0, TW_SOFTIRQ, 0,
	    5), 0);
	assert_int_equal(tcrit_add(&cr, CR_WOKEN, 11, 11, 1, TW_SOFTIRQ, 0,
	    12), 0);
	assert_int_equal(twake_sleep(&k, 10, 0, TS_SLEEPING), 0);
	twake_expect(&k, 10);
	twake_crit(&k, 10, 77, 1);
	assert_int_equal(twake_woken(&k, 10, 0, TW_SOFTIRQ, 3, 5), 0);
	assert_int_equal(cr.v[0].other, TW_SOFTIRQ);
	assert_int_equal(twake_why(&k, 10, TR_SOCKET, 0), 0);
	assert_int_equal(cr.v[0].other, 77);
	assert_int_equal(twake_sleep(&k, 11, 10, TS_SLEEPING), 0);
	twake_expect(&k, 11);
	twake_crit(&k, 11, 77, 2);
	assert_int_equal(twake_woken(&k, 11, 1, TW_SOFTIRQ, 3, 12), 0);
	assert_int_equal(twake_why(&k, 11, TR_PIPE, 0), 0);
	assert_int_equal(cr.v[1].other, TW_SOFTIRQ);
	twake_free(&k);
	tcrit_free(&cr);
}

/*
 * Each CPU's busy time in 10 ms bins from the trace's first event (1
 * ms): CPU 0 runs 100 from 5 to 25 ms, CPU 1 runs 200 from 12 to 14
 * ms; the idle task's time is not busy.
 */
static void
busy_bins(void **state)
{
	static struct tb_file f;
	struct cpu_pen c0, c1;
	struct tboot tb;
	struct tdat *td;
	uint8_t *buf;

	(void)state;
	two_cpus(&f, &c0, &c1);
	at(&c0, 1, newtask(1, 100, "a", 0));
	at(&c0, 2, newtask(1, 200, "b", 0));
	at(&c0, 5, sw(0, 100));
	at(&c1, 12, sw(0, 200));
	at(&c1, 14, sw(200, 0));
	at(&c0, 25, sw(100, 0));
	build(&f, &tb, &buf, &td);
	assert_int_equal(tb.busy.t0, 1 * NS_MS);
	assert_int_equal(tbusy_len(&tb.busy), 3);
	assert_int_equal(tbusy_get(&tb.busy, 0, 0), 6 * NS_MS);
	assert_int_equal(tbusy_get(&tb.busy, 0, 1), 10 * NS_MS);
	assert_int_equal(tbusy_get(&tb.busy, 0, 2), 4 * NS_MS);
	assert_int_equal(tbusy_get(&tb.busy, 1, 0), 0);
	assert_int_equal(tbusy_get(&tb.busy, 1, 1), 2 * NS_MS);
	assert_int_equal(tbusy_get(&tb.busy, 1, 2), 0);
	done(&tb, buf, td);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(threads_and_ends),
		cmocka_unit_test(exit_preempted),
		cmocka_unit_test(thread_states),
		cmocka_unit_test(thread_clocks_names),
		cmocka_unit_test(runnable_back),
		cmocka_unit_test(claims_busy_cpu),
		cmocka_unit_test(wake_races_sleep),
		cmocka_unit_test(cpu_time),
		cmocka_unit_test(initcalls),
		cmocka_unit_test(clock_sync),
		cmocka_unit_test(states),
		cmocka_unit_test(states_cap),
		cmocka_unit_test(busy_bins),
		cmocka_unit_test(wakeups),
		cmocka_unit_test(wakeups_cap),
		cmocka_unit_test(wakeups_late_stack),
		cmocka_unit_test(wakeups_socket_crit_record),
		cmocka_unit_test(wakeups_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
