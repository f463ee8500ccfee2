/* report_summary.c: a boot's report as text in fixed columns: milestones, totals, top processes. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "report_summary.h"
#include "title.h"

#define CRIT_TOP	5	/* the critical path's rows --summary shows */

static double
key_of(const struct report_proc *p, enum summary_key k)
{
	switch (k) {
	case BY_CPU:
		return p->user_s + p->sys_s;
	case BY_DSTATE:
		return p->dstate_s;
	case BY_RUNNABLE:
		return p->state_s[TS_RUNNABLE];
	default:
		return (double)p->duration_us / USEC_PER_MS;
	}
}

const char *const summary_title[] = { "CPU time", "D-state time",
    "duration", "runnable time (waited most for a CPU)" };

int
report_summary_traced(const struct report *r)
{
	size_t i;

	for (i = 0; i < r->nprocs; i++)
		if (r->procs[i].traced)
			return 1;
	return 0;
}

static int
cmp_ranked(const void *a, const void *b)
{
	const struct summary_rank *x = a, *y = b;

	if (x->v != y->v)
		return x->v > y->v ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

static void
milestone(FILE *f, const char *label, int known, usec_t t, const char *note)
{
	char b[32];

	fprintf(f, "  %-22s %12s", label,
	    known ? report_secs(b, sizeof(b), t, 0) : "-");
	if (note != NULL) {
		fputs("  ", f);
		escape_fputs(note, f);
	}
	putc('\n', f);
}

/* What the report is of: a boot, or the log of one command. */
static const char *
summary_kind(const struct report *r)
{
	return r->ms.profile ? "profile" : "boot";
}

size_t
report_summary_milestones(const struct report *r,
    struct summary_milestone out[SUMMARY_MILESTONES])
{
	const struct milestones *m = &r->ms;
	const struct summary_milestone boot[SUMMARY_MILESTONES] = {
		{ "start (first process)", 1, m->start_us, NULL },
		{ "kernel end", m->has_kernel_end, m->kernel_end_us,
		    m->has_kernel_end ? NULL : "(not logged)" },
		{ "logging start", 1, m->log_start_us, NULL },
		{ "switch_root", m->has_switch_root, m->switch_root_us,
		    m->has_switch_root ? NULL : "(not logged)" },
		{ "end of boot", 1, m->end_us, m->end_reason },
		{ "boot time", 1, m->boot_us, "(end - start)" },
	};
	/* A command's run: a boot's milestones would be noise. */
	const struct summary_milestone profile[] = {
		{ "start (first process)", 1, m->start_us, NULL },
		{ "logging start", 1, m->log_start_us, NULL },
		{ "end", 1, m->end_us, m->end_reason },
		{ "duration", 1, m->boot_us, "(end - start)" },
	};

	if (m->profile) {
		memcpy(out, profile, sizeof(profile));
		return sizeof(profile) / sizeof(profile[0]);
	}
	memcpy(out, boot, sizeof(boot));
	return SUMMARY_MILESTONES;
}

const char *
report_summary_time_col(const struct report *r, char *note, size_t cap)
{
	const char *clock = exact_clock_said(r->x, r->log);
	char b[32];

	note[0] = '\0';
	/* A trace alone without the marker: no uptime at all. */
	if (clock != NULL && !r->x->tb.have_sync) {
		snprintf(note, cap, "(%s)", clock);
		return "s";
	}
	/* A boot drawn from the kernel's start: its times are uptimes. */
	if (r->ms.zero_us == 0)
		return "uptime_s";
	snprintf(note, cap, "(0 s: uptime %s s)",
	    report_secs(b, sizeof(b), r->ms.zero_us, 0));
	return "s";
}

static void
milestones(const struct report *r, FILE *f)
{
	struct summary_milestone v[SUMMARY_MILESTONES];
	char title[TITLE_MAX], note[64];
	const char *col;
	size_t i, n;

	/* The chart's title: a readable profile's is its command's. */
	log_title(r->log, r->tree, NULL, title, sizeof(title));
	fputs(summary_kind(r), f);
	fputs(": ", f);
	escape_fputs(title, f);
	col = report_summary_time_col(r, note, sizeof(note));
	fprintf(f, "\n  %-22s %12s%s%s\n", "milestone", col, *note ? "  " : "",
	    note);
	n = report_summary_milestones(r, v);
	for (i = 0; i < n; i++)
		milestone(f, v[i].label, v[i].known, v[i].t, v[i].note);
}

static void
totals(const struct report *r, FILE *f)
{
	const struct report_totals *t = &r->tot;

	fprintf(f, "\ntotals (whole log)\n");
	fprintf(f, "  %-22s %12.3f  s (CPU-seconds over %d CPU%s", "CPU busy",
	    t->cpu_busy_s, t->ncpus, t->ncpus == 1 ? "" : "s");
	if (t->from_trace)
		fputs(", from the trace's switches)\n", f);
	else
		fprintf(f, ": user %.3f, sys %.3f)\n", t->cpu_user_s,
		    t->cpu_sys_s);
	fprintf(f, "  %-22s %12.3f  s (CPU-seconds)\n", "I/O wait", t->cpu_io_s);
	fprintf(f, "  %-22s %12.1f  MB\n", "disk read",
	    t->read_bytes / REPORT_MB);
	fprintf(f, "  %-22s %12.1f  MB\n", "disk written",
	    t->write_bytes / REPORT_MB);
	fprintf(f, "  %-22s %12zu\n", "processes", r->nprocs);
	if (r->cmd.n > 0)
		fprintf(f, "  %-22s %12.3f  s (CPU-seconds of its processes)\n",
		    "the command's CPU", r->cmd.cpu_s);
}

size_t
report_summary_top(const struct report *r, struct summary_rank *v,
    enum summary_key k)
{
	size_t i, n = 0;

	for (i = 0; i < r->nprocs; i++) {
		v[n].v = key_of(&r->procs[i], k);
		v[n].i = i;
		if (k == BY_DURATION || v[n].v > 0)
			n++;
	}
	qsort(v, n, sizeof(*v), cmp_ranked);
	return n < SUMMARY_TOP ? n : SUMMARY_TOP;
}

/* One row: the ranked value(s), pid, start, name. */
static void
top_row(const struct report_proc *p, enum summary_key k, FILE *f)
{
	char b[32];
	int dec = report_cpu_decimals(p->cpu_src), w = 7 + dec;
	const char *pad = dec < 3 ? " " : "";

	/* Each figure to the decimals it holds, the columns aligned. */
	if (k == BY_CPU)
		fprintf(f, "  %*.*f%s %*.*f%s %*.*f%s", w, dec,
		    p->user_s + p->sys_s, pad, w, dec, p->user_s, pad, w, dec,
		    p->sys_s, pad);
	else if (k == BY_DSTATE)
		fprintf(f, "  %10.3f", p->dstate_s);
	else if (k == BY_RUNNABLE)
		fprintf(f, "  %10.3f %6.1f%%", p->state_s[TS_RUNNABLE],
		    report_state_percent(p, TS_RUNNABLE));
	else
		fprintf(f, "  %10s", report_secs(b, sizeof(b), p->duration_us, 0));
	fprintf(f, " %8" PRId64 " %10s  ", p->pid,
	    report_secs(b, sizeof(b), p->start_us, 0));
	escape_fputs(p->label, f);
	putc('\n', f);
}

/*
 * Which rows' CPU was measured, when any was: sampled figures miss a
 * short life's start, measured ones do not (docs/summary.md).
 */
static void
cpu_sources(const struct report *r, FILE *f)
{
	size_t n[CPU_TRACE + 1] = { 0 }, i;

	for (i = 0; i < r->nprocs; i++)
		n[r->procs[i].cpu_src]++;
	if (n[CPU_TRACE] + n[CPU_TASKSTATS] + n[CPU_ACCT] == 0)
		return;
	fprintf(f, "  (CPU of %zu rows from the kernel's trace, %zu from "
	    "its exit records, %zu from process accounting, %zu sampled)\n",
	    n[CPU_TRACE], n[CPU_TASKSTATS], n[CPU_ACCT], n[CPU_SAMPLES]);
}

/* The SUMMARY_TOP largest by k (those above 0 for CPU and D state). */
static void
top(const struct report *r, struct summary_rank *v, enum summary_key k,
    FILE *f)
{
	static const char *const cols[] = { "     cpu_s     user_s      sys_s",
	    "  dstate_s", "     dur_s", "runnable_s   share" };
	size_t i, n = report_summary_top(r, v, k);

	fprintf(f, "\ntop %d by %s\n", SUMMARY_TOP, summary_title[k]);
	if (k == BY_CPU)
		cpu_sources(r, f);
	fprintf(f, "  %s      pid    start_s  name\n", cols[k]);
	for (i = 0; i < n; i++)
		top_row(&r->procs[v[i].i], k, f);
	if (n == 0)
		fputs("  (none)\n", f);
}

/* A traced log's critical path: its span, its categories' totals and what it waited on most. */
static void
critical_path(const struct report *r, FILE *f)
{
	const struct crit_path *c = r->crit;
	size_t i;

	if (!c->have)
		return;
	fprintf(f, "\nCritical path (docs/critical-path.md): %.3f ms to %"
	    PRId64 " ", (double)(c->end_us - c->start_us) / USEC_PER_MS,
	    c->pid);
	escape_fputs(report_crit_label(r, c->pid, c->name), f);
	fprintf(f, " (%s), %.3f ms unexplained\n  by category     s   share"
	    "  meaning\n", c->why, (double)c->unexplained_us / USEC_PER_MS);
	for (i = 0; i < c->ncat; i++)
		fprintf(f, "  %-8s %8.3f %6.2f%%  %s\n", c->cat[i].name,
		    (double)c->cat[i].us / USEC_PER_SEC, c->cat[i].percent,
		    cpath_cat_what(c->cat[i].cat));
	fputs("  waited on       ms      pid  name\n", f);
	for (i = 0; i < c->nsum && i < CRIT_TOP; i++) {
		fprintf(f, "  %-8s %10.3f %8" PRId64 "  ", c->sum[i].cat,
		    (double)(c->sum[i].end_us - c->sum[i].start_us) /
		    USEC_PER_MS, c->sum[i].pid);
		escape_fputs(report_crit_label(r, c->sum[i].pid, c->sum[i].name),
		    f);
		putc('\n', f);
	}
}

/* A recording bootchartd cut short: where, why, and what holds after. */
static void
trace_cut(const struct report *r, FILE *f)
{
	const char *why;
	usec_t at;

	if ((why = report_trace_cut(r, &at)) == NULL)
		return;
	fprintf(f, "\ntrace: cut short by bootchartd at %.3f s (",
	    (double)at / USEC_PER_SEC);
	escape_fputs(why, f);
	fputs("); later times from samples\n", f);
}

/* A trace of the command alone: what comes from samples instead. */
static void
trace_scope(const struct report *r, FILE *f)
{
	int pid;

	if (!r->x->have || (pid = exact_scope_pid(r->log)) == 0)
		return;
	fprintf(f, "\ntrace: the command's processes alone (pid %d and its "
	    "descendants); other processes and the CPU totals from "
	    "samples\n", pid);
}

/* Events the kernel lost from the trace (only then). */
static void
trace_lost(const struct report *r, FILE *f)
{
	uint64_t pages, n = report_trace_lost(r, &pages);
	char lost[128];

	if (exact_lost_say(n, pages, lost, sizeof(lost)))
		fprintf(f, "\ntrace: %s; states and waits across a loss may "
		    "be wrong\n", lost);
}

/* The log's trace.dat did not read and was left out: why, and what that means. */
static void
trace_dropped(const struct report *r, FILE *f)
{
	if (r->log->trace_dropped == NULL)
		return;
	/* Escaped once already, as the warning said it. */
	fprintf(f, "\ntrace: not usable, every time from samples: %s\n",
	    r->log->trace_dropped);
}

int
report_summary_write(const struct report *r, FILE *f)
{
	struct summary_rank *v;

	if ((v = calloc(r->nprocs + 1, sizeof(*v))) == NULL)
		return -1;
	milestones(r, f);
	trace_dropped(r, f);
	trace_scope(r, f);
	trace_cut(r, f);
	trace_lost(r, f);
	totals(r, f);
	top(r, v, BY_CPU, f);
	top(r, v, BY_DSTATE, f);
	if (report_summary_traced(r))
		top(r, v, BY_RUNNABLE, f);
	top(r, v, BY_DURATION, f);
	critical_path(r, f);
	free(v);
	return 0;
}
