/* stats_rank.c: the two-sided Mann-Whitney U test of two sets, as R's wilcox.test(A, B) with its defaults (exact below 50 a side without ties, else normal with tie and continuity corrections); docs/sets.md. */
#include <math.h>
#include <stdlib.h>

#include "stats.h"
#include "stats_sort.h"

/* What the ranks of A among A and B give. */
struct ranks {
	double w;		/* sum of A's mid-ranks - m(m+1)/2 */
	double ties;		/* sum over tied groups of t^3 - t */
};

/* Mid-ranks of the sorted values: a tied group of t from rank r+1 share r + (t+1)/2. */
static void
rank_sorted(const struct stats_tagged *u, size_t nn, size_t m, struct ranks *r)
{
	double sum = 0, t, mid;
	size_t i, j, k;

	r->ties = 0;
	for (i = 0; i < nn; i = j) {
		for (j = i + 1; j < nn && u[j].v == u[i].v; j++)
			;
		t = (double)(j - i);
		mid = (double)i + (t + 1) / 2;
		for (k = i; k < j; k++)
			if (u[k].from_a)
				sum += mid;
		r->ties += t * t * t - t;
	}
	r->w = sum - (double)m * ((double)m + 1) / 2;
}

static enum stats_err
rank_both(const double *a, size_t m, const double *b, size_t n,
    struct ranks *r)
{
	struct stats_tagged *u = stats_tag_sorted(a, m, b, n);

	if (u == NULL)
		return STATS_NOMEM;
	rank_sorted(u, m + n, m, r);
	free(u);
	return STATS_OK;
}

/*
 * The number of orderings of m a's and n b's with k pairs a > b, for
 * k = 0..m*n, by the counting recursion on the largest value: it is an
 * a (beating all n b's) or a b, so c(k; i, j) = c(k - j; i - 1, j) +
 * c(k; i, j - 1).  row[i] holds c(.; i, j) for the current j, updated
 * in place from j - 1: row[i - 1] is already at j when row[i] reads it.
 * Only sums of positive counts: no cancellation.  Memory: the rows
 * for i = 0..m, about m*m*n/2 doubles (60 000 at m = n = 49), in one
 * block returned in *block for the caller to free.
 */
static double *
wilcox_counts(size_t m, size_t n, double **block)
{
	double **row = malloc((m + 1) * sizeof(*row)), *all, *out = NULL;
	size_t i, j, k, total = 0;

	for (i = 0; i <= m; i++)
		total += i * n + 1;
	all = calloc(total, sizeof(*all));
	if (row == NULL || all == NULL)
		goto done;
	for (i = 0, total = 0; i <= m; i++) {
		row[i] = all + total;
		row[i][0] = 1;
		total += i * n + 1;
	}
	for (j = 1; j <= n; j++)
		for (i = 1; i <= m; i++)
			for (k = j; k <= i * j; k++)
				row[i][k] += row[i - 1][k - j];
	out = row[m];
	*block = all;
	all = NULL;
done:
	free(all);
	free(row);
	return out;
}

/* The exact two-sided p: twice the smaller tail, from the counts. */
static enum stats_err
exact_p(size_t m, size_t n, double w, double *p)
{
	size_t s = m < n ? m : n, l = m < n ? n : m, k, kmax;
	double *c, *block, total = 0, tail = 0, mn = (double)m * (double)n;

	/* c(k; m, n) = c(k; n, m): the shorter side keeps the table small. */
	c = wilcox_counts(s, l, &block);
	if (c == NULL)
		return STATS_NOMEM;
	for (k = 0; k <= s * l; k++)
		total += c[k];
	kmax = (size_t)(w <= mn - w ? w : mn - w);
	for (k = 0; k <= kmax; k++)
		tail += c[k] / total;
	free(block);
	*p = fmin(2 * tail, 1);
	return STATS_OK;
}

/*
 * Normal approximation with R's defaults: the variance corrected for
 * ties, and a continuity correction of 1/2 towards the mean.  When
 * every value ties there is no spread: R gives NaN, we give 1.
 */
static double
normal_p(size_t m, size_t n, const struct ranks *r)
{
	double mn = (double)m * (double)n, nn = (double)(m + n);
	double z = r->w - mn / 2, sigma, corr;

	sigma = sqrt(mn / 12 * ((nn + 1) - r->ties / (nn * (nn - 1))));
	if (!(sigma > 0))
		return 1;
	corr = z > 0 ? 0.5 : z < 0 ? -0.5 : 0;
	z = (z - corr) / sigma;
	return erfc(fabs(z) * M_SQRT1_2);
}

enum stats_err
stats_mann_whitney(const double *a, size_t m, const double *b, size_t n,
    struct stats_mw *out)
{
	enum stats_err e;
	struct ranks r;

	out->w = out->p = NAN;
	out->exact = 0;
	if ((e = stats_check(a, m)) != STATS_OK ||
	    (e = stats_check(b, n)) != STATS_OK)
		return e;
	if ((e = rank_both(a, m, b, n, &r)) != STATS_OK)
		return e;
	out->w = r.w;
	if (m < STATS_MW_EXACT_N && n < STATS_MW_EXACT_N && r.ties == 0) {
		out->exact = 1;
		return exact_p(m, n, r.w, &out->p);
	}
	out->p = normal_p(m, n, &r);
	return STATS_OK;
}
