/* layout_chrome.c: the chart's chrome: header lines, legends, the time axis and annotation marks. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "layout.h"
#include "layout_parts.h"
#include "logfiles.h"
#include "pidstat.h"
#include "textclean.h"
#include "title.h"


/*
 * The logger stores every "model name : X" line of /proc/cpuinfo and the
 * CPU count in parentheses at the end: show the first model and the count.
 */
static void
cpu_text(const char *v, char *buf, size_t len)
{
	const char *colon, *next, *count = NULL, *end = v + strlen(v);
	size_t n;

	if (strncmp(v, "model name", 10) == 0 &&
	    (colon = strchr(v, ':')) != NULL)
		v = colon + 1 + strspn(colon + 1, " \t");
	n = strcspn(v, "\n");
	if ((next = strstr(v, "model name")) != NULL && (size_t)(next - v) < n)
		n = (size_t)(next - v);
	while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	if (end > v + n && end[-1] == ')' && (count = strrchr(v + n, '(')) !=
	    NULL && strspn(count + 1, "0123456789") == (size_t)(end - count - 2)
	    && end - count > 2)
		snprintf(buf, len, "CPU: %.*s %s", (int)n, v, count);
	else
		snprintf(buf, len, "CPU: %.*s", (int)n, v);
}

/*
 * Header lines as the Java chart had them: a log of one command shows
 * "application: CMD" where a boot shows its kernel options.
 */
/* A line of the header under the title. */
static int
header_line(struct layout *l, struct measure *m, const char *s, double y)
{
	return lt_tag(l, lt_add_raw(l, m, s, MARGIN, y, l->width - 2 * MARGIN,
	    LF_TEXT, COL_TEXT), LR_HEADER, LT_FIXED) == SIZE_MAX ? -1 : 0;
}

/*
 * A trace alone: which clock its times are on, since no log's uptime
 * vouches for them (docs/trace.md, "A trace.dat alone").
 */
static int
time_base_line(const struct lt_ctx *c, double *y)
{
	const char *s = exact_clock_said(c->x, c->t);
	char buf[128];

	if (s == NULL)
		return 0;
	snprintf(buf, sizeof(buf), "time: %s", s);
	if (header_line(c->l, c->m, buf, *y) == -1)
		return -1;
	*y += c->m->height[LF_TEXT];
	return 0;
}

int
chrome_header(const struct lt_ctx *c, double *y)
{
	struct layout *l = c->l;
	struct measure *m = c->m;
	const struct bootlog *t = c->t;
	const struct proctree *tree = c->tree;
	const struct milestones *ms = c->ms;
	const struct chart_opts *o = c->o;
	static const char *const keys[] = { HDR_UNAME, HDR_RELEASE, HDR_MODEL,
	    HDR_CPU, HDR_KOPTS };
	static const char *const labels[] = { "uname", "release", "machine",
	    "CPU", "kernel options" };
	double maxw = l->width - 2 * MARGIN;
	const char *v, *label;
	char buf[2048];
	usec_t secs;
	size_t i;

	log_title(t, tree, o->title, buf, sizeof(buf));
	if (lt_tag(l, lt_add_raw(l, m, buf, MARGIN, *y, maxw, LF_TITLE,
	    COL_TEXT), LR_TITLE, LT_FIXED) == SIZE_MAX)
		return -1;
	*y += m->height[LF_TITLE];
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		v = bootlog_header(t, keys[i]);
		label = labels[i];
		if (strcmp(keys[i], HDR_KOPTS) == 0 && tree->profile != NULL) {
			v = tree->profile;
			label = "application";
		}
		if (v == NULL)
			continue;
		if (strcmp(keys[i], HDR_CPU) == 0)
			cpu_text(v, buf, sizeof(buf));
		else
			snprintf(buf, sizeof(buf), "%s: %.*s", label,
			    (int)strcspn(v, "\n"), v);
		if (header_line(l, m, buf, *y) == -1)
			return -1;
		*y += m->height[LF_TEXT];
	}
	if (ms->log_start_logged) {
		snprintf(buf, sizeof(buf), "logging from %.2f s (uptime)",
		    (double)ms->log_start_us / USEC_PER_SEC);
		if (header_line(l, m, buf, *y) == -1)
			return -1;
		*y += m->height[LF_TEXT];
	}
	secs = (l->t1_us - l->t0_us + USEC_PER_SEC / 2) / USEC_PER_SEC;
	snprintf(buf, sizeof(buf), "time: %lld:%02lld",
	    (long long)(secs / 60), (long long)(secs % 60));
	if (header_line(l, m, buf, *y) == -1)
		return -1;
	*y += m->height[LF_TEXT];
	return time_base_line(c, y);
}

static const struct legend_item cpu_leg[] = {
	{ "CPU (user+sys)", COL_CPU, LR_SWATCH },
	{ "I/O (wait)", COL_IO, LR_SWATCH }, { NULL, 0, 0 }
};
static const struct legend_item disk_leg[] = {
	{ "Disk throughput", COL_TPUT, LR_SWATCH_LINE },
	{ "Disk utilization", COL_IO, LR_SWATCH }, { NULL, 0, 0 }
};
static const struct legend_item proc_leg[] = {
	{ "Running (%cpu)", COL_CPU, LR_SWATCH },
	{ "Unint.sleep (I/O)", COL_WAIT, LR_SWATCH },
	{ "Sleeping", COL_PROC, LR_SWATCH }, { "Zombie", COL_ZOMBIE, LR_SWATCH },
	{ NULL, 0, 0 }
};
/* With rows from the trace's states (docs/chart.md): runnable is theirs alone. */
static const struct legend_item proc_exact_leg[] = {
	{ "Running (%cpu; exact: on a CPU)", COL_CPU, LR_SWATCH },
	{ "Runnable (exact: waiting for a CPU)", COL_RUNNABLE, LR_SWATCH },
	{ "Unint.sleep (I/O, D)", COL_WAIT, LR_SWATCH },
	{ "Sleeping", COL_PROC, LR_SWATCH }, { "Zombie", COL_ZOMBIE, LR_SWATCH },
	{ NULL, 0, 0 }
};
#define EXACT_NOTE "rows of processes the kernel's trace saw start: " \
    "exact states from the trace; other rows: sampled"
#define CRIT_LEG "On the critical path (a bar under the row; " \
    "docs/critical-path.md)"

/*
 * Rows that carry the critical path's bars (layout_crit.c), and how
 * much of the path no row draws: the chart says what it leaves out.
 */
static int
crit_legend(struct layout *l, struct measure *m, double *y)
{
	char buf[160];
	struct legend_item it[] = { { CRIT_LEG, COL_CRIT, LR_SWATCH },
	    { NULL, 0, 0 } };

	if (l->crit_undrawn_us > 0) {
		snprintf(buf, sizeof(buf), "On the critical path (a bar under "
		    "the row; %.1f ms of it in processes without a row; "
		    "docs/critical-path.md)",
		    (double)l->crit_undrawn_us / USEC_PER_MS);
		it[0].text = buf;
	}
	return chrome_legend_items(l, m, it, y);
}

/* One line of note under the legend, as wide as the chart. */
static int
note_line(struct layout *l, struct measure *m, const char *text, double *y)
{
	if (lt_tag(l, lt_add_raw(l, m, text, MARGIN, *y, l->width -
	    2 * MARGIN, LF_TEXT, COL_TEXT), LR_LEGEND, LT_FIXED) == SIZE_MAX)
		return -1;
	*y += m->height[LF_TEXT] + LEGEND_GAP;
	return 0;
}

/* The process legend of a chart with exact rows, and a line saying which. */
static int
exact_legend(struct layout *l, struct measure *m, double *y)
{
	if (chrome_legend_items(l, m, proc_exact_leg, y) == -1)
		return -1;
	/* A trace alone has no sampled rows: its own note says what it has. */
	if (!l->trace_alone && note_line(l, m, EXACT_NOTE, y) == -1)
		return -1;
	return l->crit_rows ? crit_legend(l, m, y) : 0;
}

/* What each cap reached left out (docs/limits.md), by TB_CUT_* bit. */
static const char *const cut_text[] = {
	"states of processes alive at the cap from samples", "no critical path",
	"wake-up edges cut", "stacks cut", "CPU chart partly from samples",
	"workqueue items cut", "calls cut", "per-CPU tasks as busy shares",
	"disk chart cut",
};

/* note_line of a formatted text. */
static int
note_printf(struct layout *l, struct measure *m, double *y,
    const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return note_line(l, m, buf, y);
}

/*
 * Where the charts of a log without samples come from: a trace alone
 * has no memory chart and its disk chart is its block events' (when it
 * recorded any); a log without proc_diskstats.log, likewise its disk.
 */
static int
sources_note(struct layout *l, struct measure *m, double *y)
{
	if (l->trace_alone && l->disk_traced)
		return note_line(l, m, "a trace.dat alone: no memory chart (no "
		    "samples), disk from its block events; rows alive before "
		    "it: from its start, no states", y);
	if (l->trace_alone)
		return note_line(l, m, "a trace.dat alone: no memory or disk "
		    "chart (no samples, no block events); rows alive before it: "
		    "from its start, no states", y);
	if (l->disk_traced)
		return note_line(l, m, "disk chart from the trace's block events "
		    "(no proc_diskstats.log)", y);
	return 0;
}

/*
 * What the trace could not give, each said once under the legend: a
 * trace alone (no samples), a trace.dat that did not read (a chart of
 * samples alone must not pass
 * for an exact one), a recording bootchartd cut short (where on the
 * axis, and why), events the kernel lost before they were read.
 */
static int
trace_state_notes(struct layout *l, struct measure *m, double *y)
{
	char lost[128];

	if (sources_note(l, m, y) != 0)
		return -1;
	if (l->trace_dropped != NULL && note_printf(l, m, y, "trace not "
	    "usable, every time from samples: %s", l->trace_dropped) != 0)
		return -1;
	if (l->rec_scope > 0 && note_printf(l, m, y, "trace of the command's "
	    "processes alone (pid %d and its descendants): others and the "
	    "CPU chart from samples", l->rec_scope) != 0)
		return -1;
	if (l->rec_cut != NULL && note_printf(l, m, y, "trace cut short by "
	    "bootchartd at %.3f s (%s): later times from samples",
	    ((double)l->rec_cut_us - (double)l->origin_us) / USEC_PER_SEC,
	    l->rec_cut) != 0)
		return -1;
	if (exact_lost_say(l->rec_lost, l->rec_lost_pages, lost,
	    sizeof(lost)) && note_printf(l, m, y, "trace: %s; states across "
	    "a loss may be wrong", lost) != 0)
		return -1;
	return 0;
}

int
chrome_cut_note(struct layout *l, struct measure *m, double *y)
{
	char buf[512];
	size_t i, n;

	if (trace_state_notes(l, m, y) != 0)
		return -1;
	if (l->trace_cuts == 0)
		return 0;
	n = (size_t)snprintf(buf, sizeof(buf), "trace over this program's "
	    "limits (docs/limits.md):");
	for (i = 0; i < sizeof(cut_text) / sizeof(cut_text[0]); i++)
		if (l->trace_cuts & (1U << i) && n < sizeof(buf))
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s %s",
			    n > 0 && buf[n - 1] == ':' ? "" : ";", cut_text[i]);
	return note_line(l, m, buf, y);
}

int
chrome_legend_items(struct layout *l, struct measure *m,
    const struct legend_item *it, double *y)
{
	double x = MARGIN, h = m->height[LF_TEXT], sy;
	size_t ti;
	int rc;

	for (; it->text != NULL; it++) {
		sy = *y + (h - SWATCH) / 2;
		if (it->role == LR_SWATCH_LINE)
			rc = lt_add_swatch(l, &(struct lt_box){ x, sy + SWATCH / 2 -
			    1, SWATCH, 2 }, it->rgb, it->role);
		else
			rc = lt_add_swatch(l, &(struct lt_box){ x, sy, SWATCH,
			    SWATCH }, it->rgb, it->role);
		if (rc == -1)
			return -1;
		x += SWATCH + 4;
		ti = lt_tag(l, lt_add_raw(l, m, it->text, x, *y, l->width -
		    MARGIN - x, LF_TEXT, COL_TEXT), LR_LEGEND, LT_FIXED);
		if (ti == SIZE_MAX)
			return -1;
		x += l->texts[ti].box.w + 14;
	}
	*y += h + LEGEND_GAP;
	return 0;
}

/*
 * One legend row at y; advances y past it.  The CPU chart's names the
 * hatching of the span before logging, when there is one: its swatch
 * is hatched as the span is.
 */
int
chrome_legend(struct layout *l, struct measure *m, enum lt_legend which,
    double *y)
{
	struct legend_item cpu[4];
	size_t n = 2;

	if (which == LEG_PROC && l->exact_rows)
		return exact_legend(l, m, y);
	if (which != LEG_CPU)
		return chrome_legend_items(l, m, which == LEG_DISK ? disk_leg :
		    proc_leg, y);
	memcpy(cpu, cpu_leg, 2 * sizeof(cpu[0]));
	/* Exact mode: the busy area is the switches' (no user/sys split). */
	if (l->cpu_exact)
		cpu[0].text = "CPU (exact: tasks on a CPU)";
	if (l->unlogged_us > l->t0_us)
		cpu[n++] = (struct legend_item){ "not logged", COL_BG,
		    LR_SWATCH_HATCH };
	/* A profile: the command's processes beside the whole machine. */
	else if (l->has_cmd)
		cpu[n++] = (struct legend_item){ "the command's processes",
		    COL_CMD, LR_SWATCH_LINE };
	cpu[n] = cpu_leg[2];
	return chrome_legend_items(l, m, cpu, y);
}

/*
 * The steps the time axis may use: from 0.1 s (short profiles) up to
 * 10 years, as a log may span 20 (CAP_STAMP_JIFFIES).
 */
#define MS	USEC_PER_MS
#define DAY	(86400 * USEC_PER_SEC)
static const usec_t axis_steps[] = { 100 * MS, 200 * MS, 500 * MS,
    1000 * MS, 2000 * MS, 5000 * MS, 10000 * MS, 15000 * MS, 30000 * MS,
    60000 * MS, 120000 * MS, 300000 * MS, 600000 * MS, 900000 * MS,
    1800000 * MS, 3600000 * MS, 7200000 * MS, 14400000 * MS, 28800000 * MS,
    DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 91 * DAY, 182 * DAY,
    365 * DAY, 730 * DAY, 1826 * DAY, 3652 * DAY };
#undef MS
#undef DAY
#define NSTEPS (sizeof(axis_steps) / sizeof(axis_steps[0]))
/* Labels every 5 s at least (as the Java chart), unless that gives fewer. */
#define LABEL_MIN	(5 * USEC_PER_SEC)
#define LABELS_MIN	4

/* "0s", "5s", "1.5s": a label at k from the start. */
static void
axis_text(usec_t k, char *buf, size_t len)
{
	if (k % USEC_PER_SEC == 0)
		snprintf(buf, len, "%llds", (long long)(k / USEC_PER_SEC));
	else
		snprintf(buf, len, "%lld.%llds", (long long)(k / USEC_PER_SEC),
		    (long long)(k % USEC_PER_SEC / (100 * USEC_PER_MS)));
}

/* A step's width in pixels at ppms pixels per millisecond. */
static double
step_px(usec_t step, double ppms)
{
	return (double)step / USEC_PER_MS * ppms;
}

/*
 * The label step: the first of at least 5 s whose labels do not touch;
 * when that leaves fewer than four labels, the longest step that gives
 * four and still fits (sub-second for a short profile).  0 when no step
 * fits: only the origin is labelled.
 */
static usec_t
label_step(double ppms, usec_t span, double need_px)
{
	usec_t best = 0;
	size_t i;

	for (i = 0; i < NSTEPS; i++)
		if (axis_steps[i] >= LABEL_MIN &&
		    step_px(axis_steps[i], ppms) >= need_px) {
			best = axis_steps[i];
			break;
		}
	if (best != 0 && span / best + 1 >= LABELS_MIN)
		return best;
	for (i = NSTEPS; i-- > 0;)
		if (axis_steps[i] < LABEL_MIN && step_px(axis_steps[i], ppms) >=
		    need_px && span / axis_steps[i] + 1 >= LABELS_MIN)
			return axis_steps[i];
	return best;
}

/* The grid step: the first at least 4 px wide that divides the label step. */
static usec_t
grid_step(double ppms, usec_t label)
{
	size_t i;

	for (i = 0; i < NSTEPS; i++)
		if (axis_steps[i] >= (label < USEC_PER_SEC ? label :
		    USEC_PER_SEC) && step_px(axis_steps[i], ppms) >= 4 &&
		    label % axis_steps[i] == 0)
			return axis_steps[i];
	return 0;
}

static int
axis_label(struct layout *l, struct measure *m, usec_t k, double x,
    double y)
{
	char buf[32];
	double w;

	axis_text(k, buf, sizeof(buf));
	w = measure_width(m, LF_LABEL, buf);
	x -= w / 2;
	if (x > l->width - 1 - w)
		x = l->width - 1 - w;
	if (x < 1)
		x = 1;
	return lt_tag(l, lt_add_raw(l, m, buf, x, y, w + 1, LF_LABEL,
	    COL_TEXT), LR_AXIS, LT_MIDDLE) == SIZE_MAX ? -1 : 0;
}

/*
 * Time axis: labels every label step, grid lines every grid step, at
 * least 4 px apart, so there are never more ticks than pixels / 4.  When
 * no step is wide enough only the origin is labelled (and gridded).
 */
int
chrome_time_axis(struct layout *l, struct measure *m, double y)
{
	usec_t span_us = l->t1_us - l->t0_us, k, label_us, grid_us, first;
	char buf[32];

	l->axis_y = y;
	axis_text(span_us / USEC_PER_SEC * USEC_PER_SEC, buf, sizeof(buf));
	label_us = label_step(l->px_per_ms, span_us,
	    1.5 * measure_width(m, LF_LABEL, buf) + 10);
	grid_us = label_us ? grid_step(l->px_per_ms, label_us) : 0;
	if (grid_us == 0)
		grid_us = span_us + 1;
	/* Whole seconds of the span, as the labels always were. */
	span_us = label_us >= USEC_PER_SEC ? span_us / USEC_PER_SEC *
	    USEC_PER_SEC : span_us;
	/* The labels count from the axis's 0 (before t0 with --window). */
	first = l->t0_us - l->origin_us;
	first = (first + grid_us - 1) / grid_us * grid_us;
	for (k = first; k <= first + span_us &&
	    l->origin_us + k <= l->t1_us; k += grid_us) {
		if (grow_array((void **)&l->ticks, &l->ticks_cap, l->nticks,
		    sizeof(*l->ticks)) == -1)
			return -1;
		l->ticks[l->nticks].x = layout_x(l, l->origin_us + k);
		l->ticks[l->nticks].major = label_us == 0 || k % label_us == 0;
		l->nticks++;
		if ((label_us == 0 ? k == first : k % label_us == 0) &&
		    axis_label(l, m, k, l->ticks[l->nticks - 1].x, y) == -1)
			return -1;
	}
	return 0;
}

/* A mark at time at, labelled raw, in the first band row where its label is clear. */
static int
add_mark(struct layout *l, struct measure *m, struct lt_band *band,
    const char *raw, usec_t at)
{
	double x, w;
	size_t ti;
	char *s;
	int r;

	if ((s = text_clean(raw, 1)) == NULL)
		return -1;
	if (measure_fit(m, LF_LABEL, &s, l->width - 2 * MARGIN) == -1) {
		free(s);
		return -1;
	}
	w = measure_width(m, LF_LABEL, s);
	x = layout_x(l, at) - w / 2;
	x = fmin(fmax(x, MARGIN), l->width - MARGIN - w);
	r = lt_band_row(l, band, x, w, INT_MAX);
	if (r + 1 > band->rows)
		band->rows = r + 1;
	if (grow_array((void **)&l->marks, &l->marks_cap, l->nmarks,
	    sizeof(*l->marks)) == -1) {
		free(s);
		return -1;
	}
	if ((ti = lt_tag(l, lt_add_text(l, m, s, x, band->y + r * band->h,
	    LF_LABEL, COL_MARK), LR_MARK, LT_MIDDLE)) == SIZE_MAX)
		return -1;
	l->marks[l->nmarks].x = layout_x(l, at);
	l->marks[l->nmarks].text = ti;
	l->nmarks++;
	return 0;
}

/* Marks: vertical lines with labels stacked so none overlap. */
int
chrome_marks(const struct lt_ctx *c, double y, double *band_h)
{
	struct layout *l = c->l;
	struct measure *m = c->m;
	const struct milestones *ms = c->ms;
	const struct proctree *tree = c->tree;
	const struct chart_opts *o = c->o;
	struct diag *d = c->d;
	struct lt_band band = { l->ntexts, y, m->height[LF_LABEL], 0 };
	const struct pnode *p;
	usec_t sw = ms->switch_root_us;
	size_t i;

	if (ms->has_switch_root && sw >= l->t0_us && sw <= l->t1_us &&
	    add_mark(l, m, &band, "switch_root", sw) == -1)
		return -1;
	if (l->rec_cut != NULL && l->rec_cut_us >= l->t0_us &&
	    l->rec_cut_us <= l->t1_us && add_mark(l, m, &band, "trace cut",
	    l->rec_cut_us) == -1)
		return -1;
	for (i = 0; i < o->nannotate; i++) {
		if ((p = proctree_find(tree, o->annotate[i])) == NULL ||
		    !lt_visible(l, p)) {
			diag_warn(d, "annotate: no process named \"%s\" in the "
			    "chart", o->annotate[i]);
			continue;
		}
		if (add_mark(l, m, &band, o->annotate[i], p->start_us) == -1)
			return -1;
	}
	*band_h = band.rows * m->height[LF_LABEL];
	return 0;
}
