/* tbusy.c: the CPUs' busy time from the switch events, in fixed bins (docs/trace.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tbusy.h"

/* CPU c's bins up to index i exist (zeroed); 0, or -1 on no memory. */
static int
bins_to(struct tbusy *b, struct tbusy_cpu *c, size_t i)
{
	size_t old = c->n;

	if (i < c->n)
		return 0;
	if (grow_reserve((void **)&c->ns, &c->cap, i + 1, sizeof(*c->ns)) != 0)
		return -1;
	memset(c->ns + old, 0, (i + 1 - old) * sizeof(*c->ns));
	c->n = i + 1;
	b->nbins += i + 1 - old;
	return 0;
}

static struct tbusy_cpu *
cpu_of(struct tbusy *b, int cpu)
{
	struct tbusy_cpu *v;
	size_t n = (size_t)cpu + 1;

	if ((size_t)cpu < b->ncpu)
		return &b->cpu[cpu];
	if ((v = realloc(b->cpu, n * sizeof(*v))) == NULL)
		return NULL;
	memset(v + b->ncpu, 0, (n - b->ncpu) * sizeof(*v));
	b->cpu = v;
	b->ncpu = n;
	return &b->cpu[cpu];
}

static int
full(struct tbusy *b)
{
	if (!b->cut)
		diag_warn(b->d, "more than %d bins of %d ms: the CPU charts "
		    "take the rest from proc_stat.log", CAP_TRACE_BINS,
		    TBUSY_BIN_NS / 1000000);
	b->cut = 1;
	return 0;
}

/* The run whole, when asked and under CAP_TRACE_CPU_RUNS. */
static int
keep_run(struct tbusy *b, int cpu, uint32_t proc, int64_t from, int64_t to)
{
	if (!b->keep_runs || b->runs_cut || to <= from)
		return 0;
	if (b->nruns >= CAP_TRACE_CPU_RUNS) {
		diag_warn(b->d, "more than %d runs of tasks on CPUs: "
		    "--per-cpu names no task after them", CAP_TRACE_CPU_RUNS);
		b->runs_cut = 1;
		return 0;
	}
	if (grow_reserve((void **)&b->runs, &b->runscap, b->nruns + 1,
	    sizeof(*b->runs)) != 0)
		return -1;
	b->runs[b->nruns++] = (struct trun){ from, to, proc, (uint32_t)cpu };
	return 0;
}

int
tbusy_add(struct tbusy *b, int cpu, uint32_t proc, int64_t t0, int64_t from,
    int64_t to)
{
	struct tbusy_cpu *c;
	int64_t end;
	size_t i;

	if (cpu < 0)
		return 0;
	if (b->ncpu == 0 && b->nruns == 0)
		b->t0 = t0;
	if (keep_run(b, cpu, proc, from, to) != 0)
		return -1;
	if (b->cut)
		return 0;
	if ((c = cpu_of(b, cpu)) == NULL)
		return -1;
	if (from < b->t0)
		from = b->t0;
	for (; from < to; from = end) {
		i = (size_t)((from - b->t0) / TBUSY_BIN_NS);
		if (i >= c->n && b->nbins + (i + 1 - c->n) > CAP_TRACE_BINS)
			return full(b);
		if (bins_to(b, c, i) != 0)
			return -1;
		end = b->t0 + (int64_t)(i + 1) * TBUSY_BIN_NS;
		if (end > to)
			end = to;
		c->ns[i] += end - from;
	}
	return 0;
}

size_t
tbusy_len(const struct tbusy *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->ncpu; i++)
		if (b->cpu[i].n > n)
			n = b->cpu[i].n;
	return n;
}

int64_t
tbusy_get(const struct tbusy *b, size_t cpu, size_t i)
{
	if (cpu >= b->ncpu || i >= b->cpu[cpu].n)
		return 0;
	return b->cpu[cpu].ns[i];
}

void
tbusy_shift(struct tbusy *b, int64_t off)
{
	size_t i;

	b->t0 += off;
	for (i = 0; i < b->nruns; i++) {
		b->runs[i].start_ns += off;
		b->runs[i].end_ns += off;
	}
}

void
tbusy_free(struct tbusy *b)
{
	size_t i;

	for (i = 0; i < b->ncpu; i++)
		free(b->cpu[i].ns);
	free(b->cpu);
	free(b->runs);
	memset(b, 0, sizeof(*b));
}
