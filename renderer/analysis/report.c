/* report.c: per-process statistics, milestones and totals of one boot, from the log and the final tree. */
#include <inttypes.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "logfiles.h"
#include "report.h"

struct collect {
	struct report *r;
	size_t cap;
	size_t *path;		/* procs index of the node at each depth */
	size_t path_cap;
};

/* Seconds of CPU and of state D over the node's samples; 0 or -1. */
static int
sum_samples(struct report_proc *rp)
{
	struct sample_iter it;
	const struct proc_sample *s;
	double sec;

	if (sample_iter_init(&it, rp->node) != 0)
		return -1;
	while ((s = sample_iter_next(&it)) != NULL) {
		sec = (double)sample_interval_us(s) / USEC_PER_SEC;
		rp->user_s += (double)s->user * sec;
		rp->sys_s += (double)s->sys * sec;
		if (s->state == PS_WAITING)
			rp->dstate_s += sec;
	}
	sample_iter_free(&it);
	return 0;
}

/*
 * A node whose processes have a measured CPU time (the kernel's trace,
 * or process accounting; each one merged into it too) gets their sum;
 * the samples only split it into user and system, all user when they
 * saw none (docs/trace.md).
 */
static void
exact_cpu(struct report_proc *rp, const struct pnode *p)
{
	double cpu, sampled = rp->user_s + rp->sys_s;

	rp->cpu_src = p->cpu_src;
	if (!p->cpu_known)
		return;
	cpu = (double)p->cpu_us / USEC_PER_SEC;
	rp->user_s = sampled > 0 ? cpu * rp->user_s / sampled : cpu;
	rp->sys_s = rp->user_s < cpu ? cpu - rp->user_s : 0;
}

/*
 * A row the trace has the states of: its seconds in each, from the
 * spans the chart colours (its processes folded), D among them.
 */
static int
exact_states(struct report_proc *rp, const struct pnode *p)
{
	usec_t us[TS_COUNT] = { 0 };
	struct xspan *xs;
	size_t n, i;
	int st;

	if (!p->xexact)
		return 0;
	if (node_xstates(p, &xs, &n) != 0)
		return -1;
	for (i = 0; i < n; i++)
		us[xs[i].state] += xs[i].end_us - xs[i].start_us;
	free(xs);
	for (st = TS_NONE + 1; st < TS_COUNT; st++)
		rp->state_s[st] = (double)us[st] / USEC_PER_SEC;
	rp->traced = 1;
	rp->dstate_s = rp->state_s[TS_WAITING];
	return 0;
}

static int
collect_one(const struct pnode *p, int depth, void *arg)
{
	struct collect *c = arg;
	struct report *r = c->r;
	struct report_proc *rp;

	if (grow_array((void **)&r->procs, &c->cap, r->nprocs,
	    sizeof(*r->procs)) != 0 ||
	    grow_reserve((void **)&c->path, &c->path_cap, (size_t)depth + 1,
	    sizeof(*c->path)) != 0)
		return -1;
	rp = &r->procs[r->nprocs];
	memset(rp, 0, sizeof(*rp));
	rp->node = p;
	rp->depth = depth;
	rp->parent = depth > 0 ? c->path[depth - 1] : REPORT_NONE;
	rp->pid = p->proc->pid;
	rp->ppid = depth > 0 ? r->procs[rp->parent].pid : p->proc->ppid;
	rp->name = p->name;
	rp->label = proctree_label(r->tree, r->show_all, p->name,
	    p->proc->cmdline);
	rp->cmdline = p->proc->cmdline;
	rp->unit = p->proc->unit;
	rp->start_us = p->start_us - r->ms.zero_us;
	rp->duration_us = p->duration_us;
	rp->end_us = rp->start_us + p->duration_us;
	rp->nsamples = p->nsamples;
	if (sum_samples(rp) != 0 || exact_states(rp, p) != 0)
		return -1;
	exact_cpu(rp, p);
	c->path[depth] = r->nprocs++;
	return 0;
}

/* Each node's children as a slice of child_idx, in pre-order. */
static int
link_children(struct report *r)
{
	size_t i, off = 0, par;

	if (r->nprocs == 0)
		return 0;
	if ((r->child_idx = calloc(r->nprocs, sizeof(*r->child_idx))) == NULL)
		return -1;
	for (i = 0; i < r->nprocs; i++) {
		r->procs[i].children = r->child_idx + off;
		off += r->procs[i].node->nchildren;
	}
	for (i = 0; i < r->nprocs; i++) {
		if ((par = r->procs[i].parent) == REPORT_NONE)
			continue;
		r->procs[par].children[r->procs[par].nchildren++] = i;
	}
	return 0;
}

/* The series' fractions are of the whole machine: x interval x CPUs. */
static void
totals(struct report_totals *tot, const struct bootlog *t)
{
	double sec;
	size_t i;

	memset(tot, 0, sizeof(*tot));
	tot->ncpus = t->ncpus > 0 ? t->ncpus : 1;
	for (i = 0; i < t->ncpu; i++) {
		sec = (double)t->cpu[i].interval_us / USEC_PER_SEC * tot->ncpus;
		tot->cpu_user_s += t->cpu[i].user * sec;
		tot->cpu_sys_s += t->cpu[i].sys * sec;
		tot->cpu_io_s += t->cpu[i].io * sec;
	}
	tot->cpu_busy_s = tot->cpu_user_s + tot->cpu_sys_s;
	if (t->ncpu == 0 && t->busy.n > 0) {
		tot->from_trace = 1;
		for (i = 0; i < t->busy.n; i++)
			tot->cpu_busy_s += t->busy.v[i] * (double)t->busy.step_us /
			    USEC_PER_SEC * tot->ncpus;
	}
	bootlog_disk_bytes(t, &tot->read_bytes, &tot->write_bytes);
}

/* The outputs' times are from the chart's 0 (zero_us stays uptime). */
static void
shift(struct milestones *m)
{
	m->start_us -= m->zero_us;
	m->kernel_end_us -= m->zero_us;
	m->log_start_us -= m->zero_us;
	m->log_end_us -= m->zero_us;
	m->switch_root_us -= m->zero_us;
	m->end_us -= m->zero_us;
}

const char *
report_cpu_src(enum cpu_src s)
{
	return s == CPU_TRACE ? "trace" : s == CPU_TASKSTATS ? "taskstats" :
	    s == CPU_ACCT ? "accounting" : "samples";
}

int
report_cpu_decimals(enum cpu_src s)
{
	return s == CPU_SAMPLES || s == CPU_ACCT ? 2 : 3;
}

const char *
report_secs(char *buf, size_t cap, usec_t t, int sign)
{
	uint64_t a = t < 0 ? -(uint64_t)t : (uint64_t)t;

	a = (a + USEC_PER_MS / 2) / USEC_PER_MS;	/* whole ms, rounded */
	snprintf(buf, cap, "%s%" PRIu64 ".%03" PRIu64,
	    t < 0 ? "-" : sign ? "+" : "", a / 1000, a % 1000);
	return buf;
}

static int
cmp_node_addr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)(*(const struct report_proc *const *)a)->node;
	uintptr_t y = (uintptr_t)(*(const struct report_proc *const *)b)->node;

	return x < y ? -1 : x > y;
}

/* The rows by their node's address, for report_proc_of. */
static int
index_nodes(struct report *r)
{
	size_t i;

	if ((r->by_node = calloc(r->nprocs + 1, sizeof(*r->by_node))) == NULL)
		return -1;
	for (i = 0; i < r->nprocs; i++)
		r->by_node[i] = &r->procs[i];
	qsort(r->by_node, r->nprocs, sizeof(*r->by_node), cmp_node_addr);
	return 0;
}

int
report_make(struct report *r, const struct boot *b, int show_all,
    struct diag *d)
{
	const struct bootlog *t = b->log;
	const struct proctree *tree = b->tree;
	const struct exact *x = boot_exact(b);
	struct collect c;
	int rc;

	memset(r, 0, sizeof(*r));
	memset(&c, 0, sizeof(c));
	r->log = t;
	r->tree = tree;
	r->show_all = show_all;
	r->x = x;
	r->crit = boot_crit(b);
	r->ms = *b->ms;
	shift(&r->ms);
	c.r = r;
	rc = proctree_walk(tree, collect_one, &c);
	free(c.path);
	if (rc != 0 || link_children(r) != 0 || index_nodes(r) != 0) {
		report_free(r);
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	}
	totals(&r->tot, t);
	if (cmdshare_make(&r->cmd, t, tree) != 0 ||
	    fn_table_make(&x->tb.calls, x->file.td, 0, &r->fn) != 0 ||
	    kwaits_pick(&x->tb.calls, x->call_wait, 0, &r->kw, &r->nkw) != 0) {
		report_free(r);
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	}
	return 0;
}

const struct report_proc *
report_proc_of(const struct report *r, const struct pnode *node)
{
	struct report_proc key = { .node = node };
	const struct report_proc *kp = &key, *const *hit;

	if (node == NULL || r->nprocs == 0)
		return NULL;
	hit = bsearch(&kp, r->by_node, r->nprocs, sizeof(*r->by_node),
	    cmp_node_addr);
	return hit != NULL ? *hit : NULL;
}

void
report_free(struct report *r)
{
	free(r->by_node);
	free(r->procs);
	free(r->child_idx);
	cmdshare_free(&r->cmd);
	fn_table_free(&r->fn);
	free(r->kw);
	memset(r, 0, sizeof(*r));
}

const char *
report_trace_cut(const struct report *r, usec_t *at)
{
	const char *why;

	if (!r->x->have || (why = exact_cut(r->log)) == NULL)
		return NULL;
	*at = (usec_t)exact_uptime_us(r->x->tb.whole_ns) - r->ms.zero_us;
	return why;
}

uint64_t
report_trace_lost(const struct report *r, uint64_t *pages)
{
	*pages = 0;
	if (!r->x->have)
		return 0;
	return exact_lost(&r->x->tb, r->log, pages);
}

const char *
report_crit_label(const struct report *r, int64_t pid, const char *name)
{
	const struct process *p = bootlog_find_pid(r->log, pid);

	/* The trace's names are comms: 15 bytes at most. */
	if (p == NULL || p->name == NULL || strncmp(p->name, name, 15) != 0)
		return name;
	return proctree_label(r->tree, r->show_all, name, p->cmdline);
}

double
report_state_percent(const struct report_proc *p, int st)
{
	double life = 0;
	int k;

	for (k = TS_NONE + 1; k < TS_COUNT; k++)
		life += p->state_s[k];
	return p->traced && life > 0 ? 100 * p->state_s[st] / life : 0;
}
