/* layout_cpus.c: --per-cpu: a strip per CPU under the charts, naming the task that ran on it in each pixel (or its busy share when the runs were not kept). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "layout.h"
#include "layout_parts.h"
#include "tboot.h"
#include "textclean.h"

#define CPU_STRIP_H	20.0	/* one CPU's strip */
#define CPU_STRIP_GAP	2.0
#define COL_TASKS	8	/* tasks told apart within one pixel column */
#define CPU_LABEL_W	24.0	/* narrower spans are not named */

/*
 * Light colours a label reads on; a process keeps its colour on every
 * CPU.  Hues apart, so that neighbours seldom share one.
 */
static const uint32_t task_rgb[] = {
	0x9ecae1, 0xfdae6b, 0xa1d99b, 0xbcbddc, 0xfc9272, 0xc7e9c0,
	0xfdd0a2, 0xdadaeb, 0x9edae5, 0xf7b6d2, 0xdbdb8d, 0xc49c94,
};

/* One pixel column's tasks while they are added up (x NAN: none). */
struct column {
	double x;
	struct {
		const struct cpu_run *r;
		double w;	/* px of the column it ran */
	} v[COL_TASKS];
	int n;
	int lost;		/* tasks past COL_TASKS */
};

/* Columns with the same most-running task, merged. */
struct span {
	double x0, x1;
	const struct cpu_run *who;
	double busy;		/* px of the columns the CPU ran a task */
	double ran;		/* px of them `who` ran */
	unsigned others;	/* other tasks that ran less in a column */
};

#define KEY_MAX		10	/* tasks named in the strips' key */

struct spans {
	struct span *v;
	size_t n, cap;
};

static int
same_task(const struct cpu_run *a, const struct cpu_run *b)
{
	return a->pid == b->pid && strcmp(a->comm, b->comm) == 0;
}

/*
 * Neighbouring PIDs (a fork's children, taking turns) get colours 5
 * apart of the 12 (coprime: all 12 in turn).
 */
static uint32_t
rgb_of(int pid)
{
	size_t n = sizeof(task_rgb) / sizeof(task_rgb[0]);

	return task_rgb[((size_t)(unsigned)pid % n) * 5 % n];
}

/*
 * Adds columns [x0, x1) where `who` ran `ran` px of `busy`; extends the
 * last span when the same task goes on at about the same height.
 */
static int
span_add(struct spans *s, double x0, double x1, const struct cpu_run *who,
    double busy, double ran, unsigned others)
{
	struct span *p = s->n > 0 ? &s->v[s->n - 1] : NULL;

	if (p != NULL && p->x1 == x0 && same_task(p->who, who) &&
	    fabs(p->busy / (p->x1 - p->x0) - busy / (x1 - x0)) * CPU_STRIP_H <
	    1) {
		p->x1 = x1;
		p->busy += busy;
		p->ran += ran;
		p->others += others;
		return 0;
	}
	if (grow_array((void **)&s->v, &s->cap, s->n, sizeof(*s->v)) == -1)
		return -1;
	s->v[s->n++] = (struct span){ x0, x1, who, busy, ran, others };
	return 0;
}

/* The column's most-running task over its busy part, as a span. */
static int
column_flush(struct column *c, struct spans *s)
{
	double busy = 0;
	int i, best = 0;

	if (isnan(c->x) || c->n == 0) {
		c->x = NAN;
		return 0;
	}
	for (i = 0; i < c->n; i++) {
		busy += c->v[i].w;
		if (c->v[i].w > c->v[best].w)
			best = i;
	}
	i = span_add(s, c->x, c->x + 1, c->v[best].r, busy > 1 ? 1 : busy,
	    c->v[best].w, (unsigned)(c->n - 1 + c->lost));
	c->x = NAN;
	c->n = c->lost = 0;
	return i;
}

static void
column_add(struct column *c, const struct cpu_run *r, double w)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (same_task(c->v[i].r, r)) {
			c->v[i].w += w;
			return;
		}
	if (c->n == COL_TASKS) {
		c->lost++;
		return;
	}
	c->v[c->n].r = r;
	c->v[c->n++].w = w;
}

/* One run [xa, xb) of the CPU's, column by column. */
static int
run_columns(struct column *c, struct spans *s, const struct cpu_run *r,
    double xa, double xb)
{
	double cx, n;

	while (xa < xb) {
		cx = floor(xa);
		if (cx != c->x && column_flush(c, s) == -1)
			return -1;
		c->x = cx;
		/* Whole columns of this run alone: one span at once. */
		if (c->n == 0 && xa == cx && xb - xa >= 1) {
			n = floor(xb - xa);
			if (span_add(s, cx, cx + n, r, n, n, 0) == -1)
				return -1;
			c->x = NAN;
			xa = cx + n;
			continue;
		}
		column_add(c, r, fmin(xb, cx + 1) - xa);
		xa = fmin(xb, cx + 1);
	}
	return 0;
}

/* The spans of CPU k's runs v[0, n) in the drawn span. */
static int
cpu_spans(const struct layout *l, const struct cpu_run *v, size_t n,
    struct spans *s)
{
	struct column c = { .x = NAN };
	double xa, xb, last = -INFINITY;
	usec_t a, b;
	size_t i;

	for (i = 0; i < n; i++) {
		a = v[i].a;
		b = v[i].b;
		if (!lt_clip_span(l, &a, &b))
			continue;
		xa = layout_x(l, a);
		xb = layout_x(l, b);
		/* Runs that overlap (a switch left out) count once. */
		if (xa < last)
			xa = last;
		if (xb <= xa)
			continue;
		last = xb;
		if (run_columns(&c, s, &v[i], xa, xb) == -1)
			return -1;
	}
	return column_flush(&c, s);
}

static double
ms_of(const struct layout *l, double px)
{
	return px / l->px_per_ms;
}

/* "cpu1 3.210-3.225 s: systemd-udevd (234) ran 12.345 ms of 15.000 ms". */
static char *
span_tip(const struct layout *l, unsigned cpu, const struct span *p)
{
	double t0 = (l->t0_us - l->origin_us) / 1e6;
	char *comm, *s, more[64] = "";
	int rc;

	if ((comm = text_clean(p->who->comm, 1)) == NULL)
		return NULL;
	if (p->others > 0)
		snprintf(more, sizeof(more), "; %u other task run%s beside it",
		    p->others, p->others == 1 ? "" : "s");
	rc = asprintf(&s, "cpu%u %.3f-%.3f s: %s (%d) ran %.3f ms of %.3f ms "
	    "busy%s", cpu, t0 + ms_of(l, p->x0 - l->x0) / 1000,
	    t0 + ms_of(l, p->x1 - l->x0) / 1000, comm, p->who->pid,
	    ms_of(l, p->ran), ms_of(l, p->busy), more);
	free(comm);
	return rc < 0 ? NULL : s;
}

/*
 * The spans as shapes in box bx, the wide ones named right of `from`
 * (the CPU's name).
 */
static int
cpu_shapes(const struct lt_ctx *c, unsigned cpu, const struct spans *s,
    const struct lt_box *bx, double from)
{
	struct layout *l = c->l;
	const struct span *p;
	double h, x;
	size_t i, k;

	for (i = 0; i < s->n; i++) {
		p = &s->v[i];
		h = bx->h * lt_clamp01(p->busy / (p->x1 - p->x0));
		k = lt_add_shape(l, &(struct lt_box){ p->x0, bx->y + bx->h - h,
		    p->x1 - p->x0, h }, rgb_of(p->who->pid), LR_CPURUN,
		    LD_FILL);
		if (k == SIZE_MAX || (l->shapes[k].tip = span_tip(l, cpu,
		    p)) == NULL)
			return -1;
		x = fmax(p->x0 + 2, from);
		if (p->x1 - x < CPU_LABEL_W)
			continue;
		if (lt_tag(l, lt_add_raw(l, c->m, p->who->comm, x,
		    bx->y + (bx->h - c->m->height[LF_LABEL]) / 2,
		    p->x1 - x - 2, LF_LABEL, COL_TEXT), LR_CHART_LABEL,
		    LT_START) == SIZE_MAX)
			return -1;
	}
	return 0;
}

/* CPU k's busy area over the bins the drawn span meets. */
static int
cpu_strip(struct layout *l, const struct busy_series *bs, size_t k,
    const struct lt_box *bx, struct lt_poly *p)
{
	const float *v = bs->cpu + k * bs->n;
	usec_t a, b;
	size_t i;

	for (i = 0; i < bs->n; i++) {
		a = bs->t0_us + (usec_t)i * bs->step_us;
		b = a + bs->step_us;
		if (!lt_clip_span(l, &a, &b))
			continue;
		if (lt_add_step(p, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - lt_clamp01(v[i]))) == -1)
			return -1;
	}
	return 0;
}

/* CPU k's busy share as a chart (runs not kept, or over the cap). */
static int
busy_strip(const struct lt_ctx *c, size_t k, const struct lt_box *bx)
{
	struct lt_poly p;
	int rc = 0;

	memset(&p, 0, sizeof(p));
	if (cpu_strip(c->l, &c->t->busy, k, bx, &p) == -1 ||
	    lt_add_chart(c->l, bx) == -1 ||
	    lt_add_series(c->l, &p, COL_CPU, 0) == -1)
		rc = -1;
	free(p.pts);
	return rc;
}

/* CPU k's name at the strip's left; *end: where it ends. */
static int
cpu_name(const struct lt_ctx *c, size_t k, const struct lt_box *bx,
    double *end)
{
	char name[32];
	size_t i;

	snprintf(name, sizeof(name), "cpu%zu", k);
	i = lt_tag(c->l, lt_add_raw(c->l, c->m, name, bx->x + 2, bx->y + 1,
	    bx->w, LF_TEXT, COL_TEXT), LR_CHART_LABEL, LT_START);
	if (i == SIZE_MAX)
		return -1;
	*end = c->l->texts[i].box.x + c->l->texts[i].box.w + 4;
	return 0;
}

/* A task of the strips' key: its time on the CPUs in the window. */
struct keyed {
	int pid;
	char comm[16];
	usec_t us;
};

static int
keyed_by_task(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return strcmp(x->comm, y->comm);
}

static int
keyed_by_time(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->us != y->us)
		return x->us > y->us ? -1 : 1;
	return keyed_by_task(a, b);
}

/*
 * The tasks the strips draw, an entry a span (us unused): the key names
 * no other.  A task that never ran most of a pixel column has
 * time in the window but no colour in the strips, and its swatch would
 * key nothing, or another task's strips (colours repeat every 12 PIDs).
 */
struct drawn {
	struct keyed *v;
	size_t n, cap;
};

static int
drawn_add(struct drawn *d, const struct spans *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (grow_array((void **)&d->v, &d->cap, d->n,
		    sizeof(*d->v)) == -1)
			return -1;
		d->v[d->n] = (struct keyed){ .pid = s->v[i].who->pid };
		memcpy(d->v[d->n].comm, s->v[i].who->comm,
		    sizeof(d->v[d->n].comm));
		d->v[d->n++].comm[sizeof(d->v[0].comm) - 1] = '\0';
	}
	return 0;
}

/*
 * CPU k's strip, runs v[0, n) its own: its tasks while their spans fit
 * the format's cap (*capped once they did not), else its busy share.
 */
static int
one_cpu(const struct lt_ctx *c, size_t k, const struct cpu_run *v, size_t n,
    const struct lt_box *bx, int *capped, struct drawn *d)
{
	struct spans s = { NULL, 0, 0 };
	double from;
	int rc;

	if (cpu_name(c, k, bx, &from) == -1)
		return -1;
	if (n > 0 && !*capped && cpu_spans(c->l, v, n, &s) == -1) {
		free(s.v);
		return -1;
	}
	if (s.n > 0 && c->l->nshapes + s.n > c->l->max_cells) {
		diag_warn(c->d, "--per-cpu: more spans of tasks than this "
		    "format's %zu cells (docs/limits.md): cpu%zu on show their "
		    "busy share", c->l->max_cells, k);
		*capped = 1;
	}
	if (s.n > 0 && !*capped) {
		rc = cpu_shapes(c, (unsigned)k, &s, bx, from);
		if (rc == 0)
			rc = drawn_add(d, &s);
	} else
		rc = busy_strip(c, k, bx);
	free(s.v);
	return rc;
}

/*
 * The tasks of the drawn window, each with its time there, the most
 * first: *n of them in *out (the caller frees).  0, or -1 (no memory).
 */
static int
key_tasks(const struct layout *l, const struct busy_series *bs,
    struct keyed **out, size_t *n)
{
	struct keyed *v;
	size_t i, k = 0;
	usec_t a, b;

	*out = NULL;
	*n = 0;
	if (bs->nruns == 0)
		return 0;
	if ((v = calloc(bs->nruns, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < bs->nruns; i++) {
		a = bs->runs[i].a > l->t0_us ? bs->runs[i].a : l->t0_us;
		b = bs->runs[i].b < l->t1_us ? bs->runs[i].b : l->t1_us;
		if (b <= a || bs->runs[i].pid <= 0)
			continue;
		v[k].pid = bs->runs[i].pid;
		memcpy(v[k].comm, bs->runs[i].comm, sizeof(v[k].comm));
		v[k].comm[sizeof(v[k].comm) - 1] = '\0';
		v[k++].us = b - a;
	}
	qsort(v, k, sizeof(*v), keyed_by_task);
	for (i = 0, *n = 0; i < k; i++) {
		if (*n > 0 && keyed_by_task(&v[*n - 1], &v[i]) == 0)
			v[*n - 1].us += v[i].us;
		else
			v[(*n)++] = v[i];
	}
	qsort(v, *n, sizeof(*v), keyed_by_time);
	*out = v;
	return 0;
}

/* Keeps of the key's tasks v[0, *n) those the strips draw, in order. */
static void
key_drawn(struct keyed *v, size_t *n, struct drawn *d)
{
	size_t i, k = 0;

	if (d->n > 0)
		qsort(d->v, d->n, sizeof(*d->v), keyed_by_task);
	for (i = 0; i < *n; i++)
		if (d->n > 0 && bsearch(&v[i], d->v, d->n, sizeof(*d->v),
		    keyed_by_task) != NULL)
			v[k++] = v[i];
	*n = k;
}

/*
 * The strips' key: of the tasks they draw (d), those of the most time
 * in the window, each its colour's swatch, its name and pid, as many as
 * fit the row (colours repeat every 12 PIDs: the key names the ones
 * that matter).
 */
static int
cpu_key(const struct lt_ctx *c, const struct busy_series *bs,
    struct drawn *d, double *y)
{
	struct layout *l = c->l;
	struct measure *m = c->m;
	double x = MARGIN, h = m->height[LF_TEXT], w;
	char label[48];
	struct keyed *v;
	size_t i, n, ti;

	if (key_tasks(l, bs, &v, &n) != 0)
		return -1;
	key_drawn(v, &n, d);
	if (n == 0) {
		free(v);
		return 0;
	}
	ti = lt_tag(l, lt_add_raw(l, m, "most time on the CPUs:", x, *y,
	    l->width - 2 * MARGIN, LF_TEXT, COL_TEXT), LR_LEGEND, LT_FIXED);
	if (ti == SIZE_MAX) {
		free(v);
		return -1;
	}
	x += l->texts[ti].box.w + 8;
	for (i = 0; i < n && i < KEY_MAX; i++) {
		snprintf(label, sizeof(label), "%s %d", v[i].comm, v[i].pid);
		w = SWATCH + 4 + measure_width(m, LF_TEXT, label);
		if (x + w > l->width - MARGIN)
			break;
		if (lt_add_swatch(l, &(struct lt_box){ x, *y + (h - SWATCH) /
		    2, SWATCH, SWATCH }, rgb_of(v[i].pid), LR_SWATCH) == -1 ||
		    lt_tag(l, lt_add_raw(l, m, label, x + SWATCH + 4, *y,
		    w, LF_TEXT, COL_TEXT), LR_LEGEND, LT_FIXED) == SIZE_MAX) {
			free(v);
			return -1;
		}
		x += w + 14;
	}
	free(v);
	*y += h + LEGEND_GAP;
	return 0;
}

/* Each CPU's strip from *y down; the tasks they draw into d. */
static int
cpu_strips(const struct lt_ctx *c, double *y, int *capped, struct drawn *d)
{
	const struct busy_series *bs = &c->t->busy;
	/* No runs kept: NULL, and NULL + 0 is undefined. */
	const struct cpu_run *run = bs->runs, *r,
	    *end = run != NULL ? run + bs->nruns : NULL;
	struct lt_box bx;
	size_t k;

	for (k = 0; k < bs->ncpu; k++) {
		bx = (struct lt_box){ MARGIN, *y, c->l->width - 2 * MARGIN,
		    CPU_STRIP_H };
		*y += CPU_STRIP_H + CPU_STRIP_GAP;
		while (run < end && run->cpu < k)
			run++;
		for (r = run; run < end && run->cpu == k; run++)
			;
		if (one_cpu(c, k, r, (size_t)(run - r), &bx, capped, d) == -1)
			return -1;
	}
	return 0;
}

int
charts_per_cpu(const struct lt_ctx *c, double *y)
{
	static const struct legend_item leg[] = {
		{ "Each CPU (exact): the task that ran most of each pixel, "
		    "as high as the CPU was busy (a process keeps its colour)",
		    COL_CPU, LR_SWATCH }, { NULL, 0, 0 }
	};
	const struct busy_series *bs = &c->t->busy;
	struct drawn d = { NULL, 0, 0 };
	/* Runs cut at the cap: a strip of tasks up to then would mislead. */
	int capped = (c->x->tb.cuts & TB_CUT_RUNS) != 0;

	if (!c->o->per_cpu)
		return 0;
	if (bs->ncpu == 0 && c->l->rec_scope > 0) {
		diag_warn(c->d, "--per-cpu: the trace holds the command's "
		    "processes alone (bootchartd's TRACE_SCOPE=command), not "
		    "what else ran on each CPU: no chart per CPU (record with "
		    "TRACE_SCOPE=system)");
		return 0;
	}
	if (bs->ncpu == 0) {
		diag_warn(c->d, "--per-cpu: no busy time from a kernel trace "
		    "(none in the log, or refused: docs/trace.md): no chart "
		    "per CPU");
		return 0;
	}
	if (chrome_legend_items(c->l, c->m, leg, y) == -1)
		return -1;
	if (cpu_strips(c, y, &capped, &d) == -1 ||
	    (!capped && cpu_key(c, bs, &d, y) == -1)) {
		free(d.v);
		return -1;
	}
	free(d.v);
	*y += GAP - CPU_STRIP_GAP;
	return 0;
}
