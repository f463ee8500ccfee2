/* stats.c: one set's summary: R's type-7 quantiles, median, MAD, mean, sample SD, CV and Tukey's fences; docs/sets.md. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "stats_sort.h"

/* R's mad() scale: makes the MAD estimate the SD of a normal sample. */
#define MAD_SCALE	1.4826
/* Tukey's fences lie this many IQRs beyond the quartiles. */
#define TUKEY_K		1.5

enum stats_err
stats_check(const double *x, size_t n)
{
	size_t i;

	if (n == 0)
		return STATS_EMPTY;
	for (i = 0; i < n; i++) {
		if (!isfinite(x[i]))
			return STATS_NONFINITE;
		if (fabs(x[i]) > STATS_MAX_ABS)
			return STATS_RANGE;
	}
	return STATS_OK;
}

/*
 * R's type 7: index 1 + (n - 1) p counted from 1, linear between the
 * two values around it.  The index is formed as R forms it, so that a
 * p whose product rounds onto a whole index picks the same value.
 */
double
stats_quantile7(const double *v, size_t n, double p)
{
	double index, h, q;
	size_t lo, hi;

	if (n == 0)
		return NAN;
	index = 1 + (double)(n - 1) * p;
	lo = (size_t)floor(index);
	hi = (size_t)ceil(index);
	q = v[lo - 1];
	if (index > (double)lo && v[hi - 1] != q) {
		h = index - (double)lo;
		q = (1 - h) * q + h * v[hi - 1];
	}
	return q;
}

/* R's mean: the sum over n, then corrected by the mean residual. */
static double
mean_of(const double *x, size_t n)
{
	double s = 0, r = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i];
	s /= (double)n;
	for (i = 0; i < n; i++)
		r += x[i] - s;
	return s + r / (double)n;
}

/* Sample SD (n - 1) by two passes: no cancellation of large squares. */
static double
sd_of(const double *x, size_t n, double mean)
{
	double ss = 0, d;
	size_t i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++) {
		d = x[i] - mean;
		ss += d * d;
	}
	return sqrt(ss / (double)(n - 1));
}

/* R's mad(): 1.4826 times the median absolute deviation from the median. */
static enum stats_err
mad_of(const double *v, size_t n, double median, double *mad)
{
	double *d = malloc(n * sizeof(*d));
	size_t i;

	if (d == NULL)
		return STATS_NOMEM;
	for (i = 0; i < n; i++)
		d[i] = fabs(v[i] - median);
	stats_sort(d, n);
	*mad = MAD_SCALE * stats_median_sorted(d, n);
	free(d);
	return STATS_OK;
}

static void
summary_nan(struct stats_summary *s, size_t n)
{
	s->n = n;
	s->min = s->max = s->median = s->p10 = s->p90 = NAN;
	s->q1 = s->q3 = s->iqr = s->mad = s->mean = s->sd = s->cv = NAN;
	s->lo_fence = s->hi_fence = NAN;
	s->noutliers = 0;
}

/* The order statistics of the sorted values v. */
static void
summary_sorted(struct stats_summary *s, const double *v, size_t n)
{
	s->min = v[0];
	s->max = v[n - 1];
	s->median = stats_median_sorted(v, n);
	s->p10 = stats_quantile7(v, n, 0.10);
	s->p90 = stats_quantile7(v, n, 0.90);
	s->q1 = stats_quantile7(v, n, 0.25);
	s->q3 = stats_quantile7(v, n, 0.75);
	s->iqr = s->q3 - s->q1;
	s->lo_fence = s->q1 - TUKEY_K * s->iqr;
	s->hi_fence = s->q3 + TUKEY_K * s->iqr;
}

/* Flags the values outside the fences, in the caller's order. */
static void
flag_outliers(struct stats_summary *s, const double *x, size_t n,
    unsigned char *outlier)
{
	size_t i;
	int out;

	s->noutliers = 0;
	for (i = 0; i < n; i++) {
		out = x[i] < s->lo_fence || x[i] > s->hi_fence;
		s->noutliers += (size_t)out;
		if (outlier != NULL)
			outlier[i] = (unsigned char)out;
	}
}

enum stats_err
stats_summarise(const double *x, size_t n, struct stats_summary *s,
    unsigned char *outlier)
{
	enum stats_err e = stats_check(x, n);
	double *v;

	summary_nan(s, n);
	if (outlier != NULL && n > 0)
		memset(outlier, 0, n);
	if (e != STATS_OK)
		return e;
	v = stats_sorted_copy(x, n);
	if (v == NULL)
		return STATS_NOMEM;
	summary_sorted(s, v, n);
	e = mad_of(v, n, s->median, &s->mad);
	free(v);
	if (e != STATS_OK) {
		summary_nan(s, n);
		return e;
	}
	s->mean = mean_of(x, n);
	s->sd = sd_of(x, n, s->mean);
	s->cv = s->mean != 0 ? s->sd / s->mean : NAN;
	flag_outliers(s, x, n, outlier);
	return STATS_OK;
}
