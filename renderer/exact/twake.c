/* twake.c: the waits of the trace's threads and their wakers, summed per (waiter, waker, state) in a hash as the events come (docs/wakeups.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot.h"
#include "treason.h"
#include "twake.h"

/* Room for thread tid's wait; 0, or -1 (no memory). */
static int
room(struct twakes *k, int tid)
{
	void *w = k->w;

	if (grow_zeroed(&w, &k->wcap, (size_t)tid + 1, sizeof(*k->w)) != 0)
		return -1;
	k->w = w;
	return 0;
}

static int count(struct twakes *, struct twait *);

void
twake_crit(struct twakes *k, int tid, int32_t alt_tid, uint32_t crec)
{
	if (!twake_waiting(k, tid))
		return;
	k->w[tid].alt_tid = alt_tid;
	k->w[tid].crec = crec;
}

/* A socket's waking record: its waker the sender's thread, as its edge. */
static void
crit_waker(struct twakes *k, const struct twait *w)
{
	struct tcrec *r;

	if (k->cr == NULL || w->crec == 0 || w->crec > k->cr->n ||
	    w->alt_tid <= 0)
		return;
	r = &k->cr->v[w->crec - 1];
	if (r->kind == CR_WOKEN && r->other == TW_SOFTIRQ)
		r->other = w->alt_tid;
}

int
twake_sleep(struct twakes *k, int tid, int64_t at, int state)
{
	if (tid < 0)
		return 0;
	if (room(k, tid) != 0 || twake_settle(k, tid) != 0)
		return -1;
	k->w[tid] = (struct twait){ .t = at, .state = (uint8_t)state };
	return 0;
}

void
twake_expect(struct twakes *k, int tid)
{
	if (twake_waiting(k, tid))
		k->w[tid].expect = 1;
}

int
twake_why(struct twakes *k, int tid, int reason, uint32_t stack)
{
	struct twait *w;

	if (tid < 0 || (size_t)tid >= k->wcap || k->w[tid].state == 0)
		return 0;
	w = &k->w[tid];
	w->reason = (uint8_t)reason;
	w->stack = stack;
	return twake_settle(k, tid);
}

int
twake_settle(struct twakes *k, int tid)
{
	struct twait *w;

	if (tid < 0 || (size_t)tid >= k->wcap)
		return 0;
	w = &k->w[tid];
	w->expect = 0;
	if (!w->pending)
		return 0;
	return count(k, w);
}

int
twake_waiting(const struct twakes *k, int tid)
{
	return tid >= 0 && (size_t)tid < k->wcap && k->w[tid].state != 0 &&
	    !k->w[tid].pending;
}

int
twake_gone(struct twakes *k, int tid)
{
	if (twake_settle(k, tid) != 0)
		return -1;
	if (tid >= 0 && (size_t)tid < k->wcap)
		k->w[tid].state = 0;
	return 0;
}

/* An edge's key: waiter, waker, state and reason. */
struct ekey {
	uint32_t waiter;
	int32_t waker;
	uint8_t state, reason;
};

static size_t
hash(const struct ekey *e)
{
	uint64_t h = (uint64_t)e->waiter * 0x9e3779b97f4a7c15ULL;

	h ^= ((uint64_t)(uint32_t)e->waker << 16 | (uint64_t)e->state << 8 |
	    e->reason) * 0xc2b2ae3d27d4eb4fULL;
	return (size_t)(h ^ h >> 29);
}

static size_t
edge_hash(const void *owner, size_t i)
{
	const struct twedge *e = &((const struct twakes *)owner)->v[i];
	struct ekey key = { e->waiter, e->waker, e->state, e->reason };

	return hash(&key);
}

static int
edge_is(const void *owner, size_t i, const void *k)
{
	const struct twedge *e = &((const struct twakes *)owner)->v[i];
	const struct ekey *key = k;

	return e->waiter == key->waiter && e->waker == key->waker &&
	    e->state == key->state && e->reason == key->reason;
}

/* A new edge at *s; past the cap, one warning and NULL. */
static struct twedge *
new_edge(struct twakes *k, uint32_t *s, const struct ekey *key)
{
	size_t max = k->max != 0 ? k->max : CAP_TRACE_WAKE_EDGES;
	struct twedge *e;

	if (k->n >= max) {
		if (!k->cut)
			diag_warn(k->d, "more than %zu wake-up edges: the "
			    "waits of the rest are left out", max);
		k->cut = 1;
		return NULL;
	}
	if (grow_array((void **)&k->v, &k->cap, k->n, sizeof(*k->v)) != 0)
		return NULL;
	e = &k->v[k->n];
	memset(e, 0, sizeof(*e));
	e->waiter = key->waiter;
	e->waker = key->waker;
	e->state = key->state;
	e->reason = key->reason;
	*s = (uint32_t)++k->n;
	return e;
}

/* A wait woken (pending): counted for its edge; 0, or -1 (no memory). */
static int
count(struct twakes *k, struct twait *w)
{
	struct twedge *e;
	struct ekey key;
	uint32_t *s;
	int64_t d = w->t;

	/* Data a thread's own send delivered in its softirq: that thread's. */
	if (w->waker == TW_SOFTIRQ && w->reason == TR_SOCKET && w->alt >= 0) {
		w->waker = w->alt;
		crit_waker(k, w);
	}
	key = (struct ekey){ w->waiter, w->waker, w->state, w->reason };
	w->state = w->pending = 0;
	if (tslots_room(&k->slots, k->n, edge_hash, k) != 0)
		return -1;
	tstacks_time(&k->sk, w->stack, d);
	s = tslots_find(&k->slots, hash(&key), edge_is, k, &key);
	if (*s != 0)
		e = &k->v[*s - 1];
	else if ((e = new_edge(k, s, &key)) == NULL)
		return k->cut ? 0 : -1;
	e->count++;
	/* Saturating: tboot keeps times below 2^62, a sum may pass it. */
	e->total_ns = d > INT64_MAX - e->total_ns ? INT64_MAX :
	    e->total_ns + d;
	if (d > e->max_ns)
		e->max_ns = d;
	if (w->stack != 0 && (e->stack == 0 || d > e->stack_ns)) {
		e->stack = w->stack;
		e->stack_ns = d;
	}
	return 0;
}

int
twake_woken(struct twakes *k, int tid, size_t waiter, int32_t waker,
    int32_t alt, int64_t at)
{
	struct twait *w;

	if (!twake_waiting(k, tid))
		return 0;
	w = &k->w[tid];
	w->t = at > w->t ? at - w->t : 0;
	w->waiter = (uint32_t)waiter;
	w->waker = waker;
	w->alt = alt;
	w->pending = 1;
	/* Its stack is still to come (the waking ran on another CPU). */
	if (w->expect)
		return 0;
	return count(k, w);
}

/* The order every reader lists waits in: the most time, then the most waits, then the waiter. */
static int
most_first(int64_t ta, uint32_t ca, uint32_t wa, int64_t tb, uint32_t cb,
    uint32_t wb)
{
	if (ta != tb)
		return ta > tb ? -1 : 1;
	if (ca != cb)
		return ca > cb ? -1 : 1;
	return wa != wb ? (wa < wb ? -1 : 1) : 0;
}

static int
by_total(const void *a, const void *b)
{
	const struct twedge *x = a, *y = b;
	int c;

	if ((c = most_first(x->total_ns, x->count, x->waiter, y->total_ns,
	    y->count, y->waiter)) != 0)
		return c;
	if (x->waker != y->waker)
		return x->waker < y->waker ? -1 : 1;
	if (x->state != y->state)
		return (int)x->state - (int)y->state;
	return (int)x->reason - (int)y->reason;
}

static int
stack_by_total(const void *a, const void *b)
{
	const struct tstack *x = a, *y = b;
	int c;

	if ((c = most_first(x->total_ns, x->count, x->waiter, y->total_ns,
	    y->count, y->waiter)) != 0)
		return c;
	return (c = strcmp(x->frames, y->frames)) < 0 ? -1 : c > 0;
}

/*
 * The edges' stacks were ids in the order the stacks came; sorted, each
 * is its index + 1 in tb->stacks.  0, or -1 (no memory).
 */
static int
edge_stacks(struct tboot *tb)
{
	uint32_t *at;
	size_t i;

	if (tb->nstacks == 0)
		return 0;
	if ((at = calloc(tb->nstacks, sizeof(*at))) == NULL)
		return -1;
	for (i = 0; i < tb->nstacks; i++)
		if (tb->stacks[i].id >= 1 && tb->stacks[i].id <= tb->nstacks)
			at[tb->stacks[i].id - 1] = (uint32_t)i + 1;
	for (i = 0; i < tb->nwake; i++)
		tb->wake[i].stack = tb->wake[i].stack >= 1 &&
		    tb->wake[i].stack <= tb->nstacks ?
		    at[tb->wake[i].stack - 1] : 0;
	free(at);
	return 0;
}

int
twake_take(struct twakes *k, struct tboot *tb)
{
	size_t i;

	for (i = 0; i < k->wcap; i++)
		if (k->w[i].pending && count(k, &k->w[i]) != 0)
			return -1;
	tb->wake = k->v;
	tb->nwake = k->n;
	k->v = NULL;
	k->n = k->cap = 0;
	tb->stacks = k->sk.v;
	tb->nstacks = k->sk.n;
	k->sk.v = NULL;
	k->sk.n = k->sk.cap = 0;
	/* Every reader (the report, the graphs) lists the most time first. */
	if (tb->nwake > 0)
		qsort(tb->wake, tb->nwake, sizeof(*tb->wake), by_total);
	if (tb->nstacks > 0)
		qsort(tb->stacks, tb->nstacks, sizeof(*tb->stacks),
		    stack_by_total);
	return edge_stacks(tb);
}

void
twake_free(struct twakes *k)
{
	free(k->w);
	free(k->v);
	tslots_free(&k->slots);
	tstacks_free(&k->sk);
	memset(k, 0, sizeof(*k));
}

const char *
twake_context_name(int32_t w)
{
	switch (w) {
	case TW_IRQ: return "[irq]";
	case TW_SOFTIRQ: return "[softirq]";
	case TW_NMI: return "[nmi]";
	default: return "[idle]";
	}
}
