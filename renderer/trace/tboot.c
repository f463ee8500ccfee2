/* tboot.c: processes and initcalls from the kernel's trace (tboot.h): a handler per event over one pass, as perf sched does; the handlers by family in tboot_sched.c, tboot_life.c and tboot_kernel.c, on tboot_procs.c. */
#include <stdlib.h>
#include <string.h>

#include "tboot_int.h"

static const struct handler handlers[H_COUNT] = {
	{ "sched", "sched_switch", tb_on_switch,
	    { "prev_pid", "next_pid", "prev_state" } },
	{ "task", "task_newtask", tb_on_newtask,
	    { "pid", "clone_flags", "comm" } },
	{ "sched", "sched_process_fork", tb_on_fork,
	    { "parent_pid", "child_pid", "child_comm" } },
	{ "sched", "sched_process_exec", tb_on_exec, { "pid", "filename" } },
	{ "task", "task_rename", tb_on_rename, { "pid", "newcomm" } },
	{ "sched", "sched_process_exit", tb_on_exit_ev,
	    { "pid", "comm", "group_dead" } },
	{ "ftrace", "print", tb_on_print, { "buf" } },
	{ "initcall", "initcall_start", tb_on_initcall_start, { "func" } },
	{ "initcall", "initcall_finish", tb_on_initcall_finish, { "func" } },
	{ "sched", "sched_waking", tb_on_waking, { "pid", "common_flags" } },
	{ "sched", "sched_wakeup_new", tb_on_wakeup_new,
	    { "pid", "common_flags" } },
	{ "module", "module_load", tb_on_module_load, { "name" } },
	{ "workqueue", "workqueue_execute_start", tb_on_wq_start,
	    { "function" } },
	{ "workqueue", "workqueue_execute_end", tb_on_wq_end, { "function" } },
	{ "ftrace", "funcgraph_exit", tb_on_fg_exit,
	    { "func", "depth", "calltime", "rettime", "overrun" } },
	{ "ftrace", "funcgraph_entry", tb_on_fg_entry, { "func" } },
	{ "ftrace", "kernel_stack", tb_on_kstack, { "size", "caller" } },
	{ "block", "block_rq_complete", tb_on_block_done, { NULL } },
};

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
		if (tb_ran(b, b->cpu[i].pid, (int)i, b->cpu[i].since,
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
	b.st.want_names = (flags & TB_THREADS) != 0;
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
		if (tb_see_cpu(&b, &ev) != 0 || tb_runs_now(&b, &ev) != 0 ||
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
