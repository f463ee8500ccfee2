/* layout_rows.c: one row per process: its box, its sample cells, its label and the dotted line from its parent. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "layout.h"
#include "layout_parts.h"
#include "textclean.h"

#define LABEL_PAD	4.0

/*
 * Label of a row: name or command line (proctree_label), its systemd
 * unit where the unit changes (proctree_units.c), the PID when asked.
 */
static char *
row_label(const struct pnode *p, const struct chart_opts *o,
    const struct proctree *tree)
{
	const char *name = proctree_label(tree, o->show_all, p->name,
	    p->proc->cmdline);
	const char *unit = p->unit_label ? p->proc->unit : NULL;
	const char *work = p->proc->work;
	char *raw, *s;
	size_t len, n;

	len = strlen(name) + (unit != NULL ? strlen(unit) : 0) +
	    (work != NULL ? strlen(work) : 0) + 48;
	if ((raw = malloc(len)) == NULL)
		return NULL;
	/*
	 * A thread's row (--threads) hangs under its process as a child's
	 * would: its label says it is a thread, not a process it started.
	 */
	n = (size_t)snprintf(raw, len, "%s%s", p->proc->tgid != 0 ?
	    "thread " : "", name);
	if (unit != NULL)
		n += (size_t)snprintf(raw + n, len - n, " [%s]", unit);
	/* A kworker says what it worked on (the trace's workqueue events). */
	if (work != NULL)
		n += (size_t)snprintf(raw + n, len - n, ": %s", work);
	if (p->same_runs > 1)
		n += (size_t)snprintf(raw + n, len - n, " (%zu runs)",
		    p->same_runs);
	if (o->show_pid)
		snprintf(raw + n, len - n, " [%lld]", (long long)p->proc->pid);
	s = text_clean(raw, 1);
	free(raw);
	return s;
}

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

/* What a group of samples or exact spans held, each weight a share of the group. */
struct shade {
	double load;		/* CPU use; an exact span: running */
	double wait;		/* in state D */
	double zombie;
	double stopped;		/* in state T, counted with --strict only */
	double runnable;	/* exact spans only: waiting for a CPU */
};

/* Colour of a group of samples: 0 for none (the box shows), else opaque. */
static uint32_t
cell_colour(const struct shade *sh)
{
	double load = sh->load;
	int level;

	if (sh->zombie > 0.5)
		return COL_ZOMBIE;
	if (sh->stopped > 0.5)
		return COL_STOPPED;
	/* Samples have none: their cells are as they were. */
	if (sh->runnable >= 0.25 && sh->runnable >= sh->wait &&
	    sh->runnable > sh->load)
		return COL_RUNNABLE;
	if (sh->wait >= 0.25)
		return COL_WAIT;
	level = (int)lround(lt_clamp01(load) * CPU_LEVELS);
	if (level == 0 && load > 0.02)
		level = 1;
	if (level == 0)
		return 0;
	return blend(COL_PROC, COL_CPU, (double)level / CPU_LEVELS);
}

/* Adds a cell, merging it into the previous one of the same colour. */
static int
rows_cell(struct layout *l, struct lt_row *row, double xa, double xb,
    uint32_t rgb, struct diag *d)
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
	if (cap_check(d, l->ncells, l->max_cells, "sample cells in the "
	    "chart's rows (leave out -n, or use -f png)") != 0)
		return -1;
	if (grow_array((void **)&l->cells, &l->cells_cap, l->ncells,
	    sizeof(*l->cells)) == -1)
		return -1;
	c = &l->cells[l->ncells++];
	c->box.x = xa;
	c->box.y = row->box.y;
	c->box.w = xb - xa;
	c->box.h = row->box.h;
	c->rgb = rgb;
	c->role = LR_CELL;
	row->ncells++;
	return 0;
}

/*
 * A sample's shading.  We shade CPU use whatever the state letter at
 * the sample's instant (a process that ran 80 % of the interval and
 * sleeps at its end did run); the Java chart shaded state R only, and
 * drew T in light red: --strict does as it did.
 */
static void
sample_shade(const struct proc_sample *s, int strict, struct shade *sh)
{
	memset(sh, 0, sizeof(*sh));
	if (!strict || s->state == PS_RUNNING)
		sh->load = (double)s->user + (double)s->sys;
	sh->wait = s->state == PS_WAITING;
	sh->zombie = s->state == PS_ZOMBIE;
	sh->stopped = strict && s->state == PS_STOPPED;
}

/* Samples narrower than a pixel are pooled per pixel, then coloured. */
struct pool {
	double px;		/* pixel left edge; < 0 when empty */
	double xa, xb;
	double w;
	struct shade sum;	/* each weight times the sample's width */
};

static int
pool_flush(struct layout *l, struct lt_row *row, struct pool *pl,
    struct diag *d)
{
	struct shade avg;
	int rc = 0;

	if (pl->px >= 0 && pl->w > 0) {
		avg.load = pl->sum.load / pl->w;
		avg.wait = pl->sum.wait / pl->w;
		avg.zombie = pl->sum.zombie / pl->w;
		avg.stopped = pl->sum.stopped / pl->w;
		avg.runnable = pl->sum.runnable / pl->w;
		rc = rows_cell(l, row, pl->xa, pl->xb, cell_colour(&avg), d);
	}
	pl->px = -1;
	pl->w = 0;
	memset(&pl->sum, 0, sizeof(pl->sum));
	return rc;
}

/*
 * Where a sample's cell ends.  Like the Java chart a sample fills one
 * period from its time; the period is Java's (the log's span over its
 * blocks, in whole ms), a little shorter than the real spacing, so a
 * cell reaches on to the process's next sample when that comes within
 * two periods (a later one is a sample missed: the gap shows).
 */
static usec_t
cell_end(usec_t a, const struct proc_sample *next, usec_t period)
{
	usec_t b;

	if (period <= 0)
		period = USEC_PER_MS;
	b = a + period;
	if (next != NULL && next->time_us > b && next->time_us - a < 2 * period)
		b = next->time_us;
	return b;
}

/* One sample's cell: on its own when a pixel wide or more, else pooled. */
static int
sample_cell(struct layout *l, struct lt_row *row, struct pool *pl,
    usec_t a, usec_t b, const struct shade *sh, struct diag *d)
{
	double xa, xb, w;

	if (!lt_clip_span(l, &a, &b))
		return 0;
	xa = layout_x(l, a);
	xb = layout_x(l, b);
	if (xb - xa >= 1)
		return pool_flush(l, row, pl, d) == -1 ? -1 :
		    rows_cell(l, row, xa, xb, cell_colour(sh), d);
	if (pl->px >= 0 && floor(xa) != pl->px &&
	    pool_flush(l, row, pl, d) == -1)
		return -1;
	if (pl->px < 0) {
		pl->px = floor(xa);
		pl->xa = xa;
	}
	w = xb - xa;
	pl->xb = xb;
	pl->w += w;
	pl->sum.load += w * sh->load;
	pl->sum.wait += w * sh->wait;
	pl->sum.zombie += w * sh->zombie;
	pl->sum.stopped += w * sh->stopped;
	pl->sum.runnable += w * sh->runnable;
	return 0;
}

/*
 * An exact row's cells: each span in its state's colour (running as
 * full CPU use), sleeping as the empty box; spans narrower than a
 * pixel are pooled as samples are, each state weighing its share.
 * *until: where the spans end (a trace that ended before the log).
 */
static int
row_states(struct layout *l, struct lt_row *row, const struct pnode *p,
    usec_t *until, struct diag *d)
{
	struct pool pl = { -1, 0, 0, 0, { 0, 0, 0, 0, 0 } };
	struct xspan *v;
	struct shade sh;
	size_t i, n;
	int rc = 0;

	if (node_xstates(p, &v, &n) != 0)
		return -1;
	*until = n > 0 ? v[n - 1].end_us : p->start_us;
	for (i = 0; i < n && rc == 0; i++) {
		memset(&sh, 0, sizeof(sh));
		sh.load = v[i].state == TS_RUNNING;
		sh.runnable = v[i].state == TS_RUNNABLE;
		sh.wait = v[i].state == TS_WAITING;
		rc = sample_cell(l, row, &pl, v[i].start_us, v[i].end_us, &sh,
		    d);
	}
	free(v);
	return rc == 0 ? pool_flush(l, row, &pl, d) : -1;
}

/* The cells of the row's samples within [from, to). */
static int
row_samples(struct layout *l, struct lt_row *row, const struct pnode *p,
    usec_t period, int strict, usec_t from, usec_t to, struct diag *d)
{
	const struct proc_sample *s, *next;
	struct pool pl = { -1, 0, 0, 0, { 0, 0, 0, 0, 0 } };
	struct sample_iter it;
	struct shade sh;
	usec_t a, b;
	int rc = -1;

	if (sample_iter_init(&it, p) != 0)
		return -1;
	for (s = sample_iter_next(&it); s != NULL; s = next) {
		next = sample_iter_next(&it);
		if (s->time_us < from)
			continue;
		a = s->time_us < p->start_us ? p->start_us : s->time_us;
		if ((b = cell_end(s->time_us, next, period)) > to)
			b = to;
		sample_shade(s, strict, &sh);
		if (sample_cell(l, row, &pl, a, b, &sh, d) == -1)
			goto out;
	}
	rc = pool_flush(l, row, &pl, d);
out:
	sample_iter_free(&it);
	return rc;
}

/*
 * An exact row from its states, and where the trace ended before the
 * row does, from its samples after that; any other from its samples.
 */
static int
row_cells(struct layout *l, struct lt_row *row, const struct pnode *p,
    usec_t period, int strict, struct diag *d)
{
	usec_t until, end = p->start_us + p->duration_us;

	row->cell0 = l->ncells;
	row->ncells = 0;
	if (!p->xexact)
		return row_samples(l, row, p, period, strict, INT64_MIN,
		    INT64_MAX, d);
	if (row_states(l, row, p, &until, d) == -1)
		return -1;
	return until < end ? row_samples(l, row, p, period, strict, until,
	    end, d) : 0;
}

int
rows_put_label(struct layout *l, struct measure *m, struct lt_row *row,
    char *s, uint32_t rgb, int beside)
{
	int anchor;
	const struct lt_box *b = &row->box;
	double room[3], w, x, y;
	int order[3] = { 0, 1, 2 }, i, k;

	row->text = SIZE_MAX;
	room[0] = b->w - 2 * LABEL_PAD;			/* inside */
	room[1] = l->width - 2 - (b->x + b->w + LABEL_PAD);	/* right */
	room[2] = b->x - LABEL_PAD - 2;			/* left */
	/* Exact where it fits somewhere; a long label costs only that much. */
	w = measure_width_upto(m, LF_LABEL, s, fmax(room[0], fmax(room[1],
	    room[2])));
	if (beside) {
		order[0] = 1, order[1] = 2, order[2] = 0;
	}
	for (i = 0; i < 3 && w > room[order[i]]; i++)
		;
	if (i == 3) {
		/* None fits: the widest place, the text cut to it. */
		for (i = 0, k = 1; k < 3; k++)
			if (room[order[k]] > room[order[i]])
				i = k;
		if (measure_fit_tail(m, LF_LABEL, &s, room[order[i]]) == -1) {
			free(s);
			return -1;
		}
		w = measure_width(m, LF_LABEL, s);
	}
	if (s[0] == '\0') {
		free(s);
		return 0;
	}
	/* Zoomed in (-f html), a label keeps its side of the box. */
	if (order[i] == 0) {
		x = b->x + (b->w - w) / 2;
		anchor = LT_MIDDLE;
		/* Over the bars a highlight's colour would be lost in them. */
		if (beside)
			rgb = COL_TEXT;
	} else if (order[i] == 1) {
		x = b->x + b->w + LABEL_PAD;
		anchor = LT_START;
	} else {
		x = b->x - LABEL_PAD - w;
		anchor = LT_END;
	}
	y = b->y - (ROW_H - b->h) / 2 + (ROW_H - m->height[LF_LABEL]) / 2;
	row->text = lt_tag(l, lt_add_text(l, m, s, x, y, LF_LABEL, rgb),
	    LR_ROW_LABEL, anchor);
	return row->text == SIZE_MAX ? -1 : 0;
}

/* Puts the row's label inside the box, or beside it where there is room. */
static int
row_text(struct layout *l, struct measure *m, struct lt_row *row,
    const struct chart_opts *o, const struct proctree *tree)
{
	char *s;

	row->text = SIZE_MAX;
	if ((s = row_label(row->node, o, tree)) == NULL)
		return -1;
	return rows_put_label(l, m, row, s, COL_TEXT, 0);
}

void
rows_link(struct layout *l, size_t rowi, size_t parent)
{
	struct lt_row *row = &l->rows[rowi], *pr = &l->rows[parent];

	row->parent_row = parent;
	row->has_dep = 1;
	row->dep_vert = 1;
	row->dep_x = pr->box.x;
	row->dep_y0 = pr->box.y + pr->box.h;
	row->dep_y1 = floor(row->box.y + row->box.h / 2) + 0.5;
	if (pr->last_child != SIZE_MAX)
		l->rows[pr->last_child].dep_vert = 0;
	pr->last_child = rowi;
}

struct rowarg {
	struct layout *l;
	struct measure *m;
	const struct chart_opts *o;
	struct diag *d;
	usec_t period;
	const struct proctree *tree;	/* its labels (proctree_label) */
	size_t *row_at;		/* row of the node at each depth of the path, or SIZE_MAX */
	size_t row_at_cap;
	struct crit_index crit;	/* the critical path's bars (l->crit_rows) */
};

/* The dotted line from the nearest drawn ancestor. */
static void
link_parent(struct layout *l, size_t rowi, const size_t *row_at, int depth)
{
	int i;

	for (i = depth - 1; i >= 0; i--)
		if (row_at[i] != SIZE_MAX) {
			rows_link(l, rowi, row_at[i]);
			return;
		}
}

/* The critical path's bars after the row's cells: thin, at its bottom. */
static int
crit_cells(struct layout *l, struct lt_row *row, struct crit_index *ci,
    struct diag *d)
{
	double xa, xb;
	size_t it = 0, n;

	if (crit_row(ci, row->node) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");

	while (crit_bar(l, row, ci, &it, &xa, &xb)) {
		n = l->ncells;
		if (rows_cell(l, row, xa, xb, COL_CRIT, d) != 0)
			return -1;
		/* A new cell is made thin; one merged into it was already. */
		if (l->ncells > n) {
			l->cells[n].box.y = row->box.y + row->box.h - CRIT_H;
			l->cells[n].box.h = CRIT_H;
		}
	}
	return 0;
}

static int
row_fn(const struct pnode *p, int depth, void *arg)
{
	struct rowarg *ra = arg;
	struct layout *l = ra->l;
	struct lt_row *row;
	usec_t a, b;

	if (grow_reserve((void **)&ra->row_at, &ra->row_at_cap,
	    (size_t)depth + 1, sizeof(*ra->row_at)) != 0)
		return -1;
	ra->row_at[depth] = SIZE_MAX;
	if (!lt_visible(l, p))
		return 0;
	if (grow_array((void **)&l->rows, &l->rows_cap, l->nrows,
	    sizeof(*l->rows)) == -1)
		return -1;
	ra->row_at[depth] = l->nrows;
	row = &l->rows[l->nrows++];
	memset(row, 0, sizeof(*row));
	row->node = p;
	row->last_child = SIZE_MAX;
	row->parent_row = SIZE_MAX;
	a = p->start_us;
	b = p->start_us + (p->duration_us > 0 ? p->duration_us : 0);
	if (a < l->t0_us)
		a = l->t0_us;
	if (b > l->t1_us)
		b = l->t1_us;
	row->box.x = layout_x(l, a);
	row->box.w = fmax(layout_x(l, b) - row->box.x, 1);
	row->box.y = l->proc_box.y + (double)(l->nrows - 1) * ROW_H + 1.5;
	row->box.h = ROW_H - 3;
	link_parent(l, l->nrows - 1, ra->row_at, depth);
	if (row_cells(l, row, p, ra->period, ra->o->strict, ra->d) == -1 ||
	    (l->crit_rows && crit_cells(l, row, &ra->crit, ra->d) == -1))
		return -1;
	return row_text(l, ra->m, row, ra->o, ra->tree);
}

int
rows_place(const struct lt_ctx *c)
{
	struct layout *l = c->l;
	struct measure *m = c->m;
	const struct proctree *tree = c->tree;
	const struct chart_opts *o = c->o;
	struct diag *d = c->d;
	struct rowarg ra = { l, m, o, d, tree->sample_period_us,
	    tree, NULL, 0, { NULL, 0, NULL, 0, 0 } };
	int rc;

	l->nchrome_texts = l->ntexts;
	if (l->crit_rows && crit_index_make(&ra.crit, c->crit) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	rc = proctree_walk(tree, row_fn, &ra);
	crit_index_free(&ra.crit);
	free(ra.row_at);
	return rc == 0 ? 0 : -1;
}
