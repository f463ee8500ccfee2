/* layout_parts.h: what the parts of the layout share: sizes, adders, and each part's entry (not for outside layout*.c). */
#ifndef BC_LAYOUT_PARTS_H
#define BC_LAYOUT_PARTS_H

#include <stddef.h>
#include <stdint.h>

#include "measure.h"

/* Only pointers to these pass through here. */
struct chart_opts;
struct diag;
struct layout;
struct lt_box;
struct lt_poly;
struct lt_row;
struct milestones;
struct pnode;
struct proctree;
struct bootlog;

/*
 * What one chart's parts read: the layout being made, the text measure,
 * the boot (its log, tree and milestones) and the options.  The parts
 * take it instead of a list of these.
 */
struct lt_ctx {
	struct layout *l;
	struct measure *m;
	const struct bootlog *t;
	const struct proctree *tree;
	const struct milestones *ms;
	const struct chart_opts *o;
	struct diag *d;
	const struct exact *x;		/* the trace's model (have 0: none) */
	const struct crit_path *crit;	/* the critical path (have 0: none) */
};

#define MARGIN		10.0
#define LEGEND_GAP	4.0
#define SWATCH		10.0	/* a legend's colour square, px */
#define ROW_H		16.0
#define GAP		10.0	/* between the charts */
#define CHART_H		60.0	/* a chart's box */

/*
 * Adds text at (x, top of line y); takes ownership of s (clean UTF-8).
 * Returns its index, or SIZE_MAX on no memory.
 */
size_t lt_add_text(struct layout *, struct measure *, char *s, double x,
    double y, int font, uint32_t rgb);
/*
 * Sets text ti's role (enum lt_role) and anchor (enum lt_anchor); every
 * text gets one.  SIZE_MAX passes through.  Returns ti.
 */
size_t lt_tag(struct layout *, size_t ti, int role, int anchor);
/* Cleans raw text, fits it to maxw and adds it; SIZE_MAX on no memory. */
size_t lt_add_raw(struct layout *, struct measure *, const char *raw,
    double x, double y, double maxw, int font, uint32_t rgb);
/* A legend's swatch (role LR_SWATCH, LR_SWATCH_LINE or LR_SWATCH_HATCH). */
int lt_add_swatch(struct layout *, const struct lt_box *, uint32_t rgb,
    int role);
/* A shape of the plot (struct lt_shape); its index, or SIZE_MAX. */
size_t lt_add_shape(struct layout *, const struct lt_box *, uint32_t rgb,
    int role, int draw);
/* Narrower than this (px), steps and points of a chart line are merged. */
#define LT_MIN_STEP	1.0
/*
 * Appends a point to a line; points closer than LT_MIN_STEP are merged
 * into their mean.
 */
int lt_add_pt(struct lt_poly *, double x, double y);
/* Starts a generic chart (struct lt_chart) in the box; 0 or -1. */
int lt_add_chart(struct layout *, const struct lt_box *);
/*
 * Adds a series to the last chart started, taking the polyline's points
 * (p is left empty, also on failure); 0 or -1.
 */
int lt_add_series(struct layout *, struct lt_poly *p, uint32_t rgb,
    int line);
/*
 * Appends a horizontal step [xa, xb] at height y, extending the last
 * step instead when it is at the same height (long flat runs stay small);
 * steps narrower than LT_MIN_STEP are merged at their mean height.
 */
int lt_add_step(struct lt_poly *, double xa, double xb, double y);
/* Whether a box would come within 4 px of a text from index `from` on. */
int lt_clashes(const struct layout *, size_t from, double x, double y,
    double w, double h);
/*
 * A band of label rows h high from y, where labels must clear every
 * text from index `from` on (those of the band included); rows is how
 * many it uses so far.
 */
struct lt_band {
	size_t from;
	double y, h;
	int rows;
};
/*
 * The first row (from 0) of the band where a label at x, w is clear;
 * -1 when the first max_rows are all taken.
 */
int lt_band_row(const struct layout *, const struct lt_band *, double x,
    double w, int max_rows);
/*
 * The width and the scale for the span l->t0_us..t1_us (made at least
 * 1 ms long): --width, else 25 px/s within 800..32000 px.  0, or -1
 * with d set (a width out of range).
 */
int lt_scale(struct layout *, const struct chart_opts *, struct diag *);
/*
 * n rows against the cap of o's format (caps.h), and l->max_cells set
 * to its cells' cap; hint (or NULL) ends the message.  0, or -1 with d
 * set.
 */
int lt_check_rows(struct layout *, size_t n, const struct chart_opts *,
    const char *hint, struct diag *);
/*
 * Lays out with fn(l, m, arg, d) between opening and closing the text
 * measurement; on failure frees what fn placed and makes sure d says
 * why.  0 or -1.
 */
typedef int (*lt_build_fn)(struct layout *, struct measure *, void *,
    struct diag *);
int lt_run(struct layout *, lt_build_fn, void *arg, struct diag *);
/* Clips the interval [a, b] to the drawn span; 0 when nothing is left. */
int lt_clip_span(const struct layout *, usec_t *a, usec_t *b);
double lt_clamp01(double);
/* Whether the node is alive at some time of the drawn span. */
int lt_visible(const struct layout *, const struct pnode *);

/* The chart's chrome: header, legends, time axis, annotation marks. */
enum lt_legend { LEG_CPU, LEG_DISK, LEG_PROC };
struct legend_item {
	const char *text;	/* NULL ends a list */
	uint32_t rgb;
	int role;		/* its swatch: LR_SWATCH, LR_SWATCH_LINE, LR_SWATCH_HATCH */
};
int chrome_header(const struct lt_ctx *, double *y);
/*
 * The notes of the trace, a line each when they apply: the log's trace.dat
 * left out, bootchartd's cut, the caps the trace reached.
 */
int chrome_cut_note(struct layout *, struct measure *, double *y);
int chrome_legend(struct layout *, struct measure *, enum lt_legend,
    double *y);
/* One legend row of the items at y; advances y past it. */
int chrome_legend_items(struct layout *, struct measure *,
    const struct legend_item *, double *y);
int chrome_time_axis(struct layout *, struct measure *, double y);
/*
 * Places the marks (switch_root, then --annotate) at y; *band_h is the
 * height their labels take.
 */
int chrome_marks(const struct lt_ctx *, double y, double *band_h);

/*
 * The kernel lane and the span before logging (layout_kernel.c).  A
 * boot log drawn from the kernel's start (milestones.h: from_boot) has
 * l->unlogged_us set to where logging began; otherwise it is INT64_MIN
 * and nothing is hatched.
 */
void kernel_unlogged(struct layout *, const struct milestones *);
/* The lane at *y, when the log has kernel events; advances *y past it. */
int kernel_lane(const struct lt_ctx *, double *y);
/*
 * Under the lane, the kernel's function_graph calls as a flame chart
 * (layout_flame.c), when the trace has them; advances *y past it.
 */
int kernel_flame(const struct lt_ctx *, double *y);
/* The hatched span over the CPU and disk charts, labelled where it fits. */
int unlogged_charts(struct layout *, struct measure *);
/* The hatched span over the process rows, once they are placed. */
int unlogged_rows(struct layout *);

/* The CPU and disk charts in l->cpu_box and l->disk_box. */
int charts_cpu(struct layout *, const struct bootlog *);
/* The CPU chart's two areas' tops in any box. */
/* A profile's command's share of the CPU, a line over the CPU chart. */
int charts_cpu_cmd(struct layout *, const struct bootlog *,
    const struct proctree *);
int charts_cpu_in(struct layout *, const struct bootlog *,
    const struct lt_box *, struct lt_poly *busy, struct lt_poly *io);
/* The highest disk throughput drawn, in B/s, and its x (left as is when 0). */
double charts_disk_peak(const struct layout *, const struct bootlog *,
    double *peak_x);
/* The disk chart's utilization area and throughput line (scaled to scale B/s) in any box. */
int charts_disk_in(struct layout *, const struct bootlog *,
    const struct lt_box *, struct lt_poly *util, struct lt_poly *tput,
    double scale);
/* legend0: the first text of the disk chart's legend (the peak label avoids it). */
int charts_disk(const struct lt_ctx *, size_t legend0);
/*
 * The memory chart at *y (legend, then the box), when the log has
 * meminfo samples; advances *y past it.
 */
int charts_mem(const struct lt_ctx *, double *y);
/*
 * --per-cpu (layout_cpus.c): a strip per CPU from the trace at *y, the
 * tasks it ran; advances *y past them.
 */
int charts_per_cpu(const struct lt_ctx *, double *y);

/*
 * Places a row's label (s, owned) centred in its box (unless beside),
 * else right of it, else left, cut with "..." to the widest place when
 * none fits.
 */
int rows_put_label(struct layout *, struct measure *, struct lt_row *,
    char *s, uint32_t rgb, int beside);
/*
 * The dotted line from row parent to row rowi; the verticals of one
 * parent's children overlap, so only its last child's is drawn.
 */
void rows_link(struct layout *, size_t rowi, size_t parent);

/* One row per visible node from l->proc_box.y down: box, cells, label, parent line. */
int rows_place(const struct lt_ctx *);
/*
 * The critical path's segments by the log's process (layout_crit.c):
 * each row gets a thin bar under the spans its process, or one folded
 * into its node, was on the path.
 */
#define CRIT_H		3.0	/* the bar's height, at the row's bottom */
struct crit_index {
	const struct crit_seg **by_proc;	/* those with a process, by it then time */
	size_t n;
	const struct crit_seg **row;	/* crit_row's: one row's, in time order */
	size_t nrow, row_cap;
};
int crit_index_make(struct crit_index *, const struct crit_path *);
void crit_index_free(struct crit_index *);
/* The segments of node p's row into ci->row; 0, or -1 on no memory. */
int crit_row(struct crit_index *, const struct pnode *p);
/*
 * The next bar of crit_row's segments from *it (0 at first): 1 and
 * [*xa, *xb) within the row, or 0 when there is no more.
 */
int crit_bar(const struct layout *, const struct lt_row *,
    const struct crit_index *, size_t *it, double *xa, double *xb);
/*
 * *us: the path's time within the chart's span in processes no row
 * draws (a profile leaves out the logger and the rest of the machine;
 * the tree prunes none of the path's), which the legend says.  0, or
 * -1 on no memory.
 */
int crit_undrawn(const struct layout *, const struct proctree *,
    const struct crit_path *, usec_t *us);

#endif
