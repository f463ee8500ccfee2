/* tcwait.c: each kernel function call's waits from its thread's switch and waking records: blocked (asleep or in D until a waking) and runnable time within the call, and the waker that ended most of it (docs/trace.md). */
#include <stdlib.h>
#include <string.h>

#include "tboot.h"
#include "tcrit.h"
#include "tcwait.h"
#include "tfunc.h"

/* The wakers of one call, summed; a call waits on few. */
#define WAKERS	16

struct sums {
	struct tcwait *w;
	int32_t who[WAKERS];
	int64_t ns[WAKERS];
	size_t n;
};

/* [a, b) clipped to [lo, hi), in ns; 0 when they do not meet. */
static int64_t
overlap(int64_t a, int64_t b, int64_t lo, int64_t hi)
{
	if (a < lo)
		a = lo;
	if (b > hi)
		b = hi;
	return b > a ? b - a : 0;
}

/* A waker's share; past WAKERS distinct ones the rest are not named. */
static void
credit(struct sums *s, int32_t who, int64_t ns)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->who[i] == who) {
			s->ns[i] += ns;
			return;
		}
	if (s->n < WAKERS) {
		s->who[s->n] = who;
		s->ns[s->n++] = ns;
	}
}

/*
 * Thread records v[j..] from a switch off at v[j]: the wait up to its
 * waking (blocked) or the CPU's taking it back (runnable), and the
 * runnable time from a waking to the next switch on.
 */
static void
one_wait(struct sums *s, const struct tcrec *v, size_t n, size_t j,
    int64_t lo, int64_t hi)
{
	const struct tcrec *off = &v[j], *next;
	int64_t d;

	next = j + 1 < n && v[j + 1].tid == off->tid ? &v[j + 1] : NULL;
	if (off->state == TS_RUNNABLE) {
		s->w->runnable_ns += overlap(off->at, next != NULL ? next->at :
		    hi, lo, hi);
		return;
	}
	if (next == NULL || next->kind != CR_WOKEN) {
		/* No waking recorded (an exit, a switch in left out). */
		s->w->blocked_ns += overlap(off->at, next != NULL ? next->at :
		    hi, lo, hi);
		return;
	}
	d = overlap(off->at, next->at, lo, hi);
	s->w->blocked_ns += d;
	if (d > 0)
		credit(s, next->other, d);
	j++;
	next = j + 1 < n && v[j + 1].tid == off->tid ? &v[j + 1] : NULL;
	s->w->runnable_ns += overlap(v[j].at, next != NULL ? next->at : hi, lo,
	    hi);
}

/* The waits of call k of thread k->pid. */
static void
one_call(const struct tboot *tb, const struct tcall *k, struct tcwait *w)
{
	const struct tcrec *v = tb->crec;
	ptrdiff_t i, first;
	struct sums s;
	size_t j, best;

	memset(&s, 0, sizeof(s));
	s.w = w;
	i = tcrit_find(v, tb->ncrec, k->pid, k->call_ns, &first);
	j = i >= 0 ? (size_t)i : (size_t)first;
	for (; j < tb->ncrec && v[j].tid == k->pid && v[j].at < k->ret_ns;
	    j++)
		if (v[j].kind == CR_OFF)
			one_wait(&s, v, tb->ncrec, j, k->call_ns, k->ret_ns);
	for (j = best = 0; j < s.n; j++)
		if (s.ns[j] > s.ns[best])
			best = j;
	if (s.n > 0) {
		w->waker = s.who[best];
		w->waker_ns = s.ns[best];
	}
}

int
tcwait_make(const struct tboot *tb, const struct tcalls *c,
    struct tcwait **out)
{
	struct tcwait *w;
	size_t i;

	*out = NULL;
	if (c->n == 0 || tb->ncrec == 0)
		return 0;
	if ((w = calloc(c->n, sizeof(*w))) == NULL)
		return -1;
	for (i = 0; i < c->n; i++)
		if (c->v[i].pid > 0)
			one_call(tb, &c->v[i], &w[i]);
	*out = w;
	return 0;
}
