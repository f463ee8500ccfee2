/* layout_chrome.c: the chart's chrome: header lines, legends, the time axis and annotation marks. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "layout.h"
#include "layout_parts.h"
#include "logfiles.h"
#include "textclean.h"

#define SWATCH		10.0

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

int
chrome_header(struct layout *l, struct measure *m, const struct trace *t,
    const struct chart_opts *o, double *y)
{
	static const char *const keys[] = { HDR_UNAME, HDR_RELEASE, HDR_CPU,
	    HDR_KOPTS };
	static const char *const labels[] = { "uname", "release", "CPU",
	    "kernel options" };
	const char *title = o->title, *v;
	double maxw = l->width - 2 * MARGIN;
	char buf[2048];
	int64_t secs;
	size_t i;

	if (title == NULL)
		title = trace_header(t, HDR_TITLE);
	if (title == NULL)
		title = "Boot chart";
	if (lt_add_raw(l, m, title, MARGIN, *y, maxw, LF_TITLE, COL_TEXT) ==
	    SIZE_MAX)
		return -1;
	*y += m->height[LF_TITLE];
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if ((v = trace_header(t, keys[i])) == NULL)
			continue;
		if (strcmp(keys[i], HDR_CPU) == 0)
			cpu_text(v, buf, sizeof(buf));
		else
			snprintf(buf, sizeof(buf), "%s: %.*s", labels[i],
			    (int)strcspn(v, "\n"), v);
		if (lt_add_raw(l, m, buf, MARGIN, *y, maxw, LF_TEXT,
		    COL_TEXT) == SIZE_MAX)
			return -1;
		*y += m->height[LF_TEXT];
	}
	secs = (l->t1_ms - l->t0_ms + 500) / 1000;
	snprintf(buf, sizeof(buf), "time: %lld:%02lld",
	    (long long)(secs / 60), (long long)(secs % 60));
	if (lt_add_raw(l, m, buf, MARGIN, *y, maxw, LF_TEXT, COL_TEXT) ==
	    SIZE_MAX)
		return -1;
	*y += m->height[LF_TEXT];
	return 0;
}

struct legend_item {
	const char *text;
	uint32_t rgb;
	int line;		/* a line swatch instead of a square */
};

static const struct legend_item cpu_leg[] = {
	{ "CPU (user+sys)", COL_CPU, 0 }, { "I/O (wait)", COL_IO, 0 },
	{ NULL, 0, 0 }
};
static const struct legend_item disk_leg[] = {
	{ "Disk throughput", COL_TPUT, 1 }, { "Disk utilization", COL_IO, 0 },
	{ NULL, 0, 0 }
};
static const struct legend_item proc_leg[] = {
	{ "Running (%cpu)", COL_CPU, 0 }, { "Unint.sleep (I/O)", COL_WAIT, 0 },
	{ "Sleeping", COL_PROC, 0 }, { "Zombie", COL_ZOMBIE, 0 },
	{ NULL, 0, 0 }
};

/* One legend row at y; advances y past it. */
int
chrome_legend(struct layout *l, struct measure *m, enum lt_legend which,
    double *y)
{
	const struct legend_item *it = which == LEG_CPU ? cpu_leg :
	    which == LEG_DISK ? disk_leg : proc_leg;
	double x = MARGIN, h = m->height[LF_TEXT], sy;
	size_t ti;

	for (; it->text != NULL; it++) {
		sy = *y + (h - SWATCH) / 2;
		if (it->line) {
			if (lt_add_swatch(l, x, sy + SWATCH / 2 - 1, SWATCH, 2,
			    it->rgb) == -1)
				return -1;
		} else if (lt_add_swatch(l, x, sy, SWATCH, SWATCH, it->rgb) ==
		    -1)
			return -1;
		x += SWATCH + 4;
		ti = lt_add_raw(l, m, it->text, x, *y, l->width - MARGIN - x,
		    LF_TEXT, COL_TEXT);
		if (ti == SIZE_MAX)
			return -1;
		x += l->texts[ti].box.w + 14;
	}
	*y += h + LEGEND_GAP;
	return 0;
}

/*
 * Time axis: labels every label_s seconds (at least 5, more when the
 * scale is too tight for the text), grid lines every grid_s seconds.
 */
int
chrome_time_axis(struct layout *l, struct measure *m, double y)
{
	static const int steps[] = { 1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
	    900, 1800, 3600, 7200, 14400, 28800, 86400 };
	const size_t nsteps = sizeof(steps) / sizeof(steps[0]);
	double pps = l->px_per_ms * 1000, wmax, x, w;
	int64_t span_s = (l->t1_ms - l->t0_ms) / 1000, k;
	int label_s = steps[nsteps - 1], grid_s = label_s;
	char buf[32];
	size_t i, ti;

	snprintf(buf, sizeof(buf), "%llds", (long long)span_s);
	wmax = measure_width(m, LF_LABEL, buf);
	for (i = 0; i < nsteps; i++)
		if (steps[i] >= 5 && steps[i] * pps >= 1.5 * wmax + 10) {
			label_s = steps[i];
			break;
		}
	for (i = 0; i < nsteps; i++)
		if (steps[i] * pps >= 4 && label_s % steps[i] == 0) {
			grid_s = steps[i];
			break;
		}
	for (k = 0; k <= span_s; k += grid_s) {
		if (grow_array((void **)&l->ticks, &l->ticks_cap, l->nticks,
		    sizeof(*l->ticks)) == -1)
			return -1;
		x = layout_x(l, l->t0_ms + k * 1000);
		l->ticks[l->nticks].x = x;
		l->ticks[l->nticks].major = k % label_s == 0;
		l->nticks++;
		if (k % label_s != 0)
			continue;
		snprintf(buf, sizeof(buf), "%llds", (long long)k);
		w = measure_width(m, LF_LABEL, buf);
		x -= w / 2;
		if (x > l->width - 1 - w)
			x = l->width - 1 - w;
		if (x < 1)
			x = 1;
		ti = lt_add_raw(l, m, buf, x, y, w + 1, LF_LABEL, COL_TEXT);
		if (ti == SIZE_MAX)
			return -1;
	}
	return 0;
}

/* The first band row (from 0) where a label at x, w clears every earlier mark's. */
static int
free_band_row(const struct layout *l, double y, double h, double x, double w)
{
	const struct lt_box *ob;
	size_t j;
	int r;

	for (r = 0;; r++) {
		for (j = 0; j < l->nmarks; j++) {
			ob = &l->texts[l->marks[j].text].box;
			if (fabs(ob->y - (y + r * h)) < 0.5 &&
			    ob->x < x + w + 4 && x < ob->x + ob->w + 4)
				break;
		}
		if (j == l->nmarks)
			return r;
	}
}

/* Annotation marks: vertical lines with labels stacked so none overlap. */
int
chrome_marks(struct layout *l, struct measure *m, const struct proctree *tree,
    const struct chart_opts *o, double y, double *band_h, struct diag *d)
{
	const struct pnode *p;
	double x, w, h = m->height[LF_LABEL];
	int rows = 0, r;
	size_t i, ti;
	char *s;

	for (i = 0; i < o->nannotate; i++) {
		if ((p = proctree_find(tree, o->annotate[i])) == NULL ||
		    !lt_visible(l, p)) {
			diag_warn(d, "annotate: no process named \"%s\" in the "
			    "chart", o->annotate[i]);
			continue;
		}
		if ((s = text_clean(o->annotate[i], 1)) == NULL)
			return -1;
		if (measure_fit(m, LF_LABEL, &s, l->width - 2 * MARGIN) == -1) {
			free(s);
			return -1;
		}
		w = measure_width(m, LF_LABEL, s);
		x = layout_x(l, p->start_ms) - w / 2;
		x = fmin(fmax(x, MARGIN), l->width - MARGIN - w);
		r = free_band_row(l, y, h, x, w);
		if (r + 1 > rows)
			rows = r + 1;
		if (grow_array((void **)&l->marks, &l->marks_cap, l->nmarks,
		    sizeof(*l->marks)) == -1) {
			free(s);
			return -1;
		}
		if ((ti = lt_add_text(l, m, s, x, y + r * h, LF_LABEL,
		    COL_MARK)) == SIZE_MAX)
			return -1;
		l->marks[l->nmarks].x = layout_x(l, p->start_ms);
		l->marks[l->nmarks].text = ti;
		l->nmarks++;
	}
	*band_h = rows * h;
	return 0;
}
