/* layout_compare.c: the compare chart: both logs' CPU and disk charts and their matched processes as paired bars, on one time axis from each log's zero. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "layout_compare.h"
#include "layout_parts.h"
#include "report.h"
#include "textclean.h"

#define SUB_H		44.0	/* each boot's CPU or disk chart */
#define SUB_GAP		3.0	/* between a chart and the next one's label */
#define MIB		1048576.0

struct cmp_ctx {
	const struct cmp_chart *c;
	const struct chart_opts *o;
};

/*
 * Each log from its zero (milestones.zero_us): a boot drawn from the
 * kernel's start keeps uptime, any other log starts at its first
 * process, so two profiles taken hours apart share the axis.  From the
 * earlier start to the later end; from 0 when either is a boot drawn
 * from the kernel's start (docs/chart.md).  Nothing is hatched: the
 * span before logging belongs to one log, the axis to both.
 */
static void
cmp_span(struct layout *l, const struct cmp_chart *c)
{
	usec_t os = c->old_tree->start_us - c->old_ms->zero_us;
	usec_t ns = c->new_tree->start_us - c->new_ms->zero_us;
	usec_t oe = c->old_tree->end_us - c->old_ms->zero_us;
	usec_t ne = c->new_tree->end_us - c->new_ms->zero_us;

	l->unlogged_us = INT64_MIN;
	l->traced_us = INT64_MAX;
	l->t0_us = os < ns ? os : ns;
	l->t1_us = oe > ne ? oe : ne;
	if ((c->old_ms->from_boot || c->new_ms->from_boot) && l->t0_us > 0)
		l->t0_us = 0;
}

/*
 * The axis moved by a log's zero: its samples, timed in its uptime,
 * land where the common axis puts them.  Called again with -zero after.
 */
static void
shift_axis(struct layout *l, usec_t zero)
{
	l->t0_us += zero;
	l->t1_us += zero;
}

static int
line(struct layout *l, struct measure *m, const char *s, int font,
    uint32_t rgb, double *y)
{
	if (lt_tag(l, lt_add_raw(l, m, s, MARGIN, *y, l->width - 2 * MARGIN,
	    font, rgb), font == LF_TITLE ? LR_TITLE : LR_HEADER, LT_FIXED) ==
	    SIZE_MAX)
		return -1;
	*y += m->height[font];
	return 0;
}

/* Both logs' reports have a trace: the labels can say time runnable. */
static int
both_traced(const struct cmp_chart *c)
{
	return c->old_r != NULL && c->new_r != NULL && c->old_r->x->have &&
	    c->new_r->x->have;
}

static int
header(struct layout *l, struct measure *m, const struct cmp_ctx *x,
    double *y)
{
	const struct cmp_chart *c = x->c;
	usec_t o_end = c->old_tree->end_us - c->old_ms->zero_us;
	usec_t n_end = c->new_tree->end_us - c->new_ms->zero_us;
	usec_t secs = (l->t1_us - l->t0_us + USEC_PER_SEC / 2) / USEC_PER_SEC;
	const char *title = x->o->title != NULL ? x->o->title : c->title;
	char buf[4096];

	if (line(l, m, title != NULL ? title : "Boot comparison", LF_TITLE,
	    COL_TEXT, y) == -1)
		return -1;
	snprintf(buf, sizeof(buf), "old: %s, last process ends at %.2f s",
	    c->old_label, (double)o_end / USEC_PER_SEC);
	if (line(l, m, buf, LF_TEXT, COL_TEXT, y) == -1)
		return -1;
	snprintf(buf, sizeof(buf), "new: %s, last process ends at %.2f s "
	    "(%+.2f s)", c->new_label, (double)n_end / USEC_PER_SEC,
	    (double)(n_end - o_end) / USEC_PER_SEC);
	if (line(l, m, buf, LF_TEXT, n_end - o_end > c->threshold_us ?
	    COL_CMP_WORSE : COL_TEXT, y) == -1)
		return -1;
	snprintf(buf, sizeof(buf), "highlighted: a start or duration that "
	    "changed by more than %.3g s", (double)c->threshold_us /
	    USEC_PER_SEC);
	if (line(l, m, buf, LF_TEXT, COL_TEXT, y) == -1)
		return -1;
	if (line(l, m, both_traced(c) ? "labels: that change, and CPU time "
	    "(cpu) or time waiting for a CPU (wait) that moved by more" :
	    "labels: that change, and CPU time (cpu) that moved by more",
	    LF_TEXT, COL_TEXT, y) == -1)
		return -1;
	snprintf(buf, sizeof(buf), "time: %lld:%02lld",
	    (long long)(secs / 60), (long long)(secs % 60));
	return line(l, m, buf, LF_TEXT, COL_TEXT, y);
}

/* A boot's sub-chart: its label line, then a generic chart's box. */
static int
sub_chart(struct layout *l, struct measure *m, const char *label,
    struct lt_box *box, double *y)
{
	if (line(l, m, label, LF_LABEL, COL_TEXT, y) == -1)
		return -1;
	*box = (struct lt_box){ MARGIN, *y, l->width - 2 * MARGIN, SUB_H };
	*y += SUB_H + SUB_GAP;
	return lt_add_chart(l, box);
}

/* Adds the polylines as the last chart's series; frees them whatever happens. */
static int
add_series(struct layout *l, struct lt_poly *p, const uint32_t *rgb,
    const int *is_line, int n)
{
	int i, rc = 0;

	for (i = 0; i < n; i++)
		if (rc == 0 && lt_add_series(l, &p[i], rgb[i], is_line[i]) == -1)
			rc = -1;
	for (i = 0; i < n; i++)
		free(p[i].pts);
	return rc;
}

/* One boot's two series in a box: filled in p[0], p[1] (painted in that order). */
typedef int (*series_fn)(struct layout *, const struct bootlog *,
    const struct lt_box *, struct lt_poly *p, double scale);

static int
cpu_series(struct layout *l, const struct bootlog *t, const struct lt_box *bx,
    struct lt_poly *p, double scale)
{
	return charts_cpu_in(l, t, bx, &p[1], &p[0]);
}

static int
disk_series(struct layout *l, const struct bootlog *t, const struct lt_box *bx,
    struct lt_poly *p, double scale)
{
	return charts_disk_in(l, t, bx, &p[0], &p[1], scale);
}

/* The old boot's chart above the new one's, each under its label. */
/* The series of one pair of charts: how they are made and drawn. */
struct pair_spec {
	series_fn fn;
	double scale;		/* passed to fn */
	const uint32_t *rgb;	/* of its two series */
	const int *is_line;
};

static int
two_charts(struct layout *l, struct measure *m, const struct cmp_ctx *x,
    char label[2][160], const struct pair_spec *ps, double *y)
{
	const struct bootlog *t[2] = { x->c->old_t, x->c->new_t };
	usec_t zero[2] = { x->c->old_ms->zero_us, x->c->new_ms->zero_us };
	struct lt_poly p[2];
	struct lt_box box;
	int i, rc;

	for (i = 0; i < 2; i++) {
		memset(p, 0, sizeof(p));
		rc = sub_chart(l, m, label[i], &box, y);
		shift_axis(l, zero[i]);
		if (rc == 0)
			rc = ps->fn(l, t[i], &box, p, ps->scale);
		shift_axis(l, -zero[i]);
		if (rc == -1) {
			free(p[0].pts);
			free(p[1].pts);
			return -1;
		}
		if (add_series(l, p, ps->rgb, ps->is_line, 2) == -1)
			return -1;
	}
	return 0;
}

static int
cpu_charts(struct layout *l, struct measure *m, const struct cmp_ctx *x,
    double *y)
{
	static const uint32_t rgb[2] = { COL_IO, COL_CPU };
	static const int is_line[2] = { 0, 0 };
	char label[2][160] = { "old", "new" };

	if (chrome_legend(l, m, LEG_CPU, y) == -1)
		return -1;
	return two_charts(l, m, x, label, &(struct pair_spec){ cpu_series, 0,
	    rgb, is_line }, y);
}

/* "old: peak 37 MB/s, read 110 MB, written 1.3 MB" (MiB/s and MB as the boot chart's). */
static void
disk_label(const char *who, const struct bootlog *t, double peak, char *buf,
    size_t len)
{
	double rd, wr;

	bootlog_disk_bytes(t, &rd, &wr);
	snprintf(buf, len, peak >= 10 * MIB ? "%s: peak %.0f MB/s, read %.*f "
	    "MB, written %.*f MB" : "%s: peak %.1f MB/s, read %.*f MB, "
	    "written %.*f MB", who, peak / MIB, rd >= 10e6 ? 0 : 1, rd / 1e6,
	    wr >= 10e6 ? 0 : 1, wr / 1e6);
}

/* Both throughputs on one scale, the higher peak, so the heights compare. */
static int
disk_charts(struct layout *l, struct measure *m, const struct cmp_ctx *x,
    double *y)
{
	static const uint32_t rgb[2] = { COL_IO, COL_TPUT };
	static const int is_line[2] = { 0, 1 };
	double old_peak, new_peak, px;
	char label[2][160];

	if (chrome_legend(l, m, LEG_DISK, y) == -1)
		return -1;
	shift_axis(l, x->c->old_ms->zero_us);
	old_peak = charts_disk_peak(l, x->c->old_t, &px);
	shift_axis(l, x->c->new_ms->zero_us - x->c->old_ms->zero_us);
	new_peak = charts_disk_peak(l, x->c->new_t, &px);
	shift_axis(l, -x->c->new_ms->zero_us);
	disk_label("old", x->c->old_t, old_peak, label[0], sizeof(label[0]));
	disk_label("new", x->c->new_t, new_peak, label[1], sizeof(label[1]));
	return two_charts(l, m, x, label, &(struct pair_spec){ disk_series,
	    fmax(old_peak, new_peak), rgb, is_line }, y);
}

/* What changed in a pair, as its new bar's colour. */
static uint32_t
pair_colour(const struct cmp_pair *p, usec_t thr)
{
	usec_t ds, dd;

	if (p->old == NULL)
		return COL_CMP_ADDED;
	if (p->new == NULL)
		return 0;
	ds = cmp_start_delta(p);
	dd = cmp_duration_delta(p);
	if (ds > thr || dd > thr)
		return COL_CMP_WORSE;
	if (ds < -thr || dd < -thr)
		return COL_CMP_BETTER;
	return COL_CMP_NEW;
}

/* The pair's metric new - old, when both reports know it; else 0. */
static usec_t
metric_delta(const struct cmp_chart *c, const struct cmp_pair *p,
    enum cmp_metric m)
{
	usec_t d;

	if (c->old_r == NULL || c->new_r == NULL ||
	    !cmp_pair_metric_delta(c->old_r, c->new_r, p, m, &d))
		return 0;
	return d;
}

/* ", " before every part but the first, then the part. */
static void
add_part(char *part, size_t cap, const char *what, usec_t d)
{
	size_t k = strlen(part);

	snprintf(part + k, cap - k, "%s%s %+.2fs", k > 0 ? ", " : "", what,
	    (double)d / USEC_PER_SEC);
}

/*
 * "name", "name (start +2.00s, dur +1.50s, cpu +2.19s, wait +0.40s)",
 * "name (new)", "name (gone)"; in a readable profile the command line
 * stands for the name, as on its own chart (eight "cc" rows say
 * nothing).  CPU time is said beside wall time: on a shared machine it
 * moves only when the work does; with both logs traced, the time
 * runnable (waiting for a CPU) too: how much of a change was the
 * machine's.
 */
static char *
pair_label(const struct cmp_chart *c, const struct cmp_pair *p,
    const struct proctree *tree)
{
	const struct pnode *n = p->new != NULL ? p->new : p->old;
	const char *name = proctree_label(tree, 0, n->name, n->proc->cmdline);
	char buf[512], part[128];
	usec_t d[4], thr = c->threshold_us;
	static const char *const what[4] = { "start", "dur", "cpu", "wait" };
	size_t k, i;

	k = (size_t)snprintf(buf, sizeof(buf), "%.400s", name);
	if (p->old == NULL || p->new == NULL) {
		snprintf(buf + k, sizeof(buf) - k, p->old == NULL ? " (new)" :
		    " (gone)");
		return text_clean(buf, 1);
	}
	d[0] = cmp_start_delta(p);
	d[1] = cmp_duration_delta(p);
	d[2] = metric_delta(c, p, CMP_CPU);
	d[3] = metric_delta(c, p, CMP_RUNNABLE);
	part[0] = '\0';
	for (i = 0; i < 4; i++)
		if (d[i] > thr || d[i] < -thr)
			add_part(part, sizeof(part), what[i], d[i]);
	if (part[0] != '\0')
		snprintf(buf + k, sizeof(buf) - k, " (%s)", part);
	return text_clean(buf, 1);
}

/* A highlight's colour, darker, for text on white. */
static uint32_t
label_rgb(uint32_t rgb)
{
	return ((rgb >> 16 & 0xff) * 3 / 4) << 16 | ((rgb >> 8 & 0xff) * 3 / 4)
	    << 8 | (rgb & 0xff) * 3 / 4;
}

/* A bar of one log inside the row's box (start from its zero): top half old, bottom half new. */
static int
bar(struct layout *l, struct lt_row *row, const struct pnode *p,
    usec_t start, int lower, uint32_t rgb)
{
	usec_t a = start, b = a + (p->duration_us > 0 ? p->duration_us : 0);
	struct lt_rect *c;

	if (!lt_clip_span(l, &a, &b))
		b = a;
	if (grow_array((void **)&l->cells, &l->cells_cap, l->ncells,
	    sizeof(*l->cells)) == -1)
		return -1;
	c = &l->cells[l->ncells++];
	c->box.x = layout_x(l, a);
	c->box.w = fmax(layout_x(l, b) - c->box.x, 1);
	c->box.h = floor(row->box.h / 2) - 1;
	c->box.y = lower ? row->box.y + row->box.h - 1 - c->box.h :
	    row->box.y + 1;
	c->rgb = rgb;
	c->role = LR_CELL;
	row->ncells++;
	return 0;
}

static void
span_union(const struct pnode *p, usec_t start, usec_t *a, usec_t *b)
{
	usec_t end = start + (p->duration_us > 0 ? p->duration_us : 0);

	if (start < *a)
		*a = start;
	if (end > *b)
		*b = end;
}

static int
pair_row(struct layout *l, struct measure *m, const struct cmp_chart *c,
    size_t i)
{
	const struct cmp_pair *p = &c->match->pairs[i];
	const struct pnode *o = p->old, *n = p->new;
	usec_t a, b;
	uint32_t rgb = pair_colour(p, c->threshold_us);
	struct lt_row *row;
	char *s;

	if (grow_array((void **)&l->rows, &l->rows_cap, l->nrows,
	    sizeof(*l->rows)) == -1)
		return -1;
	row = &l->rows[l->nrows++];
	memset(row, 0, sizeof(*row));
	row->node = n != NULL ? n : o;
	row->last_child = row->parent_row = row->text = SIZE_MAX;
	/* Over both spans: the box shows how far the two bars reach. */
	a = INT64_MAX;
	b = INT64_MIN;
	if (o != NULL)
		span_union(o, p->old_start_us, &a, &b);
	if (n != NULL)
		span_union(n, p->new_start_us, &a, &b);
	if (!lt_clip_span(l, &a, &b))
		b = a;
	row->box.x = layout_x(l, a);
	row->box.w = fmax(layout_x(l, b) - row->box.x, 1);
	row->box.y = l->proc_box.y + (double)(l->nrows - 1) * ROW_H + 1.5;
	row->box.h = ROW_H - 3;
	row->cell0 = l->ncells;
	if ((o != NULL && bar(l, row, o, p->old_start_us, 0, COL_CMP_OLD) ==
	    -1) || (n != NULL && bar(l, row, n, p->new_start_us, 1, rgb) == -1))
		return -1;
	if (p->parent != CMP_NONE)
		rows_link(l, l->nrows - 1, p->parent);
	if ((s = pair_label(c, p, n != NULL ? c->new_tree : c->old_tree)) ==
	    NULL)
		return -1;
	/* Beside the box: inside, text would sit on the bars. */
	return rows_put_label(l, m, &l->rows[l->nrows - 1], s,
	    rgb == COL_CMP_NEW || rgb == 0 ? COL_TEXT : label_rgb(rgb), 1);
}

static const struct legend_item pair_leg[] = {
	{ "old", COL_CMP_OLD, LR_SWATCH }, { "new", COL_CMP_NEW, LR_SWATCH },
	{ "later or longer", COL_CMP_WORSE, LR_SWATCH },
	{ "earlier or shorter", COL_CMP_BETTER, LR_SWATCH },
	{ "only in new", COL_CMP_ADDED, LR_SWATCH }, { NULL, 0, 0 }
};

static int
build(struct layout *l, struct measure *m, void *arg, struct diag *d)
{
	const struct cmp_ctx *x = arg;
	double y = MARGIN;
	size_t i;

	cmp_span(l, x->c);
	l->labels_beside = 1;
	if (lt_scale(l, x->o, d) == -1)
		return -1;
	if (lt_check_rows(l, x->c->match->npairs, x->o,
	    x->o->format == FMT_PNG ? NULL : "try -f png", d) != 0)
		return -1;
	if (header(l, m, x, &y) == -1)
		return -1;
	y += GAP;
	if (cpu_charts(l, m, x, &y) == -1)
		return -1;
	y += GAP;
	if (disk_charts(l, m, x, &y) == -1)
		return -1;
	y += GAP;
	if (chrome_legend_items(l, m, pair_leg, &y) == -1 ||
	    chrome_time_axis(l, m, y) == -1)
		return -1;
	y = ceil(y + m->height[LF_LABEL] + 2);
	l->proc_box = (struct lt_box){ MARGIN, y, l->width - 2 * MARGIN,
	    ROW_H };
	l->nchrome_texts = l->ntexts;
	for (i = 0; i < x->c->match->npairs; i++)
		if (pair_row(l, m, x->c, i) == -1)
			return -1;
	if (l->nrows > 0)
		l->proc_box.h = (double)l->nrows * ROW_H;
	l->height = (int)ceil(y + l->proc_box.h + MARGIN);
	return 0;
}

int
layout_compare(struct layout *l, const struct cmp_chart *c,
    const struct chart_opts *o, struct diag *d)
{
	struct cmp_ctx x = { c, o };

	return lt_run(l, build, &x, d);
}
