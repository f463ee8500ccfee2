/* compare.c: matches two boots' trees by names from the root and the order of same-named siblings. */
#include <stdlib.h>
#include <string.h>

#include "compare.h"

/*
 * The matched tree level by level, before it is put in pre-order.  Each
 * node of either tree is in one row at most, so the sizes are known.
 */
struct level {
	struct cmp_pair *v;	/* breadth-first */
	size_t n, cap;		/* cap: the nodes of both trees */
	size_t *first, *count;	/* each row's children in v */
};

static int
cmp_node(const void *a, const void *b)
{
	const struct pnode *x = *(const struct pnode *const *)a;
	const struct pnode *y = *(const struct pnode *const *)b;
	int c;

	if ((c = strcmp(x->name, y->name)) != 0)
		return c;
	if (x->start_us != y->start_us)
		return x->start_us < y->start_us ? -1 : 1;
	return process_order(x->proc, x->start_us, y->proc, y->start_us);
}

usec_t
cmp_pair_start(const struct cmp_pair *p)
{
	return p->new != NULL ? p->new->start_us : p->old->start_us;
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
	p->parent = parent;
	p->depth = depth;
}

/* A sorted copy of a child list (by name, start, PID). */
static struct pnode **
sorted(struct pnode *const *v, size_t n)
{
	struct pnode **s;

	if ((s = malloc((n ? n : 1) * sizeof(*s))) == NULL)
		return NULL;
	if (n > 0)
		memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_node);
	return s;
}

/*
 * Pairs two sibling lists: both sorted by name then start, so equal
 * names meet in runs and the k-th of a run pairs with the k-th.
 */
static int
pair_siblings(struct level *lv, struct pnode *const *ov, size_t on,
    struct pnode *const *nv, size_t nn, size_t parent, int depth)
{
	struct pnode **o = sorted(ov, on), **n = sorted(nv, nn);
	size_t i = 0, j = 0, first = lv->n;
	int c, rc = -1;

	if (o == NULL || n == NULL || on + nn > lv->cap - lv->n)
		goto out;
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
compare_match(const struct proctree *old, const struct proctree *new,
    struct cmp_match *m)
{
	struct level lv;
	size_t cap = proctree_count(old) + proctree_count(new) + 1;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	memset(&lv, 0, sizeof(lv));
	lv.cap = cap;
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
