/* layout_charts.c: the stacked CPU chart and the disk chart, as polylines in their boxes. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdshare.h"
#include "layout.h"
#include "layout_parts.h"

#define MIB		1048576.0
#define TOTALS_GAP	8.0	/* between the peak and the totals */

/* Samples of every kind start with their time stamp. */
_Static_assert(offsetof(struct cpu_sample, time_us) == 0 &&
    offsetof(struct disk_sample, time_us) == 0 &&
    offsetof(struct mem_sample, time_us) == 0, "samples start alike");

static usec_t
time_of(const void *v, size_t size, size_t i)
{
	return *(const usec_t *)(const void *)((const char *)v + i * size);
}

/*
 * The drawn part [*a, *b] of the interval that sample i of the n in v
 * (each size bytes) covers, from the time stamps before it, its own and
 * after it; 0 when none is drawn.
 */
static int
sample_span(const struct layout *l, const void *v, size_t size, size_t i,
    size_t n, usec_t *a, usec_t *b)
{
	usec_t t = time_of(v, size, i);

	*b = t;
	if (i > 0)
		*a = time_of(v, size, i - 1);
	else
		*a = n > 1 ? t - (time_of(v, size, 1) - t) :
		    t - 200 * USEC_PER_MS;
	return lt_clip_span(l, a, b);
}

/*
 * Interval [a, b) from the trace's busy bins (exact mode), io stacked on
 * them; 0 when the bins do not cover it all, 1 when drawn, -1 on no
 * memory.
 */
static int
busy_steps(struct layout *l, const struct busy_series *bs,
    const struct lt_box *bx, struct lt_poly *busy_p, struct lt_poly *io_p,
    usec_t a, usec_t b, double io)
{
	usec_t x0, x1;
	double busy;
	size_t i;

	if (!busy_covers(bs, a, b))
		return 0;
	for (i = busy_first(bs, a); busy_part(bs, i, a, b, &x0, &x1); i++) {
		busy = lt_clamp01(bs->v[i]);
		if (lt_add_step(busy_p, layout_x(l, x0), layout_x(l, x1),
		    bx->y + bx->h * (1 - busy)) == -1 ||
		    lt_add_step(io_p, layout_x(l, x0), layout_x(l, x1),
		    bx->y + bx->h * (1 - lt_clamp01(busy + io))) == -1)
			return -1;
	}
	return 1;
}

/*
 * Before the first sample: the trace's switches alone, where its bins
 * reach (a boot's kernel and initramfs before logging began); no I/O
 * wait is known there.  0, or -1 on no memory.
 */
static int
busy_before(struct layout *l, const struct bootlog *t,
    const struct lt_box *bx, struct lt_poly *busy_p, struct lt_poly *io_p)
{
	usec_t a, b;

	if (t->busy.n == 0 || !sample_span(l, t->cpu, sizeof(t->cpu[0]), 0,
	    t->ncpu, &a, &b))
		return 0;
	b = a;
	a = t->busy.t0_us;
	if (!lt_clip_span(l, &a, &b) || a >= b)
		return 0;
	return busy_steps(l, &t->busy, bx, busy_p, io_p, a, b, 0.0) < 0 ?
	    -1 : 0;
}

/*
 * No /proc/stat samples (a trace alone): the trace's bins wherever they
 * reach.  0, or -1 on no memory.
 */
static int
busy_alone(struct layout *l, const struct bootlog *t,
    const struct lt_box *bx, struct lt_poly *busy_p, struct lt_poly *io_p)
{
	usec_t a = t->busy.t0_us;
	usec_t b = a + (usec_t)t->busy.n * t->busy.step_us;

	if (t->busy.n == 0 || !lt_clip_span(l, &a, &b) || a >= b)
		return 0;
	return busy_steps(l, &t->busy, bx, busy_p, io_p, a, b, 0.0) < 0 ?
	    -1 : 0;
}

int
charts_cpu_in(struct layout *l, const struct bootlog *t,
    const struct lt_box *bx, struct lt_poly *busy_p, struct lt_poly *io_p)
{
	usec_t a, b;
	double busy, top, io;
	size_t i;
	int rc;

	if (t->ncpu == 0)
		return busy_alone(l, t, bx, busy_p, io_p);
	if (busy_before(l, t, bx, busy_p, io_p) != 0)
		return -1;
	for (i = 0; i < t->ncpu; i++) {
		if (!sample_span(l, t->cpu, sizeof(t->cpu[0]), i, t->ncpu, &a,
		    &b))
			continue;
		io = lt_clamp01(t->cpu[i].io);
		/* The trace's switches where they cover, /proc/stat's else. */
		if ((rc = busy_steps(l, &t->busy, bx, busy_p, io_p, a, b,
		    io)) != 0) {
			if (rc == -1)
				return -1;
			continue;
		}
		busy = lt_clamp01(t->cpu[i].user + t->cpu[i].sys);
		top = lt_clamp01(busy + io);
		if (lt_add_step(busy_p, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - busy)) == -1)
			return -1;
		if (lt_add_step(io_p, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - top)) == -1)
			return -1;
	}
	return 0;
}

int
charts_cpu(struct layout *l, const struct bootlog *t)
{
	return charts_cpu_in(l, t, &l->cpu_box, &l->cpu_busy, &l->cpu_io);
}

int
charts_cpu_cmd(struct layout *l, const struct bootlog *t,
    const struct proctree *tree)
{
	const struct lt_box *bx = &l->cpu_box;
	struct cmdshare cs;
	usec_t a, b;
	size_t i;
	int rc = 0;

	if (!l->has_cmd)
		return 0;
	if (cmdshare_make(&cs, t, tree) != 0)
		return -1;
	for (i = 0; i < cs.n && rc == 0; i++)
		if (sample_span(l, t->cpu, sizeof(t->cpu[0]), i, t->ncpu, &a,
		    &b))
			rc = lt_add_step(&l->cpu_cmd, layout_x(l, a),
			    layout_x(l, b), bx->y + bx->h * (1 - cs.v[i]));
	cmdshare_free(&cs);
	return rc;
}

/* Bytes per second of a sample; garbage (negative, NaN, inf) counts as 0. */
static double
throughput(const struct disk_sample *ds)
{
	double tp = ds->read_bps + ds->write_bps;

	return isfinite(tp) && tp > 0 ? tp : 0;
}

/* "12 MB", "0.4 MB": megabytes (decimal, as --summary counts them). */
static void
mb_text(char *buf, size_t len, double bytes)
{
	snprintf(buf, len, bytes >= 10e6 ? "%.0f MB" : "%.1f MB", bytes / 1e6);
}

/*
 * The peak's label above the chart at the peak, followed by the totals
 * read and written; inside the box's top edge when a legend text is
 * there.
 */
static int
peak_label(struct layout *l, struct measure *m, double peak, double peak_x,
    size_t legend0)
{
	const struct lt_box *bx = &l->disk_box;
	double x, y, wp, w, h = m->height[LF_TEXT];
	char buf[64], rd[32], wr[32], tot[96];

	/* MiB, as the Java chart counts them. */
	/* All-zero counters read "0 MB/s", not "0.0": nothing moved at all. */
	if (peak <= 0)
		snprintf(buf, sizeof(buf), "0 MB/s");
	else
		snprintf(buf, sizeof(buf), peak >= 10 * MIB ? "%.0f MB/s" :
		    "%.1f MB/s", peak / MIB);
	mb_text(rd, sizeof(rd), l->disk_read_bytes);
	mb_text(wr, sizeof(wr), l->disk_write_bytes);
	snprintf(tot, sizeof(tot), "read %s, written %s", rd, wr);
	wp = measure_width(m, LF_TEXT, buf);
	w = wp + TOTALS_GAP + measure_width(m, LF_TEXT, tot);
	x = peak_x - wp / 2;
	if (x > bx->x + bx->w - w)
		x = bx->x + bx->w - w;
	if (x < bx->x)
		x = bx->x;
	/* Like the Java chart, unless a legend text is there. */
	y = bx->y - LEGEND_GAP - h;
	if (lt_clashes(l, legend0, x, y, w, h))
		y = bx->y + 1;
	if (lt_tag(l, lt_add_raw(l, m, buf, x, y, bx->w, LF_TEXT,
	    COL_TPUT), LR_CHART_LABEL, LT_MIDDLE) == SIZE_MAX)
		return -1;
	x += wp + TOTALS_GAP;
	if (x >= bx->x + bx->w)
		return 0;
	return lt_tag(l, lt_add_raw(l, m, tot, x, y, bx->x + bx->w - x,
	    LF_TEXT, COL_TEXT), LR_CHART_LABEL, LT_START) == SIZE_MAX ? -1 : 0;
}

double
charts_disk_peak(const struct layout *l, const struct bootlog *t,
    double *peak_x)
{
	double peak = 0, tp;
	usec_t a, b;
	size_t i;

	for (i = 0; i < t->ndisk; i++) {
		if (!sample_span(l, t->disk, sizeof(t->disk[0]), i, t->ndisk,
		    &a, &b))
			continue;
		tp = throughput(&t->disk[i]);
		if (tp > peak) {
			peak = tp;
			*peak_x = layout_x(l, a + (b - a) / 2);
		}
	}
	return peak;
}

/*
 * Utilization as an area, throughput as a line scaled to `scale`; a
 * scale of 0 (all counters zero) gives a line along the bottom, so a
 * disk that did nothing does not read as a chart that failed.
 */
int
charts_disk_in(struct layout *l, const struct bootlog *t,
    const struct lt_box *bx, struct lt_poly *util, struct lt_poly *tput,
    double scale)
{
	usec_t a, b;
	double tp;
	size_t i;

	for (i = 0; i < t->ndisk; i++) {
		if (!sample_span(l, t->disk, sizeof(t->disk[0]), i, t->ndisk,
		    &a, &b))
			continue;
		tp = scale > 0 ? throughput(&t->disk[i]) / scale : 0;
		if (lt_add_step(util, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - lt_clamp01(t->disk[i].util))) == -1 ||
		    lt_add_pt(tput, layout_x(l, a + (b - a) / 2),
		    bx->y + bx->h * (1 - lt_clamp01(tp))) == -1)
			return -1;
	}
	return 0;
}

/* The disk chart, its peak labelled with the totals beside it. */
int
charts_disk(const struct lt_ctx *c, size_t legend0)
{
	struct layout *l = c->l;
	struct measure *m = c->m;
	const struct bootlog *t = c->t;
	double peak_x = l->disk_box.x;

	bootlog_disk_bytes(t, &l->disk_read_bytes, &l->disk_write_bytes);
	l->disk_peak_bps = charts_disk_peak(l, t, &peak_x);
	if (charts_disk_in(l, t, &l->disk_box, &l->disk_util, &l->disk_tput,
	    l->disk_peak_bps) == -1)
		return -1;
	if (l->disk_util.n == 0)
		return 0;
	return peak_label(l, m, l->disk_peak_bps, peak_x, legend0);
}

/* kB to the chart's y: 0 at the bottom, the scale at the top. */
static double
mem_y(const struct lt_box *bx, double kb, double scale)
{
	return bx->y + bx->h * (1 - lt_clamp01(kb / scale));
}

/* What a meminfo sample holds, in kB, each part at least 0. */
struct mem_parts {
	double used, buffers, cached, swap;
};

static void
mem_parts(const struct mem_sample *s, struct mem_parts *p)
{
	p->buffers = s->buffers > 0 ? (double)s->buffers : 0;
	p->cached = s->cached > 0 ? (double)s->cached : 0;
	p->used = fmax((double)s->total - (double)s->free - p->buffers -
	    p->cached, 0);
	p->swap = fmax((double)s->swap_total - (double)s->swap_free, 0);
}

/* Memory sample i's drawn span and parts; 0 when none of it is drawn. */
static int
mem_at(const struct layout *l, const struct bootlog *t, size_t i, usec_t *a,
    usec_t *b, struct mem_parts *p)
{
	if (!sample_span(l, t->mem, sizeof(t->mem[0]), i, t->nmem, a, b))
		return 0;
	mem_parts(&t->mem[i], p);
	return 1;
}

/*
 * The scale: the most memory in use (used + buffers + cached, that is
 * total - free) or swap in use at any drawn sample, so a boot that
 * uses a tenth of a large RAM still fills the chart.
 */
static double
mem_scale(const struct layout *l, const struct bootlog *t)
{
	struct mem_parts p;
	double top = 0;
	usec_t a, b;
	size_t i;

	for (i = 0; i < t->nmem; i++) {
		if (!mem_at(l, t, i, &a, &b, &p))
			continue;
		top = fmax(top, fmax(p.used + p.buffers + p.cached, p.swap));
	}
	return top;
}

/* The stacked areas' tops (cache, buffers, used) and the swap line. */
static int
mem_series(struct layout *l, const struct bootlog *t, struct lt_poly *ps)
{
	const struct lt_box *bx = &l->mem_box;
	double sc = l->mem_scale_kb, xa, xb;
	struct mem_parts p;
	usec_t a, b;
	size_t i;

	for (i = 0; i < t->nmem; i++) {
		if (!mem_at(l, t, i, &a, &b, &p))
			continue;
		xa = layout_x(l, a);
		xb = layout_x(l, b);
		if (lt_add_step(&ps[0], xa, xb, mem_y(bx, p.used + p.buffers +
		    p.cached, sc)) == -1 ||
		    lt_add_step(&ps[1], xa, xb, mem_y(bx, p.used + p.buffers,
		    sc)) == -1 ||
		    lt_add_step(&ps[2], xa, xb, mem_y(bx, p.used, sc)) == -1 ||
		    lt_add_step(&ps[3], xa, xb, mem_y(bx, p.swap, sc)) == -1)
			return -1;
	}
	return 0;
}

int
charts_mem(const struct lt_ctx *c, double *y)
{
	struct layout *l = c->l;
	struct measure *m = c->m;
	const struct bootlog *t = c->t;
	static const uint32_t rgb[4] = { COL_MEM_CACHE, COL_MEM_BUF,
	    COL_MEM_USED, COL_MEM_SWAP };
	struct lt_poly ps[4];
	struct legend_item leg[5] = {
		{ NULL, COL_MEM_USED, LR_SWATCH },
		{ "Buffers", COL_MEM_BUF, LR_SWATCH },
		{ "Cached", COL_MEM_CACHE, LR_SWATCH },
		{ "Swap used", COL_MEM_SWAP, LR_SWATCH_LINE }, { NULL, 0, 0 }
	};
	char buf[64];
	int i, rc = 0;

	if (t->nmem == 0)
		return 0;
	l->mem_scale_kb = mem_scale(l, t);
	if (l->mem_scale_kb <= 0)
		l->mem_scale_kb = 1;
	/* MiB, as the memory's own unit (kB in /proc/meminfo is KiB). */
	snprintf(buf, sizeof(buf), "Memory used (scale: %.0f MB)",
	    l->mem_scale_kb / 1024);
	leg[0].text = buf;
	if (chrome_legend_items(l, m, leg, y) == -1)
		return -1;
	l->mem_box = (struct lt_box){ MARGIN, *y, l->width - 2 * MARGIN,
	    CHART_H };
	*y += CHART_H + GAP;
	memset(ps, 0, sizeof(ps));
	if (mem_series(l, t, ps) == -1 || lt_add_chart(l, &l->mem_box) == -1)
		rc = -1;
	for (i = 0; i < 4; i++)
		if (rc == 0 && lt_add_series(l, &ps[i], rgb[i], i == 3) == -1)
			rc = -1;
	for (i = 0; i < 4; i++)
		free(ps[i].pts);
	return rc;
}
