/* layout.c: computes the position of every element of the chart (docs/chart.md), top to bottom. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "idle.h"
#include "layout.h"
#include "layout_parts.h"

#define PX_PER_S	25.0
#define MIN_WIDTH	800
#define AUTO_MAX_WIDTH	32000

int
lt_check_rows(struct layout *l, size_t n, const struct chart_opts *o,
    const char *hint, struct diag *d)
{
	char what[96];
	size_t cap = CAP_VECTOR_ROWS;
	const char *kind = "a vector chart";

	l->max_cells = CAP_VECTOR_CELLS;
	if (o->format == FMT_PNG) {
		cap = CAP_CHART_ROWS;
		kind = "a chart";
		l->max_cells = CAP_CHART_CELLS;
	} else if (o->format == FMT_SVG_GLYPHS) {
		cap = CAP_GLYPH_ROWS;
		kind = "a chart of glyphs";
	}
	snprintf(what, sizeof(what), "rows in %s%s%s%s", kind,
	    hint ? " (" : "", hint ? hint : "", hint ? ")" : "");
	return cap_check(d, n, cap, what);
}

int
lt_scale(struct layout *l, const struct chart_opts *o, struct diag *d)
{
	double secs;

	if (l->t1_us <= l->t0_us)
		l->t1_us = l->t0_us + USEC_PER_MS;
	secs = (double)(l->t1_us - l->t0_us) / USEC_PER_SEC;
	if (o->width != 0) {
		if (o->width < CHART_WIDTH_MIN || o->width > CHART_WIDTH_MAX)
			return diag_error_status(d, EXIT_USAGE, "width %d "
			    "out of range %d..%d", o->width, CHART_WIDTH_MIN,
			    CHART_WIDTH_MAX);
		l->width = o->width;
	} else
		l->width = (int)fmin(fmax(ceil(secs * PX_PER_S + 2 * MARGIN),
		    MIN_WIDTH), AUTO_MAX_WIDTH);
	l->x0 = MARGIN;
	l->px_per_ms = (l->width - 2 * MARGIN) / (secs * 1000);
	l->row_h = ROW_H;
	return 0;
}

/*
 * --window: the part [from, to] of the axis (its 0 stays where it was),
 * within what the chart has.
 */
static int
window(struct layout *l, const struct chart_opts *o, struct diag *d)
{
	usec_t span = l->t1_us - l->t0_us;

	if ((usec_t)o->win_from_us >= span)
		return diag_error_status(d, EXIT_USAGE, "--window %lld.%03lld:"
		    "%lld.%03lld starts after the chart ends (%lld.%03lld s)",
		    o->win_from_us / USEC_PER_SEC,
		    o->win_from_us % USEC_PER_SEC / USEC_PER_MS,
		    o->win_to_us / USEC_PER_SEC,
		    o->win_to_us % USEC_PER_SEC / USEC_PER_MS,
		    (long long)(span / USEC_PER_SEC),
		    (long long)(span % USEC_PER_SEC / USEC_PER_MS));
	l->t0_us = l->origin_us + (usec_t)o->win_from_us;
	if ((usec_t)o->win_to_us < span)
		l->t1_us = l->origin_us + (usec_t)o->win_to_us;
	return 0;
}

/* The time span drawn and the scale. */
static int
time_scale(struct layout *l, const struct bootlog *t,
    const struct proctree *tree, const struct milestones *ms,
    const struct chart_opts *o, struct diag *d)
{
	l->t0_us = tree->start_us;
	l->t1_us = tree->end_us;
	kernel_unlogged(l, ms);
	l->traced_us = t->busy.n > 0 ? t->busy.t0_us : INT64_MAX;
	if (ms->from_boot && l->t0_us > 0)
		l->t0_us = 0;
	if (o->crop_after != NULL) {
		if (proctree_find(tree, o->crop_after) == NULL)
			diag_warn(d, "crop-after: no process named \"%s\"",
			    o->crop_after);
		l->t1_us = idle_crop_end(t, tree, o->crop_after, l->t0_us,
		    l->t1_us);
	}
	l->origin_us = l->t0_us;
	if (o->window && window(l, o, d) != 0)
		return -1;
	return lt_scale(l, o, d);
}

struct rowcount {
	const struct layout *l;
	size_t n;
	size_t exact;		/* rows drawn from exact states */
};

static int
count_row(const struct pnode *p, int depth, void *arg)
{
	struct rowcount *rc = arg;

	if (lt_visible(rc->l, p)) {
		rc->n++;
		rc->exact += p->xexact != 0;
	}
	return 0;
}

/*
 * The chart's rows against the caps, before anything is placed, so a
 * log of a million processes is refused at once.  The cells are counted
 * as they are placed (layout_rows.c).
 */
static int
check_rows(struct layout *l, const struct proctree *tree,
    const struct chart_opts *o, struct diag *d)
{
	struct rowcount rc = { l, 0, 0 };

	if (proctree_walk(tree, count_row, &rc) != 0)
		return -1;
	l->exact_rows = rc.exact > 0;
	return lt_check_rows(l, rc.n > 0 ? rc.n - 1 : 0, o,
	    o->format == FMT_PNG ? "leave out -n, or use --dump-tree" :
	    "try -f png, or leave out -n", d);
}

/*
 * What the chart says of its trace: the caps it reached, a cut by
 * bootchartd, a trace.dat left out because it did not read.
 */
static void
trace_notes(struct layout *l, const struct exact *x, const struct bootlog *t)
{
	l->trace_cuts = x->tb.cuts;
	l->trace_dropped = t->trace_dropped;
	l->trace_alone = t->ps_source == PS_TRACE;
	l->disk_traced = t->disk_traced;
	if (x->have)
		l->rec_scope = exact_scope_pid(t);
	if (x->have && (l->rec_cut = exact_cut(t)) != NULL)
		l->rec_cut_us = exact_uptime_us(x->tb.whole_ns);
	if (x->have)
		l->rec_lost = exact_lost(&x->tb, t, &l->rec_lost_pages);
}

/* Whether the rows carry the critical path's bars, and what none draws. */
static int
crit_setup(const struct lt_ctx *c)
{
	struct layout *l = c->l;

	l->crit_rows = l->exact_rows && c->crit->have && c->crit->nseg > 0;
	if (l->crit_rows && crit_undrawn(l, c->tree, c->crit,
	    &l->crit_undrawn_us) != 0)
		return diag_error_status(c->d, EXIT_NOMEM, "out of memory");
	return 0;
}

/*
 * The disk chart's legend and box; a trace alone without block events
 * has no disk samples: no chart (its note says so).
 */
static int
disk_place(struct layout *l, struct measure *m, const struct bootlog *t,
    double *y)
{
	if (t->ndisk == 0 && t->ps_source == PS_TRACE)
		return 0;
	if (chrome_legend(l, m, LEG_DISK, y) == -1)
		return -1;
	l->disk_box = (struct lt_box){ MARGIN, *y, l->width - 2 * MARGIN,
	    CHART_H };
	*y += CHART_H + GAP;
	return 0;
}

static int
build(const struct lt_ctx *cp)
{
	const struct lt_ctx c = *cp;
	struct layout *l = c.l;
	struct measure *m = c.m;
	const struct bootlog *t = c.t;
	const struct proctree *tree = c.tree;
	const struct milestones *ms = c.ms;
	const struct chart_opts *o = c.o;
	struct diag *d = c.d;
	double y = MARGIN, plot_w, band_h;
	size_t disk_legend;

	if (time_scale(l, t, tree, ms, o, d) == -1 ||
	    check_rows(l, tree, o, d) == -1)
		return -1;
	plot_w = l->width - 2 * MARGIN;
	if (chrome_header(&c, &y) == -1)
		return -1;
	y += GAP;
	l->has_cmd = tree->cmd != NULL && t->ncpu > 0;
	l->cpu_exact = t->busy.n > 0;
	if (crit_setup(&c) == -1)
		return -1;
	trace_notes(l, c.x, t);
	if (chrome_legend(l, m, LEG_CPU, &y) == -1)
		return -1;
	l->cpu_box = (struct lt_box){ MARGIN, y, plot_w, CHART_H };
	y += CHART_H + GAP;
	disk_legend = l->ntexts;
	if (disk_place(l, m, t, &y) == -1)
		return -1;
	if (charts_cpu(l, t) == -1 || charts_cpu_cmd(l, t, tree) == -1 ||
	    (l->disk_box.h > 0 && charts_disk(&c, disk_legend) == -1) ||
	    charts_mem(&c, &y) == -1 || charts_per_cpu(&c, &y) == -1 ||
	    unlogged_charts(l, m) == -1)
		return -1;
	if (kernel_lane(&c, &y) == -1)
		return -1;
	if (chrome_legend(l, m, LEG_PROC, &y) == -1 ||
	    chrome_cut_note(l, m, &y) == -1)
		return -1;
	if (chrome_marks(&c, y, &band_h) == -1)
		return -1;
	y += band_h;
	if (chrome_time_axis(l, m, y) == -1)
		return -1;
	/* Whole pixels, so 1 px row borders land on pixel centres. */
	y = ceil(y + m->height[LF_LABEL] + 2);
	l->proc_box = (struct lt_box){ MARGIN, y, plot_w, ROW_H };
	if (rows_place(&c) == -1)
		return -1;
	if (l->nrows > 0)
		l->proc_box.h = (double)l->nrows * ROW_H;
	if (unlogged_rows(l) == -1)
		return -1;
	l->height = (int)ceil(y + l->proc_box.h + MARGIN);
	return 0;
}

int
lt_run(struct layout *l, lt_build_fn fn, void *arg, struct diag *d)
{
	struct measure m;
	int rc;

	memset(l, 0, sizeof(*l));
	if (measure_open(&m) == -1) {
		measure_close(&m);
		return diag_error_status(d, EXIT_NOMEM,
		    "cannot set up text measurement");
	}
	rc = fn(l, &m, arg, d);
	measure_close(&m);
	if (rc == -1) {
		if (!d->failed)
			diag_error_status(d, EXIT_NOMEM, "out of memory "
			    "laying out the chart");
		layout_free(l);
		return -1;
	}
	return 0;
}

struct one_boot {
	const struct boot *b;
	const struct chart_opts *o;
};

static int
build_one(struct layout *l, struct measure *m, void *arg, struct diag *d)
{
	struct one_boot *a = arg;
	const struct boot *b = a->b;
	const struct lt_ctx c = { l, m, b->log, b->tree, b->ms, a->o, d,
	    boot_exact(b), boot_crit(b) };

	return build(&c);
}

int
layout_make(struct layout *l, const struct boot *b,
    const struct chart_opts *o, struct diag *d)
{
	struct one_boot a = { .b = b, .o = o };

	return lt_run(l, build_one, &a, d);
}

void
layout_free(struct layout *l)
{
	size_t i;

	for (i = 0; i < l->ntexts; i++)
		free(l->texts[i].s);
	free(l->texts);
	free(l->swatches);
	free(l->ticks);
	free(l->rows);
	free(l->cells);
	free(l->marks);
	for (i = 0; i < l->nshapes; i++)
		free(l->shapes[i].tip);
	free(l->shapes);
	free(l->cpu_busy.pts);
	free(l->cpu_io.pts);
	free(l->cpu_cmd.pts);
	free(l->disk_util.pts);
	free(l->disk_tput.pts);
	for (i = 0; i < l->nseries; i++)
		free(l->series[i].poly.pts);
	free(l->series);
	free(l->charts);
	memset(l, 0, sizeof(*l));
}
