/* layout_charts.c: the stacked CPU chart and the disk chart, as polylines in their boxes. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "layout.h"
#include "layout_parts.h"

#define MIB		1048576.0

/*
 * The drawn part [*a, *b] of the interval that sample i of n covers, from
 * the time stamps before it, its own and after it; 0 when none is drawn.
 */
static int
sample_span(const struct layout *l, int64_t prev, int64_t t, int64_t next,
    size_t i, size_t n, int64_t *a, int64_t *b)
{
	*b = t;
	if (i > 0)
		*a = prev;
	else
		*a = n > 1 ? t - (next - t) : t - 200;
	return lt_clip_span(l, a, b);
}

static int
disk_span(const struct layout *l, const struct trace *t, size_t i,
    int64_t *a, int64_t *b)
{
	return sample_span(l, i ? t->disk[i - 1].time_ms : 0,
	    t->disk[i].time_ms, i + 1 < t->ndisk ? t->disk[i + 1].time_ms : 0,
	    i, t->ndisk, a, b);
}

int
charts_cpu(struct layout *l, const struct trace *t)
{
	const struct lt_box *bx = &l->cpu_box;
	int64_t a, b;
	double busy, top;
	size_t i;

	for (i = 0; i < t->ncpu; i++) {
		if (!sample_span(l, i ? t->cpu[i - 1].time_ms : 0,
		    t->cpu[i].time_ms, i + 1 < t->ncpu ?
		    t->cpu[i + 1].time_ms : 0, i, t->ncpu, &a, &b))
			continue;
		busy = lt_clamp01(t->cpu[i].user + t->cpu[i].sys);
		top = lt_clamp01(busy + lt_clamp01(t->cpu[i].io));
		if (lt_add_step(&l->cpu_busy, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - busy)) == -1)
			return -1;
		if (lt_add_step(&l->cpu_io, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - top)) == -1)
			return -1;
	}
	return 0;
}

/* Bytes per second of a sample; garbage (negative, NaN, inf) counts as 0. */
static double
throughput(const struct disk_sample *ds)
{
	double tp = ds->read_bps + ds->write_bps;

	return isfinite(tp) && tp > 0 ? tp : 0;
}

/* The peak's label above the chart at the peak, or inside its top edge. */
static int
peak_label(struct layout *l, struct measure *m, double peak, double peak_x,
    size_t legend0)
{
	const struct lt_box *bx = &l->disk_box;
	double x, y, w;
	char buf[64];

	/* MiB, as the Java chart counts them. */
	snprintf(buf, sizeof(buf), peak >= 10 * MIB ? "%.0f MB/s" :
	    "%.1f MB/s", peak / MIB);
	w = measure_width(m, LF_TEXT, buf);
	x = peak_x - w / 2;
	if (x > bx->x + bx->w - w)
		x = bx->x + bx->w - w;
	if (x < bx->x)
		x = bx->x;
	/* Like the Java chart, unless a legend text is there. */
	y = bx->y - LEGEND_GAP - m->height[LF_TEXT];
	if (lt_clashes(l, legend0, x, y, w, m->height[LF_TEXT]))
		y = bx->y + 1;
	return lt_anchor(l, lt_add_raw(l, m, buf, x, y, bx->w, LF_TEXT,
	    COL_TPUT), LT_MIDDLE) == SIZE_MAX ? -1 : 0;
}

int
charts_disk(struct layout *l, struct measure *m, const struct trace *t,
    size_t legend0)
{
	const struct lt_box *bx = &l->disk_box;
	double peak = 0, peak_x = bx->x, tp;
	int64_t a, b;
	size_t i;

	for (i = 0; i < t->ndisk; i++) {
		if (!disk_span(l, t, i, &a, &b))
			continue;
		tp = throughput(&t->disk[i]);
		if (tp > peak) {
			peak = tp;
			peak_x = layout_x(l, a + (b - a) / 2);
		}
		if (lt_add_step(&l->disk_util, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - lt_clamp01(t->disk[i].util))) == -1)
			return -1;
	}
	l->disk_peak_bps = peak;
	if (peak <= 0)
		return 0;
	/* Second pass: the throughput line scaled to the peak. */
	for (i = 0; i < t->ndisk; i++) {
		if (!disk_span(l, t, i, &a, &b))
			continue;
		tp = throughput(&t->disk[i]);
		if (lt_add_pt(&l->disk_tput, layout_x(l, a + (b - a) / 2),
		    bx->y + bx->h * (1 - tp / peak)) == -1)
			return -1;
	}
	return peak_label(l, m, peak, peak_x, legend0);
}
