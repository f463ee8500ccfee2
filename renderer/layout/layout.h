/* layout.h: every box, line and text of the chart, placed before anything is painted. */
#ifndef BC_LAYOUT_H
#define BC_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "chartopts.h"
#include "measure.h"
#include "milestones.h"
#include "proctree.h"
#include "boot.h"
#include "bootlog.h"

/* Colours, 0xRRGGBB; cells are pre-blended so they paint opaque. */
enum {
	COL_BG = 0xffffff,
	COL_TEXT = 0x000000,
	COL_BORDER = 0xb4b4b4,
	COL_CPU = 0x668cb3,	/* steel blue: CPU user+sys, running */
	COL_IO = 0xdfbbbb,	/* dusty pink: I/O wait, utilization, D */
	COL_TPUT = 0x33b533,	/* green: disk throughput */
	COL_CMD = 0x1a2f80,	/* deep blue: a profiled command's CPU share */
	COL_PROC = 0xf0f0f0,	/* process box background, sleeping */
	COL_ZOMBIE = 0xa8a8a8,
	COL_WAIT = 0xd9abab,	/* D cells: a little darker than the I/O area */
	COL_STOPPED = 0xf08080,	/* T cells, with --strict (as the Java chart) */
	COL_RUNNABLE = 0xe6b84d,	/* exact rows: waiting for a CPU */
	COL_GRID = 0xebebeb,
	COL_GRID5 = 0xcccccc,
	COL_DEP = 0xbdbdbd,	/* dotted parent -> child lines (DEP_DOT) */
	COL_MARK = 0xc03030,	/* annotations */
	COL_KERNEL = 0xf3e6cc,	/* the kernel lane's span */
	COL_INITCALL = 0xd49a3c,	/* initcalls of 1 ms and more */
	COL_KMARK = 0x7a5418,	/* milestones of the kernel's log */
	COL_HATCH = 0xa8a8a8,	/* the span before logging */
	COL_MEM_USED = 0x9484c4,	/* memory in use by processes */
	COL_MEM_BUF = 0xbcb0dc,	/* buffers */
	COL_MEM_CACHE = 0xdcd6ee,	/* page cache */
	COL_MEM_SWAP = 0xd2802c,	/* swap in use: a line */
	COL_CRIT = 0xc2185b,	/* deep pink: the critical path, a bar under a row */
	/* The flame chart's calls, depth by depth in turn: warm, as the lane. */
	COL_FLAME0 = 0xe8a33d,
	COL_FLAME1 = 0xf2c46d,
	COL_FLAME2 = 0xd9822b
};

/*
 * The dotted parent lines: a dot of DEP_DOT px, a gap of DEP_GAP, from
 * the line's start (paint.c, svg_rows.c; svg.css's .dp says it again).
 */
#define DEP_DOT	1.0
#define DEP_GAP	2.0

/* CPU shading of running cells: level 1..CPU_LEVELS blends box -> blue. */
#define CPU_LEVELS 8

struct lt_box {
	double x, y, w, h;
};

/*
 * Where a text stays when a viewer zooms the time axis (-f html): its
 * start, middle or end keeps its time; LT_FIXED texts do not move.
 */
enum lt_anchor { LT_FIXED, LT_START, LT_MIDDLE, LT_END };

/*
 * What a text or a rectangle is.  The painters read it instead of
 * guessing from geometry or fonts (the title, an axis label, a framed
 * legend square); LR_NONE is a bug the layout tests catch.
 */
enum lt_role {
	LR_NONE,
	LR_TITLE,		/* the header's first line */
	LR_HEADER,		/* the header's other lines */
	LR_LEGEND,		/* a legend's text */
	LR_CHART_LABEL,		/* a chart's own text: the disk peak, totals */
	LR_AXIS,		/* a label of the time axis */
	LR_MARK,		/* a mark's label: switch_root, --annotate */
	LR_LANE,		/* a label of the kernel lane */
	LR_UNLOGGED,		/* "not logged", on a clear ground */
	LR_ROW_LABEL,		/* a process row's label */
	LR_SWATCH,		/* a legend's square, framed */
	LR_SWATCH_LINE,		/* a legend's sample of a line */
	LR_SWATCH_HATCH,	/* the "not logged" legend square: hatched, framed */
	LR_CELL,		/* a sample cell of a process row */
	LR_KERNEL,		/* the kernel lane's span: filled, then framed */
	LR_KBAR,		/* an initcall in the kernel lane */
	LR_KTICK,		/* a milestone's tick in the kernel lane */
	LR_FLAME,		/* a kernel function's call in the lane's flame chart */
	LR_CPURUN,		/* --per-cpu: the tasks a CPU ran, its busy share high */
	LR_HATCH		/* the span before logging, in a chart or the rows */
};

/*
 * How a shape is drawn: its box filled; its box framed by a 1 px line
 * of its colour; a 1 px line from (x, y) to (x + w, y + h), on a pixel
 * centre when vertical; its box hatched (COL_HATCH on a clear ground).
 */
enum lt_draw { LD_FILL, LD_FRAME, LD_LINE, LD_HATCH };

struct lt_text {
	char *s;		/* valid UTF-8, owned */
	struct lt_box box;	/* ink-independent: advance x (ascent + descent) */
	double baseline;
	int font;		/* enum lt_font */
	uint32_t rgb;
	int anchor;		/* enum lt_anchor */
	int role;		/* enum lt_role */
};

struct lt_rect {
	struct lt_box box;
	uint32_t rgb;
	int role;		/* enum lt_role */
};

/*
 * A shape of the plot: painted over the process rows and under the
 * marks, in the order added, and moved with the time axis when a viewer
 * zooms (-f html).  A new panel of the plot is shapes and texts.
 */
struct lt_shape {
	struct lt_box box;
	uint32_t rgb;
	int role;		/* enum lt_role */
	int draw;		/* enum lt_draw */
	char *tip;		/* a tooltip (SVG, HTML), owned; NULL: none */
};

struct lt_pt {
	double x, y;
};

/* A polyline; areas are closed down to the chart's bottom edge. */
struct lt_poly {
	struct lt_pt *pts;
	size_t n, cap;
	size_t fold;		/* points the last one stands for (lt_add_pt) */
	double fold_x0;		/* x of the first of them */
};

struct lt_tick {
	double x;
	int major;		/* labelled (every few seconds) */
};

struct lt_row {
	const struct pnode *node;
	struct lt_box box;	/* start..end of the process */
	size_t cell0, ncells;	/* its cells in layout.cells */
	size_t text;		/* its label in layout.texts */
	int has_dep;		/* dotted line from the parent's row */
	int dep_vert;		/* the parent's last child: draws the vertical */
	double dep_x, dep_y0;	/* vertical at dep_x from dep_y0 to dep_y1 */
	double dep_y1;		/* its middle on a pixel centre: the stub's y */
	size_t last_child;	/* row of its last drawn child, or SIZE_MAX */
	size_t parent_row;	/* row of its nearest drawn ancestor, or SIZE_MAX */
};

/*
 * A series of a generic chart: a polyline, either stroked or filled as
 * an area closed down to the chart's bottom edge.
 */
struct lt_series {
	struct lt_poly poly;
	uint32_t rgb;
	int line;		/* stroked; else an area */
};

/*
 * A chart other than the CPU and disk charts (the memory chart, the
 * compare chart's): its box, framed, and its series in layout.series,
 * painted in order, clipped to the box.
 */
struct lt_chart {
	struct lt_box box;
	size_t series0, nseries;
};

struct lt_mark {
	double x;		/* vertical line over all charts */
	size_t text;
};

struct layout {
	int width, height;
	usec_t t0_us, t1_us;	/* time span drawn */
	usec_t origin_us;	/* the axis's 0: t0, or before it with --window */
	double x0;		/* x of t0 */
	double px_per_ms;	/* the scale: pixels per millisecond */
	double row_h;

	struct lt_box cpu_box, disk_box, proc_box;
	struct lt_poly cpu_busy, cpu_io;	/* tops of the stacked areas */
	struct lt_poly cpu_cmd;	/* a profile's command's share, a line */
	int has_cmd;		/* a profile with its command: cpu_cmd, legend */
	int cpu_exact;		/* the CPU area from the trace's switches */
	struct lt_poly disk_util, disk_tput;
	double disk_peak_bps;
	double disk_read_bytes, disk_write_bytes;	/* over the whole log */
	struct lt_box mem_box;	/* the memory chart's; h == 0 without meminfo */
	double mem_scale_kb;	/* the memory chart's top */

	struct lt_chart *charts;	/* generic charts: memory, compare */
	size_t ncharts, charts_cap;
	struct lt_series *series;
	size_t nseries, series_cap;

	struct lt_text *texts;	/* the chrome's, then each row's label in row order */
	size_t ntexts, texts_cap;
	size_t nchrome_texts;	/* texts before the first row's label */
	struct lt_rect *swatches;	/* legend squares and the line swatch */
	size_t nswatches, swatches_cap;
	struct lt_tick *ticks;
	size_t nticks, ticks_cap;
	double axis_y;		/* top of the time axis' labels */
	struct lt_row *rows;
	size_t nrows, rows_cap;
	struct lt_rect *cells;
	size_t ncells, cells_cap;
	struct lt_mark *marks;
	size_t nmarks, marks_cap;
	size_t max_cells;	/* the cap for this format (caps.h) */

	struct lt_shape *shapes;	/* the kernel lane, the span before logging */
	size_t nshapes, shapes_cap;
	usec_t unlogged_us;	/* logging began here: before it is hatched */
	/* The trace's switches from here (its busy bins): the CPU chart
	 * and the rows are hatched only before it.  INT64_MAX: none. */
	usec_t traced_us;
	int exact_rows;		/* some row is drawn from the trace's states */
	int crit_rows;		/* rows carry the critical path's bar (layout_crit.c) */
	usec_t crit_undrawn_us;	/* of the path, in processes without a row */
	unsigned trace_cuts;	/* the caps the trace reached (tboot.h), noted */
	const char *rec_cut;	/* bootchartd cut the trace short: why (exact_cut), or NULL */
	uint64_t rec_lost, rec_lost_pages;	/* the kernel lost events (exact_lost) */
	usec_t rec_cut_us;	/* where: the model's whole_ns */
	int rec_scope;		/* the trace is a command's alone: its pid (exact_scope_pid); 0 */
	const char *trace_dropped;	/* the log's trace.dat did not read: why, or NULL */
	int trace_alone;	/* a trace.dat alone: no samples (noted) */
	int disk_traced;	/* the disk chart is the trace's block events' (noted) */
	/* Rows' labels stay beside their boxes zoomed (-f html): inside they would sit on the compare chart's bars. */
	int labels_beside;
};

/*
 * Places everything.  Measures text with cairo's toy font API (DejaVu
 * Sans through fontconfig).  0, or -1 with diag set.
 */
int layout_make(struct layout *, const struct boot *,
    const struct chart_opts *, struct diag *);
void layout_free(struct layout *);

/* x of a time (not clamped). */
double layout_x(const struct layout *, usec_t);

#endif
