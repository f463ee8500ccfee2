/* cmdshare.c: a profiled command's share of the machine's CPU over each proc_stat interval, for the CPU chart and the JSON (docs/chart.md). */
#include <stdlib.h>
#include <string.h>

#include "cmdshare.h"
#include "grow.h"

/* The interval of t->cpu that holds time at: the first that ends at or after it. */
static size_t
bucket(const struct bootlog *t, usec_t at)
{
	size_t lo = 0, hi = t->ncpu, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->cpu[mid].time_us < at)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void
add(struct cmdshare *cs, const struct bootlog *t, usec_t at, double cpu_us)
{
	size_t i = bucket(t, at);

	cs->cpu_s += cpu_us / USEC_PER_SEC;
	if (i < cs->n)
		cs->v[i] += cpu_us;
}

/* cpu µs of CPU evenly over [from, to), into the intervals it meets. */
static void
spread(struct cmdshare *cs, const struct bootlog *t, usec_t from, usec_t to,
    double cpu)
{
	usec_t a, b;
	size_t i;

	if (to <= from) {
		add(cs, t, from, cpu);
		return;
	}
	cs->cpu_s += cpu / USEC_PER_SEC;
	for (i = bucket(t, from); i < cs->n; i++) {
		b = t->cpu[i].time_us;
		a = b - t->cpu[i].interval_us;
		if (a >= to)
			break;
		if (a < from)
			a = from;
		if (b > to)
			b = to;
		if (b > a)
			cs->v[i] += cpu * (double)(b - a) / (double)(to - from);
	}
}

/*
 * A row's measured CPU time over when it ran: its exact running spans
 * where the trace has them (several threads running at once count
 * once there, so the time is shared out by span length), else evenly
 * over its life.  0 or -1.
 */
static int
measured(struct cmdshare *cs, const struct bootlog *t, const struct pnode *p)
{
	struct xspan *xs = NULL;
	size_t n = 0, i;
	double cpu = (double)p->cpu_us, run = 0;

	if (p->xexact && node_xstates(p, &xs, &n) != 0)
		return -1;
	for (i = 0; i < n; i++)
		if (xs[i].state == TS_RUNNING)
			run += (double)(xs[i].end_us - xs[i].start_us);
	if (run <= 0)
		spread(cs, t, p->start_us, p->start_us + p->duration_us, cpu);
	for (i = 0; i < n && run > 0; i++)
		if (xs[i].state == TS_RUNNING)
			spread(cs, t, xs[i].start_us, xs[i].end_us, cpu *
			    (double)(xs[i].end_us - xs[i].start_us) / run);
	free(xs);
	return 0;
}

/*
 * One node's CPU into the intervals; 0 or -1.  A measured time (trace,
 * accounting) goes where the row ran (above): its samples miss its
 * start (the first comes up to a period after it).
 */
static int
node_cpu(struct cmdshare *cs, const struct bootlog *t, const struct pnode *p)
{
	struct sample_iter it;
	const struct proc_sample *s;

	if (p->cpu_known)
		return measured(cs, t, p);
	if (sample_iter_init(&it, p) != 0)
		return -1;
	while ((s = sample_iter_next(&it)) != NULL)
		add(cs, t, s->time_us, (double)(s->user + s->sys) *
		    (double)sample_interval_us(s));
	sample_iter_free(&it);
	return 0;
}

/* The command's subtree, without recursion (chains can be deep). */
static int
subtree_cpu(struct cmdshare *cs, const struct bootlog *t,
    const struct pnode *cmd)
{
	const struct pnode **stack = NULL, *p;
	size_t n = 0, cap = 0, i;
	int rc = -1;

	if (grow_array((void **)&stack, &cap, n, sizeof(*stack)) != 0)
		return -1;
	stack[n++] = cmd;
	while (n > 0) {
		p = stack[--n];
		if (node_cpu(cs, t, p) != 0 ||
		    grow_reserve((void **)&stack, &cap, n + p->nchildren,
		    sizeof(*stack)) != 0)
			goto out;
		for (i = 0; i < p->nchildren; i++)
			stack[n++] = p->children[i];
	}
	rc = 0;
out:
	free(stack);
	return rc;
}

int
cmdshare_make(struct cmdshare *cs, const struct bootlog *t,
    const struct proctree *tree)
{
	double all;
	size_t i;

	memset(cs, 0, sizeof(*cs));
	if (tree->cmd == NULL || t->ncpu == 0)
		return 0;
	if ((cs->v = calloc(t->ncpu, sizeof(*cs->v))) == NULL)
		return -1;
	cs->n = t->ncpu;
	if (subtree_cpu(cs, t, tree->cmd) != 0) {
		cmdshare_free(cs);
		return -1;
	}
	for (i = 0; i < cs->n; i++) {
		all = (double)t->cpu[i].interval_us * (t->ncpus > 0 ?
		    t->ncpus : 1);
		cs->v[i] = all > 0 ? cs->v[i] / all : 0;
		if (cs->v[i] > 1)
			cs->v[i] = 1;
	}
	return 0;
}

void
cmdshare_free(struct cmdshare *cs)
{
	free(cs->v);
	memset(cs, 0, sizeof(*cs));
}
