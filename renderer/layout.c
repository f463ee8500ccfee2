/* layout.c: computes the position of every element of the chart (SPEC §4). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "layout.h"
#include "textclean.h"

#define FONT_FACE	"DejaVu Sans"
#define MARGIN		10.0
#define GAP		10.0
#define LEGEND_GAP	4.0
#define CHART_H		60.0
#define ROW_H		16.0
#define SWATCH		10.0
#define PX_PER_S	25.0
#define MIN_WIDTH	800
#define MIN_OPT_WIDTH	100
#define MAX_WIDTH	32767	/* cairo's image surface limit */
#define AUTO_MAX_WIDTH	32000
#define LABEL_PAD	4.0
#define IDLE_LOAD	0.25	/* crop: CPU + I/O wait below this is idle */
#define IDLE_MS		2000	/* ... for at least this long */
#define MIB		1048576.0

static const double font_size[LF_NFONTS] = { 16.0, 12.0, 11.0 };

/* Text measurement: a scratch cairo context and per-font extents. */
struct measure {
	cairo_surface_t *surf;
	cairo_t *cr;
	double ascent[LF_NFONTS], height[LF_NFONTS];
};

/* Walk state: the row index of each ancestor on the current path. */
struct walkent {
	const struct process *p;
	size_t next_child;
	size_t row;		/* SIZE_MAX: not drawn */
};

void
layout_font(cairo_t *cr, int f)
{
	cairo_font_options_t *fo;

	cairo_select_font_face(cr, FONT_FACE, CAIRO_FONT_SLANT_NORMAL,
	    f == LF_TITLE ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, font_size[f]);
	/* Unhinted metrics: the same advances on raster and vector surfaces. */
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
}

static int
measure_open(struct measure *m)
{
	cairo_font_extents_t fe;
	int f;

	m->surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
	m->cr = cairo_create(m->surf);
	if (cairo_status(m->cr) != CAIRO_STATUS_SUCCESS)
		return -1;
	for (f = 0; f < LF_NFONTS; f++) {
		layout_font(m->cr, f);
		cairo_font_extents(m->cr, &fe);
		m->ascent[f] = fe.ascent;
		m->height[f] = fe.ascent + fe.descent;
	}
	return cairo_status(m->cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

static void
measure_close(struct measure *m)
{
	cairo_destroy(m->cr);
	cairo_surface_destroy(m->surf);
}

static double
text_width(struct measure *m, int f, const char *s)
{
	cairo_text_extents_t te;

	layout_font(m->cr, f);
	cairo_text_extents(m->cr, s, &te);
	return te.x_advance;
}

/*
 * Shortens clean text `s` in place with a trailing ellipsis until it is
 * at most maxw wide; empties it when not even the ellipsis fits.
 */
static int
fit_text(struct measure *m, int f, char **sp, double maxw)
{
	static const char ell[] = "\xe2\x80\xa6";
	char *s = *sp, *t;
	size_t lo = 0, hi, mid, cut;

	if (text_width(m, f, s) <= maxw)
		return 0;
	hi = strlen(s);
	if ((t = malloc(hi + sizeof(ell))) == NULL)
		return -1;
	/* Largest prefix length whose "prefix…" fits. */
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		cut = text_cut(s, mid);
		memcpy(t, s, cut);
		memcpy(t + cut, ell, sizeof(ell));
		if (text_width(m, f, t) <= maxw)
			lo = mid;
		else
			hi = mid - 1;
	}
	cut = text_cut(s, lo);
	memcpy(t, s, cut);
	memcpy(t + cut, ell, sizeof(ell));
	if (text_width(m, f, t) > maxw)
		t[0] = '\0';
	free(s);
	*sp = t;
	return 0;
}

/*
 * Adds cleaned text at (x, top of line y); takes ownership of s.
 * Returns the index, or SIZE_MAX on no memory.
 */
static size_t
add_text(struct layout *l, struct measure *m, char *s, double x, double y,
    int f, uint32_t rgb)
{
	struct lt_text *t;

	if (grow_array((void **)&l->texts, &l->texts_cap, l->ntexts,
	    sizeof(*l->texts)) == -1) {
		free(s);
		return SIZE_MAX;
	}
	t = &l->texts[l->ntexts];
	t->s = s;
	t->font = f;
	t->rgb = rgb;
	t->box.x = x;
	t->box.y = y;
	t->box.w = text_width(m, f, s);
	t->box.h = m->height[f];
	t->baseline = y + m->ascent[f];
	return l->ntexts++;
}

/* Cleans raw text, fits it to maxw and adds it; SIZE_MAX on no memory. */
static size_t
add_raw(struct layout *l, struct measure *m, const char *raw, double x,
    double y, double maxw, int f, uint32_t rgb)
{
	char *s;

	if ((s = text_clean(raw, 1)) == NULL)
		return SIZE_MAX;
	if (fit_text(m, f, &s, maxw) == -1) {
		free(s);
		return SIZE_MAX;
	}
	return add_text(l, m, s, x, y, f, rgb);
}

static int
add_swatch(struct layout *l, double x, double y, double w, double h,
    uint32_t rgb)
{
	struct lt_rect *r;

	if (grow_array((void **)&l->swatches, &l->swatches_cap, l->nswatches,
	    sizeof(*l->swatches)) == -1)
		return -1;
	r = &l->swatches[l->nswatches++];
	r->box.x = x, r->box.y = y, r->box.w = w, r->box.h = h;
	r->rgb = rgb;
	return 0;
}

static int
add_pt(struct lt_poly *p, double x, double y)
{
	if (grow_array((void **)&p->pts, &p->cap, p->n, sizeof(*p->pts)) == -1)
		return -1;
	p->pts[p->n].x = x;
	p->pts[p->n].y = y;
	p->n++;
	return 0;
}

/*
 * Appends a horizontal step [xa, xb] at height y, extending the last
 * step instead when it is at the same height (long flat runs stay small).
 */
static int
add_step(struct lt_poly *p, double xa, double xb, double y)
{
	if (p->n >= 2 && p->pts[p->n - 1].y == y &&
	    p->pts[p->n - 2].y == y && p->pts[p->n - 1].x >= xa - 0.01) {
		p->pts[p->n - 1].x = xb;
		return 0;
	}
	if (add_pt(p, xa, y) == -1)
		return -1;
	return add_pt(p, xb, y);
}

double
layout_x(const struct layout *l, int64_t ms)
{
	return l->x0 + (double)(ms - l->t0_ms) * l->px_per_ms;
}

static const char *
header_value(const struct trace *t, const char *key)
{
	size_t i;

	for (i = 0; i < t->nheader; i++)
		if (strcmp(t->header[i].key, key) == 0)
			return t->header[i].value;
	return NULL;
}

/* Pre-order over the tree without recursion (deep chains are possible). */
static int
walk(const struct proctree *tree,
    int (*fn)(const struct process *, struct walkent *, size_t, void *),
    void *arg)
{
	struct walkent *st = NULL, *e;
	size_t n = 0, cap = 0, r;
	const struct process *p;
	int rc = 0;

	for (r = 0; r < tree->nroots && rc == 0; r++) {
		n = 0;
		p = tree->roots[r];
		for (;;) {
			if (p != NULL) {
				if (grow_array((void **)&st, &cap, n,
				    sizeof(*st)) == -1) {
					rc = -1;
					break;
				}
				st[n].p = p;
				st[n].next_child = 0;
				st[n].row = SIZE_MAX;
				if ((rc = fn(p, st, n, arg)) != 0)
					break;
				n++;
			}
			if (n == 0)
				break;
			e = &st[n - 1];
			if (e->next_child < e->p->nchildren)
				p = e->p->children[e->next_child++];
			else {
				n--;
				p = NULL;
			}
		}
	}
	free(st);
	return rc;
}

struct findarg {
	const char *name;
	const struct process *found;
};

static int
find_fn(const struct process *p, struct walkent *st, size_t depth, void *arg)
{
	struct findarg *fa = arg;

	if (p->name != NULL && strcmp(p->name, fa->name) == 0 &&
	    (fa->found == NULL || p->start_ms < fa->found->start_ms))
		fa->found = p;
	return 0;
}

/* The earliest-starting process called name, or NULL. */
static const struct process *
find_first(const struct proctree *tree, const char *name)
{
	struct findarg fa = { name, NULL };

	if (walk(tree, find_fn, &fa) == -1)
		return NULL;
	return fa.found;
}

int64_t
layout_crop_end(const struct trace *t, const struct proctree *tree,
    const char *name, int64_t t0, int64_t t1)
{
	const struct process *p = find_first(tree, name);
	int64_t idle_from = -1, prev;
	const struct cpu_sample *c;
	size_t i;

	if (p == NULL)
		return t1;
	for (i = 0; i < t->ncpu; i++) {
		c = &t->cpu[i];
		prev = i > 0 ? t->cpu[i - 1].time_ms : c->time_ms;
		if (prev < p->start_ms)
			continue;
		if (c->user + c->sys + c->io >= IDLE_LOAD) {
			idle_from = -1;
			continue;
		}
		if (idle_from < 0)
			idle_from = prev;
		if (c->time_ms - idle_from >= IDLE_MS)
			return idle_from > t0 && idle_from < t1 ? idle_from : t1;
	}
	return t1;
}

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

static int
header_block(struct layout *l, struct measure *m, const struct trace *t,
    const struct chart_opts *o, double *y)
{
	static const char *const keys[] = { "system.uname",
	    "system.release", "system.cpu", "system.kernel.options" };
	static const char *const labels[] = { "uname", "release", "CPU",
	    "kernel options" };
	const char *title = o->title, *v;
	double maxw = l->width - 2 * MARGIN;
	char buf[2048];
	int64_t secs;
	size_t i;

	if (title == NULL)
		title = header_value(t, "title");
	if (title == NULL)
		title = "Boot chart";
	if (add_raw(l, m, title, MARGIN, *y, maxw, LF_TITLE, COL_TEXT) ==
	    SIZE_MAX)
		return -1;
	*y += m->height[LF_TITLE];
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if ((v = header_value(t, keys[i])) == NULL)
			continue;
		if (i == 2)
			cpu_text(v, buf, sizeof(buf));
		else
			snprintf(buf, sizeof(buf), "%s: %.*s", labels[i],
			    (int)strcspn(v, "\n"), v);
		if (add_raw(l, m, buf, MARGIN, *y, maxw, LF_TEXT, COL_TEXT) ==
		    SIZE_MAX)
			return -1;
		*y += m->height[LF_TEXT];
	}
	secs = (l->t1_ms - l->t0_ms + 500) / 1000;
	snprintf(buf, sizeof(buf), "time: %lld:%02lld",
	    (long long)(secs / 60), (long long)(secs % 60));
	if (add_raw(l, m, buf, MARGIN, *y, maxw, LF_TEXT, COL_TEXT) ==
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

/* One legend row at y; advances y past it. */
static int
legend(struct layout *l, struct measure *m, const struct legend_item *it,
    size_t n, double *y)
{
	double x = MARGIN, h = m->height[LF_TEXT], sy;
	size_t i, ti;

	for (i = 0; i < n; i++) {
		sy = *y + (h - SWATCH) / 2;
		if (it[i].line) {
			if (add_swatch(l, x, sy + SWATCH / 2 - 1, SWATCH, 2,
			    it[i].rgb) == -1)
				return -1;
		} else if (add_swatch(l, x, sy, SWATCH, SWATCH, it[i].rgb) ==
		    -1)
			return -1;
		x += SWATCH + 4;
		ti = add_raw(l, m, it[i].text, x, *y, l->width - MARGIN - x,
		    LF_TEXT, COL_TEXT);
		if (ti == SIZE_MAX)
			return -1;
		x += l->texts[ti].box.w + 14;
	}
	*y += h + LEGEND_GAP;
	return 0;
}

/* Clips the interval [a, b] to the drawn span; 0 when nothing is left. */
static int
clip_span(const struct layout *l, int64_t *a, int64_t *b)
{
	if (*a < l->t0_ms)
		*a = l->t0_ms;
	if (*b > l->t1_ms)
		*b = l->t1_ms;
	return *a < *b;
}

static double
clamp01(double v)
{
	if (!(v > 0))
		return 0;
	return v > 1 ? 1 : v;
}

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
	return clip_span(l, a, b);
}

static int
disk_span(const struct layout *l, const struct trace *t, size_t i,
    int64_t *a, int64_t *b)
{
	return sample_span(l, i ? t->disk[i - 1].time_ms : 0,
	    t->disk[i].time_ms, i + 1 < t->ndisk ? t->disk[i + 1].time_ms : 0,
	    i, t->ndisk, a, b);
}

static int
cpu_chart(struct layout *l, const struct trace *t)
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
		busy = clamp01(t->cpu[i].user + t->cpu[i].sys);
		top = clamp01(busy + clamp01(t->cpu[i].io));
		if (add_step(&l->cpu_busy, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - busy)) == -1)
			return -1;
		if (add_step(&l->cpu_io, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - top)) == -1)
			return -1;
	}
	return 0;
}

/* Whether a box would overlap any text from index `from` on. */
static int
clashes(const struct layout *l, size_t from, double x, double y, double w,
    double h)
{
	const struct lt_box *b;
	size_t i;

	for (i = from; i < l->ntexts; i++) {
		b = &l->texts[i].box;
		if (x < b->x + b->w + 4 && b->x < x + w + 4 && y < b->y + b->h &&
		    b->y < y + h)
			return 1;
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

static int
disk_chart(struct layout *l, struct measure *m, const struct trace *t,
    size_t legend0)
{
	const struct lt_box *bx = &l->disk_box;
	double peak = 0, peak_x = bx->x, tp, x, y, w;
	int64_t a, b;
	size_t i, ti;
	char buf[64];

	for (i = 0; i < t->ndisk; i++) {
		if (!disk_span(l, t, i, &a, &b))
			continue;
		tp = throughput(&t->disk[i]);
		if (tp > peak) {
			peak = tp;
			peak_x = layout_x(l, a + (b - a) / 2);
		}
		if (add_step(&l->disk_util, layout_x(l, a), layout_x(l, b),
		    bx->y + bx->h * (1 - clamp01(t->disk[i].util))) == -1)
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
		if (add_pt(&l->disk_tput, layout_x(l, a + (b - a) / 2),
		    bx->y + bx->h * (1 - tp / peak)) == -1)
			return -1;
	}
	/* MiB, as the Java chart counts them. */
	snprintf(buf, sizeof(buf), peak >= 10 * MIB ? "%.0f MB/s" :
	    "%.1f MB/s", peak / MIB);
	w = text_width(m, LF_TEXT, buf);
	x = peak_x - w / 2;
	if (x > bx->x + bx->w - w)
		x = bx->x + bx->w - w;
	if (x < bx->x)
		x = bx->x;
	/* Above the chart at the peak, like the Java chart, unless a legend
	 * text is there; then inside the chart's top edge. */
	y = bx->y - LEGEND_GAP - m->height[LF_TEXT];
	if (clashes(l, legend0, x, y, w, m->height[LF_TEXT]))
		y = bx->y + 1;
	ti = add_raw(l, m, buf, x, y, bx->w, LF_TEXT, COL_TPUT);
	return ti == SIZE_MAX ? -1 : 0;
}

/*
 * Time axis: labels every label_s seconds (at least 5, more when the
 * scale is too tight for the text), grid lines every grid_s seconds.
 */
static int
time_axis(struct layout *l, struct measure *m, double y)
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
	wmax = text_width(m, LF_LABEL, buf);
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
		w = text_width(m, LF_LABEL, buf);
		x -= w / 2;
		if (x > l->width - 1 - w)
			x = l->width - 1 - w;
		if (x < 1)
			x = 1;
		ti = add_raw(l, m, buf, x, y, w + 1, LF_LABEL, COL_TEXT);
		if (ti == SIZE_MAX)
			return -1;
	}
	return 0;
}

/* Label of a row: name or command line, with the PID when asked. */
static char *
row_label(const struct process *p, const struct chart_opts *o)
{
	const char *name = p->name ? p->name : "?";
	char *raw, *s;
	size_t len;

	if (o->show_all && p->cmdline != NULL && p->cmdline[0] != '\0')
		name = p->cmdline;
	len = strlen(name) + 32;
	if ((raw = malloc(len)) == NULL)
		return NULL;
	if (o->show_pid)
		snprintf(raw, len, "%s [%lld]", name, (long long)p->pid);
	else
		snprintf(raw, len, "%s", name);
	s = text_clean(raw, 1);
	free(raw);
	return s;
}

/* Colour class of a group of samples: 0 none, else an opaque colour. */
static uint32_t
blend(uint32_t a, uint32_t b, double f)
{
	uint32_t out = 0;
	int sh, ca, cb;

	for (sh = 0; sh <= 16; sh += 8) {
		ca = (a >> sh) & 0xff;
		cb = (b >> sh) & 0xff;
		out |= (uint32_t)lround(ca + (cb - ca) * f) << sh;
	}
	return out;
}

static uint32_t
cell_colour(double load, double wait, double zombie)
{
	int level;

	if (zombie > 0.5)
		return COL_ZOMBIE;
	if (wait >= 0.25)
		return COL_WAIT;
	level = (int)lround(clamp01(load) * CPU_LEVELS);
	if (level == 0 && load > 0.02)
		level = 1;
	if (level == 0)
		return 0;
	return blend(COL_PROC, COL_CPU, (double)level / CPU_LEVELS);
}

/* Adds a cell, merging it into the previous one of the same colour. */
static int
emit_cell(struct layout *l, struct lt_row *row, double xa, double xb,
    uint32_t rgb)
{
	struct lt_rect *c;

	if (rgb == 0 || xb <= xa)
		return 0;
	if (row->ncells > 0) {
		c = &l->cells[l->ncells - 1];
		if (c->rgb == rgb && c->box.x + c->box.w >= xa - 0.01) {
			c->box.w = xb - c->box.x;
			return 0;
		}
	}
	if (grow_array((void **)&l->cells, &l->cells_cap, l->ncells,
	    sizeof(*l->cells)) == -1)
		return -1;
	c = &l->cells[l->ncells++];
	c->box.x = xa;
	c->box.y = row->box.y;
	c->box.w = xb - xa;
	c->box.h = row->box.h;
	c->rgb = rgb;
	row->ncells++;
	return 0;
}

/* Samples narrower than a pixel are pooled per pixel, then coloured. */
struct pool {
	double px;		/* pixel left edge; < 0 when empty */
	double xa, xb;
	double w, load, wait, zombie;
};

static int
pool_flush(struct layout *l, struct lt_row *row, struct pool *pl)
{
	int rc = 0;

	if (pl->px >= 0 && pl->w > 0)
		rc = emit_cell(l, row, pl->xa, pl->xb, cell_colour(
		    pl->load / pl->w, pl->wait / pl->w, pl->zombie / pl->w));
	pl->px = -1;
	pl->w = pl->load = pl->wait = pl->zombie = 0;
	return rc;
}

static int
row_cells(struct layout *l, struct lt_row *row, const struct process *p,
    int period)
{
	const struct proc_sample *s;
	struct pool pl = { -1, 0, 0, 0, 0, 0, 0 };
	double xa, xb, load, w;
	int64_t a, b;
	size_t i;

	row->cell0 = l->ncells;
	row->ncells = 0;
	for (i = 0; i < p->nsamples; i++) {
		s = &p->samples[i];
		/* Like the Java chart: a sample fills one period from its time. */
		a = s->time_ms;
		b = a + (period > 0 ? period : 1);
		if (a < p->start_ms)
			a = p->start_ms;
		if (!clip_span(l, &a, &b))
			continue;
		xa = layout_x(l, a);
		xb = layout_x(l, b);
		load = (double)s->user + (double)s->sys;
		if (xb - xa >= 1) {
			if (pool_flush(l, row, &pl) == -1 ||
			    emit_cell(l, row, xa, xb, cell_colour(load,
			    s->state == PS_WAITING, s->state == PS_ZOMBIE)) ==
			    -1)
				return -1;
			continue;
		}
		if (pl.px >= 0 && floor(xa) != pl.px &&
		    pool_flush(l, row, &pl) == -1)
			return -1;
		if (pl.px < 0) {
			pl.px = floor(xa);
			pl.xa = xa;
		}
		w = xb - xa;
		pl.xb = xb;
		pl.w += w;
		pl.load += w * load;
		pl.wait += s->state == PS_WAITING ? w : 0;
		pl.zombie += s->state == PS_ZOMBIE ? w : 0;
	}
	return pool_flush(l, row, &pl);
}

/* Puts the row's label inside the box, or beside it where there is room. */
static int
row_text(struct layout *l, struct measure *m, struct lt_row *row,
    const struct chart_opts *o)
{
	double inside, right, left, w, x, y, best;
	const struct lt_box *b = &row->box;
	char *s;

	row->text = SIZE_MAX;
	if ((s = row_label(row->proc, o)) == NULL)
		return -1;
	w = text_width(m, LF_LABEL, s);
	inside = b->w - 2 * LABEL_PAD;
	right = l->width - 2 - (b->x + b->w + LABEL_PAD);
	left = b->x - LABEL_PAD - 2;
	best = -1;	/* set when the label had to be shortened */
	if (w > inside && w > right && w > left) {
		best = fmax(inside, fmax(right, left));
		if (fit_text(m, LF_LABEL, &s, best) == -1) {
			free(s);
			return -1;
		}
		w = text_width(m, LF_LABEL, s);
	}
	if (s[0] == '\0') {
		free(s);
		return 0;
	}
	if (w <= inside || best == inside)
		x = b->x + (b->w - w) / 2;
	else if (w <= right || best == right)
		x = b->x + b->w + LABEL_PAD;
	else
		x = b->x - LABEL_PAD - w;
	y = b->y - (ROW_H - b->h) / 2 + (ROW_H - m->height[LF_LABEL]) / 2;
	row->text = add_text(l, m, s, x, y, LF_LABEL, COL_TEXT);
	return row->text == SIZE_MAX ? -1 : 0;
}

struct rowarg {
	struct layout *l;
	struct measure *m;
	const struct chart_opts *o;
	int period;
	int count_only;
	size_t count;
};

static int
visible(const struct layout *l, const struct process *p)
{
	int64_t end = p->start_ms + (p->duration_ms > 0 ? p->duration_ms : 0);

	return p->start_ms < l->t1_ms && end >= l->t0_ms;
}

static int
row_fn(const struct process *p, struct walkent *st, size_t depth, void *arg)
{
	struct rowarg *ra = arg;
	struct layout *l = ra->l;
	struct lt_row *row;
	int64_t a, b;
	double ry;
	size_t i;

	if (!visible(l, p))
		return 0;
	if (ra->count_only) {
		ra->count++;
		return 0;
	}
	if (grow_array((void **)&l->rows, &l->rows_cap, l->nrows,
	    sizeof(*l->rows)) == -1)
		return -1;
	st[depth].row = l->nrows;
	row = &l->rows[l->nrows++];
	memset(row, 0, sizeof(*row));
	row->proc = p;
	row->last_child = SIZE_MAX;
	a = p->start_ms;
	b = p->start_ms + (p->duration_ms > 0 ? p->duration_ms : 0);
	if (a < l->t0_ms)
		a = l->t0_ms;
	if (b > l->t1_ms)
		b = l->t1_ms;
	ry = l->proc_box.y + (double)(l->nrows - 1) * ROW_H;
	row->box.x = layout_x(l, a);
	row->box.w = fmax(layout_x(l, b) - row->box.x, 1);
	row->box.y = ry + 1.5;
	row->box.h = ROW_H - 3;
	/*
	 * The nearest drawn ancestor gets the dotted line.  Its children's
	 * verticals overlap, so only the last (longest) one is drawn.
	 */
	for (i = depth; i-- > 0;)
		if (st[i].row != SIZE_MAX) {
			struct lt_row *pr = &l->rows[st[i].row];

			row->has_dep = 1;
			row->dep_vert = 1;
			row->dep_x = pr->box.x;
			row->dep_y0 = pr->box.y + pr->box.h;
			if (pr->last_child != SIZE_MAX)
				l->rows[pr->last_child].dep_vert = 0;
			pr->last_child = l->nrows - 1;
			break;
		}
	if (row_cells(l, row, p, ra->period) == -1)
		return -1;
	return row_text(l, ra->m, row, ra->o);
}

/* Annotation marks: vertical lines with labels stacked so none overlap. */
static int
marks(struct layout *l, struct measure *m, const struct proctree *tree,
    const struct chart_opts *o, double y, double *band_h, int place,
    struct diag *d)
{
	const struct process *p;
	size_t i, j, ti;
	double x, w, h = m->height[LF_LABEL];
	int rows = 0, r, clash;
	char *s;

	for (i = 0; i < o->nannotate; i++) {
		if ((p = find_first(tree, o->annotate[i])) == NULL ||
		    !visible(l, p)) {
			if (place)
				diag_warn(d, "annotate: no process named "
				    "\"%s\" in the chart", o->annotate[i]);
			continue;
		}
		if ((s = text_clean(o->annotate[i], 1)) == NULL)
			return -1;
		if (fit_text(m, LF_LABEL, &s, l->width - 2 * MARGIN) == -1) {
			free(s);
			return -1;
		}
		w = text_width(m, LF_LABEL, s);
		x = layout_x(l, p->start_ms) - w / 2;
		x = fmin(fmax(x, MARGIN), l->width - MARGIN - w);
		/* First band row where it clears every earlier label. */
		for (r = 0;; r++) {
			clash = 0;
			for (j = 0; j < l->nmarks; j++) {
				const struct lt_box *ob =
				    &l->texts[l->marks[j].text].box;
				if (fabs(ob->y - (y + r * h)) < 0.5 &&
				    ob->x < x + w + 4 && x < ob->x + ob->w + 4)
					clash = 1;
			}
			if (!clash)
				break;
		}
		if (r + 1 > rows)
			rows = r + 1;
		if (!place) {
			free(s);
			continue;
		}
		if (grow_array((void **)&l->marks, &l->marks_cap, l->nmarks,
		    sizeof(*l->marks)) == -1) {
			free(s);
			return -1;
		}
		if ((ti = add_text(l, m, s, x, y + r * h, LF_LABEL,
		    COL_MARK)) == SIZE_MAX)
			return -1;
		l->marks[l->nmarks].x = layout_x(l, p->start_ms);
		l->marks[l->nmarks].text = ti;
		l->nmarks++;
	}
	*band_h = rows * h;
	return 0;
}

static int
time_scale(struct layout *l, const struct trace *t,
    const struct proctree *tree, const struct chart_opts *o, struct diag *d)
{
	double secs;

	l->t0_ms = tree->start_ms;
	l->t1_ms = tree->end_ms;
	if (o->crop_after != NULL) {
		if (find_first(tree, o->crop_after) == NULL)
			diag_warn(d, "crop-after: no process named \"%s\"",
			    o->crop_after);
		l->t1_ms = layout_crop_end(t, tree, o->crop_after, l->t0_ms,
		    l->t1_ms);
	}
	if (l->t1_ms <= l->t0_ms)
		l->t1_ms = l->t0_ms + 1;
	secs = (double)(l->t1_ms - l->t0_ms) / 1000;
	if (o->width != 0) {
		if (o->width < MIN_OPT_WIDTH || o->width > MAX_WIDTH)
			return diag_error_status(d, EXIT_USAGE, "width %d "
			    "out of range %d..%d", o->width, MIN_OPT_WIDTH,
			    MAX_WIDTH);
		l->width = o->width;
	} else
		l->width = (int)fmin(fmax(ceil(secs * PX_PER_S + 2 * MARGIN),
		    MIN_WIDTH), AUTO_MAX_WIDTH);
	l->x0 = MARGIN;
	l->px_per_ms = (l->width - 2 * MARGIN) / (secs * 1000);
	l->row_h = ROW_H;
	return 0;
}

static int
build(struct layout *l, struct measure *m, const struct trace *t,
    const struct proctree *tree, const struct chart_opts *o, struct diag *d)
{
	static const struct legend_item cpu_leg[] = {
		{ "CPU (user+sys)", COL_CPU, 0 }, { "I/O (wait)", COL_IO, 0 } };
	static const struct legend_item disk_leg[] = {
		{ "Disk throughput", COL_TPUT, 1 },
		{ "Disk utilization", COL_IO, 0 } };
	static const struct legend_item proc_leg[] = {
		{ "Running (%cpu)", COL_CPU, 0 },
		{ "Unint.sleep (I/O)", COL_WAIT, 0 },
		{ "Sleeping", COL_PROC, 0 }, { "Zombie", COL_ZOMBIE, 0 } };
	double y = MARGIN, plot_w, band_h;
	size_t disk_legend;
	struct rowarg ra = { l, m, o, tree->sample_period_ms, 1, 0 };

	if (time_scale(l, t, tree, o, d) == -1)
		return -1;
	plot_w = l->width - 2 * MARGIN;
	if (header_block(l, m, t, o, &y) == -1)
		return -1;
	y += GAP;
	if (legend(l, m, cpu_leg, 2, &y) == -1)
		return -1;
	l->cpu_box = (struct lt_box){ MARGIN, y, plot_w, CHART_H };
	y += CHART_H + GAP;
	disk_legend = l->ntexts;
	if (legend(l, m, disk_leg, 2, &y) == -1)
		return -1;
	l->disk_box = (struct lt_box){ MARGIN, y, plot_w, CHART_H };
	y += CHART_H + GAP;
	if (cpu_chart(l, t) == -1 || disk_chart(l, m, t, disk_legend) == -1)
		return -1;
	if (legend(l, m, proc_leg, 4, &y) == -1)
		return -1;
	if (marks(l, m, tree, o, y, &band_h, 0, d) == -1 ||
	    marks(l, m, tree, o, y, &band_h, 1, d) == -1)
		return -1;
	y += band_h;
	if (time_axis(l, m, y) == -1)
		return -1;
	/* Whole pixels, so 1 px row borders land on pixel centres. */
	y = ceil(y + m->height[LF_LABEL] + 2);
	if (walk(tree, row_fn, &ra) == -1)
		return -1;
	l->proc_box = (struct lt_box){ MARGIN, y, plot_w,
	    (ra.count > 0 ? (double)ra.count : 1) * ROW_H };
	ra.count_only = 0;
	if (walk(tree, row_fn, &ra) == -1)
		return -1;
	l->height = (int)ceil(y + l->proc_box.h + MARGIN);
	return 0;
}

int
layout_make(struct layout *l, const struct trace *t,
    const struct proctree *tree, const struct chart_opts *o, struct diag *d)
{
	struct measure m;
	int rc;

	memset(l, 0, sizeof(*l));
	if (measure_open(&m) == -1) {
		measure_close(&m);
		return diag_error_status(d, EXIT_NOMEM,
		    "cannot set up text measurement");
	}
	rc = build(l, &m, t, tree, o, d);
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
	free(l->cpu_busy.pts);
	free(l->cpu_io.pts);
	free(l->disk_util.pts);
	free(l->disk_tput.pts);
	memset(l, 0, sizeof(*l));
}
