/* compare_table.c: writes two logs' milestones, totals and changed processes as fixed-column text. */
#include <inttypes.h>
#include <stdlib.h>

#include "compare_table.h"
#include "escape.h"

/*
 * The lists, in order: wall time (starts, durations), then what a
 * shared machine's load moves less: CPU time, and with the kernel's
 * trace the time waiting for a CPU; then what came and went.
 */
enum change { CH_START, CH_DURATION, CH_CPU, CH_RUNNABLE, CH_APPEARED,
    CH_GONE };

/* One row of a change list, sorted by size then time. */
struct row {
	usec_t delta_us;	/* 0 for appeared and gone */
	usec_t start_us;
	size_t i;		/* index in cmp_match.pairs */
};

struct ctx {
	const struct report *old, *new;
	const struct cmp_match *m;
	const struct cmp_table_opts *o;
	const struct pnode **path;	/* scratch: a row's ancestors */
	struct row *rows;
	FILE *f;
};

static usec_t
mag(usec_t v)
{
	return v < 0 ? -v : v;
}

static int
cmp_rows(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (mag(x->delta_us) != mag(y->delta_us))
		return mag(x->delta_us) > mag(y->delta_us) ? -1 : 1;
	if (x->start_us != y->start_us)
		return x->start_us < y->start_us ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Milestone row in seconds: old, new, new - old; "-" where unknown. */
static void
ms_row(struct ctx *c, const char *label, int ko, usec_t o, int kn, usec_t n)
{
	char a[32], b[32], d[32];

	fprintf(c->f, "  %-22s %12s %12s %12s\n", label,
	    ko ? report_secs(a, sizeof(a), o, 0) : "-",
	    kn ? report_secs(b, sizeof(b), n, 0) : "-",
	    ko && kn ? report_secs(d, sizeof(d), n - o, 1) : "-");
}

static void
num_row(struct ctx *c, const char *label, double o, double n, int decimals)
{
	fprintf(c->f, "  %-22s %12.*f %12.*f %+12.*f\n", label, decimals, o,
	    decimals, n, decimals, n - o);
}

static void
reason(struct ctx *c, const char *which, const char *r)
{
	fprintf(c->f, "  end reason (%s)  ", which);
	if (r != NULL)
		escape_fputs(r, c->f);
	else
		fputs("-", c->f);
	putc('\n', c->f);
}

/*
 * The milestones in the summary's words (docs/summary.md): a command's
 * run is no boot, so two profiles have its rows (no kernel end or
 * switch_root, "end" and "duration"); a boot beside a profile keeps a
 * boot's rows under words that fit both.
 */
static void
milestone_rows(struct ctx *c, const struct milestones *a,
    const struct milestones *b)
{
	int boots = !a->profile && !b->profile;
	int profiles = a->profile && b->profile;

	ms_row(c, "start (first process)", 1, a->start_us, 1,
	    b->start_us);
	if (!profiles)
		ms_row(c, "kernel end", a->has_kernel_end, a->kernel_end_us,
		    b->has_kernel_end, b->kernel_end_us);
	ms_row(c, "logging start", 1, a->log_start_us, 1,
	    b->log_start_us);
	if (!profiles)
		ms_row(c, "switch_root", a->has_switch_root,
		    a->switch_root_us, b->has_switch_root,
		    b->switch_root_us);
	ms_row(c, boots ? "end of boot" : "end", 1, a->end_us, 1, b->end_us);
	ms_row(c, boots ? "boot time" : "duration", 1, a->boot_us, 1,
	    b->boot_us);
}

static void
overview(struct ctx *c, const struct report *o, const struct report *n)
{
	const struct milestones *a = &o->ms, *b = &n->ms;
	usec_t za = a->zero_us, zb = b->zero_us;
	char s[2][32];

	escape_fputs(c->o->title, c->f);
	fputs("\ncompare: old ", c->f);
	escape_fputs(c->o->old_label, c->f);
	fputs(", new ", c->f);
	escape_fputs(c->o->new_label, c->f);
	fprintf(c->f, "\n  %-22s %12s %12s %12s\n", "milestone", "old_s",
	    "new_s", "delta_s");
	/* Each log's times are from its zero (the report's), this uptime. */
	fprintf(c->f, "  %-22s %12s %12s %12s\n", "zero (uptime)",
	    report_secs(s[0], sizeof(s[0]), za, 0),
	    report_secs(s[1], sizeof(s[1]), zb, 0), "-");
	milestone_rows(c, a, b);
	reason(c, "old", a->end_reason);
	reason(c, "new", b->end_reason);
	fprintf(c->f, "\n  %-22s %12s %12s %12s\n", "total", "old", "new",
	    "delta");
	num_row(c, "CPU busy (s)", o->tot.cpu_busy_s, n->tot.cpu_busy_s, 3);
	num_row(c, "I/O wait (s)", o->tot.cpu_io_s, n->tot.cpu_io_s, 3);
	num_row(c, "disk read (MB)", o->tot.read_bytes / REPORT_MB,
	    n->tot.read_bytes / REPORT_MB, 1);
	num_row(c, "disk written (MB)", o->tot.write_bytes / REPORT_MB,
	    n->tot.write_bytes / REPORT_MB, 1);
	num_row(c, "processes", (double)o->nprocs, (double)n->nprocs, 0);
}

/*
 * The names from the root down to row i, joined by '>'; in a readable
 * profile the command line follows in brackets, so a make's compilers
 * are told apart.
 */
static void
print_path(struct ctx *c, size_t i)
{
	const struct cmp_pair *p = &c->m->pairs[i];
	const struct pnode *one = p->new != NULL ? p->new : p->old;
	const char *cmd = one->proc->cmdline;
	const struct report *r = p->new != NULL ? c->new : c->old;
	size_t n = 0;

	for (; i != CMP_NONE; i = p->parent) {
		p = &c->m->pairs[i];
		c->path[n++] = p->new != NULL ? p->new : p->old;
	}
	while (n-- > 0) {
		escape_fputs(c->path[n]->name, c->f);
		if (n > 0)
			putc('>', c->f);
	}
	if (!r->tree->readable || cmd == NULL || cmd[0] == '\0')
		return;
	fputs(" [", c->f);
	escape_fputs(cmd, c->f);
	putc(']', c->f);
}

/* The metric of list k: CPU time (CH_CPU) or time waiting for a CPU (CH_RUNNABLE). */
static enum cmp_metric
metric_of(enum change k)
{
	return k == CH_CPU ? CMP_CPU : CMP_RUNNABLE;
}

/* Whether row i belongs to list k, and by how much. */
static int
changed(struct ctx *c, size_t i, enum change k, usec_t *delta)
{
	const struct cmp_pair *p = &c->m->pairs[i];

	*delta = 0;
	if (k == CH_APPEARED)
		return p->old == NULL;
	if (k == CH_GONE)
		return p->new == NULL;
	if (p->old == NULL || p->new == NULL)
		return 0;
	if (k == CH_CPU || k == CH_RUNNABLE)
		return cmp_pair_metric_delta(c->old, c->new, p, metric_of(k),
		    delta) && mag(*delta) > c->o->threshold_us;
	*delta = k == CH_START ? cmp_start_delta(p) : cmp_duration_delta(p);
	return mag(*delta) > c->o->threshold_us;
}

static void
list_row(struct ctx *c, enum change k, const struct row *r)
{
	const struct cmp_pair *p = &c->m->pairs[r->i];
	const struct pnode *one = p->new != NULL ? p->new : p->old;
	char a[32], b[32], d[32];

	if (k == CH_CPU || k == CH_RUNNABLE)
		fprintf(c->f, "  %10s %10s %10s %8" PRId64 " %8" PRId64 "  ",
		    report_secs(a, sizeof(a), cmp_metric_of(c->old, p->old,
		    metric_of(k)), 0),
		    report_secs(b, sizeof(b), cmp_metric_of(c->new, p->new,
		    metric_of(k)), 0),
		    report_secs(d, sizeof(d), r->delta_us, 1),
		    p->old->proc->pid, p->new->proc->pid);
	else if (k == CH_START || k == CH_DURATION)
		fprintf(c->f, "  %10s %10s %10s %8" PRId64 " %8" PRId64 "  ",
		    report_secs(a, sizeof(a), k == CH_START ? p->old_start_us :
		    p->old->duration_us, 0),
		    report_secs(b, sizeof(b), k == CH_START ? p->new_start_us :
		    p->new->duration_us, 0),
		    report_secs(d, sizeof(d), r->delta_us, 1),
		    p->old->proc->pid, p->new->proc->pid);
	else
		fprintf(c->f, "  %10s %10s %8" PRId64 "  ",
		    report_secs(a, sizeof(a), cmp_pair_start(p), 0),
		    report_secs(b, sizeof(b), one->duration_us, 0), one->proc->pid);
	print_path(c, r->i);
	putc('\n', c->f);
}

static void
list(struct ctx *c, enum change k)
{
	static const char *const head[] = {
	    "     old_s      new_s    delta_s  old_pid  new_pid  process",
	    "   old_dur    new_dur    delta_s  old_pid  new_pid  process",
	    "   old_cpu    new_cpu    delta_s  old_pid  new_pid  process",
	    "  old_wait   new_wait    delta_s  old_pid  new_pid  process",
	    "   start_s      dur_s      pid  process",
	    "   start_s      dur_s      pid  process" };
	static const char *const what[] = {
	    "started earlier or later", "ran shorter or longer",
	    "used less or more CPU", "waited less or more for a CPU (traced)" };
	char t[32];
	size_t i, n = 0;
	usec_t delta;

	for (i = 0; i < c->m->npairs; i++) {
		if (!changed(c, i, k, &delta))
			continue;
		c->rows[n].delta_us = delta;
		c->rows[n].start_us = cmp_pair_start(&c->m->pairs[i]);
		c->rows[n++].i = i;
	}
	qsort(c->rows, n, sizeof(*c->rows), cmp_rows);
	report_secs(t, sizeof(t), c->o->threshold_us, 0);
	if (k <= CH_RUNNABLE)
		fprintf(c->f, "\n%s by more than %s s: %zu\n", what[k], t, n);
	else
		fprintf(c->f, "\n%s: %zu\n", k == CH_APPEARED ?
		    "appeared (only in new)" : "disappeared (only in old)", n);
	if (n == 0)
		return;
	fprintf(c->f, "%s\n", head[k]);
	for (i = 0; i < n; i++)
		list_row(c, k, &c->rows[i]);
}

int
compare_table_write(const struct report *old, const struct report *new,
    const struct cmp_match *m, const struct cmp_table_opts *o, FILE *f)
{
	struct ctx c = { old, new, m, o, NULL, NULL, f };
	size_t i, depth = 0;
	int k;

	for (i = 0; i < m->npairs; i++)
		if ((size_t)m->pairs[i].depth > depth)
			depth = (size_t)m->pairs[i].depth;
	c.path = calloc(depth + 1, sizeof(*c.path));
	c.rows = calloc(m->npairs + 1, sizeof(*c.rows));
	if (c.path == NULL || c.rows == NULL) {
		free(c.path);
		free(c.rows);
		return -1;
	}
	overview(&c, old, new);
	for (k = CH_START; k <= CH_GONE; k++)
		/* Time waiting for a CPU is known only from both logs' traces. */
		if (k != CH_RUNNABLE || (old->x->have && new->x->have))
			list(&c, (enum change)k);
	free(c.path);
	free(c.rows);
	return 0;
}

/* --regression's words for each metric: its total, and a process grown. */
static const char *const reg_total[CMP_NMETRICS] = {
	"total time", "total CPU time", "total time running (traced)",
	"total time waiting for a CPU (traced)"
};
static const char *const reg_grown[CMP_NMETRICS] = {
	"ran longer", "used more CPU", "ran on a CPU longer",
	"waited longer for a CPU"
};

void
compare_regression_say(const struct cmp_regression *r,
    const struct cmp_match *m, FILE *f)
{
	const struct cmp_pair *p;
	char a[32], b[32], d[32];

	fprintf(f, "regression (%s%sthreshold %s s): %s %s s -> ",
	    r->metric == CMP_WALL ? "" : cmp_metric_name(r->metric),
	    r->metric == CMP_WALL ? "" : ", ",
	    report_secs(a, sizeof(a), r->threshold_us, 0),
	    reg_total[r->metric], report_secs(b, sizeof(b), r->old_total_us, 0));
	fprintf(f, "%s s (%s s%s)", report_secs(a, sizeof(a), r->new_total_us,
	    0), report_secs(d, sizeof(d), r->new_total_us - r->old_total_us, 1),
	    r->total ? ", regressed" : "");
	if (r->worst == CMP_NONE) {
		fprintf(f, "; no process %s by more", reg_grown[r->metric]);
		return;
	}
	p = &m->pairs[r->worst];
	fprintf(f, "; %zu process%s %s by more, most: ", r->nprocs,
	    r->nprocs == 1 ? "" : "es", reg_grown[r->metric]);
	escape_fputs(p->new->name, f);
	if (p->new->proc->cmdline != NULL && p->new->proc->cmdline[0] != '\0') {
		fputs(" [", f);
		escape_fputs(p->new->proc->cmdline, f);
		putc(']', f);
	}
	fprintf(f, " %s s", report_secs(d, sizeof(d), r->worst_delta_us, 1));
}
