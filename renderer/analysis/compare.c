/* compare.c: matches two logs' trees by command line, then name, from the root, in the order of same-named siblings. */
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "report.h"

/*
 * The matched tree level by level, before it is put in pre-order.  Each
 * node of either tree is in one row at most, so the sizes are known.
 */
struct level {
	struct cmp_pair *v;	/* breadth-first */
	size_t n, cap;		/* cap: the nodes of both trees */
	size_t *first, *count;	/* each row's children in v */
	usec_t old_zero, new_zero;	/* each log's zero */
};

typedef int (*order_fn)(const void *, const void *);

/* A logged command line; NULL when none, or empty as a kernel thread's. */
static const char *
cmdline_of(const struct pnode *p)
{
	const char *c = p->proc->cmdline;

	return c != NULL && c[0] != '\0' ? c : NULL;
}

/* By start, then PID: the rank among equals. */
static int
by_start(const struct pnode *x, const struct pnode *y)
{
	if (x->start_us != y->start_us)
		return x->start_us < y->start_us ? -1 : 1;
	return process_order(x->proc, x->start_us, y->proc, y->start_us);
}

/* Name, then command line (none first). */
static int
cmd_key(const struct pnode *x, const struct pnode *y)
{
	const char *a = cmdline_of(x), *b = cmdline_of(y);
	int c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int
cmp_node(const void *a, const void *b)
{
	const struct pnode *x = *(const struct pnode *const *)a;
	const struct pnode *y = *(const struct pnode *const *)b;
	int c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	return by_start(x, y);
}

static int
cmp_node_cmd(const void *a, const void *b)
{
	const struct pnode *x = *(const struct pnode *const *)a;
	const struct pnode *y = *(const struct pnode *const *)b;
	int c;

	if ((c = cmd_key(x, y)) != 0)
		return c;
	return by_start(x, y);
}

usec_t
cmp_pair_start(const struct cmp_pair *p)
{
	return p->new != NULL ? p->new_start_us : p->old_start_us;
}

usec_t
cmp_start_delta(const struct cmp_pair *p)
{
	return p->new_start_us - p->old_start_us;
}

usec_t
cmp_duration_delta(const struct cmp_pair *p)
{
	return p->new->duration_us - p->old->duration_us;
}

enum cmp_status
cmp_pair_status(const struct cmp_pair *p, usec_t thr)
{
	usec_t ds, dd;

	if (p->old == NULL)
		return CMP_APPEARED;
	if (p->new == NULL)
		return CMP_GONE;
	ds = cmp_start_delta(p);
	dd = cmp_duration_delta(p);
	if (ds > thr || ds < -thr || dd > thr || dd < -thr)
		return CMP_CHANGED;
	return CMP_SAME;
}

static const char *const metric_names[CMP_NMETRICS] = {
	"wall", "cpu", "running", "runnable"
};

const char *
cmp_metric_name(enum cmp_metric m)
{
	return m < CMP_NMETRICS ? metric_names[m] : "?";
}

int
cmp_metric_named(const char *s, size_t n)
{
	int m;

	for (m = 0; m < CMP_NMETRICS; m++)
		if (strlen(metric_names[m]) == n &&
		    memcmp(metric_names[m], s, n) == 0)
			return m;
	return -1;
}

int
cmp_metric_traced(enum cmp_metric m)
{
	return m == CMP_RUNNING || m == CMP_RUNNABLE;
}

static usec_t
secs_us(double s)
{
	return (usec_t)(s * 1e6 + 0.5);
}

usec_t
cmp_metric_of(const struct report *r, const struct pnode *n,
    enum cmp_metric m)
{
	const struct report_proc *p = report_proc_of(r, n);

	if (p == NULL || (cmp_metric_traced(m) && !p->traced))
		return -1;
	switch (m) {
	case CMP_WALL:
		return n->duration_us;
	case CMP_CPU:
		return secs_us(p->user_s + p->sys_s);
	case CMP_RUNNING:
		return secs_us(p->state_s[TS_RUNNING]);
	default:
		return secs_us(p->state_s[TS_RUNNABLE]);
	}
}

int
cmp_pair_metric_delta(const struct report *old, const struct report *new,
    const struct cmp_pair *p, enum cmp_metric m, usec_t *delta)
{
	usec_t o, n;

	if (p->old == NULL || p->new == NULL ||
	    (o = cmp_metric_of(old, p->old, m)) < 0 ||
	    (n = cmp_metric_of(new, p->new, m)) < 0)
		return 0;
	*delta = n - o;
	return 1;
}

/* A log's total of the metric: its time from its zero to its end, or its processes' sum. */
static usec_t
metric_total(const struct report *r, enum cmp_metric m)
{
	usec_t sum = 0, v;
	size_t i;

	if (m == CMP_WALL)
		return r->ms.end_us;	/* already from its zero */
	for (i = 0; i < r->nprocs; i++)
		if ((v = cmp_metric_of(r, r->procs[i].node, m)) > 0)
			sum += v;
	return sum;
}

void
compare_regression(const struct cmp_match *cm, const struct report *old,
    const struct report *new, enum cmp_metric m, usec_t thr,
    struct cmp_regression *r)
{
	usec_t d;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->metric = m;
	r->threshold_us = thr;
	r->worst = CMP_NONE;
	r->old_total_us = metric_total(old, m);
	r->new_total_us = metric_total(new, m);
	r->total = r->new_total_us - r->old_total_us > thr;
	for (i = 0; i < cm->npairs; i++) {
		if (!cmp_pair_metric_delta(old, new, &cm->pairs[i], m, &d) ||
		    d <= thr)
			continue;
		r->nprocs++;
		if (d > r->worst_delta_us) {
			r->worst_delta_us = d;
			r->worst = i;
		}
	}
}

static int
cmp_row(const void *a, const void *b)
{
	const struct cmp_pair *x = a, *y = b;
	const struct pnode *px = x->new ? x->new : x->old;
	const struct pnode *py = y->new ? y->new : y->old;
	usec_t sx = cmp_pair_start(x), sy = cmp_pair_start(y);
	int c;

	if (sx != sy)
		return sx < sy ? -1 : 1;
	if ((c = strcmp(px->name, py->name)) != 0)
		return c;
	/* The same name at the same time: the matched one first. */
	if ((x->old && x->new) != (y->old && y->new))
		return x->old && x->new ? -1 : 1;
	return process_order(px->proc, sx, py->proc, sy);
}

static void
push(struct level *lv, const struct pnode *o, const struct pnode *n,
    size_t parent, int depth)
{
	struct cmp_pair *p = &lv->v[lv->n++];

	p->old = o;
	p->new = n;
	p->old_start_us = o != NULL ? o->start_us - lv->old_zero : 0;
	p->new_start_us = n != NULL ? n->start_us - lv->new_zero : 0;
	p->parent = parent;
	p->depth = depth;
}

/* A sorted copy of a child list. */
static struct pnode **
sorted(struct pnode *const *v, size_t n, order_fn order)
{
	struct pnode **s;

	if ((s = malloc((n ? n : 1) * sizeof(*s))) == NULL)
		return NULL;
	if (n > 0)
		memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), order);
	return s;
}

/*
 * Both lists sorted by name, command line, start: equal keys meet in
 * runs and the k-th of a run pairs with the k-th.  The nodes paired
 * become NULL in o and n.
 */
static void
pair_cmdlines(struct level *lv, struct pnode **o, size_t on, struct pnode **n,
    size_t nn, size_t parent, int depth)
{
	size_t i = 0, j = 0;
	int c;

	while (i < on && j < nn) {
		c = cmd_key(o[i], n[j]);
		if (c == 0 && cmdline_of(o[i]) != NULL) {
			push(lv, o[i], n[j], parent, depth);
			o[i] = n[j] = NULL;
		}
		i += c <= 0;
		j += c >= 0;
	}
}

/* The nodes left (not NULL), sorted by name then start; returns how many. */
static size_t
left_by_name(struct pnode **v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (v[i] != NULL)
			v[k++] = v[i];
	qsort(v, k, sizeof(*v), cmp_node);
	return k;
}

/* Both lists sorted by name then start: the k-th of a name with the k-th. */
static void
pair_names(struct level *lv, struct pnode **o, size_t on, struct pnode **n,
    size_t nn, size_t parent, int depth)
{
	size_t i = 0, j = 0;
	int c;

	while (i < on || j < nn) {
		if (i == on)
			c = 1;
		else if (j == nn)
			c = -1;
		else
			c = strcmp(o[i]->name, n[j]->name);
		push(lv, c <= 0 ? o[i] : NULL, c >= 0 ? n[j] : NULL, parent,
		    depth);
		i += c <= 0;
		j += c >= 0;
	}
}

/*
 * Pairs two sibling lists: the same command line first (a make's
 * compilers start in any order, their command lines name their files),
 * then the same name; then the rows in start order.
 */
static int
pair_siblings(struct level *lv, struct pnode *const *ov, size_t on,
    struct pnode *const *nv, size_t nn, size_t parent, int depth)
{
	struct pnode **o = sorted(ov, on, cmp_node_cmd);
	struct pnode **n = sorted(nv, nn, cmp_node_cmd);
	size_t first = lv->n;
	int rc = -1;

	if (o == NULL || n == NULL || on + nn > lv->cap - lv->n)
		goto out;
	pair_cmdlines(lv, o, on, n, nn, parent, depth);
	on = left_by_name(o, on);
	nn = left_by_name(n, nn);
	pair_names(lv, o, on, n, nn, parent, depth);
	qsort(lv->v + first, lv->n - first, sizeof(*lv->v), cmp_row);
	rc = 0;
out:
	free(o);
	free(n);
	return rc;
}

/* Breadth-first: each row's children right after all earlier rows'. */
static int
match_levels(struct level *lv, const struct proctree *old,
    const struct proctree *new)
{
	static struct pnode *const none[1];
	const struct cmp_pair *p;
	size_t i;

	if (pair_siblings(lv, old->roots, old->nroots, new->roots,
	    new->nroots, CMP_NONE, 0) != 0)
		return -1;
	for (i = 0; i < lv->n; i++) {
		lv->first[i] = lv->n;
		p = &lv->v[i];
		if (pair_siblings(lv, p->old ? p->old->children : none,
		    p->old ? p->old->nchildren : 0,
		    p->new ? p->new->children : none,
		    p->new ? p->new->nchildren : 0, i, p->depth + 1) != 0)
			return -1;
		lv->count[i] = lv->n - lv->first[i];
	}
	return 0;
}

/* The breadth-first rows in pre-order, parents renumbered. */
static int
preorder(const struct level *lv, struct cmp_match *m)
{
	size_t *map, *stack, *next, sp = 0, r, k, out = 0;
	int rc = -1;

	map = calloc(lv->n + 1, sizeof(*map));
	stack = calloc(lv->n + 1, sizeof(*stack));
	next = calloc(lv->n + 1, sizeof(*next));
	m->pairs = calloc(lv->n + 1, sizeof(*m->pairs));
	if (map == NULL || stack == NULL || next == NULL || m->pairs == NULL)
		goto done;
	for (r = 0; r < lv->n && lv->v[r].parent == CMP_NONE; r++) {
		stack[sp++] = r;
		while (sp > 0) {
			k = stack[sp - 1];
			if (next[k] == 0) {
				map[k] = out;
				m->pairs[out] = lv->v[k];
				if (lv->v[k].parent != CMP_NONE)
					m->pairs[out].parent =
					    map[lv->v[k].parent];
				out++;
			}
			if (next[k] < lv->count[k])
				stack[sp++] = lv->first[k] + next[k]++;
			else
				sp--;
		}
	}
	m->npairs = out;
	rc = 0;
done:
	free(map);
	free(stack);
	free(next);
	return rc;
}

int
compare_match(const struct proctree *old, usec_t old_zero,
    const struct proctree *new, usec_t new_zero, struct cmp_match *m)
{
	struct level lv;
	size_t cap = proctree_count(old) + proctree_count(new) + 1;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	memset(&lv, 0, sizeof(lv));
	lv.cap = cap;
	lv.old_zero = old_zero;
	lv.new_zero = new_zero;
	lv.v = calloc(cap, sizeof(*lv.v));
	lv.first = calloc(cap, sizeof(*lv.first));
	lv.count = calloc(cap, sizeof(*lv.count));
	if (lv.v != NULL && lv.first != NULL && lv.count != NULL &&
	    match_levels(&lv, old, new) == 0)
		rc = preorder(&lv, m);
	free(lv.v);
	free(lv.first);
	free(lv.count);
	if (rc != 0)
		compare_free(m);
	return rc;
}

void
compare_free(struct cmp_match *m)
{
	free(m->pairs);
	memset(m, 0, sizeof(*m));
}
