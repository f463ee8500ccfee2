/* layout_kernel.c: the kernel lane (initcalls, milestones) and the hatched span before logging began. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "layout.h"
#include "layout_parts.h"
#include "textclean.h"

#define INITCALL_MIN	USEC_PER_MS	/* shorter initcalls are not drawn */
#define LANE_NAMES	10	/* the longest initcalls named, at most */
#define LANE_LABEL_ROWS	4	/* rows of labels under the lane */
#define NAME_MAX_W	240.0	/* an initcall's label is cut to this */

void
kernel_unlogged(struct layout *l, const struct milestones *ms)
{
	l->unlogged_us = ms->from_boot ? ms->log_start_us : INT64_MIN;
}

/* x of a time, clamped to the drawn span. */
static double
x_at(const struct layout *l, usec_t at)
{
	return layout_x(l, at < l->t0_us ? l->t0_us : at > l->t1_us ?
	    l->t1_us : at);
}

/* The lane's initcalls: 1 ms and more, started before user space. */
static int
lane_call(const struct kevent *e, usec_t user_us)
{
	return e->kind == KEV_INITCALL && e->dur_us >= INITCALL_MIN &&
	    e->time_us < user_us;
}

/*
 * A label for what spans [xa, xb] in the lane, in the first free row
 * under it: centred under it, else starting at xa, else ending at xb.
 * None when the rows are full there.
 */
static int
lane_label(struct layout *l, struct measure *m, struct lt_band *band,
    const char *raw, double xa, double xb, uint32_t rgb)
{
	double w, x[3], bx = 0;
	static const int anchors[3] = { LT_MIDDLE, LT_START, LT_END };
	int r, best = -1, i, anchor = LT_MIDDLE;
	char *s;

	if ((s = text_clean(raw, 1)) == NULL)
		return -1;
	if (measure_fit(m, LF_LABEL, &s, fmin(NAME_MAX_W,
	    l->width - 2 * MARGIN)) == -1) {
		free(s);
		return -1;
	}
	w = measure_width(m, LF_LABEL, s);
	x[0] = (xa + xb - w) / 2;
	x[1] = xa;
	x[2] = xb - w;
	for (i = 0; i < 3 && s[0] != '\0'; i++) {
		x[i] = fmin(fmax(x[i], MARGIN), l->width - MARGIN - w);
		r = lt_band_row(l, band, x[i], w, LANE_LABEL_ROWS);
		if (r >= 0 && (best < 0 || r < best)) {
			best = r;
			bx = x[i];
			anchor = anchors[i];
		}
	}
	if (best < 0) {
		free(s);
		return 0;
	}
	if (best + 1 > band->rows)
		band->rows = best + 1;
	return lt_tag(l, lt_add_text(l, m, s, bx, band->y + best * band->h,
	    LF_LABEL, rgb), LR_LANE, anchor) == SIZE_MAX ? -1 : 0;
}

/* Initcalls by duration, longest first (then earliest). */
static int
cmp_longest(const void *a, const void *b)
{
	const struct kevent *x = *(const struct kevent *const *)a;
	const struct kevent *y = *(const struct kevent *const *)b;

	if (x->dur_us != y->dur_us)
		return x->dur_us > y->dur_us ? -1 : 1;
	return (x->time_us > y->time_us) - (x->time_us < y->time_us);
}

/*
 * Labels under the lane: the longest initcalls with their durations
 * first (with initcall_debug they are what the lane is for), then the
 * milestones, each in the first of LANE_LABEL_ROWS rows where it clears
 * the others; a label that finds no room is left out.
 */
static int
lane_labels(struct layout *l, struct measure *m, const struct bootlog *t,
    usec_t user_us, double y, int *rows)
{
	struct lt_band band = { l->ntexts, y, m->height[LF_LABEL], 0 };
	const struct kevent **v, *e;
	size_t i, n = 0;
	char buf[192];
	int rc = 0;

	if ((v = calloc(t->nkev + 1, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < t->nkev; i++)
		if (lane_call(&t->kev[i], user_us) &&
		    t->kev[i].time_us < l->t1_us &&
		    t->kev[i].time_us + t->kev[i].dur_us >= l->t0_us)
			v[n++] = &t->kev[i];
	qsort(v, n, sizeof(*v), cmp_longest);
	for (i = 0; i < n && i < LANE_NAMES && rc == 0; i++) {
		snprintf(buf, sizeof(buf), "%s (%lld ms)", v[i]->text,
		    (long long)((v[i]->dur_us + USEC_PER_MS / 2) / USEC_PER_MS));
		rc = lane_label(l, m, &band, buf, x_at(l, v[i]->time_us),
		    x_at(l, v[i]->time_us + v[i]->dur_us), COL_TEXT);
	}
	free(v);
	for (i = 0; i < t->nkev && rc == 0; i++) {
		e = &t->kev[i];
		if (e->kind == KEV_MILESTONE && e->time_us >= l->t0_us &&
		    e->time_us <= l->t1_us)
			rc = lane_label(l, m, &band, e->text, x_at(l,
			    e->time_us), x_at(l, e->time_us), COL_KMARK);
	}
	*rows = band.rows;
	return rc;
}

/*
 * The lane's shapes in its row: the kernel's span filled, its initcalls
 * over it, its frame, then a tick at each milestone.
 */
static int
lane_shapes(struct layout *l, const struct bootlog *t, usec_t user_us,
    double y)
{
	const struct lt_box kb = { x_at(l, 0), y + 1.5, fmax(x_at(l, user_us) -
	    x_at(l, 0), 1), ROW_H - 3 };
	const struct kevent *e;
	double xa, xb;
	size_t i;

	if (lt_add_shape(l, &kb, COL_KERNEL, LR_KERNEL, LD_FILL) == SIZE_MAX)
		return -1;
	for (i = 0; i < t->nkev; i++) {
		e = &t->kev[i];
		if (!lane_call(e, user_us) || e->time_us >= l->t1_us ||
		    e->time_us + e->dur_us < l->t0_us)
			continue;
		xa = x_at(l, e->time_us);
		xb = x_at(l, e->time_us + e->dur_us);
		if (lt_add_shape(l, &(struct lt_box){ xa, kb.y, fmax(xb - xa, 1),
		    kb.h }, COL_INITCALL, LR_KBAR, LD_FILL) == SIZE_MAX)
			return -1;
	}
	if (lt_add_shape(l, &kb, COL_BORDER, LR_KERNEL, LD_FRAME) == SIZE_MAX)
		return -1;
	for (i = 0; i < t->nkev; i++) {
		e = &t->kev[i];
		if (e->kind != KEV_MILESTONE || e->time_us < l->t0_us ||
		    e->time_us > l->t1_us)
			continue;
		if (lt_add_shape(l, &(struct lt_box){ x_at(l, e->time_us), y, 0,
		    ROW_H }, COL_KMARK, LR_KTICK, LD_LINE) == SIZE_MAX)
			return -1;
	}
	return 0;
}

/* The flame chart's legend item, in the lane's legend or alone. */
#define FLAME_LEGEND	{ "kernel function call (function_graph: time " \
    "across, depth down)", COL_FLAME0, LR_SWATCH }

/* The flame chart with its legend, where there is no lane above it. */
static int
calls_alone(const struct lt_ctx *c, double *y)
{
	static const struct legend_item leg[] = { FLAME_LEGEND,
	    { NULL, 0, 0 } };

	if (c->x->tb.calls.n == 0)
		return 0;
	if (chrome_legend_items(c->l, c->m, leg, y) == -1)
		return -1;
	return kernel_flame(c, y);
}

int
kernel_lane(const struct lt_ctx *c, double *y)
{
	struct layout *l = c->l;
	struct legend_item leg[5];
	usec_t user_us;
	size_t n = 0, i;
	int calls = 0, stones = 0, rows = 0;

	/*
	 * A log without the kernel's boot (a profile: bootchartd start
	 * --functions) has no lane, but its calls get their flame chart.
	 */
	if (!c->ms->has_kernel_end)
		return calls_alone(c, y);
	/* No lane for a kernel out of view (--window after it). */
	if (c->ms->kernel_end_us <= l->t0_us)
		return 0;
	user_us = c->ms->kernel_end_us;
	for (i = 0; i < c->t->nkev; i++) {
		calls |= lane_call(&c->t->kev[i], user_us);
		stones |= c->t->kev[i].kind == KEV_MILESTONE;
	}
	leg[n++] = (struct legend_item){ "Kernel", COL_KERNEL, LR_SWATCH };
	if (calls)
		leg[n++] = (struct legend_item){ "initcall (1 ms or more)",
		    COL_INITCALL, LR_SWATCH };
	if (stones)
		leg[n++] = (struct legend_item){ "milestone", COL_KMARK,
		    LR_SWATCH };
	if (c->x->tb.calls.n > 0)
		leg[n++] = (struct legend_item)FLAME_LEGEND;
	leg[n] = (struct legend_item){ NULL, 0, 0 };
	if (chrome_legend_items(l, c->m, leg, y) == -1)
		return -1;
	if (lane_shapes(l, c->t, user_us, *y) == -1 ||
	    lane_labels(l, c->m, c->t, user_us, *y + ROW_H + 1, &rows) == -1)
		return -1;
	*y = *y + ROW_H + 1 + rows * c->m->height[LF_LABEL] + GAP;
	return kernel_flame(c, y);
}

/* The span before logging in the box: hatched, and its box's part. */
static int
unlogged_shape(struct layout *l, const struct lt_box *bx, usec_t end,
    struct lt_box *u)
{
	double x1 = layout_x(l, end);

	*u = (struct lt_box){ bx->x, bx->y, fmin(x1, bx->x + bx->w) - bx->x,
	    bx->h };
	return lt_add_shape(l, u, COL_HATCH, LR_HATCH, LD_HATCH) == SIZE_MAX ?
	    -1 : 0;
}

/*
 * The span before logging in a chart's box, with "not logged" in its
 * middle when the label fits (LR_UNLOGGED: painted on a clear ground).
 */
static int
unlogged_box(struct layout *l, struct measure *m, const struct lt_box *bx,
    usec_t end)
{
	double w, h = m->height[LF_LABEL];
	struct lt_box u;

	if (end <= l->t0_us || bx->h <= 0)
		return 0;
	if (unlogged_shape(l, bx, end, &u) == -1)
		return -1;
	w = measure_width(m, LF_LABEL, "not logged");
	if (w + 8 > u.w || lt_clashes(l, 0, u.x + (u.w - w) / 2,
	    u.y + (u.h - h) / 2, w, h))
		return 0;
	return lt_tag(l, lt_add_raw(l, m, "not logged", u.x + (u.w - w) / 2,
	    u.y + (u.h - h) / 2, w + 1, LF_LABEL, COL_TEXT), LR_UNLOGGED,
	    LT_MIDDLE) == SIZE_MAX ? -1 : 0;
}

int
unlogged_charts(struct layout *l, struct measure *m)
{
	if (l->unlogged_us <= l->t0_us)
		return 0;
	/* The trace's switches fill the CPU chart where they reach. */
	if (unlogged_box(l, m, &l->cpu_box, l->traced_us < l->unlogged_us ?
	    l->traced_us : l->unlogged_us) == -1 ||
	    unlogged_box(l, m, &l->disk_box, l->unlogged_us) == -1)
		return -1;
	return l->mem_box.h > 0 ? unlogged_box(l, m, &l->mem_box,
	    l->unlogged_us) : 0;
}

int
unlogged_rows(struct layout *l)
{
	struct lt_box u;

	usec_t end = l->traced_us < l->unlogged_us ? l->traced_us :
	    l->unlogged_us;

	/* unlogged_us is INT64_MIN when the header gives no log start. */
	if (end <= l->t0_us || l->nrows == 0)
		return 0;
	return unlogged_shape(l, &l->proc_box, end, &u);
}
