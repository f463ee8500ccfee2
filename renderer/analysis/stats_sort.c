/* stats_sort.c: sorting, selection and medians of doubles for the statistics (stats.c and its parts). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats_sort.h"

static int
cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

void
stats_sort(double *v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof(*v), cmp_double);
}

double *
stats_sorted_copy(const double *x, size_t n)
{
	double *v = malloc(n * sizeof(*v));

	if (v == NULL)
		return NULL;
	memcpy(v, x, n * sizeof(*v));
	stats_sort(v, n);
	return v;
}

double
stats_median_sorted(const double *v, size_t n)
{
	if (n == 0)
		return NAN;
	if (n % 2 == 1)
		return v[n / 2];
	return (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void
swap(double *v, size_t i, size_t j)
{
	double t = v[i];

	v[i] = v[j];
	v[j] = t;
}

/*
 * Hoare's selection with the middle element as pivot and a three-way
 * partition, so that runs of equal values (ties are common in boot
 * times) do not make it quadratic.  Deterministic: the same input
 * gives the same answer on every machine.
 */
double
stats_select(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n, lt, gt, i;
	double pivot;

	while (hi - lo > 1) {
		pivot = v[lo + (hi - lo) / 2];
		lt = lo, gt = hi, i = lo;
		while (i < gt) {
			if (v[i] < pivot)
				swap(v, lt++, i++);
			else if (v[i] > pivot)
				swap(v, i, --gt);
			else
				i++;
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return pivot;
	}
	return v[lo];
}

double
stats_median_inplace(double *v, size_t n)
{
	double hi, lo;
	size_t i;

	hi = stats_select(v, n, n / 2);
	if (n % 2 == 1)
		return hi;
	/* After selecting n/2, the lower half holds the values below it. */
	lo = v[0];
	for (i = 1; i < n / 2; i++)
		if (v[i] > lo)
			lo = v[i];
	return (lo + hi) / 2;
}

static int
cmp_tagged(const void *pa, const void *pb)
{
	const struct stats_tagged *a = pa, *b = pb;

	return (a->v > b->v) - (a->v < b->v);
}

struct stats_tagged *
stats_tag_sorted(const double *a, size_t m, const double *b, size_t n)
{
	struct stats_tagged *u = malloc((m + n) * sizeof(*u));
	size_t i;

	if (u == NULL)
		return NULL;
	for (i = 0; i < m; i++)
		u[i] = (struct stats_tagged){ a[i], 1 };
	for (i = 0; i < n; i++)
		u[m + i] = (struct stats_tagged){ b[i], 0 };
	qsort(u, m + n, sizeof(*u), cmp_tagged);
	return u;
}
