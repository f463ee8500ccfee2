/* layout_flame.c: the kernel's boot function by function under the kernel lane: a flame chart of function_graph's calls, time across, call depth down, a band per thread. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fncost.h"
#include "functions.h"
#include "kwaits.h"
#include "layout.h"
#include "layout_parts.h"
#include "tcwait.h"
#include "tfunc.h"
#include "trace.h"

#define FLAME_ROW_H	12.0	/* a depth's row: a label fits in a bar */
#define FLAME_DEPTHS	12	/* rows drawn a thread; deeper calls are not */
#define FLAME_THREADS	8	/* threads drawn, those of the most calls' time */
#define FLAME_MIN_W	0.5	/* narrower calls are not drawn (the table has them) */
#define FLAME_NAMES	16	/* the longest calls named in their bars */

static const uint32_t depth_rgb[3] = { COL_FLAME0, COL_FLAME1, COL_FLAME2 };

/* One thread's calls: v[first, first + n) of the nested list. */
struct fthread {
	size_t first, n;
	int pid, depths;
	int64_t ns;		/* its outermost calls' µs in the drawn span */
	int drawn;		/* one of them is wide enough to be drawn */
};

/* The part of call k in the drawn span, in µs. */
static usec_t
in_view(const struct layout *l, const struct exact *t, const struct tcall *k)
{
	usec_t a = exact_uptime_us(k->call_ns), b = exact_uptime_us(k->ret_ns);

	if (a < l->t0_us)
		a = l->t0_us;
	if (b > l->t1_us)
		b = l->t1_us;
	return b > a ? b - a : 0;
}

/*
 * The list's threads (it is sorted by thread, then time), into *out,
 * each with its outermost calls' time in the drawn span (--window).
 */
static int
threads_of(const struct layout *l, const struct exact *t,
    struct fthread **out, size_t *nout)
{
	const struct tcalls *c = &t->tb.calls;
	struct fthread *v;
	size_t i, n = 0;
	usec_t us;

	if ((v = calloc(c->n, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < c->n; i++) {
		if (i == 0 || c->v[i].pid != c->v[i - 1].pid)
			v[n++] = (struct fthread){ i, 0, c->v[i].pid, 0, 0, 0 };
		v[n - 1].n++;
		if (c->v[i].depth + 1 > v[n - 1].depths)
			v[n - 1].depths = c->v[i].depth + 1;
		if (c->v[i].parent < 0) {
			us = in_view(l, t, &c->v[i]);
			v[n - 1].ns += us;
			v[n - 1].drawn |= (double)us / USEC_PER_MS *
			    l->px_per_ms >= FLAME_MIN_W;
		}
	}
	*out = v;
	*nout = n;
	return 0;
}

static int
by_time(const void *a, const void *b)
{
	const struct fthread *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	return x->pid - y->pid;
}

/*
 * What call k waited for, after its tooltip's numbers: "; blocked
 * 2900.123 ms, most for cryptomgr_test 61 (2100.000 ms)"; "" when it
 * never left its CPU or no waits were recorded.
 */
static void
wait_text(const struct exact *t, const struct tcall *k, char *out,
    size_t cap)
{
	const struct tcwait *w;
	char name[64], b[32], r[32], m[32];

	out[0] = '\0';
	if (t->call_wait == NULL)
		return;
	w = &t->call_wait[k - t->tb.calls.v];
	if (w->blocked_ns == 0 && w->runnable_ns == 0)
		return;
	kwaits_waker(t->file.td, w->waker, 1, name, sizeof(name));
	fn_ms(w->blocked_ns, b, sizeof(b));
	fn_ms(w->runnable_ns, r, sizeof(r));
	fn_ms(w->waker_ns, m, sizeof(m));
	if (w->waker != 0)
		snprintf(out, cap, "; blocked %s ms, most for %s (%s ms); "
		    "runnable %s ms", b, name, m, r);
	else
		snprintf(out, cap, "; blocked %s ms; runnable %s ms", b, r);
}

/*
 * "func: 12.345 ms (self 1.200 ms), depth 3, pid 1", then what it
 * waited for: a bar's tooltip.
 */
static char *
call_tip(const struct exact *t, const struct tcall *k, int64_t inner)
{
	char name[FN_NAME], waits[256], d[32], sf[32], *s;
	int64_t dur = k->ret_ns - k->call_ns;
	int64_t self = dur > inner ? dur - inner : 0;	/* as functions.c */

	/* Its numbers as --functions prints them (fn_ms: to the µs). */
	fn_name(t->file.td, k->func, name, sizeof(name));
	fn_ms(dur, d, sizeof(d));
	fn_ms(self, sf, sizeof(sf));
	wait_text(t, k, waits, sizeof(waits));
	if (asprintf(&s, "%s: %s ms (self %s ms), depth %u, pid %d%s",
	    name, d, sf, (unsigned)k->depth, (int)k->pid, waits) < 0)
		return NULL;
	return s;
}

/* One call's bar; 0, or -1 on no memory. */
static int
one_call(struct layout *l, const struct exact *t, const struct tcall *k,
    int64_t inner, double y)
{
	usec_t a = exact_uptime_us(k->call_ns), b = exact_uptime_us(k->ret_ns);
	double xa, xb;
	size_t i;

	if (k->depth >= FLAME_DEPTHS || b < l->t0_us || a > l->t1_us)
		return 0;
	xa = layout_x(l, a < l->t0_us ? l->t0_us : a);
	xb = layout_x(l, b > l->t1_us ? l->t1_us : b);
	if (xb - xa < FLAME_MIN_W)
		return 0;
	i = lt_add_shape(l, &(struct lt_box){ xa, y + k->depth * FLAME_ROW_H,
	    xb - xa, FLAME_ROW_H - 1 }, depth_rgb[k->depth % 3], LR_FLAME,
	    LD_FILL);
	if (i == SIZE_MAX)
		return -1;
	return (l->shapes[i].tip = call_tip(t, k, inner)) == NULL ? -1 : 0;
}

/* The band's name at its left, over the lane's ground. */
static int
band_name(const struct lt_ctx *c, const struct fthread *th, double y)
{
	const char *comm = c->x->file.td != NULL ?
	    tdat_comm(c->x->file.td, th->pid) : NULL;
	char buf[64];

	snprintf(buf, sizeof(buf), "%s (%d)", comm != NULL && *comm ?
	    comm : "?", th->pid);
	return lt_tag(c->l, lt_add_raw(c->l, c->m, buf, MARGIN, y, 160,
	    LF_LABEL, COL_TEXT), LR_LANE, LT_FIXED) == SIZE_MAX ? -1 : 0;
}

static int
cmp_dur(const void *a, const void *b)
{
	const struct tcall *x = *(const struct tcall *const *)a;
	const struct tcall *y = *(const struct tcall *const *)b;
	int64_t dx = x->ret_ns - x->call_ns, dy = y->ret_ns - y->call_ns;

	return (dx < dy) - (dx > dy);
}

/*
 * The longest calls named inside their bars, where the name fits; the
 * band's rows are drawn at ys[] by thread (ys NaN: not drawn).
 */
static int
names(const struct lt_ctx *c, const struct fthread *th, size_t nth,
    const double *ys)
{
	const struct tcalls *cs = &c->x->tb.calls;
	const struct tcall **v;
	char name[FN_NAME];
	size_t i, j, n = 0, named = 0;
	double xa, xb, w;
	int rc = 0;

	if ((v = calloc(cs->n ? cs->n : 1, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < cs->n; i++)
		v[n++] = &cs->v[i];
	qsort(v, n, sizeof(*v), cmp_dur);
	for (i = 0; i < n && named < FLAME_NAMES && rc == 0; i++) {
		for (j = 0; j < nth && th[j].pid != v[i]->pid; j++)
			;
		if (j == nth || isnan(ys[j]) || v[i]->depth >= FLAME_DEPTHS)
			continue;
		xa = layout_x(c->l, exact_uptime_us(v[i]->call_ns));
		xb = layout_x(c->l, exact_uptime_us(v[i]->ret_ns));
		fn_name(c->x->file.td, v[i]->func, name, sizeof(name));
		w = measure_width(c->m, LF_LABEL, name);
		if (w + 4 > xb - xa || xa < c->l->x0)
			continue;
		named++;
		rc = lt_tag(c->l, lt_add_raw(c->l, c->m, name, xa + 2,
		    ys[j] + v[i]->depth * FLAME_ROW_H + (FLAME_ROW_H - 1 -
		    c->m->height[LF_LABEL]) / 2, xb - xa - 4, LF_LABEL,
		    COL_TEXT), LR_LANE, LT_START) == SIZE_MAX ? -1 : 0;
	}
	free(v);
	return rc;
}

/*
 * The threads drawn: those of the most calls' time in view, in that
 * order, each with a call wide enough to draw (no empty band).
 */
static size_t
pick(struct fthread *th, size_t n)
{
	size_t i, k = 0;

	qsort(th, n, sizeof(*th), by_time);
	for (i = 0; i < n && k < FLAME_THREADS && th[i].ns > 0; i++)
		if (th[i].drawn)
			th[k++] = th[i];
	return k;
}

/* One thread's band at *y: its name, then its calls row by depth. */
static int
band(const struct lt_ctx *c, const struct fthread *th, const int64_t *in,
    double *y)
{
	const struct tcalls *cs = &c->x->tb.calls;
	int rows = th->depths < FLAME_DEPTHS ? th->depths : FLAME_DEPTHS;
	size_t i;

	if (band_name(c, th, *y) == -1)
		return -1;
	*y += c->m->height[LF_LABEL];
	for (i = th->first; i < th->first + th->n; i++)
		if (one_call(c->l, c->x, &cs->v[i], in[i], *y) == -1)
			return -1;
	*y += rows * FLAME_ROW_H + 2;
	return 0;
}

/*
 * Under the flame chart, what drawing it cost the boot it comes from:
 * the test boot's figure (fncost.h), since a log cannot tell its own.
 */
static int
cost_note(const struct lt_ctx *c, double *y)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "function tracing slowed the test boot "
	    "by %.0f %% (%.1f s against %.1f s to multi-user.target; make "
	    "bench, docs/boot-test.md)",
	    100 * (FNCOST_FUNCTIONS_S / FNCOST_EXACT_S - 1),
	    FNCOST_FUNCTIONS_S, FNCOST_EXACT_S);
	if (lt_tag(c->l, lt_add_raw(c->l, c->m, buf, MARGIN, *y,
	    c->l->width - 2 * MARGIN, LF_TEXT, COL_TEXT), LR_LEGEND,
	    LT_FIXED) == SIZE_MAX)
		return -1;
	*y += c->m->height[LF_TEXT] + LEGEND_GAP;
	return 0;
}

int
kernel_flame(const struct lt_ctx *c, double *y)
{
	const struct tcalls *cs = &c->x->tb.calls;
	struct fthread *th = NULL;
	double ys[FLAME_THREADS];
	int64_t *in = NULL;
	size_t n, k, i;
	int rc = -1;

	if (cs->n == 0)
		return 0;
	if (threads_of(c->l, c->x, &th, &n) != 0 ||
	    (in = fn_callee_ns(cs)) == NULL)
		goto out;
	k = pick(th, n);
	for (i = 0; i < k; i++) {
		ys[i] = *y + c->m->height[LF_LABEL];
		if (band(c, &th[i], in, y) == -1)
			goto out;
	}
	/* The figure is a boot's: a profile's calls (no lane) go without. */
	if ((rc = names(c, th, k, ys)) == 0 && c->ms->has_kernel_end)
		rc = cost_note(c, y);
	*y += GAP;
out:
	free(th);
	free(in);
	return rc;
}
