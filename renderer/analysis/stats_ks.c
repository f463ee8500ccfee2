/* stats_ks.c: the two-sided two-sample Kolmogorov-Smirnov test, as Debian 12's R ks.test(A, B): exact by lattice paths (ties too) while m*n < 10000, else Kolmogorov's limit; docs/sets.md. */
#include <math.h>
#include <stdlib.h>

#include "stats.h"
#include "stats_sort.h"

/* R's tolerance for the series of Kolmogorov's distribution. */
#define KS_TOL	1e-6

/*
 * The walk through the pooled sorted values: after k of them, i from A
 * and j from B, the ECDFs differ by |i/m - j/n| = |i n - j m| / (m n).
 * The difference counts only where a run of equal values ends (ends[k],
 * k = 1..m+n), since the ECDFs jump over a run as one.  Returns
 * max |i n - j m| there, a whole number held exactly by a double.
 */
static double
ks_walk(const struct stats_tagged *u, size_t m, size_t n, unsigned char *ends)
{
	double gap, best = 0;
	size_t k, i = 0, j = 0, nn = m + n;

	for (k = 1; k <= nn; k++) {
		if (u[k - 1].from_a)
			i++;
		else
			j++;
		ends[k] = k == nn || u[k].v != u[k - 1].v;
		if (!ends[k])
			continue;
		gap = fabs((double)i * (double)n - (double)j * (double)m);
		if (gap > best)
			best = gap;
	}
	return best;
}

/*
 * P(D >= d) under the null: every order of the m + n labels equally
 * likely, the path from (0,0) to (m,n) stepping right (A) with
 * probability (m-i)/(left) and up (B) with (n-j)/(left).  pr[j] is the
 * probability of reaching (i,j) without having touched |i n - j m| >= gap
 * at a run's end; what touches it is added to the p-value and stops.
 * Summing what crosses, not 1 - what stays, keeps small p-values
 * accurate (R computes 1 - the count inside, so its small p-values
 * carry an absolute error near 1e-15).  Memory: n + 1 doubles.
 */
static enum stats_err
ks_exact_p(size_t m, size_t n, const unsigned char *ends, double gap,
    double *p)
{
	double *pr = calloc(n + 1, sizeof(*pr)), hit = 0, left, from_a, from_b;
	size_t i, j;

	if (pr == NULL)
		return STATS_NOMEM;
	for (i = 0; i <= m; i++) {
		for (j = 0; j <= n; j++) {
			left = (double)(m + n - i - j) + 1;
			from_a = i > 0 ? pr[j] * (double)(m - i + 1) / left : 0;
			from_b = j > 0 ? pr[j - 1] * (double)(n - j + 1) / left : 0;
			pr[j] = i + j == 0 ? 1 : from_a + from_b;
			if (i + j > 0 && ends[i + j] &&
			    fabs((double)i * (double)n - (double)j * (double)m) >= gap) {
				hit += pr[j];
				pr[j] = 0;
			}
		}
	}
	free(pr);
	*p = fmin(hit, 1);
	return STATS_OK;
}

/*
 * Kolmogorov's limiting distribution K(x) = P(sqrt(mn/(m+n)) D <= x),
 * evaluated as R 4.2 does (its C_pKS2 at tol 1e-6) so that the p-values
 * agree: below x = 1 the theta-function form, sqrt(2 pi)/x sum over odd
 * k < floor(sqrt(2 - ln tol)) of exp(-k^2 pi^2 / (8 x^2)), which keeps
 * only k = 1 (an error up to 3e-5 near x = 1, R's too); from 1 on the
 * alternating series 1 + 2 sum (-1)^k exp(-2 k^2 x^2), until a term
 * changes the sum by no more than tol.
 */
static double
kolmogorov_cdf(double x)
{
	double s = 0, z, old, sum, sign = -1;
	int k, kmax = (int)sqrt(2 - log(KS_TOL));

	if (x <= 0)
		return 0;
	if (x < 1) {
		z = -(M_PI * M_PI / 8) / (x * x);
		for (k = 1; k < kmax; k += 2)
			s += exp(k * k * z - log(x));
		return s * sqrt(2 * M_PI);
	}
	z = -2 * x * x;
	old = 0;
	sum = 1;
	for (k = 1; fabs(old - sum) > KS_TOL; k++) {
		old = sum;
		sum += 2 * sign * exp(z * k * k);
		sign = -sign;
	}
	return sum;
}

static double
ks_limit_p(size_t m, size_t n, double d)
{
	double x = sqrt((double)m * (double)n / (double)(m + n)) * d;

	/* R: a statistic below the machine epsilon has p = 1. */
	if (d < 2.220446049250313e-16)
		return 1;
	return fmin(1, fmax(0, 1 - kolmogorov_cdf(x)));
}

enum stats_err
stats_ks2(const double *a, size_t m, const double *b, size_t n,
    struct stats_ks *out)
{
	struct stats_tagged *u;
	unsigned char *ends;
	enum stats_err e;
	double gap;

	out->d = out->p = NAN;
	out->exact = 0;
	if ((e = stats_check(a, m)) != STATS_OK ||
	    (e = stats_check(b, n)) != STATS_OK)
		return e;
	u = stats_tag_sorted(a, m, b, n);
	ends = malloc(m + n + 1);
	if (u == NULL || ends == NULL) {
		free(u);
		free(ends);
		return STATS_NOMEM;
	}
	gap = ks_walk(u, m, n, ends);
	free(u);
	out->d = gap / ((double)m * (double)n);
	out->exact = (double)m * (double)n < STATS_KS_EXACT_MN;
	if (out->exact)
		e = ks_exact_p(m, n, ends, gap, &out->p);
	else
		out->p = ks_limit_p(m, n, out->d);
	free(ends);
	return e;
}
