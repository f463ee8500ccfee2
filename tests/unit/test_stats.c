/* test_stats.c: the statistics of sets of boots (renderer/analysis/stats*.c) at their edges: one value, all ties, an empty set, identical sets, huge values, NaN refused, BH with NaN, the verdicts and the boots-needed estimate; each expected number is R 4.2.2's (the R expression beside it). */
#include <math.h>
#include <string.h>

#include "testutil.h"
#include "stats.h"

#define REL	1e-12

/* got within REL of want, relative (absolute when want is 0); NaN equals NaN. */
static void
close_to(double got, double want)
{
	double scale = fabs(want) > 0 ? fabs(want) : 1;

	if (isnan(want)) {
		assert_true(isnan(got));
		return;
	}
	if (!(fabs(got - want) <= REL * scale))
		fail_msg("got %.17g, want %.17g", got, want);
}

static const double a10[] = { 1000, 1003, 998, 1001, 1002, 999, 1000,
	1004, 997, 1001 };

static void
one_value(void **state)
{
	struct stats_summary s;
	double x = 5, y = 7;
	struct stats_mw mw;
	struct stats_ks ks;

	(void)state;
	assert_int_equal(stats_summarise(&x, 1, &s, NULL), STATS_OK);
	assert_int_equal(s.n, 1);
	close_to(s.median, 5);
	close_to(s.p10, 5);
	close_to(s.p90, 5);
	close_to(s.mad, 0);
	close_to(s.sd, NAN);	/* sd(5) is NA */
	close_to(s.cv, NAN);
	assert_int_equal(s.noutliers, 0);
	/* wilcox.test(5, 7)$p.value, ks.test(5, 7)$p.value: 1, 1 */
	assert_int_equal(stats_mann_whitney(&x, 1, &y, 1, &mw), STATS_OK);
	assert_true(mw.exact);
	close_to(mw.p, 1);
	assert_int_equal(stats_ks2(&x, 1, &y, 1, &ks), STATS_OK);
	close_to(ks.p, 1);
}

static void
all_ties(void **state)
{
	double a[] = { 3, 3, 3 }, b[] = { 3, 3 };
	struct stats_opts o;
	struct stats_cmp c;

	(void)state;
	stats_opts_default(&o, 1);
	assert_int_equal(stats_compare(a, 3, b, 2, &o, &c), STATS_OK);
	/* wilcox.test: NaN (sigma 0), ours 1 by docs/sets.md; ks.test: 1 */
	assert_false(c.mw.exact);
	close_to(c.mw.p, 1);
	close_to(c.ks.p, 1);
	close_to(c.hl, 0);
	close_to(c.hl_lo, 0);
	close_to(c.hl_hi, 0);
	close_to(c.cliff, 0);
	close_to(c.dmedian, 0);
}

static void
empty_set(void **state)
{
	struct stats_summary s;
	struct stats_opts o;
	struct stats_cmp c;
	double x = 1, hl;
	unsigned char flag = 9;

	(void)state;
	stats_opts_default(&o, 1);
	assert_int_equal(stats_summarise(&x, 0, &s, &flag), STATS_EMPTY);
	assert_int_equal(flag, 9);	/* n = 0: nothing written */
	assert_true(isnan(s.median));
	assert_int_equal(stats_compare(&x, 1, &x, 0, &o, &c), STATS_EMPTY);
	assert_true(isnan(c.p));
	assert_int_equal(stats_compare(&x, 0, &x, 1, &o, &c), STATS_EMPTY);
	assert_int_equal(stats_hodges_lehmann(&x, 0, &x, 1, &hl),
	    STATS_EMPTY);
	assert_true(isnan(stats_cliff(&x, 0, &x, 1)));
}

static void
identical_sets(void **state)
{
	double a[] = { 1, 2, 3, 4, 5 };
	struct stats_summary s;
	struct stats_decision d;
	struct stats_opts o;
	struct stats_cmp c;

	(void)state;
	stats_opts_default(&o, 1);
	assert_int_equal(stats_compare(a, 5, a, 5, &o, &c), STATS_OK);
	/* wilcox.test(1:5, 1:5), ks.test(1:5, 1:5): 1, 1 */
	close_to(c.mw.p, 1);
	close_to(c.ks.p, 1);
	close_to(c.hl, 0);
	close_to(c.cliff, 0);
	assert_int_equal(stats_summarise(a, 5, &s, NULL), STATS_OK);
	stats_decide(&c, c.p, &s, &s, &o, &d);
	/* floor max(1 % of 3, 1) = 1; every HL lies in [-4, 4] */
	close_to(d.floor, 1);
	assert_true(d.verdict == STATS_SAME || d.verdict == STATS_MORE_BOOTS);
}

/* x = c(1, 2, 3, 4, 100): quantile type 7, mad, sd, mean; 100 beyond q3 + 1.5 IQR = 7. */
static void
summary_and_outlier(void **state)
{
	double x[] = { 100, 1, 2, 3, 4 };
	unsigned char out[5];
	struct stats_summary s;

	(void)state;
	assert_int_equal(stats_summarise(x, 5, &s, out), STATS_OK);
	close_to(s.p10, 1.3999999999999999);
	close_to(s.q1, 2);
	close_to(s.median, 3);
	close_to(s.q3, 4);
	close_to(s.p90, 61.599999999999966);
	close_to(s.iqr, 2);
	close_to(s.mad, 1.4825999999999999);
	close_to(s.sd, 43.617656975128774);
	close_to(s.mean, 22);
	close_to(s.cv, 43.617656975128774 / 22);
	close_to(s.lo_fence, -1);
	close_to(s.hi_fence, 7);
	assert_int_equal(s.noutliers, 1);
	assert_memory_equal(out, ((unsigned char[]){ 1, 0, 0, 0, 0 }), 5);
}

static void
huge_values(void **state)
{
	double h[] = { 1e150, -1e150, 5e149 };
	double g[] = { 1e12 + 1, 1e12 + 2, 1e12 + 3, 1e12 + 4, 1e12 + 6 };
	double big = 1.0000001e150;
	struct stats_summary s;

	(void)state;
	assert_int_equal(stats_summarise(h, 3, &s, NULL), STATS_OK);
	close_to(s.mean, 1.6666666666666666e+149);
	close_to(s.sd, 1.0408329997330663e+150);
	close_to(s.mad, 7.4129999999999993e+149);
	close_to(s.median, 4.9999999999999999e+149);
	assert_int_equal(stats_summarise(&big, 1, &s, NULL), STATS_RANGE);
	/* boot times in ns: the spread survives the offset */
	assert_int_equal(stats_summarise(g, 5, &s, NULL), STATS_OK);
	close_to(s.mean, 1000000000003.2);
	close_to(s.sd, 1.9235384069418089);
	close_to(s.mad, 1.4825999999999999);
	close_to(s.p90, 1000000000005.2);
}

static void
nan_refused(void **state)
{
	double x[] = { 1, NAN, 3 }, y[] = { 1, INFINITY }, ok = 2, hl;
	struct stats_summary s;
	struct stats_opts o;
	struct stats_cmp c;
	struct stats_mw mw;
	struct stats_ks ks;

	(void)state;
	stats_opts_default(&o, 1);
	assert_int_equal(stats_summarise(x, 3, &s, NULL), STATS_NONFINITE);
	assert_int_equal(stats_summarise(y, 2, &s, NULL), STATS_NONFINITE);
	assert_int_equal(stats_compare(&ok, 1, x, 3, &o, &c),
	    STATS_NONFINITE);
	assert_int_equal(stats_mann_whitney(x, 3, &ok, 1, &mw),
	    STATS_NONFINITE);
	assert_true(isnan(mw.p));
	assert_int_equal(stats_ks2(&ok, 1, y, 2, &ks), STATS_NONFINITE);
	assert_int_equal(stats_hodges_lehmann(x, 3, &ok, 1, &hl),
	    STATS_NONFINITE);
}

/* wilcox.test / ks.test of c(1.1, 2.2, 3.3) and c(4.4, 5.5, 6.6, 7.7). */
static void
exact_small(void **state)
{
	double a[] = { 3.3, 1.1, 2.2 }, b[] = { 7.7, 4.4, 6.6, 5.5 };
	struct stats_mw mw;
	struct stats_ks ks;

	(void)state;
	assert_int_equal(stats_mann_whitney(a, 3, b, 4, &mw), STATS_OK);
	assert_true(mw.exact);
	close_to(mw.w, 0);
	close_to(mw.p, 0.057142857142857141);
	assert_int_equal(stats_ks2(a, 3, b, 4, &ks), STATS_OK);
	assert_true(ks.exact);
	close_to(ks.d, 1);
	/* R prints 0.057142857142857939: its 1 - x; 2/35 exactly */
	close_to(ks.p, 2.0 / 35);
}

/* p.adjust(c(0.01, NA, 0.04, 0.03, 0.5), "BH") */
static void
bh_with_nan(void **state)
{
	double p[] = { 0.01, NAN, 0.04, 0.03, 0.5 }, adj[5];

	(void)state;
	assert_int_equal(stats_bh(p, 5, adj), STATS_OK);
	close_to(adj[0], 0.040000000000000001);
	assert_true(isnan(adj[1]));
	close_to(adj[2], 0.05333333333333333);
	close_to(adj[3], 0.05333333333333333);
	close_to(adj[4], 0.5);
	assert_int_equal(stats_bh(p, 0, adj), STATS_OK);
}

/*
 * a10 against a10 + 100: wilcox 1.786e-4, ks 1.0825e-5 (R prints
 * 1.0825088214372336e-05, its 1 - x; the count is 2 of C(20, 10)
 * orders, 1/92378 exactly): slower; reversed, faster.
 */
static void
verdict_different(void **state)
{
	double b[10];
	struct stats_summary sa, sb;
	struct stats_decision d;
	struct stats_opts o;
	struct stats_cmp c;
	size_t i;

	(void)state;
	for (i = 0; i < 10; i++)
		b[i] = a10[i] + 100;
	stats_opts_default(&o, 1);
	stats_summarise(a10, 10, &sa, NULL);
	stats_summarise(b, 10, &sb, NULL);
	assert_int_equal(stats_compare(a10, 10, b, 10, &o, &c), STATS_OK);
	close_to(c.mw.p, 0.00017861448837368194);
	close_to(c.ks.p, 1.0 / 92378);
	close_to(c.p, 1.0 / 92378);
	close_to(c.hl, 100);
	close_to(c.cliff, 1);
	stats_decide(&c, c.p, &sa, &sb, &o, &d);
	assert_int_equal(d.verdict, STATS_SLOWER);
	assert_string_equal(stats_verdict_name(d.verdict), "slower");
	assert_int_equal(stats_compare(b, 10, a10, 10, &o, &c), STATS_OK);
	stats_decide(&c, c.p, &sb, &sa, &o, &d);
	assert_int_equal(d.verdict, STATS_FASTER);
}

/*
 * c(1000, 1200, 900, 1100) against each + 50: p 0.6857 (wilcox), 1
 * (ks); HL 50, Cliff 0.25; pooled variance 16666.67, floor 10.5:
 * 2 (qnorm(.975) + qnorm(.8))^2 s2 / F^2 pi / 3 = 2485.06 -> 2486.
 */
static void
verdict_more_boots(void **state)
{
	double a[] = { 1000, 1200, 900, 1100 }, b[] = { 1050, 1250, 950, 1150 };
	struct stats_summary sa, sb;
	struct stats_decision d;
	struct stats_opts o;
	struct stats_cmp c;

	(void)state;
	stats_opts_default(&o, 1);
	o.max_boots = 5000;
	stats_summarise(a, 4, &sa, NULL);
	stats_summarise(b, 4, &sb, NULL);
	assert_int_equal(stats_compare(a, 4, b, 4, &o, &c), STATS_OK);
	close_to(c.p, 0.68571428571428572);
	close_to(c.hl, 50);
	close_to(c.cliff, 0.25);
	stats_decide(&c, c.p, &sa, &sb, &o, &d);
	close_to(d.floor, 10.5);
	assert_int_equal(d.verdict, STATS_MORE_BOOTS);
	assert_int_equal(d.boots, 2486);
	assert_string_equal(stats_verdict_name(d.verdict), "need more boots");
	o.max_boots = 1000;
	assert_int_equal(stats_boots_needed(&sa, &sb, d.floor, &o), 1000);
	/* a10: pooled variance 4.7222, floor 10.005: 0.78 -> one more boot */
	stats_summarise(a10, 10, &sa, NULL);
	assert_int_equal(stats_boots_needed(&sa, &sa, 10.005, &o), 11);
	/* one value a side: no spread to go by */
	stats_summarise(a, 1, &sa, NULL);
	assert_int_equal(stats_boots_needed(&sa, &sa, 10, &o), 0);
}

/* a10 against itself: every resampled HL lies in [-7, 7], inside the floor 10.005. */
static void
verdict_same(void **state)
{
	struct stats_decision d;
	struct stats_summary s;
	struct stats_opts o;
	struct stats_cmp c;

	(void)state;
	stats_opts_default(&o, 1);
	stats_summarise(a10, 10, &s, NULL);
	assert_int_equal(stats_compare(a10, 10, a10, 10, &o, &c), STATS_OK);
	assert_true(c.hl_lo >= -7 && c.hl_hi <= 7);
	stats_decide(&c, c.p, &s, &s, &o, &d);
	assert_int_equal(d.verdict, STATS_SAME);
}

/* The same input gives the same bytes; another seed other draws. */
static void
bootstrap_fixed(void **state)
{
	double a[] = { 10, 14, 9, 13, 11, 30, 12 }, b[] = { 15, 12, 19, 16,
		14, 13 };
	struct stats_cmp c1, c2;
	struct stats_opts o;

	(void)state;
	stats_opts_default(&o, 1);
	assert_int_equal(o.resamples, 2000);
	memset(&c1, 0, sizeof(c1));
	memset(&c2, 0, sizeof(c2));
	assert_int_equal(stats_compare(a, 7, b, 6, &o, &c1), STATS_OK);
	assert_int_equal(stats_compare(a, 7, b, 6, &o, &c2), STATS_OK);
	assert_memory_equal(&c1, &c2, sizeof(c1));
	assert_true(c1.hl_lo <= c1.hl && c1.hl <= c1.hl_hi);
	o.seed++;
	assert_int_equal(stats_compare(a, 7, b, 6, &o, &c2), STATS_OK);
	assert_true(c2.hl_lo != c1.hl_lo || c2.hl_hi != c1.hl_hi);
}

/* 257 a side: 66 049 pairs, beyond STATS_MAX_PAIRS: tests yes, shift no. */
static void
too_many_pairs(void **state)
{
	static double a[257], b[257];
	struct stats_opts o;
	struct stats_cmp c;
	size_t i;

	(void)state;
	for (i = 0; i < 257; i++) {
		a[i] = (double)i;
		b[i] = (double)i + 0.5;
	}
	stats_opts_default(&o, 1);
	assert_int_equal(stats_compare(a, 257, b, 257, &o, &c),
	    STATS_TOO_BIG);
	assert_false(isnan(c.mw.p));
	assert_false(isnan(c.ks.p));
	assert_false(c.ks.exact);	/* m n >= 10000: Kolmogorov's limit */
	assert_true(isnan(c.hl));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_value),
		cmocka_unit_test(all_ties),
		cmocka_unit_test(empty_set),
		cmocka_unit_test(identical_sets),
		cmocka_unit_test(summary_and_outlier),
		cmocka_unit_test(huge_values),
		cmocka_unit_test(nan_refused),
		cmocka_unit_test(exact_small),
		cmocka_unit_test(bh_with_nan),
		cmocka_unit_test(verdict_different),
		cmocka_unit_test(verdict_more_boots),
		cmocka_unit_test(verdict_same),
		cmocka_unit_test(bootstrap_fixed),
		cmocka_unit_test(too_many_pairs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
