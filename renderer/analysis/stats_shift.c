/* stats_shift.c: how far B lies from A: the Hodges-Lehmann shift with its bootstrap CI (own splitmix64, fixed seed), the medians' difference, Cliff's delta, and stats_compare, which runs both tests too; docs/sets.md. */
#include <math.h>
#include <stdlib.h>

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

/* Scratch for the bootstrap: one resample of each set, its differences. */
struct boot {
	double *ra, *rb, *diffs, *hl;
};

static void
boot_free(struct boot *w)
{
	free(w->ra);
	free(w->rb);
	free(w->diffs);
	free(w->hl);
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

	w.ra = malloc(m * sizeof(*w.ra));
	w.rb = malloc(n * sizeof(*w.rb));
	w.diffs = malloc(m * n * sizeof(*w.diffs));
	w.hl = malloc(nr * sizeof(*w.hl));
	if (!w.ra || !w.rb || !w.diffs || !w.hl) {
		boot_free(&w);
		return STATS_NOMEM;
	}
	for (r = 0; r < nr; r++) {
		for (i = 0; i < m; i++)
			w.ra[i] = a[draw_index(&state, m)];
		for (i = 0; i < n; i++)
			w.rb[i] = b[draw_index(&state, n)];
		w.hl[r] = hl_into(w.ra, m, w.rb, n, w.diffs);
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
