/* tboot.c: processes and initcalls from the kernel's trace (tboot.h): a handler per event over one pass, as perf sched does; the handlers by family in tboot_sched.c, tboot_life.c and tboot_kernel.c, on tboot_procs.c. */
#include <stdlib.h>
#include <string.h>

#include "tboot_int.h"

/*
 * The events read, each with its handler and the fields it reads (by
 * their H_* and F_* handles, tboot_int.h).  A handler returns 0, or -1
 * on no memory: tboot_build turns that into the one error it can be.
 */
static const struct handler handlers[H_COUNT] = {
	[H_SWITCH] = { "sched", "sched_switch", tb_on_switch, {
	    [F_SW_PREV_PID] = "prev_pid", [F_SW_NEXT_PID] = "next_pid",
	    [F_SW_PREV_STATE] = "prev_state" } },
	[H_NEWTASK] = { "task", "task_newtask", tb_on_newtask, {
	    [F_NEWTASK_PID] = "pid", [F_NEWTASK_FLAGS] = "clone_flags",
	    [F_NEWTASK_COMM] = "comm" } },
	[H_FORK] = { "sched", "sched_process_fork", tb_on_fork, {
	    [F_FORK_PARENT] = "parent_pid", [F_FORK_CHILD] = "child_pid",
	    [F_FORK_COMM] = "child_comm" } },
	[H_EXEC] = { "sched", "sched_process_exec", tb_on_exec, {
	    [F_EXEC_PID] = "pid", [F_EXEC_FILE] = "filename" } },
	[H_RENAME] = { "task", "task_rename", tb_on_rename, {
	    [F_RENAME_PID] = "pid", [F_RENAME_COMM] = "newcomm" } },
	[H_EXIT] = { "sched", "sched_process_exit", tb_on_exit_ev, {
	    [F_EXIT_PID] = "pid", [F_EXIT_COMM] = "comm",
	    [F_EXIT_GROUP_DEAD] = "group_dead" } },
	[H_PRINT] = { "ftrace", "print", tb_on_print, {
	    [F_PRINT_BUF] = "buf" } },
	[H_IC_START] = { "initcall", "initcall_start", tb_on_initcall_start, {
	    [F_IC_FUNC] = "func" } },
	[H_IC_FINISH] = { "initcall", "initcall_finish",
	    tb_on_initcall_finish, { [F_IC_FUNC] = "func" } },
	[H_WAKING] = { "sched", "sched_waking", tb_on_waking, {
	    [F_WAKE_PID] = "pid", [F_WAKE_FLAGS] = "common_flags" } },
	[H_WAKEUP_NEW] = { "sched", "sched_wakeup_new", tb_on_wakeup_new, {
	    [F_WAKE_PID] = "pid", [F_WAKE_FLAGS] = "common_flags" } },
	[H_MODULE] = { "module", "module_load", tb_on_module_load, {
	    [F_MODULE_NAME] = "name" } },
	[H_WQ_START] = { "workqueue", "workqueue_execute_start",
	    tb_on_wq_start, { [F_WQ_FUNC] = "function" } },
	[H_WQ_END] = { "workqueue", "workqueue_execute_end", tb_on_wq_end, {
	    [F_WQ_FUNC] = "function" } },
	[H_FG_EXIT] = { "ftrace", "funcgraph_exit", tb_on_fg_exit, {
	    [F_FG_FUNC] = "func", [F_FG_DEPTH] = "depth",
	    [F_FG_CALLTIME] = "calltime", [F_FG_RETTIME] = "rettime",
	    [F_FG_OVERRUN] = "overrun" } },
	[H_FG_ENTRY] = { "ftrace", "funcgraph_entry", tb_on_fg_entry, {
	    [F_FG_FUNC] = "func" } },
	[H_KSTACK] = { "ftrace", "kernel_stack", tb_on_kstack, {
	    [F_KSTACK_SIZE] = "size", [F_KSTACK_CALLER] = "caller" } },
	[H_BLOCK_DONE] = { "block", "block_rq_complete", tb_on_block_done, {
	    [F_BLK_DEV] = "dev", [F_BLK_SECTOR] = "sector",
	    [F_BLK_NSECT] = "nr_sector", [F_BLK_RWBS] = "rwbs" } },
	[H_BLOCK_ISSUE] = { "block", "block_rq_issue", tb_on_block_issue, {
	    [F_BLK_DEV] = "dev", [F_BLK_SECTOR] = "sector" } },
	[H_BLOCK_REQUEUE] = { "block", "block_rq_requeue", tb_on_block_requeue,
	    { [F_BLK_DEV] = "dev", [F_BLK_SECTOR] = "sector" } },
};

/*
 * Each handler's format and fields, and the table from a format's place
 * to its handler (H_COUNT: none), so an event finds its handler at once.
 * 0, or -1 (no memory).
 */
static int
resolve(struct build *b)
{
	size_t i, j, n = tdat_nformats(b->td);

	if (n > 0 && (b->by_fmt = malloc(n)) == NULL)
		return -1;
	if (n > 0)
		memset(b->by_fmt, H_COUNT, n);
	for (i = 0; i < H_COUNT; i++) {
		b->h[i].fmt = tdat_format(b->td, handlers[i].system,
		    handlers[i].name);
		if (b->h[i].fmt != NULL)
			b->by_fmt[tfmt_pos(b->td, b->h[i].fmt)] = (uint8_t)i;
		for (j = 0; j < H_FIELDS; j++)
			b->h[i].f[j] = b->h[i].fmt != NULL &&
			    handlers[i].fields[j] != NULL ?
			    tfmt_field(b->h[i].fmt, handlers[i].fields[j]) : NULL;
	}
	return 0;
}

/* The time still on a CPU at the end goes to whoever was running. */
static int
close_cpus(struct build *b)
{
	size_t i;

	for (i = 0; i < b->ncpu; i++) {
		if (b->cpu[i].pid <= 0 || b->ps->last_ns <= b->cpu[i].since)
			continue;
		if (tb_ran(b, b->cpu[i].pid, (int)i, b->cpu[i].since,
		    b->ps->last_ns) != 0)
			return -1;
	}
	return 0;
}

/*
 * Every event of td into the model, each to its handler.  0, the end;
 * -1 with d set (a decoding error, or no memory: a handler's -1).
 */
/*
 * Until when every CPU that wrote events has them all: the earliest of
 * their last ones.  A recording cut short ends there (exact_cut).
 */
static void
whole_until(struct build *b)
{
	size_t i;

	b->ps->whole_ns = b->ps->last_ns;
	for (i = 0; i < b->ncpu; i++)
		if (b->cpu[i].last > 0 && b->cpu[i].last < b->ps->whole_ns)
			b->ps->whole_ns = b->cpu[i].last;
}

/* What the pages said the kernel lost, every CPU's. */
static void
losses(struct build *b, const struct tdat *td)
{
	uint64_t ev, pages;
	size_t i;

	for (i = 0; i < b->ncpu; i++) {
		tdat_lost(td, (int)i, &ev, &pages);
		b->ps->lost += ev;
		b->ps->lost_pages += pages;
	}
}

static int
read_events(struct build *b, struct tdat *td, struct diag *d)
{
	struct tboot *ps = b->ps;
	struct tevent ev;
	size_t h;
	int r;

	while ((r = tdat_next(td, &ev)) == 1) {
		h = ev.fmt != NULL ? b->by_fmt[tfmt_pos(td, ev.fmt)] : H_COUNT;
		/* What -f perfetto writes of them: its ftrace text's count. */
		if ((h == H_SWITCH || h == H_WAKING) && ev.ts_ns >= 0)
			ps->nsched++;
		if (ev.ts_ns < 0 || ev.ts_ns > TBOOT_NS_MAX)
			continue;
		if (ps->events++ == 0)
			ps->first_ns = ev.ts_ns;
		ps->last_ns = ev.ts_ns;
		if (tb_see_cpu(b, &ev) != 0 || tb_runs_now(b, &ev) != 0 ||
		    (h < H_COUNT && handlers[h].fn(b, &ev) != 0))
			return diag_error_status(d, EXIT_NOMEM, "out of memory");
		if (ev.cpu >= 0 && (size_t)ev.cpu < b->ncpu)
			b->cpu[ev.cpu].last = ev.ts_ns;
	}
	whole_until(b);
	losses(b, td);
	return r;
}

/* What the pass leaves to fold, nest and take once every event is in.  0, or -1 (d set). */
static int
finish(struct build *b, unsigned flags, struct diag *d)
{
	struct tboot *ps = b->ps;

	if (close_cpus(b) != 0 || tstates_fold(&b->st, ps) != 0 ||
	    ((flags & TB_THREADS) && tstates_fold_threads(&b->st, ps) != 0) ||
	    tcalls_nest(&ps->calls) != 0 ||
	    tdisk_close(&ps->blk, ps->last_ns) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	twork_label(&b->wq, ps, b->td);
	/* The waits first: a socket's gives its waking record its thread. */
	if (twake_take(&b->wk, ps) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	tcrit_take(&b->cr, ps);
	return 0;
}

/* t moved by off unless it is one of the sentinels (before, after the trace). */
static void
shift(int64_t *t, int64_t off)
{
	if (*t != TPROC_BEFORE && *t != TPROC_AFTER)
		*t += off;
}

/*
 * Every time the model holds, from the trace's clock to the log's
 * (uptime: the clock-sync marker's offset; none, its own clock), once
 * the pass is over: whoever reads the model reads the chart's clock.
 */
static void
on_log_clock(struct tboot *ps)
{
	int64_t off = ps->boot_minus_trace_ns;
	size_t i;

	for (i = 0; i < ps->n; i++) {
		shift(&ps->v[i].start_ns, off);
		shift(&ps->v[i].end_ns, off);
		if (ps->v[i].work[0] != '\0')
			ps->v[i].work_last_ns += off;
	}
	for (i = 0; i < ps->nspans; i++) {
		ps->spans[i].start_ns += off;
		ps->spans[i].end_ns += off;
	}
	for (i = 0; i < ps->nthreads; i++) {
		shift(&ps->threads[i].start_ns, off);
		shift(&ps->threads[i].end_ns, off);
	}
	for (i = 0; i < ps->nic; i++) {
		ps->ic[i].start_ns += off;
		ps->ic[i].end_ns += off;
	}
	for (i = 0; i < ps->ncrec; i++)
		ps->crec[i].at += off;
	for (i = 0; i < ps->nbdone; i++)
		ps->bdone[i] += off;
	for (i = 0; i < ps->calls.n; i++) {
		ps->calls.v[i].call_ns += off;
		ps->calls.v[i].ret_ns += off;
	}
	tbusy_shift(&ps->busy, off);
	tdisk_shift(&ps->blk, off);
	ps->first_ns += off;
	ps->last_ns += off;
	ps->whole_ns += off;
}

static void
build_free(struct build *b)
{
	tstates_free(&b->st);
	twake_free(&b->wk);
	tcrit_free(&b->cr);
	twork_free(&b->wq);
	free(b->by_fmt);
	free(b->ids);
	free(b->cpu);
	free(b->open);
}

int
tboot_build(struct tdat *td, struct tboot *ps, unsigned flags,
    int scope_pid, struct diag *d)
{
	struct build b;
	int r;

	memset(ps, 0, sizeof(*ps));
	memset(&b, 0, sizeof(b));
	b.ps = ps;
	b.td = td;
	b.d = d;
	b.scope = scope_pid;
	b.st.d = d;
	b.st.want_names = (flags & TB_THREADS) != 0;
	b.wq.d = d;
	ps->busy.d = d;
	ps->blk.d = d;
	ps->busy.keep_runs = (flags & TB_RUNS) != 0;
	b.wk.d = d;
	b.wk.cr = &b.cr;
	ps->calls.d = d;
	b.cr.d = d;
	b.wk.sk.d = d;
	r = resolve(&b) != 0 ? diag_error_status(d, EXIT_NOMEM,
	    "out of memory") : read_events(&b, td, d);
	if (r == 0)
		r = finish(&b, flags, d);
	/* A trace alone without the marker: its own clock, 0 at its start. */
	if (r == 0 && !ps->have_sync && (flags & TB_OWN_ZERO))
		ps->boot_minus_trace_ns = -ps->first_ns;
	if (r == 0 && ps->boot_minus_trace_ns != 0)
		on_log_clock(ps);
	ps->cuts = (b.st.cut ? TB_CUT_STATES : 0) | (b.cr.cut ? TB_CUT_CRIT : 0) |
	    (b.wk.cut ? TB_CUT_WAKE : 0) | (b.wk.sk.cut ? TB_CUT_STACKS : 0) |
	    (ps->busy.cut ? TB_CUT_BINS : 0) | (b.wq.cut ? TB_CUT_WORKS : 0) |
	    (ps->calls.cut ? TB_CUT_CALLS : 0) |
	    (ps->busy.runs_cut ? TB_CUT_RUNS : 0) |
	    (ps->blk.cut ? TB_CUT_DISK : 0);
	build_free(&b);
	if (r != 0)
		tboot_free(ps);
	return r == 0 ? 0 : -1;
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
	tdisk_free(&ps->blk);
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
