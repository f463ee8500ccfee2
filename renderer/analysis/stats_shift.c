/* stats_shift.c: how far B lies from A: the Hodges-Lehmann shift with its bootstrap CI (own splitmix64, fixed seed), the medians' difference, Cliff's delta, and stats_compare, which runs both tests too; docs/sets.md. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "stats_sort.h"

/* The bootstrap's seed unless the caller sets another: "bootchar". */
#define STATS_SEED	0x626f6f7463686172ull

void
stats_opts_default(struct stats_opts *o, double floor_abs)
{
	o->q = 0.05;
	o->floor_rel = 0.01;
	o->floor_abs = floor_abs;
	o->resamples = 2000;
	o->seed = STATS_SEED;
	o->power = 0.8;
	o->max_boots = 1000;
}

/*
 * splitmix64 (Steele, Lea and Flood): a 64-bit state, the same stream
 * on every machine, so the same input gives the same CI to the bit.
 */
static uint64_t
next_u64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A uniform index below n, without modulo bias: redraw below 2^64 mod n. */
static size_t
draw_index(uint64_t *state, size_t n)
{
	uint64_t x, floor_ok = (0 - (uint64_t)n) % (uint64_t)n;

	do
		x = next_u64(state);
	while (x < floor_ok);
	return (size_t)(x % (uint64_t)n);
}

/* The median of the m*n differences b - a, in diffs (m*n doubles). */
static double
hl_into(const double *a, size_t m, const double *b, size_t n, double *diffs)
{
	size_t i, j;

	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++)
			diffs[i * n + j] = b[j] - a[i];
	return stats_median_inplace(diffs, m * n);
}

enum stats_err
stats_hodges_lehmann(const double *a, size_t m, const double *b, size_t n,
    double *hl)
{
	enum stats_err e;
	double *diffs;

	*hl = NAN;
	if ((e = stats_check(a, m)) != STATS_OK ||
	    (e = stats_check(b, n)) != STATS_OK)
		return e;
	if ((double)m * (double)n > STATS_MAX_PAIRS)
		return STATS_TOO_BIG;
	diffs = malloc(m * n * sizeof(*diffs));
	if (diffs == NULL)
		return STATS_NOMEM;
	*hl = hl_into(a, m, b, n, diffs);
	free(diffs);
	return STATS_OK;
}

/* One difference b[j] - a[i], sorted once for every resample. */
struct pair {
	double d;
	uint32_t i, j;
};

static int
by_diff(const void *x, const void *y)
{
	double a = ((const struct pair *)x)->d, b = ((const struct pair *)y)->d;

	return (a > b) - (a < b);
}

/* Scratch for the bootstrap: how often a resample drew each value. */
struct boot {
	struct pair *pairs;	/* the m*n differences, ascending */
	uint32_t *ca, *cb;	/* draws of each of A's and of B's values */
	double *hl;
};

static void
boot_free(struct boot *w)
{
	free(w->pairs);
	free(w->ca);
	free(w->cb);
	free(w->hl);
}

/*
 * A resample's HL: the median of its m*n differences, each original
 * difference counted ca[i] * cb[j] times.  The sorted list is walked
 * to the middle rank(s): the same value R's median of the resample's
 * differences gives, in O(m n) adds instead of a selection.
 */
static double
weighted_median(const struct boot *w, size_t m, size_t n)
{
	uint64_t total = (uint64_t)m * n, k1 = (total + 1) / 2;
	uint64_t k2 = total / 2 + 1, cum = 0;
	double lo = NAN;
	size_t p;

	for (p = 0; p < total; p++) {
		cum += (uint64_t)w->ca[w->pairs[p].i] * w->cb[w->pairs[p].j];
		if (isnan(lo) && cum >= k1) {
			lo = w->pairs[p].d;
			if (total % 2 == 1)
				return lo;
		}
		if (cum >= k2)
			return (lo + w->pairs[p].d) / 2;
	}
	return lo;
}

static int
boot_alloc(struct boot *w, const double *a, size_t m, const double *b,
    size_t n, unsigned nr)
{
	size_t i, j;

	w->pairs = malloc(m * n * sizeof(*w->pairs));
	w->ca = malloc(m * sizeof(*w->ca));
	w->cb = malloc(n * sizeof(*w->cb));
	w->hl = malloc(nr * sizeof(*w->hl));
	if (!w->pairs || !w->ca || !w->cb || !w->hl)
		return -1;
	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++)
			w->pairs[i * n + j] = (struct pair){ b[j] - a[i],
			    (uint32_t)i, (uint32_t)j };
	qsort(w->pairs, m * n, sizeof(*w->pairs), by_diff);
	return 0;
}

/*
 * The percentile bootstrap: `resamples` times, m values drawn from A
 * and n from B with replacement (A's first, then B's, from one
 * stream), their HL shift; the CI is the type-7 2.5 % and 97.5 %
 * quantiles of those shifts.
 */
static enum stats_err
hl_ci(const double *a, size_t m, const double *b, size_t n,
    const struct stats_opts *o, struct stats_cmp *c)
{
	struct boot w = { 0 };
	uint64_t state = o->seed;
	unsigned r, nr = o->resamples > 0 ? o->resamples : 1;
	size_t i;

	if (boot_alloc(&w, a, m, b, n, nr) != 0) {
		boot_free(&w);
		return STATS_NOMEM;
	}
	for (r = 0; r < nr; r++) {
		memset(w.ca, 0, m * sizeof(*w.ca));
		memset(w.cb, 0, n * sizeof(*w.cb));
		for (i = 0; i < m; i++)
			w.ca[draw_index(&state, m)]++;
		for (i = 0; i < n; i++)
			w.cb[draw_index(&state, n)]++;
		w.hl[r] = weighted_median(&w, m, n);
	}
	stats_sort(w.hl, nr);
	c->hl_lo = stats_quantile7(w.hl, nr, 0.025);
	c->hl_hi = stats_quantile7(w.hl, nr, 0.975);
	boot_free(&w);
	return STATS_OK;
}

/* Cliff's delta from sorted sets: for each a, the b's above and below. */
static double
cliff_sorted(const double *sa, size_t m, const double *sb, size_t n)
{
	size_t i, below = 0, upto = 0;
	double sum = 0;

	for (i = 0; i < m; i++) {
		while (below < n && sb[below] < sa[i])
			below++;
		while (upto < n && sb[upto] <= sa[i])
			upto++;
		sum += (double)(n - upto) - (double)below;
	}
	return sum / ((double)m * (double)n);
}

double
stats_cliff(const double *a, size_t m, const double *b, size_t n)
{
	double *sa, *sb, d = NAN;

	if (m == 0 || n == 0)
		return NAN;
	sa = stats_sorted_copy(a, m);
	sb = stats_sorted_copy(b, n);
	if (sa != NULL && sb != NULL)
		d = cliff_sorted(sa, m, sb, n);
	free(sa);
	free(sb);
	return d;
}

/* The medians' difference and Cliff's delta, from sorted copies. */
static enum stats_err
medians_and_cliff(const double *a, size_t m, const double *b, size_t n,
    struct stats_cmp *c)
{
	double *sa = stats_sorted_copy(a, m), *sb = stats_sorted_copy(b, n);
	double ma, mb;

	if (sa == NULL || sb == NULL) {
		free(sa);
		free(sb);
		return STATS_NOMEM;
	}
	ma = stats_median_sorted(sa, m);
	mb = stats_median_sorted(sb, n);
	c->dmedian = mb - ma;
	c->dmedian_pct = ma != 0 ? 100 * c->dmedian / ma : NAN;
	c->cliff = cliff_sorted(sa, m, sb, n);
	free(sa);
	free(sb);
	return STATS_OK;
}

static void
cmp_nan(struct stats_cmp *c)
{
	c->p = c->hl = c->hl_lo = c->hl_hi = NAN;
	c->dmedian = c->dmedian_pct = c->cliff = NAN;
}

/*
 * Both tests and the shift.  Beyond STATS_MAX_PAIRS pairs the tests,
 * medians and Cliff's delta are there but the shift and its CI are
 * NaN, and the result is STATS_TOO_BIG.
 */
enum stats_err
stats_compare(const double *a, size_t m, const double *b, size_t n,
    const struct stats_opts *o, struct stats_cmp *c)
{
	enum stats_err e;

	cmp_nan(c);
	if ((e = stats_mann_whitney(a, m, b, n, &c->mw)) != STATS_OK ||
	    (e = stats_ks2(a, m, b, n, &c->ks)) != STATS_OK ||
	    (e = medians_and_cliff(a, m, b, n, c)) != STATS_OK)
		return e;
	c->p = fmin(c->mw.p, c->ks.p);
	if ((e = stats_hodges_lehmann(a, m, b, n, &c->hl)) != STATS_OK)
		return e;
	return hl_ci(a, m, b, n, o, c);
}
