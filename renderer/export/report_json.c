/* report_json.c: writes a boot's report as JSON: header, milestones, the tree with its statistics, the series. */
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "jsonw.h"
#include "report_json.h"
#include "tcwait.h"

static void
header(const struct bootlog *t, FILE *f)
{
	size_t i;

	fputs("  \"header\": {", f);
	for (i = 0; i < t->nheader; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		json_string(f, t->header[i].key);
		fputs(": ", f);
		json_string(f, t->header[i].value);
	}
	fputs(t->nheader ? "\n  },\n" : "},\n", f);
}

static void
system_info(const struct report *r, FILE *f)
{
	const struct proctree *tree = r->tree;

	fprintf(f, "  \"system\": {\"cpus\": %d, \"sample_period_ms\": ",
	    r->tot.ncpus);
	json_ms(f, tree->sample_period_us);
	fputs(", \"profile\": ", f);
	json_string(f, tree->profile);
	fprintf(f, "},\n  \"tree\": {\"pruned\": %s, \"strict\": %s, "
	    "\"readable_profile\": %s},\n", tree->opts.prune ? "true" : "false",
	    tree->opts.strict ? "true" : "false",
	    tree->readable ? "true" : "false");
}

void
report_json_milestones(const struct milestones *m, FILE *f)
{
	fputs("{\n    \"zero_uptime_ms\": ", f);
	json_ms(f, m->zero_us);
	fputs(",\n    \"start_ms\": ", f);
	json_ms(f, m->start_us);
	fputs(",\n    \"kernel_end_ms\": ", f);
	json_ms_or_null(f, m->has_kernel_end, m->kernel_end_us);
	fputs(",\n    \"log_start_ms\": ", f);
	json_ms(f, m->log_start_us);
	fputs(",\n    \"switch_root_ms\": ", f);
	json_ms_or_null(f, m->has_switch_root, m->switch_root_us);
	fputs(",\n    \"log_end_ms\": ", f);
	json_ms(f, m->log_end_us);
	fputs(",\n    \"end_ms\": ", f);
	json_ms(f, m->end_us);
	fputs(",\n    \"end_reason\": ", f);
	json_string(f, m->end_reason);
	fputs(",\n    \"duration_ms\": ", f);
	json_ms(f, m->boot_us);
	/* A profile's run is not a boot: no boot time. */
	fputs(",\n    \"boot_time_ms\": ", f);
	json_ms_or_null(f, !m->profile, m->boot_us);
	fputs("\n  }", f);
}

static void
totals(const struct report *r, FILE *f)
{
	const struct report_totals *t = &r->tot;

	fputs("  \"totals\": {\"cpu_user_s\": ", f);
	json_num(f, t->cpu_user_s, 3);
	json_key_num(f, "cpu_sys_s", t->cpu_sys_s, 3);
	json_key_num(f, "cpu_busy_s", t->cpu_busy_s, 3);
	json_key_num(f, "cpu_iowait_s", t->cpu_io_s, 3);
	fputs(",\n    \"disk_read_bytes\": ", f);
	json_num(f, t->read_bytes, 0);
	json_key_num(f, "disk_write_bytes", t->write_bytes, 0);
	fprintf(f, ", \"processes\": %zu", r->nprocs);
	fputs(",\n    \"command_cpu_s\": ", f);
	if (r->cmd.n > 0)
		json_num(f, r->cmd.cpu_s, 3);
	else
		fputs("null", f);
	fputs("},\n", f);
}

/* A row the trace has the states of: its seconds in each (only then). */
static void
traced_states(const struct report_proc *p, FILE *f)
{
	if (!p->traced)
		return;
	json_key_num(f, "running_s", p->state_s[TS_RUNNING], 3);
	json_key_num(f, "runnable_s", p->state_s[TS_RUNNABLE], 3);
	json_key_num(f, "blocked_io_s", p->state_s[TS_WAITING], 3);
	json_key_num(f, "sleeping_s", p->state_s[TS_SLEEPING], 3);
}

static void
process(const struct report *r, size_t i, FILE *f)
{
	const struct report_proc *p = &r->procs[i];
	size_t k;

	fprintf(f, "    {\"id\": %zu, \"parent\": ", i);
	if (p->parent == REPORT_NONE)
		fputs("null", f);
	else
		fprintf(f, "%zu", p->parent);
	fprintf(f, ", \"depth\": %d, \"pid\": %" PRId64 ", \"ppid\": %" PRId64
	    ", \"name\": ", p->depth, p->pid, p->ppid);
	json_string(f, p->name);
	json_key_string(f, "cmdline", p->cmdline);
	json_key_string(f, "unit", p->unit);
	json_key_ms(f, "start_ms", p->start_us);
	json_key_ms(f, "end_ms", p->end_us);
	json_key_ms(f, "duration_ms", p->duration_us);
	fprintf(f, ", \"samples\": %zu", p->nsamples);
	json_key_num(f, "cpu_user_s", p->user_s, 3);
	json_key_num(f, "cpu_sys_s", p->sys_s, 3);
	json_key_string(f, "cpu_source", report_cpu_src(p->cpu_src));
	json_key_string(f, "work", p->node->proc->work);
	if (p->node->proc->tgid != 0)
		fprintf(f, ", \"thread_of\": %" PRId64, p->node->proc->tgid);
	json_key_num(f, "dstate_s", p->dstate_s, 3);
	traced_states(p, f);
	fputs(", \"children\": [", f);
	for (k = 0; k < p->nchildren; k++)
		fprintf(f, k ? ", %zu" : "%zu", p->children[k]);
	fputs("]}", f);
}

static void
processes(const struct report *r, FILE *f)
{
	size_t i;

	fputs("  \"processes\": [", f);
	for (i = 0; i < r->nprocs; i++) {
		fputs(i ? ",\n" : "\n", f);
		process(r, i, f);
	}
	fputs(r->nprocs ? "\n  ],\n" : "],\n", f);
}

/* "name": [ ... ] of one series: its opening, an entry's start, its end. */
static void
series_begin(FILE *f, const char *name)
{
	fprintf(f, "    \"%s\": [", name);
}

/* t: uptime; the JSON's times are from the chart's 0 (zero, uptime). */
static void
entry_begin(FILE *f, size_t i, usec_t t, usec_t zero)
{
	fprintf(f, "%s      {\"t_ms\": ", i ? ",\n" : "\n");
	json_ms(f, t - zero);
}

static void
series_end(FILE *f, size_t n, int last)
{
	fputs(n ? "\n    ]" : "]", f);
	fputs(last ? "\n" : ",\n", f);
}

/* A column of a sample series: its key, where it is, its decimals. */
struct column {
	const char *key;
	size_t off;		/* of a double in the sample */
	int prec;
};

/*
 * A series of samples that each start with time_us and interval_us
 * (struct cpu_sample, disk_sample), then the columns.
 */
_Static_assert(offsetof(struct cpu_sample, interval_us) == sizeof(usec_t) &&
    offsetof(struct disk_sample, interval_us) == sizeof(usec_t) &&
    offsetof(struct cpu_sample, time_us) == 0 &&
    offsetof(struct disk_sample, time_us) == 0, "samples start alike");
static void
sample_series(FILE *f, const char *name, const void *v, size_t n,
    size_t size, const struct column *col, usec_t zero, const double *cmd)
{
	const char *p;
	size_t i, k;

	series_begin(f, name);
	for (i = 0; i < n; i++) {
		p = (const char *)v + i * size;
		entry_begin(f, i, *(const usec_t *)(const void *)p, zero);
		json_key_ms(f, "interval_ms",
		    *(const usec_t *)(const void *)(p + sizeof(usec_t)));
		for (k = 0; col[k].key != NULL; k++)
			json_key_num(f, col[k].key,
			    *(const double *)(const void *)(p + col[k].off),
			    col[k].prec);
		if (cmd != NULL)
			json_key_num(f, "command", cmd[i], 4);
		putc('}', f);
	}
	series_end(f, n, 0);
}

/* A profile's entries add its command's share (cmd, or NULL). */
static void
cpu_series(const struct bootlog *t, usec_t zero, const double *cmd, FILE *f)
{
	static const struct column col[] = {
		{ "user", offsetof(struct cpu_sample, user), 4 },
		{ "sys", offsetof(struct cpu_sample, sys), 4 },
		{ "iowait", offsetof(struct cpu_sample, io), 4 },
		{ NULL, 0, 0 }
	};

	sample_series(f, "cpu", t->cpu, t->ncpu, sizeof(t->cpu[0]), col, zero,
	    cmd);
}

static void
disk_series(const struct bootlog *t, usec_t zero, FILE *f)
{
	static const struct column col[] = {
		{ "util", offsetof(struct disk_sample, util), 4 },
		{ "read_bytes_per_s", offsetof(struct disk_sample, read_bps), 0 },
		{ "write_bytes_per_s", offsetof(struct disk_sample, write_bps),
		    0 },
		{ NULL, 0, 0 }
	};

	sample_series(f, "disk", t->disk, t->ndisk, sizeof(t->disk[0]), col,
	    zero, NULL);
}

static void
mem_series(const struct bootlog *t, usec_t zero, FILE *f)
{
	const struct mem_sample *m;
	size_t i;

	series_begin(f, "memory");
	for (i = 0; i < t->nmem; i++) {
		m = &t->mem[i];
		entry_begin(f, i, m->time_us, zero);
		fprintf(f, ", \"total_kb\": %" PRId64 ", \"free_kb\": %" PRId64
		    ", \"buffers_kb\": %" PRId64 ", \"cached_kb\": %" PRId64
		    ", \"swap_total_kb\": %" PRId64 ", \"swap_free_kb\": %"
		    PRId64 "}", m->total, m->free, m->buffers, m->cached,
		    m->swap_total, m->swap_free);
	}
	series_end(f, t->nmem, 0);
}

/* Exact mode: the trace's busy share per bin; t_ms each bin's end. */
static void
busy_series(const struct bootlog *t, usec_t zero, FILE *f)
{
	const struct busy_series *b = &t->busy;
	size_t i;

	series_begin(f, "busy");
	for (i = 0; i < b->n; i++) {
		entry_begin(f, i, b->t0_us + (usec_t)(i + 1) * b->step_us, zero);
		json_key_ms(f, "interval_ms", b->step_us);
		json_key_num(f, "busy", b->v[i], 4);
		putc('}', f);
	}
	series_end(f, b->n, 1);
}

/* The kernel's functions (function_graph), as --functions lists them. */
static void
functions(const struct fn_table *t, FILE *f)
{
	const struct fn_row *r;
	size_t i;
	int d;

	fputs("  \"functions\": [", f);
	for (i = 0; i < t->n; i++) {
		r = &t->v[i];
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
		json_string(f, r->name);
		fprintf(f, ", \"address\": \"0x%" PRIx64 "\", \"calls\": %"
		    PRIu64 ", \"total_us\": %" PRId64 ", \"avg_us\": %" PRId64
		    ", \"max_us\": %" PRId64 ", \"self_us\": %" PRId64
		    ", \"depths\": [", r->func, r->calls, r->total_ns / 1000,
		    r->total_ns / (int64_t)r->calls / 1000, r->max_ns / 1000,
		    r->self_ns / 1000);
		for (d = 0; d < FN_DEPTHS; d++)
			if (r->depths >> d & 1)
				fprintf(f, "%s%d", r->depths & (((uint64_t)1 <<
				    d) - 1) ? ", " : "", d);
		fputs("]}", f);
	}
	fputs(t->n ? "\n  ],\n" : "],\n", f);
}

/* What the kernel's boot waited in (kwaits.h): the calls, the most first. */
static void
function_waits(const struct report *r, FILE *f)
{
	const struct exact *x = r->x;
	const struct tcall *k;
	const struct tcwait *w;
	char name[FN_NAME], who[64];
	size_t i;

	fputs("  \"function_waits\": [", f);
	for (i = 0; i < r->nkw; i++) {
		k = &x->tb.calls.v[r->kw[i].call];
		w = &x->call_wait[r->kw[i].call];
		fn_name(x->file.td, k->func, name, sizeof(name));
		fputs(i ? ",\n    {\"function\": " : "\n    {\"function\": ", f);
		json_string(f, name);
		fprintf(f, ", \"pid\": %d", (int)k->pid);
		json_key_num(f, "start_ms", (double)((int64_t)exact_uptime_us(
		    k->call_ns) - r->ms.zero_us) / USEC_PER_MS, 3);
		json_key_num(f, "ms", (double)((k->ret_ns - k->call_ns) / 1000) /
		    USEC_PER_MS, 3);
		json_key_num(f, "blocked_ms", (double)(w->blocked_ns / 1000) /
		    USEC_PER_MS, 3);
		json_key_num(f, "runnable_ms", (double)(w->runnable_ns / 1000) /
		    USEC_PER_MS, 3);
		fputs(", \"woken_most_by\": ", f);
		if (w->waker == 0)
			fputs("null", f);
		else {
			kwaits_waker(x->file.td, w->waker, 0, who, sizeof(who));
			fprintf(f, "{\"pid\": %d, \"name\": ", w->waker > 0 ?
			    (int)w->waker : -1);
			json_string(f, who);
			json_key_num(f, "ms", (double)(w->waker_ns / 1000) /
			    USEC_PER_MS, 3);
			putc('}', f);
		}
		putc('}', f);
	}
	fputs(r->nkw ? "\n  ],\n" : "],\n", f);
}

/* ms from the chart's 0 with the µs: the path's segments are often shorter than a ms. */
static void
key_ms3(FILE *f, const char *key, usec_t t, usec_t zero)
{
	fprintf(f, ", \"%s\": ", key);
	json_num(f, (double)(t - zero) / USEC_PER_MS, 3);
}

static void
crit_row(FILE *f, const struct crit_seg *s)
{
	fputs("\"category\": ", f);
	json_string(f, s->cat);
	fprintf(f, ", \"pid\": %" PRId64, s->pid);
	json_key_string(f, "name", s->name);
}

/* The critical path (docs/critical-path.md), or null without a trace. */
static void
critical_path(const struct crit_path *c, usec_t zero, FILE *f)
{
	size_t i;

	fputs("  \"critical_path\": ", f);
	if (!c->have) {
		fputs("null,\n", f);
		return;
	}
	fprintf(f, "{\"pid\": %" PRId64, c->pid);
	json_key_string(f, "name", c->name);
	json_key_string(f, "target", c->why);
	key_ms3(f, "start_ms", c->start_us, zero);
	key_ms3(f, "end_ms", c->end_us, zero);
	key_ms3(f, "unexplained_ms", c->unexplained_us, 0);
	fputs(",\n    \"segments\": [", f);
	for (i = 0; i < c->nseg; i++) {
		fputs(i ? ",\n      {" : "\n      {", f);
		crit_row(f, &c->seg[i]);
		key_ms3(f, "start_ms", c->seg[i].start_us, zero);
		key_ms3(f, "end_ms", c->seg[i].end_us, zero);
		putc('}', f);
	}
	fputs("],\n    \"waited_on\": [", f);
	for (i = 0; i < c->nsum; i++) {
		fputs(i ? ",\n      {" : "\n      {", f);
		crit_row(f, &c->sum[i]);
		key_ms3(f, "ms", c->sum[i].end_us, c->sum[i].start_us);
		putc('}', f);
	}
	fputs("],\n    \"by_category\": [", f);
	for (i = 0; i < c->ncat; i++) {
		fputs(i ? ",\n      {" : "\n      {", f);
		fputs("\"category\": ", f);
		json_string(f, c->cat[i].name);
		key_ms3(f, "ms", c->cat[i].us, 0);
		fputs(", \"percent\": ", f);
		json_num(f, c->cat[i].percent, 2);
		putc('}', f);
	}
	fputs("]},\n", f);
}

/* A recording bootchartd cut short (only then): where and why. */
static void
trace_cut(const struct report *r, FILE *f)
{
	const char *why;
	usec_t at;

	if ((why = report_trace_cut(r, &at)) == NULL)
		return;
	fprintf(f, "  \"trace_cut\": {\"at_ms\": %.3f", (double)at /
	    USEC_PER_MS);
	json_key_string(f, "why", why);
	fputs("},\n", f);
}

/* A trace of the command alone (only then): whose tree it kept. */
static void
trace_scope(const struct report *r, FILE *f)
{
	int pid;

	if (!r->x->have || (pid = exact_scope_pid(r->log)) == 0)
		return;
	fprintf(f, "  \"trace_scope\": {\"command_pid\": %d},\n", pid);
}

/* Events the kernel lost from the trace (only then). */
static void
trace_lost(const struct report *r, FILE *f)
{
	uint64_t pages, n = report_trace_lost(r, &pages);

	if (n == 0 && pages == 0)
		return;
	fprintf(f, "  \"trace_lost\": {\"events\": %llu, \"pages\": %llu},\n",
	    (unsigned long long)n, (unsigned long long)pages);
}

/*
 * The log's trace.dat did not read and was left out (only then): the
 * warning's text, so a reader of the numbers knows they are sampled.
 */
static void
trace_unusable(const struct report *r, FILE *f)
{
	if (r->log->trace_dropped == NULL)
		return;
	fputs("  \"trace_unusable\": {\"why\": ", f);
	json_string(f, r->log->trace_dropped);
	fputs("},\n", f);
}

void
report_json_write(const struct report *r, FILE *f)
{
	fprintf(f, "{\n  \"schema_version\": %d,\n  \"generator\": "
	    "\"bootchart-render %s\",\n", REPORT_JSON_SCHEMA_VERSION,
	    BC_VERSION);
	header(r->log, f);
	system_info(r, f);
	fputs("  \"milestones\": ", f);
	report_json_milestones(&r->ms, f);
	fputs(",\n", f);
	totals(r, f);
	processes(r, f);
	functions(&r->fn, f);
	function_waits(r, f);
	critical_path(r->crit, r->ms.zero_us, f);
	trace_scope(r, f);
	trace_cut(r, f);
	trace_lost(r, f);
	trace_unusable(r, f);
	fputs("  \"series\": {\n", f);
	cpu_series(r->log, r->ms.zero_us, r->cmd.n > 0 ? r->cmd.v : NULL, f);
	disk_series(r->log, r->ms.zero_us, f);
	mem_series(r->log, r->ms.zero_us, f);
	busy_series(r->log, r->ms.zero_us, f);
	fputs("  }\n}\n", f);
}
