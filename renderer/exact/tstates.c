/* tstates.c: threads' state changes kept as they come, then folded per process into spans by the priority rule of tboot.h (docs/trace.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot.h"
#include "tstates.h"
#include "tkeysort.h"

int
tstates_get(const struct tstates *s, int tid)
{
	if (tid < 0 || (size_t)tid >= s->tcap)
		return TS_NONE;
	return s->ts[tid];
}

static int
thread_room(struct tstates *s, int tid)
{
	size_t cap = s->tcap, want = (size_t)tid + 1;
	uint8_t *t;

	if (want <= cap)
		return 0;
	while (cap < want)
		cap = cap == 0 ? 4096 : cap * 2;
	if ((t = realloc(s->ts, cap)) == NULL)
		return -1;
	memset(t + s->tcap, TS_NONE, cap - s->tcap);
	s->ts = t;
	s->tcap = cap;
	return 0;
}

int
tstates_set(struct tstates *s, size_t proc, int tid, int64_t at, int state)
{
	struct tchange *c;

	if (tid < 0 || proc > UINT32_MAX || s->cut)
		return 0;
	if (thread_room(s, tid) != 0)
		return -1;
	if (s->ts[tid] == state)
		return 0;
	if (s->n >= (s->max > 0 ? s->max : CAP_TRACE_STATES)) {
		diag_warn(s->d, "more than %zu changes of threads' states: the "
		    "rows of processes alive from then on are drawn from "
		    "samples", s->n);
		s->cut = 1;
		s->cut_ns = at;
		return 0;
	}
	if (grow_array((void **)&s->v, &s->cap, s->n, sizeof(*s->v)) != 0)
		return -1;
	c = &s->v[s->n];
	c->proc = (uint32_t)proc;
	c->tid = tid;
	c->at = at;
	c->seq = (uint32_t)s->n++;
	c->state = (uint8_t)state;
	s->ts[tid] = (uint8_t)state;
	return 0;
}

int
tstates_name(struct tstates *s, size_t proc, int tid, const char *comm)
{
	struct tname *t;

	if (!s->want_names || tid < 0 || proc > UINT32_MAX ||
	    comm[0] == '\0' || s->nnames >= CAP_TRACE_STATES)
		return 0;
	if (grow_array((void **)&s->names, &s->namescap, s->nnames,
	    sizeof(*s->names)) != 0)
		return -1;
	t = &s->names[s->nnames];
	t->proc = (uint32_t)proc;
	t->tid = tid;
	t->seq = (uint32_t)s->nnames++;
	snprintf(t->comm, sizeof(t->comm), "%s", comm);
	return 0;
}

/* By time; equal times keep the order they came. */
static int
by_time(const struct tchange *x, const struct tchange *y)
{
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int
cmp_change(const void *a, const void *b)
{
	const struct tchange *x = a, *y = b;

	if (x->proc != y->proc)
		return x->proc < y->proc ? -1 : 1;
	return by_time(x, y);
}

static size_t
key_proc(const void *a)
{
	return ((const struct tchange *)a)->proc;
}

/* Appends [a, b) in state st, within the process's life [lo, hi). */
static int
add_span(struct tboot *tb, int64_t a, int64_t b, int st, int64_t lo,
    int64_t hi)
{
	if (a < lo)
		a = lo;
	if (b > hi)
		b = hi;
	if (st == TS_NONE || b <= a)
		return 0;
	if (grow_array((void **)&tb->spans, &tb->spanscap, tb->nspans,
	    sizeof(*tb->spans)) != 0)
		return -1;
	tb->spans[tb->nspans++] = (struct tspan){ a, b, st };
	return 0;
}

/*
 * Changes v[0..n), in time order, of one process's threads (or of one
 * thread): a span each time the highest state of them changes, within
 * [lo, hi); its spans are tb->spans[*span0 .. *span0 + *nspans).
 * s->ts (all TS_NONE) holds each thread's state meanwhile and is left
 * all TS_NONE again.
 */
static int
fold_spans(struct tstates *s, struct tboot *tb, const struct tchange *v,
    size_t n, int64_t lo, int64_t hi, size_t *span0, size_t *nspans)
{
	int64_t since = lo;
	size_t count[TS_COUNT] = { 0 }, i, j;
	int cur = TS_NONE, st;

	*span0 = tb->nspans;
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && v[j].at == v[i].at; j++) {
			if (s->ts[v[j].tid] != TS_NONE)
				count[s->ts[v[j].tid]]--;
			s->ts[v[j].tid] = v[j].state;
			count[v[j].state]++;
		}
		if ((st = tstate_top(count)) == cur)
			continue;
		if (add_span(tb, since, v[i].at, cur, lo, hi) != 0)
			return -1;
		cur = st;
		since = v[i].at;
	}
	if (add_span(tb, since, hi, cur, lo, hi) != 0)
		return -1;
	for (i = 0; i < n; i++)
		s->ts[v[i].tid] = TS_NONE;
	*nspans = tb->nspans - *span0;
	return 0;
}

/* The end of process p's life, or of the trace. */
static int64_t
life_end(const struct tboot *tb, const struct tproc *p)
{
	return p->end_ns != TPROC_AFTER ? p->end_ns : tb->last_ns;
}

static int
fold_one(struct tstates *s, struct tboot *tb, const struct tchange *v,
    size_t n)
{
	struct tproc *p = &tb->v[v[0].proc];

	if (fold_spans(s, tb, v, n, p->start_ns, life_end(tb, p), &p->span0,
	    &p->nspans) != 0)
		return -1;
	p->has_states = 1;
	return 0;
}

/*
 * A process has states when the trace saw it born and, past the cap,
 * when it ended before the cap was reached.
 */
int
tstates_fold(struct tstates *s, struct tboot *tb)
{
	struct tproc *p;
	size_t i, j;

	if (s->n == 0)
		return 0;
	if (tkeysort(s->v, s->n, sizeof(*s->v), key_proc, cmp_change) != 0)
		qsort(s->v, s->n, sizeof(*s->v), cmp_change);
	/* count[] is indexed by what ts holds: every thread starts at none. */
	memset(s->ts, TS_NONE, s->tcap);
	for (i = 0; i < s->n; i = j) {
		for (j = i; j < s->n && s->v[j].proc == s->v[i].proc; j++)
			;
		p = &tb->v[s->v[i].proc];
		if (p->start_ns == TPROC_BEFORE || (s->cut &&
		    (p->end_ns == TPROC_AFTER || p->end_ns > s->cut_ns)))
			continue;
		if (fold_one(s, tb, &s->v[i], j - i) != 0)
			return -1;
	}
	return 0;
}

static size_t
key_tid(const void *a)
{
	return (size_t)((const struct tchange *)a)->tid;
}

static int
cmp_tid_change(const void *a, const void *b)
{
	const struct tchange *x = a, *y = b;

	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return by_time(x, y);
}

static int
cmp_thread_change(const void *a, const void *b)
{
	const struct tchange *x = a, *y = b;

	if (x->proc != y->proc)
		return x->proc < y->proc ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return by_time(x, y);
}

static int
cmp_name(const void *a, const void *b)
{
	const struct tname *x = a, *y = b;

	if (x->proc != y->proc)
		return x->proc < y->proc ? -1 : 1;
	if (x->tid != y->tid)
		return x->tid < y->tid ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * The last name of thread tid of process entry proc: the names sorted
 * as the threads come (cmp_name), *at walking along with them.
 */
static void
name_of(const struct tstates *s, size_t *at, uint32_t proc, int tid,
    char comm[16])
{
	const struct tname *t;

	comm[0] = '\0';
	for (; *at < s->nnames; ++*at) {
		t = &s->names[*at];
		if (t->proc > proc || (t->proc == proc && t->tid > tid))
			return;
		if (t->proc == proc && t->tid == tid)
			memcpy(comm, t->comm, sizeof(t->comm));
	}
}

/*
 * One thread's changes v[0..n), in time order: from its first (its
 * birth) to its exit (its last, to no state) or its process's end.
 */
static int
fold_thread(struct tstates *s, struct tboot *tb, const struct tchange *v,
    size_t n, size_t *name)
{
	const struct tproc *p = &tb->v[v[0].proc];
	struct tthread *t;
	size_t i;

	if (grow_array((void **)&tb->threads, &tb->threadscap, tb->nthreads,
	    sizeof(*tb->threads)) != 0)
		return -1;
	t = &tb->threads[tb->nthreads];
	memset(t, 0, sizeof(*t));
	t->proc = v[0].proc;
	t->tid = v[0].tid;
	t->start_ns = v[0].at;
	t->end_ns = v[n - 1].state == TS_NONE ? v[n - 1].at : p->end_ns;
	name_of(s, name, t->proc, t->tid, t->comm);
	if (fold_spans(s, tb, v, n, t->start_ns, t->end_ns != TPROC_AFTER ?
	    t->end_ns : tb->last_ns, &t->span0, &t->nspans) != 0)
		return -1;
	for (i = t->span0; i < t->span0 + t->nspans; i++)
		if (tb->spans[i].state == TS_RUNNING)
			t->cpu_ns += tb->spans[i].end_ns - tb->spans[i].start_ns;
	tb->nthreads++;
	return 0;
}

int
tstates_fold_threads(struct tstates *s, struct tboot *tb)
{
	struct tproc *p;
	size_t i, j, name = 0;

	if (s->n == 0)
		return 0;
	if (s->nnames > 1)
		qsort(s->names, s->nnames, sizeof(*s->names), cmp_name);
	/* By thread, then (stable) by process: each process's group is in order. */
	if (tkeysort(s->v, s->n, sizeof(*s->v), key_tid, cmp_tid_change) != 0 ||
	    tkeysort(s->v, s->n, sizeof(*s->v), key_proc,
	    cmp_thread_change) != 0)
		qsort(s->v, s->n, sizeof(*s->v), cmp_thread_change);
	memset(s->ts, TS_NONE, s->tcap);
	for (i = 0; i < s->n; i = j) {
		for (j = i; j < s->n && s->v[j].proc == s->v[i].proc &&
		    s->v[j].tid == s->v[i].tid; j++)
			;
		p = &tb->v[s->v[i].proc];
		if (!p->has_states)
			continue;
		if (p->nthreads == 0)
			p->thread0 = tb->nthreads;
		if (fold_thread(s, tb, &s->v[i], j - i, &name) != 0)
			return -1;
		p->nthreads++;
	}
	return 0;
}

void
tstates_free(struct tstates *s)
{
	free(s->ts);
	free(s->v);
	free(s->names);
	memset(s, 0, sizeof(*s));
}
