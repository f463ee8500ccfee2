/* twake.c: the waits of the trace's threads and their wakers, summed per (waiter, waker, state) in a hash as the events come (docs/wakeups.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot.h"
#include "twake.h"

int
twake_sleep(struct twakes *k, int tid, int64_t at, int state)
{
	size_t cap = k->wcap, want = (size_t)tid + 1;
	struct twait *w;

	if (tid < 0)
		return 0;
	if (want > cap) {
		while (cap < want)
			cap = cap == 0 ? 4096 : cap * 2;
		if ((w = realloc(k->w, cap * sizeof(*w))) == NULL)
			return -1;
		memset(w + k->wcap, 0, (cap - k->wcap) * sizeof(*w));
		k->w = w;
		k->wcap = cap;
	}
	k->w[tid] = (struct twait){ at, (uint8_t)state };
	return 0;
}

int
twake_waiting(const struct twakes *k, int tid)
{
	return tid >= 0 && (size_t)tid < k->wcap && k->w[tid].state != 0;
}

void
twake_gone(struct twakes *k, int tid)
{
	if (tid >= 0 && (size_t)tid < k->wcap)
		k->w[tid].state = 0;
}

static size_t
hash(uint32_t waiter, int32_t waker, uint8_t state)
{
	uint64_t h = (uint64_t)waiter * 0x9e3779b97f4a7c15ULL;

	h ^= ((uint64_t)(uint32_t)waker << 8 | state) * 0xc2b2ae3d27d4eb4fULL;
	return (size_t)(h ^ h >> 29);
}

/* The slot of the edge, or the empty slot where it goes. */
static uint32_t *
slot_of(const struct twakes *k, uint32_t waiter, int32_t waker,
    uint8_t state)
{
	size_t i = hash(waiter, waker, state) & (k->nslot - 1);
	const struct twedge *e;

	for (;; i = (i + 1) & (k->nslot - 1)) {
		if (k->slot[i] == 0)
			return &k->slot[i];
		e = &k->v[k->slot[i] - 1];
		if (e->waiter == waiter && e->waker == waker &&
		    e->state == state)
			return &k->slot[i];
	}
}

/* Doubles the hash (kept under half full); 0, or -1. */
static int
rehash(struct twakes *k)
{
	size_t n = k->nslot == 0 ? 1024 : k->nslot * 2, i;
	uint32_t *s;

	if ((s = calloc(n, sizeof(*s))) == NULL)
		return -1;
	free(k->slot);
	k->slot = s;
	k->nslot = n;
	for (i = 0; i < k->n; i++)
		*slot_of(k, k->v[i].waiter, k->v[i].waker,
		    k->v[i].state) = (uint32_t)i + 1;
	return 0;
}

/* A new edge at *s; past the cap, one warning and NULL. */
static struct twedge *
new_edge(struct twakes *k, uint32_t *s, uint32_t waiter, int32_t waker,
    uint8_t state)
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
	e->waiter = waiter;
	e->waker = waker;
	e->state = state;
	*s = (uint32_t)++k->n;
	return e;
}

int
twake_woken(struct twakes *k, int tid, size_t waiter, int32_t waker,
    int64_t at)
{
	struct twait *w;
	struct twedge *e;
	uint32_t *s;
	int64_t d;

	if (!twake_waiting(k, tid))
		return 0;
	w = &k->w[tid];
	d = at > w->since ? at - w->since : 0;
	if ((k->n + 1) * 2 > k->nslot && rehash(k) != 0)
		return -1;
	s = slot_of(k, (uint32_t)waiter, waker, w->state);
	if (*s != 0)
		e = &k->v[*s - 1];
	else if ((e = new_edge(k, s, (uint32_t)waiter, waker,
	    w->state)) == NULL) {
		w->state = 0;
		return k->cut ? 0 : -1;
	}
	w->state = 0;
	e->count++;
	/* Saturating: tboot keeps times below 2^62, a sum may pass it. */
	e->total_ns = d > INT64_MAX - e->total_ns ? INT64_MAX :
	    e->total_ns + d;
	if (d > e->max_ns)
		e->max_ns = d;
	return 0;
}

void
twake_take(struct twakes *k, struct tboot *tb)
{
	tb->wake = k->v;
	tb->nwake = k->n;
	k->v = NULL;
	k->n = k->cap = 0;
}

void
twake_free(struct twakes *k)
{
	free(k->w);
	free(k->v);
	free(k->slot);
	memset(k, 0, sizeof(*k));
}
