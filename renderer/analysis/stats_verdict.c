/* stats_verdict.c: from tests to a word per item: Benjamini-Hochberg over all items (R's p.adjust "BH"), the verdict rule and the boots a side needed; docs/sets.md, "Verdict". */
#include <math.h>
#include <stdlib.h>

#include "stats.h"

/* One p-value and where it came from, to adjust them in order. */
struct ranked_p {
	double p;
	size_t at;
};

static int
by_p_down(const void *pa, const void *pb)
{
	const struct ranked_p *a = pa, *b = pb;

	if (a->p != b->p)
		return a->p < b->p ? 1 : -1;
	return (a->at > b->at) - (a->at < b->at);
}

/*
 * R's p.adjust(p, "BH"): from the largest p down, rank i of the k
 * p-values that are not NaN, the running minimum of k/i * p, at most 1.
 */
enum stats_err
stats_bh(const double *p, size_t k, double *adj)
{
	struct ranked_p *v = malloc((k ? k : 1) * sizeof(*v));
	size_t i, lp = 0;
	double run = INFINITY, x;

	if (v == NULL)
		return STATS_NOMEM;
	for (i = 0; i < k; i++)
		if (!isnan(p[i]))
			v[lp++] = (struct ranked_p){ p[i], i };
	qsort(v, lp, sizeof(*v), by_p_down);
	for (i = 0; i < k; i++)
		if (isnan(p[i]))
			adj[i] = NAN;
	for (i = 0; i < lp; i++) {
		/* rank lp - i, computed as R does: (n / i) * p */
		x = (double)lp / (double)(lp - i) * v[i].p;
		if (x < run)
			run = x;
		adj[v[i].at] = fmin(1, run);
	}
	free(v);
	return STATS_OK;
}

/* The standard normal's quantile by bisection on erfc: 100 halvings of [-40, 40] leave no doubt at double precision. */
static double
probit(double p)
{
	double lo = -40, hi = 40, mid;
	int i;

	for (i = 0; i < 100; i++) {
		mid = (lo + hi) / 2;
		if (0.5 * erfc(-mid * M_SQRT1_2) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The pooled sample variance; NaN when neither set has two values. */
static double
pooled_var(const struct stats_summary *a, const struct stats_summary *b)
{
	double ss = 0, df = 0;

	if (a->n >= 2) {
		ss += (double)(a->n - 1) * a->sd * a->sd;
		df += (double)(a->n - 1);
	}
	if (b->n >= 2) {
		ss += (double)(b->n - 1) * b->sd * b->sd;
		df += (double)(b->n - 1);
	}
	return df > 0 ? ss / df : NAN;
}

/*
 * The normal-approximation sample size of a two-sided test at level q
 * and the given power to detect a shift of `floor` with the pooled SD
 * s: 2 (z(1-q/2) + z(power))^2 s^2 / floor^2, divided by Mann-Whitney's
 * efficiency relative to the t-test, 3/pi.  At least one boot more
 * than the larger set has, at most max_boots; 0 when no set has two
 * values (no spread to go by).
 */
unsigned
stats_boots_needed(const struct stats_summary *a,
    const struct stats_summary *b, double floor, const struct stats_opts *o)
{
	double var = pooled_var(a, b), z, need;
	size_t have = a->n > b->n ? a->n : b->n;

	if (isnan(var))
		return 0;
	if (!(floor > 0) || have >= o->max_boots)
		return o->max_boots;
	z = probit(1 - o->q / 2) + probit(o->power);
	need = ceil(2 * z * z * var / (floor * floor) * (M_PI / 3));
	if (need < (double)have + 1)
		need = (double)have + 1;
	return need > o->max_boots ? o->max_boots : (unsigned)need;
}

/*
 * Different when the adjusted p is at most q, slower or faster by the
 * shift's sign (a shift of exactly 0 proves no direction: the other
 * rules apply); the same when the shift's whole CI lies within the
 * floor and each set has STATS_SAME_MIN_N values; else more boots, and how many.
 */
void
stats_decide(const struct stats_cmp *c, double p_adj,
    const struct stats_summary *a, const struct stats_summary *b,
    const struct stats_opts *o, struct stats_decision *d)
{
	d->floor = fmax(o->floor_rel * fabs(a->median), o->floor_abs);
	d->boots = 0;
	if (p_adj <= o->q && c->hl != 0 && !isnan(c->hl)) {
		d->verdict = c->hl > 0 ? STATS_SLOWER : STATS_FASTER;
		return;
	}
	/* A bootstrap of one or two values knows nothing of the spread. */
	if (a->n >= STATS_SAME_MIN_N && b->n >= STATS_SAME_MIN_N &&
	    c->hl_lo >= -d->floor && c->hl_hi <= d->floor) {
		d->verdict = STATS_SAME;
		return;
	}
	d->verdict = STATS_MORE_BOOTS;
	d->boots = stats_boots_needed(a, b, d->floor, o);
}

const char *
stats_verdict_name(enum stats_verdict v)
{
	switch (v) {
	case STATS_SAME:
		return "same";
	case STATS_SLOWER:
		return "slower";
	case STATS_FASTER:
		return "faster";
	case STATS_MORE_BOOTS:
		break;
	}
	return "need more boots";
}
