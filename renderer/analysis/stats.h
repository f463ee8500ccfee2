/* stats.h: two sets of numbers compared: per-set summaries, Mann-Whitney U, Kolmogorov-Smirnov, Hodges-Lehmann shift with a bootstrap CI, Benjamini-Hochberg, the verdict; definitions in docs/sets.md. */
#ifndef BC_STATS_H
#define BC_STATS_H

#include <stddef.h>
#include <stdint.h>

/* What the functions return: 0, or why there is no result. */
enum stats_err {
	STATS_OK = 0,
	STATS_EMPTY,		/* a set without values */
	STATS_NONFINITE,	/* a NaN or an infinity among the values */
	STATS_RANGE,		/* a value beyond +-STATS_MAX_ABS */
	STATS_NOMEM,
	STATS_TOO_BIG,		/* more than STATS_MAX_PAIRS pairs (HL) */
};

/*
 * Values are finite and at most this in magnitude, so that no sum,
 * square or pairwise difference of them can overflow.
 */
#define STATS_MAX_ABS	1e150
/*
 * The Hodges-Lehmann shift keeps all m*n differences, and the bootstrap
 * computes it again per resample: at most this many (256 boots a side).
 */
#define STATS_MAX_PAIRS	(1u << 16)
/* Exact Mann-Whitney when both sets are below this and nothing ties (R). */
#define STATS_MW_EXACT_N	50
/* "Same" needs this many values a side (docs/sets.md, "Verdict"). */
#define STATS_SAME_MIN_N	3
/* Exact Kolmogorov-Smirnov while m*n is below this (R's ks.test). */
#define STATS_KS_EXACT_MN	10000.0

/* One set's values summarised; quantiles are R's type 7. */
struct stats_summary {
	size_t n;
	double min, max;
	double median, p10, p90, q1, q3, iqr;
	double mad;		/* 1.4826 * median |x - median|, R's mad() */
	double mean, sd, cv;	/* sd: n - 1 (NaN for n = 1); cv = sd / mean */
	double lo_fence, hi_fence;	/* Tukey: q1 - 1.5 iqr, q3 + 1.5 iqr */
	size_t noutliers;	/* values strictly outside the fences */
};

/*
 * The summary of x[0..n); when outlier is not NULL, outlier[i] is set
 * to 1 for each value outside Tukey's fences, else 0 (nothing is
 * dropped).  On an error *s holds n and NaNs.
 */
enum stats_err stats_summarise(const double *x, size_t n,
    struct stats_summary *s, unsigned char *outlier);

/* R's quantile(x, p, type = 7) of the n sorted values v. */
double stats_quantile7(const double *v, size_t n, double p);

/* Checks values: STATS_EMPTY, STATS_NONFINITE, STATS_RANGE or 0. */
enum stats_err stats_check(const double *x, size_t n);

/* The two-sided Mann-Whitney test of A against B, as R's wilcox.test(A, B). */
struct stats_mw {
	double w;		/* pairs with a > b, ties count 1/2 (R's W) */
	double p;
	int exact;		/* 1: exact distribution, 0: normal approx. */
};
enum stats_err stats_mann_whitney(const double *a, size_t m,
    const double *b, size_t n, struct stats_mw *);

/* The two-sided two-sample Kolmogorov-Smirnov test, as R's ks.test(A, B). */
struct stats_ks {
	double d;		/* sup |F_A - F_B| */
	double p;
	int exact;		/* 1: lattice path count, 0: Kolmogorov limit */
};
enum stats_err stats_ks2(const double *a, size_t m, const double *b,
    size_t n, struct stats_ks *);

/* How two sets are compared and judged; stats_opts_default fills it. */
struct stats_opts {
	double q;		/* false discovery rate for "different" (0.05) */
	double floor_rel;	/* practical floor: this share of A's median */
	double floor_abs;	/* ... but at least this, in the values' unit */
	unsigned resamples;	/* bootstrap resamples (2000) */
	uint64_t seed;		/* the bootstrap's fixed seed */
	double power;		/* for the boots-needed estimate (0.8) */
	unsigned max_boots;	/* cap of that estimate (1000) */
};
/* q 0.05, floor max(1 % of A's median, floor_abs), 2000 resamples. */
void stats_opts_default(struct stats_opts *, double floor_abs);

/* One item's two sets compared. */
struct stats_cmp {
	struct stats_mw mw;
	struct stats_ks ks;
	double p;		/* min(mw.p, ks.p), as Chromium's Pinpoint */
	double hl;		/* median of all b - a (Hodges-Lehmann) */
	double hl_lo, hl_hi;	/* its bootstrap 95 % percentile CI */
	double dmedian;		/* median(B) - median(A) */
	double dmedian_pct;	/* 100 * dmedian / median(A); NaN if that is 0 */
	double cliff;		/* Cliff's delta: P(b > a) - P(b < a) */
};
enum stats_err stats_compare(const double *a, size_t m, const double *b,
    size_t n, const struct stats_opts *, struct stats_cmp *);

/* Hodges-Lehmann: the median of the m*n differences b - a. */
enum stats_err stats_hodges_lehmann(const double *a, size_t m,
    const double *b, size_t n, double *hl);
/* Cliff's delta of B against A: positive when B's values are larger. */
double stats_cliff(const double *a, size_t m, const double *b, size_t n);

/*
 * R's p.adjust(p, "BH") of p[0..k) into adj (which may be p): NaNs
 * stay NaN and do not count among the k.
 */
enum stats_err stats_bh(const double *p, size_t k, double *adj);

enum stats_verdict {
	STATS_SAME,
	STATS_SLOWER,
	STATS_FASTER,
	STATS_MORE_BOOTS,	/* neither proven different nor the same */
};
struct stats_decision {
	enum stats_verdict verdict;
	double floor;		/* the practical floor used */
	unsigned boots;		/* with STATS_MORE_BOOTS: boots a side needed */
};
/*
 * The verdict on one item from its comparison, its BH-adjusted p and
 * both sets' summaries (docs/sets.md, "Verdict").
 */
void stats_decide(const struct stats_cmp *, double p_adj,
    const struct stats_summary *a, const struct stats_summary *b,
    const struct stats_opts *, struct stats_decision *);
/* Boots a side to tell a shift of `floor` apart at the pooled SD. */
unsigned stats_boots_needed(const struct stats_summary *a,
    const struct stats_summary *b, double floor, const struct stats_opts *);
/* One word per verdict: "same", "slower", "faster", "need more boots". */
const char *stats_verdict_name(enum stats_verdict);

#endif
