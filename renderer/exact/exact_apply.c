/* exact_apply.c: the trace model applied to the log it came with: exact starts, ends, states and CPU time, the processes sampling missed, initcalls, the CPU chart's busy series and, without disk samples, the disk's from the block events (docs/trace.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "tkeysort.h"

/* The trace's busy time and /proc/stat's may differ by this share at most. */
#define BUSY_AGREE 0.10

/*
 * A sampled process is the traced one when their PIDs agree and its
 * start, from /proc's jiffies, is within this of the fork (two
 * jiffies: the start time's rounding and the clocks' sync).
 */
#define SAME_START_US	(2 * USEC_PER_JIFFY)

/*
 * The log's process of the traced one, or NULL.  One older than the
 * trace (start: the trace's first event) is the sample of that PID
 * alive then: the latest to start by then.
 */
static struct process *
sampled(const struct bootlog *t, int pid, usec_t start, int known)
{
	struct process *p, *best = NULL;
	usec_t d, bestd = 0;
	size_t i;

	for (i = 0; i < t->nprocs; i++) {
		p = t->procs[i];
		if (p->pid != pid || p->exact)
			continue;
		if (!known) {
			if (p->start_us <= start + SAME_START_US &&
			    (best == NULL || p->start_us > best->start_us))
				best = p;
			continue;
		}
		d = p->start_us > start ? p->start_us - start : start - p->start_us;
		if (d <= SAME_START_US && (best == NULL || d < bestd)) {
			best = p;
			bestd = d;
		}
	}
	return best;
}

/*
 * The spans ps->spans[span0 .. span0 + nspans) as p's states in µs of
 * uptime; spans the rounding empties are dropped and equal neighbours
 * merged.  0, or -1 on no memory.
 */
static int
set_states(struct process *p, const struct tboot *ps, size_t span0,
    size_t nspans)
{
	const struct tspan *sp;
	struct xspan *x;
	usec_t a, b;
	size_t i, n = 0;

	free(p->xs);
	p->xs = NULL;
	p->nxs = 0;
	if (nspans > 0 && (p->xs = calloc(nspans, sizeof(*p->xs))) == NULL)
		return -1;
	for (i = 0; i < nspans; i++) {
		sp = &ps->spans[span0 + i];
		a = exact_uptime_us(sp->start_ns);
		b = exact_uptime_us(sp->end_ns);
		if (b <= a || sp->state <= TS_NONE || sp->state >= TS_COUNT)
			continue;
		x = n > 0 ? &p->xs[n - 1] : NULL;
		if (x != NULL && x->state == sp->state &&
		    x->end_us == a) {
			x->end_us = b;
			continue;
		}
		p->xs[n++] = (struct xspan){ a, b, sp->state };
	}
	p->nxs = n;
	p->has_xs = 1;
	return 0;
}

/* The process's states, its threads folded. */
static int
apply_states(struct process *p, const struct tboot *ps, const struct tproc *tp)
{
	free(p->xs);
	p->xs = NULL;
	p->nxs = 0;
	p->has_xs = 0;
	if (!tp->has_states)
		return 0;
	return set_states(p, ps, tp->span0, tp->nspans);
}

/*
 * --threads: the process's row is its main thread's (the thread whose
 * id is its pid), and each other thread a process of its own under it.
 */
static int
apply_threads(struct bootlog *t, struct process *p, const struct exact *x,
    const struct tproc *tp)
{
	const struct tboot *ps = &x->tb;
	const struct tthread *th;
	struct process *q;
	const char *comm;
	usec_t start, end;
	size_t i;

	for (i = tp->thread0; i < tp->thread0 + tp->nthreads; i++) {
		th = &ps->threads[i];
		if (th->tid == tp->pid) {
			if (set_states(p, ps, th->span0, th->nspans) != 0)
				return -1;
			p->cpu_us = th->cpu_ns / 1000;
			continue;
		}
		/* The events' name, else the cmdlines' (they lose some). */
		comm = th->comm[0] != '\0' ? th->comm :
		    tdat_comm(x->file.td, th->tid);
		if ((q = bootlog_new_process(t, th->tid, comm != NULL &&
		    comm[0] != '\0' ? comm : tp->comm)) == NULL)
			return -1;
		q->ppid = q->tgid = tp->pid;
		start = exact_uptime_us(th->start_ns);
		end = th->end_ns != TPROC_AFTER ? exact_uptime_us(th->end_ns) :
		    exact_uptime_us(ps->last_ns);
		q->start_us = start;
		q->duration_us = end > start ? end - start : 0;
		q->exact = 1;
		q->cpu_us = th->cpu_ns / 1000;
		if (set_states(q, ps, th->span0, th->nspans) != 0)
			return -1;
	}
	return 0;
}

/*
 * Its name: the events' (exec, rename, switch), else the trace's saved
 * cmdlines (a process that only ran), else "?".
 */
static const char *
traced_name(const struct exact *x, const struct tproc *tp)
{
	const char *s = tp->comm;

	if (s[0] == '\0')
		s = tdat_comm(x->file.td, tp->pid);
	return s != NULL && s[0] != '\0' ? s : "?";
}

/*
 * A process of the trace the log does not have: new.  Without samples
 * (a trace alone) one alive before the trace is on the chart too, from
 * the trace's start; with them it was sampled or is not drawn.
 */
static struct process *
unsampled(struct bootlog *t, const struct exact *x, const struct tproc *tp,
    int known)
{
	struct process *p;

	if (!known && t->ps_source != PS_TRACE)
		return NULL;
	if ((p = bootlog_new_process(t, tp->pid, traced_name(x, tp))) != NULL)
		p->ppid = tp->ppid;
	return p;
}

static int
apply_one(struct bootlog *t, const struct exact *x, const struct tproc *tp,
    usec_t end_of_log, int threads)
{
	const struct tboot *ps = &x->tb;
	int known = tp->start_ns != TPROC_BEFORE;
	int alone = t->ps_source == PS_TRACE;
	usec_t start = exact_uptime_us(known ? tp->start_ns : ps->first_ns);
	usec_t end = tp->end_ns != TPROC_AFTER ? exact_uptime_us(tp->end_ns) :
	    end_of_log;
	struct process *p = alone ? NULL : sampled(t, tp->pid, start, known);

	if (p == NULL && (p = unsampled(t, x, tp, known)) == NULL)
		return known || alone ? -1 : 0;
	if (known || alone) {
		p->start_us = start;
		p->duration_us = end > start ? end - start : 0;
		p->exact = 1;
		/* The last name of a whole life: a sample may predate the exec. */
		if (tp->comm[0] != '\0' && process_set_name(p, tp->comm) != 0)
			return -1;
		if (apply_states(p, ps, tp) != 0)
			return -1;
	} else if (tp->end_ns != TPROC_AFTER && end > p->start_us)
		p->duration_us = end - p->start_us;
	/*
	 * CPU before the trace began is not in it: only a whole life
	 * counts, or, for a trace alone, what it ran while traced.
	 */
	p->cpu_us = known || alone ? tp->cpu_ns / 1000 : -1;
	if (threads && tp->has_states && apply_threads(t, p, x, tp) != 0)
		return -1;
	/* What a worker ran is known whenever it ran while traced. */
	if (tp->work[0] != '\0' && p->work == NULL) {
		if ((p->work = strdup(tp->work)) == NULL)
			return -1;
		p->work_last_us = exact_uptime_us(tp->work_last_ns);
	}
	return 0;
}

static float
share(double ns, double all)
{
	return (float)(ns / all > 1 ? 1 : ns / all);
}

/*
 * The trace's busy bins as shares of the machine (the CPU chart) and of
 * each CPU (--per-cpu).
 */
static int
apply_busy(struct bootlog *t, const struct exact *x)
{
	const struct tboot *ps = &x->tb;
	const struct tbusy *b = &ps->busy;
	struct busy_series *bs = &t->busy;
	size_t n = tbusy_len(b), i, k;
	int ncpu = tdat_ncpus(x->file.td);
	double sum;

	if (n == 0)
		return 0;
	if (t->ncpus > ncpu)
		ncpu = t->ncpus;
	if ((size_t)ncpu < b->ncpu)
		ncpu = (int)b->ncpu;
	if ((bs->v = calloc(n, sizeof(*bs->v))) == NULL ||
	    (bs->cpu = calloc(n * b->ncpu, sizeof(*bs->cpu))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		/*
		 * A CPU is busy 10 ms a bin at most: runs that overlap on it
		 * (a switch left out, each side counted) count once.
		 */
		for (k = 0, sum = 0; k < b->ncpu; k++) {
			bs->cpu[k * n + i] = share((double)tbusy_get(b, k, i),
			    TBUSY_BIN_NS);
			sum += bs->cpu[k * n + i] * TBUSY_BIN_NS;
		}
		bs->v[i] = share(sum, (double)TBUSY_BIN_NS * ncpu);
	}
	bs->n = n;
	bs->ncpu = b->ncpu;
	bs->t0_us = exact_uptime_us(b->t0);
	bs->step_us = TBUSY_BIN_NS / 1000;
	return 0;
}

static size_t
run_cpu(const void *a)
{
	return ((const struct cpu_run *)a)->cpu;
}

static int
by_start(const void *a, const void *b)
{
	const struct cpu_run *x = a, *y = b;

	if (x->a != y->a)
		return x->a < y->a ? -1 : 1;
	return (x->b > y->b) - (x->b < y->b);
}

/* The tasks' runs on each CPU (--per-cpu), in uptime, by CPU and time. */
static int
apply_runs(struct bootlog *t, const struct exact *x)
{
	const struct tboot *ps = &x->tb;
	const struct tbusy *b = &ps->busy;
	const struct tproc *p;
	const char *name;
	struct cpu_run *r;
	size_t i;

	if (b->nruns == 0)
		return 0;
	if ((t->busy.runs = calloc(b->nruns, sizeof(*r))) == NULL)
		return -1;
	for (i = 0; i < b->nruns; i++) {
		r = &t->busy.runs[i];
		p = &ps->v[b->runs[i].proc];
		r->a = exact_uptime_us(b->runs[i].start_ns);
		r->b = exact_uptime_us(b->runs[i].end_ns);
		r->pid = p->pid;
		r->cpu = b->runs[i].cpu;
		/* Born before the trace and never renamed: its saved name. */
		name = p->comm[0] != '\0' ? p->comm :
		    tdat_comm(x->file.td, p->pid);
		snprintf(r->comm, sizeof(r->comm), "%s", name != NULL ?
		    name : "");
	}
	t->busy.nruns = b->nruns;
	/* As they ended: a CPU's in order, but where time went back. */
	return tkeysort(t->busy.runs, t->busy.nruns, sizeof(*r), run_cpu,
	    by_start);
}

/*
 * The busy time the trace's switches give over the /proc/stat intervals
 * its bins cover, against /proc/stat's user + system there: *got and
 * *want in CPU-bin units.  0 when no interval is covered.
 */
static int
busy_totals(const struct bootlog *t, double *got, double *want)
{
	const struct busy_series *bs = &t->busy;
	usec_t a, b, x0, x1;
	size_t i, k;
	int n = 0;

	*got = *want = 0;
	for (i = 0; i < t->ncpu; i++) {
		b = t->cpu[i].time_us;
		a = b - t->cpu[i].interval_us;
		if (!busy_covers(bs, a, b))
			continue;
		n++;
		*want += (t->cpu[i].user + t->cpu[i].sys) *
		    (double)t->cpu[i].interval_us / (double)bs->step_us;
		/* A bin across the interval's edge counts for its part. */
		for (k = busy_first(bs, a); busy_part(bs, k, a, b, &x0, &x1);
		    k++)
			*got += bs->v[k] * (double)(x1 - x0) /
			    (double)bs->step_us;
	}
	return n;
}

/*
 * The chart draws the trace's busy time only where it agrees with the
 * kernel's own accounting: a kernel that leaves switches out (this
 * project's 6.18 VM under load, docs/trace.md) would draw idle CPUs.
 */
static void
busy_check(struct bootlog *t, struct diag *d)
{
	double got, want;

	if (t->busy.n == 0 || busy_totals(t, &got, &want) == 0 || want <= 0 ||
	    fabs(got - want) <= BUSY_AGREE * want)
		return;
	diag_warn(d, "its switches give %.0f%% of the CPU time "
	    "proc_stat.log counts: the CPU charts are drawn from "
	    "proc_stat.log", 100 * got / want);
	free(t->busy.v);
	free(t->busy.cpu);
	memset(&t->busy, 0, sizeof(t->busy));
}

/*
 * The trace's initcalls, exact and at every level, replace those the
 * kernel's log printed (initcall_debug); its milestones stay.
 */
static int
apply_initcalls(struct bootlog *t, const struct tboot *ps)
{
	struct kevent e;
	size_t i, n = 0;

	if (ps->nic == 0)
		return 0;
	for (i = 0; i < t->nkev; i++) {
		if (t->kev[i].kind == KEV_INITCALL)
			free(t->kev[i].text);
		else
			t->kev[n++] = t->kev[i];
	}
	t->nkev = n;
	for (i = 0; i < ps->nic; i++) {
		memset(&e, 0, sizeof(e));
		e.kind = KEV_INITCALL;
		e.time_us = exact_uptime_us(ps->ic[i].start_ns);
		e.dur_us = (ps->ic[i].end_ns - ps->ic[i].start_ns) / 1000;
		e.text = (char *)ps->ic[i].func;
		if (bootlog_add_kevent(t, &e) != 0)
			return -1;
	}
	return 0;
}

/* The busiest disk's share of bin i busy, as diskstats.c takes io_ticks'. */
static double
disk_util(const struct tdisk *b, size_t i)
{
	double u = 0, v;
	size_t k;

	for (k = 0; k < b->ndev; k++)
		if ((v = (double)tdisk_get(&b->dev[k].busy, i) /
		    TDISK_BIN_NS) > u)
			u = v;
	return u > 1 ? 1 : u;
}

/* The bins any series holds: where a cut disk chart stops. */
static size_t
bins_held(const struct tdisk *b)
{
	size_t n = b->rd.n > b->wr.n ? b->rd.n : b->wr.n, k;

	for (k = 0; k < b->ndev; k++)
		if (b->dev[k].busy.n > n)
			n = b->dev[k].busy.n;
	return n;
}

/*
 * No disk samples (a trace alone, or a log without proc_diskstats.log)
 * and block events recorded: a disk sample per bin of the trace's, from
 * its first event to its last, as diskstats.c makes them of the log's.
 * 0, or -1 on no memory.
 */
static int
apply_disk(struct bootlog *t, const struct tboot *ps)
{
	const struct tdisk *b = &ps->blk;
	size_t n, i;
	double sec = (double)TDISK_BIN_NS / 1e9;

	if (t->ndisk > 0 || b->events == 0 || ps->last_ns < b->t0)
		return 0;
	n = (size_t)((ps->last_ns - b->t0) / TDISK_BIN_NS) + 1;
	if (b->cut)	/* past the cap: not known, not idle */
		n = bins_held(b);
	if (n == 0 || (t->disk = calloc(n, sizeof(*t->disk))) == NULL)
		return n == 0 ? 0 : -1;
	t->disk_cap = t->ndisk = n;
	for (i = 0; i < n; i++)
		t->disk[i] = (struct disk_sample){
			.time_us = exact_uptime_us(b->t0 + (int64_t)(i + 1) *
			    TDISK_BIN_NS),
			.interval_us = TDISK_BIN_NS / 1000,
			.util = disk_util(b, i),
			.read_bps = (double)tdisk_get(&b->rd, i) / sec,
			.write_bps = (double)tdisk_get(&b->wr, i) / sec };
	t->disk_traced = 1;
	return 0;
}

/*
 * What the log now holds in its own terms leaves the model: the states
 * (processes' and threads'), the initcalls, the busy bins and runs,
 * the disks' bins.
 * Nothing reads them after; the chart's memory is the log's.
 */
static void
drop_applied(struct tboot *tb)
{
	size_t i;

	free(tb->spans);
	free(tb->threads);
	free(tb->ic);
	tbusy_free(&tb->busy);
	tdisk_free(&tb->blk);
	tb->spans = NULL;
	tb->threads = NULL;
	tb->ic = NULL;
	tb->nspans = tb->spanscap = tb->nthreads = tb->threadscap = 0;
	tb->nic = tb->iccap = 0;
	for (i = 0; i < tb->n; i++)
		tb->v[i].nspans = tb->v[i].nthreads = 0;
}

int
exact_apply(struct exact *x, struct bootlog *t, const struct exact_opts *o,
    struct diag *d)
{
	const struct tboot *ps = &x->tb;
	usec_t end;
	size_t i;
	int rc = 0;

	if (!x->have)
		return 0;
	/* No header counts the CPUs of a trace alone: the trace does. */
	if (t->ps_source == PS_TRACE && tdat_ncpus(x->file.td) > t->ncpus)
		t->ncpus = tdat_ncpus(x->file.td);
	end = exact_uptime_us(ps->last_ns);
	if (t->ps_last_us > end)
		end = t->ps_last_us;
	for (i = 0; i < ps->n && rc == 0; i++)
		rc = apply_one(t, x, &ps->v[i], end, o->threads);
	if (rc == 0)
		rc = apply_initcalls(t, ps);
	/*
	 * A trace of the command alone has the other processes' runs only
	 * where they met the command's: the CPU charts stay /proc/stat's.
	 */
	if (rc == 0 && exact_scope_pid(t) == 0)
		rc = apply_busy(t, x);
	if (rc == 0)
		busy_check(t, d);
	if (rc == 0 && t->busy.ncpu > 0)
		rc = apply_runs(t, x);
	if (rc == 0)
		rc = apply_disk(t, ps);
	if (rc != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	drop_applied(&x->tb);
	qsort(t->procs, t->nprocs, sizeof(*t->procs), bootlog_cmp_proc);
	return 0;
}
