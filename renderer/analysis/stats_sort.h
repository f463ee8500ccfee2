/* stats_sort.h: sorting and medians of doubles shared by the stats_*.c files (not part of the stats API). */
#ifndef BC_STATS_SORT_H
#define BC_STATS_SORT_H

#include <stddef.h>

/* Sorts v ascending (values are finite: stats_check). */
void stats_sort(double *v, size_t n);
/* A sorted malloc'd copy of x[0..n) (n > 0); NULL without memory. */
double *stats_sorted_copy(const double *x, size_t n);
/* The median of n sorted values, as R's median(): NaN for n = 0. */
double stats_median_sorted(const double *v, size_t n);
/* The k-th smallest (from 0) of v[0..n), v reordered in place. */
double stats_select(double *v, size_t n, size_t k);
/* The median of v[0..n) by selection, v reordered in place. */
double stats_median_inplace(double *v, size_t n);

/* One value of either set A or B, for ordering both together. */
struct stats_tagged {
	double v;
	int from_a;
};
/* a[0..m) then b[0..n), tagged and sorted by value; NULL without memory. */
struct stats_tagged *stats_tag_sorted(const double *a, size_t m,
    const double *b, size_t n);

#endif
