/* stats_oracle.c: the statistics' side of tests/sh/stats_oracle.sh: "gen SEED COUNT" writes generated cases (two sets each), "run" reads cases and prints our tests, shifts and summaries, one line a case, for R to check. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

#define MAXN	512	/* values a set at most in a case line */

struct gen {
	unsigned short xs[3];	/* erand48's state: the same stream everywhere */
};

static double
uniform(struct gen *g)
{
	return erand48(g->xs);
}

static size_t
below(struct gen *g, size_t n)
{
	return (size_t)(uniform(g) * (double)n) % n;
}

/* Box-Muller; the file written is what both sides read, so libm's last bits do not matter. */
static double
gauss(struct gen *g)
{
	double u = 1 - uniform(g), v = uniform(g);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/*
 * One value of a case of the given kind: 0 continuous (no ties),
 * 1 whole numbers in a narrow range (many ties), 2 one decimal (a few
 * ties), 3 continuous; huge-ish values in kind 4 (boot times in ns).
 */
static double
value(struct gen *g, int kind, double shift)
{
	double x = 1000 + 50 * gauss(g) + shift;

	switch (kind) {
	case 1:
		return floor(x / 25);
	case 2:
		return round(x * 10) / 10;
	case 4:
		return 1e12 + round(x * 1e6);
	}
	return x;
}

static void
print_set(struct gen *g, size_t n, int kind, double shift)
{
	size_t i;

	for (i = 0; i < n; i++)
		printf(" %.17g", value(g, kind, shift));
}

/* The case's sizes: kinds 0-2 and 4 from 1..60 each, kind 3 large (normal approximations); a few fixed edges first. */
static void
case_sizes(struct gen *g, unsigned c, int kind, size_t *m, size_t *n)
{
	static const size_t edge[][2] = {
		{ 1, 1 }, { 1, 60 }, { 60, 1 }, { 2, 3 }, { 49, 49 },
		{ 50, 49 }, { 60, 60 }, { 1, 2 },
	};

	if (c < sizeof(edge) / sizeof(edge[0])) {
		*m = edge[c][0];
		*n = edge[c][1];
		return;
	}
	if (kind == 3) {
		*m = 50 + below(g, c % 8 == 3 ? 81 : 11);
		*n = 50 + below(g, c % 8 == 3 ? 81 : 11);
		if (c % 8 == 3)
			*m += 50, *n += 50;	/* m n >= 10000: KS's limit */
		return;
	}
	*m = 1 + below(g, 60);
	*n = 1 + below(g, 60);
}

static int
gen(unsigned long seed, unsigned count)
{
	struct gen g = { { (unsigned short)seed, (unsigned short)(seed >> 16),
	    0x330e } };
	unsigned c;
	size_t m, n;
	int kind;
	double shift;

	for (c = 0; c < count; c++) {
		kind = c < 8 ? (int)(c % 3) : (int)(c % 5);
		case_sizes(&g, c, kind, &m, &n);
		shift = (uniform(&g) - 0.5) * 120;
		printf("%zu %zu", m, n);
		print_set(&g, m, kind, 0);
		print_set(&g, n, kind, shift);
		printf("\n");
	}
	return 0;
}

/* Reads "m n a... b..." into a and b; 0 at the end of input. */
static int
read_case(double *a, size_t *m, double *b, size_t *n)
{
	size_t i;

	if (scanf("%zu %zu", m, n) != 2)
		return 0;
	if (*m > MAXN || *n > MAXN)
		return -1;
	for (i = 0; i < *m; i++)
		if (scanf("%lf", &a[i]) != 1)
			return -1;
	for (i = 0; i < *n; i++)
		if (scanf("%lf", &b[i]) != 1)
			return -1;
	return 1;
}

/* A value as R prints it with sprintf("%.17g"); NaN as R's NA. */
static void
put(double x)
{
	if (isnan(x))
		printf(" NA");
	else
		printf(" %.17g", x);
}

static void
put_summary(const struct stats_summary *s)
{
	put(s->median);
	put(s->p10);
	put(s->p90);
	put(s->q1);
	put(s->q3);
	put(s->mad);
	put(s->mean);
	put(s->sd);
	put(s->min);
	put(s->max);
}

/* Our side of one case, without the BH columns (added once all are read). */
static int
run_case(const double *a, size_t m, const double *b, size_t n,
    double *pmw, double *pmin)
{
	struct stats_summary sa, sb;
	struct stats_opts o;
	struct stats_cmp c;
	double hl;

	stats_opts_default(&o, 1);
	/* R has no bootstrap of the shift to compare with: a token one. */
	o.resamples = 10;
	if (stats_compare(a, m, b, n, &o, &c) != STATS_OK &&
	    stats_hodges_lehmann(a, m, b, n, &hl) != STATS_TOO_BIG)
		return -1;
	if (stats_summarise(a, m, &sa, NULL) != STATS_OK ||
	    stats_summarise(b, n, &sb, NULL) != STATS_OK)
		return -1;
	printf("%zu %zu %d %d", m, n, c.mw.exact, c.ks.exact);
	put(c.mw.w);
	put(c.mw.p);
	put(c.ks.d);
	put(c.ks.p);
	put(c.hl);
	put(c.cliff);
	put_summary(&sa);
	put_summary(&sb);
	*pmw = c.mw.p;
	*pmin = c.p;
	return 0;
}

/* Every case's line, then one line of each BH column: R adjusts over all cases at once. */
static int
run(void)
{
	static double a[MAXN], b[MAXN];
	double *pmw = NULL, *pmin = NULL;
	size_t m, n, k = 0, i;
	int r;

	while ((r = read_case(a, &m, b, &n)) == 1) {
		pmw = realloc(pmw, (k + 1) * sizeof(*pmw));
		pmin = realloc(pmin, (k + 1) * sizeof(*pmin));
		if (pmw == NULL || pmin == NULL || run_case(a, m, b, n,
		    &pmw[k], &pmin[k]) != 0)
			return 1;
		printf("\n");
		k++;
	}
	if (r < 0 || stats_bh(pmw, k, pmw) != STATS_OK ||
	    stats_bh(pmin, k, pmin) != STATS_OK)
		return 1;
	for (i = 0; i < k; i++) {
		printf("bh");
		put(pmw[i]);
		put(pmin[i]);
		printf("\n");
	}
	free(pmw);
	free(pmin);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "gen") == 0)
		return gen(strtoul(argv[2], NULL, 0),
		    (unsigned)strtoul(argv[3], NULL, 0));
	if (argc == 2 && strcmp(argv[1], "run") == 0)
		return run();
	fprintf(stderr, "usage: stats_oracle gen SEED COUNT | run\n");
	return 2;
}
