/* bootitems.c: a boot's items from its report: what each is called in every boot (no PIDs), its value in ms (docs/sets.md). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootitems.h"
#include "grow.h"
#include "logfiles.h"

static const char *const kind_names[ITEM_KINDS] = {
	[ITEM_PHASE] = "phase", [ITEM_CRIT] = "critical",
	[ITEM_CRITPROC] = "critical-process", [ITEM_UNIT] = "unit",
	[ITEM_INITCALL] = "initcall", [ITEM_PROC] = "process",
};

static const char *const metric_names[MET_COUNT] = {
	[MET_TIME] = "time", [MET_START] = "start",
	[MET_DURATION] = "duration", [MET_CPU] = "cpu",
};

const char *
item_kind_name(int kind)
{
	return kind >= 0 && kind < ITEM_KINDS ? kind_names[kind] : "?";
}

const char *
item_metric_name(int metric)
{
	return metric >= 0 && metric < MET_COUNT ? metric_names[metric] : "?";
}

/* The index of the name s (n bytes) among names, or -1. */
static int
named(const char *const *names, int count, const char *s, size_t n)
{
	int i;

	for (i = 0; i < count; i++)
		if (strlen(names[i]) == n && strncmp(names[i], s, n) == 0)
			return i;
	return -1;
}

int
item_kind_named(const char *s, size_t n)
{
	return named(kind_names, ITEM_KINDS, s, n);
}

int
item_metric_named(const char *s, size_t n)
{
	return named(metric_names, MET_COUNT, s, n);
}

int
item_cmp(const struct item *a, const struct item *b)
{
	int c;

	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	if ((c = strcmp(a->name, b->name)) != 0)
		return c;
	return (a->metric > b->metric) - (a->metric < b->metric);
}

/* Appends an item, its name copied (len bytes of name). */
static int
add_n(struct item_list *l, int kind, int metric, const char *name, size_t len,
    double ms)
{
	char *s;

	if (grow_array((void **)&l->v, &l->cap, l->n, sizeof(*l->v)) != 0)
		return -1;
	if ((s = malloc(len + 1)) == NULL)
		return -1;
	memcpy(s, name, len);
	s[len] = '\0';
	l->v[l->n++] = (struct item){ kind, metric, s, ms, 0 };
	return 0;
}

static int
add(struct item_list *l, int kind, int metric, const char *name, double ms)
{
	return add_n(l, kind, metric, name, strlen(name), ms);
}

static double
ms_of(usec_t us)
{
	return (double)us / 1000.0;
}

/* Before the kernel: the firmware's and the loader's times, where the header has them. */
static int
firmware(struct item_list *l, const struct bootlog *t)
{
	usec_t fw, ld;

	if (bootlog_header_us(t, HDR_FW_TIME, &fw) != 1 ||
	    bootlog_header_us(t, HDR_LOADER_TIME, &ld) != 1)
		return 0;
	return add(l, ITEM_PHASE, MET_DURATION, "firmware", ms_of(fw)) ||
	    add(l, ITEM_PHASE, MET_DURATION, "loader", ms_of(ld)) ? -1 : 0;
}

/* The boot's phases; a profile has its end (the command's length) alone. */
static int
phases(struct item_list *l, const struct milestones *m)
{
	usec_t user_from = m->start_us;

	if (m->has_kernel_end) {
		if (add(l, ITEM_PHASE, MET_TIME, "kernel", ms_of(m->kernel_end_us)))
			return -1;
		user_from = m->kernel_end_us;
	}
	if (m->has_switch_root) {
		if (m->has_kernel_end && m->switch_root_us >= m->kernel_end_us &&
		    add(l, ITEM_PHASE, MET_DURATION, "initramfs",
		    ms_of(m->switch_root_us - m->kernel_end_us)) != 0)
			return -1;
		if (add(l, ITEM_PHASE, MET_TIME, "switch_root",
		    ms_of(m->switch_root_us)) != 0)
			return -1;
		user_from = m->switch_root_us;
	}
	if (!m->profile && m->end_us >= user_from &&
	    add(l, ITEM_PHASE, MET_DURATION, "userspace",
	    ms_of(m->end_us - user_from)) != 0)
		return -1;
	return add(l, ITEM_PHASE, MET_TIME, "end", ms_of(m->end_us));
}

/* Every category (0 where the path has none of it), then each process's time. */
static int
critical(struct item_list *l, const struct report *r)
{
	double ms[CP_COUNT] = { 0 };
	size_t i;
	int c;

	if (!r->crit->have)
		return 0;
	for (i = 0; i < r->crit->ncat; i++)
		if (r->crit->cat[i].cat >= 0 && r->crit->cat[i].cat < CP_COUNT)
			ms[r->crit->cat[i].cat] = ms_of(r->crit->cat[i].us);
	for (c = 0; c < CP_COUNT; c++)
		if (add(l, ITEM_CRIT, MET_TIME, cpath_cat_name(c), ms[c]) != 0)
			return -1;
	for (i = 0; i < r->crit->nsum; i++) {
		const struct crit_seg *s = &r->crit->sum[i];

		if (add(l, ITEM_CRITPROC, MET_TIME, report_crit_label(r, s->pid,
		    s->name), ms_of(s->end_us - s->start_us)) != 0)
			return -1;
	}
	return 0;
}

/* A unit's span: its first process's start to its last one's end. */
struct unit_span {
	const char *unit;
	usec_t start, end;
	double cpu_s;
};

static int
by_unit(const void *a, const void *b)
{
	return strcmp(((const struct unit_span *)a)->unit,
	    ((const struct unit_span *)b)->unit);
}

static int
units(struct item_list *l, const struct report *r)
{
	struct unit_span *u;
	size_t i, j, n = 0;
	int rc = 0;

	if ((u = calloc(r->nprocs + 1, sizeof(*u))) == NULL)
		return -1;
	for (i = 0; i < r->nprocs; i++)
		if (r->procs[i].unit != NULL)
			u[n++] = (struct unit_span){ r->procs[i].unit,
			    r->procs[i].start_us, r->procs[i].end_us,
			    r->procs[i].user_s + r->procs[i].sys_s };
	qsort(u, n, sizeof(*u), by_unit);
	for (i = 0; i < n && rc == 0; i = j) {
		struct unit_span s = u[i];

		for (j = i + 1; j < n && strcmp(u[j].unit, s.unit) == 0; j++) {
			s.start = u[j].start < s.start ? u[j].start : s.start;
			s.end = u[j].end > s.end ? u[j].end : s.end;
			s.cpu_s += u[j].cpu_s;
		}
		rc = add(l, ITEM_UNIT, MET_START, s.unit, ms_of(s.start)) ||
		    add(l, ITEM_UNIT, MET_DURATION, s.unit,
		    ms_of(s.end - s.start)) ||
		    add(l, ITEM_UNIT, MET_CPU, s.unit, s.cpu_s * 1000.0) ? -1 : 0;
	}
	free(u);
	return rc;
}

static int
initcalls(struct item_list *l, const struct bootlog *t)
{
	size_t i;

	for (i = 0; i < t->nkev; i++)
		if (t->kev[i].kind == KEV_INITCALL && t->kev[i].text != NULL &&
		    add(l, ITEM_INITCALL, MET_DURATION, t->kev[i].text,
		    ms_of(t->kev[i].dur_us)) != 0)
			return -1;
	return 0;
}

/*
 * A command line as every boot spells it: runs of blanks as one space,
 * and an argument of digits alone (a PID, a port, a count that changes
 * from boot to boot) as '#'.  Into out (cap > 0 bytes), cut to fit.
 */
static size_t
normalise(char *out, size_t cap, const char *s)
{
	size_t n = 0, k;

	while (*s != '\0' && n + 1 < cap) {
		if (isspace((unsigned char)*s)) {
			while (isspace((unsigned char)*s))
				s++;
			if (n > 0 && *s != '\0')
				out[n++] = ' ';
			continue;
		}
		for (k = 0; isdigit((unsigned char)s[k]); k++)
			;
		if (k > 0 && (s[k] == '\0' || isspace((unsigned char)s[k]))) {
			out[n++] = '#';
			s += k;
			continue;
		}
		while (*s != '\0' && !isspace((unsigned char)*s) && n + 1 < cap)
			out[n++] = *s++;
	}
	out[n] = '\0';
	return n;
}

#define ITEM_NAME_MAX 512	/* a process item's name, its command line cut */

/* A process of the report, for its items in start order. */
struct by_start {
	usec_t start;
	int64_t pid;
	size_t at;		/* in report.procs */
};

static int
cmp_start(const void *a, const void *b)
{
	const struct by_start *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return (x->at > y->at) - (x->at < y->at);
}

static int
proc_items(struct item_list *l, const struct report_proc *p)
{
	char name[ITEM_NAME_MAX];
	size_t n = normalise(name, sizeof(name), p->label);

	return add_n(l, ITEM_PROC, MET_START, name, n, ms_of(p->start_us)) ||
	    add_n(l, ITEM_PROC, MET_DURATION, name, n, ms_of(p->duration_us)) ||
	    add_n(l, ITEM_PROC, MET_CPU, name, n,
	    (p->user_s + p->sys_s) * 1000.0) ? -1 : 0;
}

/* In start order, so that a name's k-th is the k-th to start. */
static int
processes(struct item_list *l, const struct report *r)
{
	struct by_start *v;
	size_t i;
	int rc = 0;

	if ((v = calloc(r->nprocs + 1, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < r->nprocs; i++)
		v[i] = (struct by_start){ r->procs[i].start_us,
		    r->procs[i].pid, i };
	qsort(v, r->nprocs, sizeof(*v), cmp_start);
	for (i = 0; i < r->nprocs && rc == 0; i++)
		rc = proc_items(l, &r->procs[v[i].at]);
	free(v);
	return rc;
}

static int
by_key_then_seq(const void *a, const void *b)
{
	const struct item *x = a, *y = b;
	int c;

	if ((c = item_cmp(x, y)) != 0)
		return c;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* "NAME #k" (k from 2) for the k-th item of one key, in the list's order. */
static int
rename_nth(struct item *it, size_t k)
{
	size_t len = strlen(it->name) + 24;
	char *s;

	if ((s = malloc(len)) == NULL)
		return -1;
	snprintf(s, len, "%s #%zu", it->name, k);
	free(it->name);
	it->name = s;
	return 0;
}

/*
 * Makes every key one per boot.  Equal keys come from a name seen
 * twice: a process's times go to the k-th of that name by start (added
 * in start order); a process's times on the critical path add up.
 */
static int
bootitems_number(struct item_list *l)
{
	size_t i, j, k, w = 0;

	if (l->n == 0)
		return 0;
	for (i = 0; i < l->n; i++)
		l->v[i].seq = i;
	qsort(l->v, l->n, sizeof(*l->v), by_key_then_seq);
	for (i = 0; i < l->n; i = j) {
		l->v[w++] = l->v[i];
		for (j = i + 1, k = 2; j < l->n &&
		    item_cmp(&l->v[i], &l->v[j]) == 0; j++, k++) {
			if (l->v[j].kind == ITEM_CRITPROC) {
				l->v[w - 1].ms += l->v[j].ms;
				free(l->v[j].name);
				continue;
			}
			l->v[w] = l->v[j];
			if (rename_nth(&l->v[w++], k) != 0)
				return -1;
		}
	}
	l->n = w;
	/* The renamed sort after their first: the list is sorted again. */
	qsort(l->v, l->n, sizeof(*l->v), by_key_then_seq);
	return 0;
}

int
bootitems_make(struct item_list *l, const struct report *r)
{
	memset(l, 0, sizeof(*l));
	if (firmware(l, r->log) != 0 || phases(l, &r->ms) != 0 ||
	    critical(l, r) != 0 ||
	    units(l, r) != 0 || initcalls(l, r->log) != 0 ||
	    processes(l, r) != 0)
		return -1;
	return bootitems_number(l);
}

void
bootitems_free(struct item_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].name);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
