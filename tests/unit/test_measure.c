/* test_measure.c: text measured and cut once per label (layout/measure.c) gives what measuring every try gave. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "chart.h"
#include "measure.h"
#include "textclean.h"

/*
 * The cut as it was made before: a binary search for the longest prefix
 * (whole characters) whose text with the ellipsis, measured whole by
 * cairo, fits.  The reference the one-walk cut must agree with.
 */
static char *
fit_by_search(struct measure *m, int f, const char *s, double maxw)
{
	static const char ell[] = "\xe2\x80\xa6";
	size_t lo = 0, hi = strlen(s), mid, cut;
	char *t;

	if (measure_width(m, f, s) <= maxw)
		return strdup(s);
	t = malloc(hi + sizeof(ell));
	assert_non_null(t);
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		cut = text_cut(s, mid);
		memcpy(t, s, cut);
		memcpy(t + cut, ell, sizeof(ell));
		if (measure_width(m, f, t) <= maxw)
			lo = mid;
		else
			hi = mid - 1;
	}
	cut = text_cut(s, lo);
	memcpy(t, s, cut);
	memcpy(t + cut, ell, sizeof(ell));
	if (measure_width(m, f, t) > maxw)
		t[0] = '\0';
	return t;
}

/* Text of n characters drawn from narrow, wide, accented and combining ones. */
static char *
random_text(unsigned *seed, size_t n)
{
	static const char *const pieces[] = { "i", "W", "m", " ", ".", "a",
	    "\xc3\xa9", "\xe4\xb8\xad", "\xcc\x81", "\xe2\x80\x94", "0",
	    "\xd0\x96" };
	char *s = malloc(n * 4 + 1);
	size_t i, len = 0, k;

	assert_non_null(s);
	for (i = 0; i < n; i++) {
		k = (size_t)rand_r(seed) % (sizeof(pieces) / sizeof(*pieces));
		memcpy(s + len, pieces[k], strlen(pieces[k]));
		len += strlen(pieces[k]);
	}
	s[len] = '\0';
	return s;
}

static void
one_case(struct measure *m, int f, const char *s, double maxw)
{
	char *want = fit_by_search(m, f, s, maxw), *got = strdup(s);

	assert_non_null(got);
	assert_int_equal(measure_fit(m, f, &got, maxw), 0);
	if (strcmp(got, want) != 0)
		fail_msg("font %d, %zu bytes, maxw %.1f: got %zu bytes, want "
		    "%zu", f, strlen(s), maxw, strlen(got), strlen(want));
	free(got);
	free(want);
}

/* Short and long texts (several walk chunks), every font, many widths. */
static void
cut_agrees_with_search(void **state)
{
	static const size_t lens[] = { 0, 1, 5, 40, 200, 300, 1000, 4095 };
	static const double widths[] = { 0, 3, 10, 55.5, 200, 777.25, 2500,
	    40000 };
	struct measure m;
	unsigned seed = 7;
	size_t i, j, rep;
	char *s;
	int f;

	(void)state;
	assert_int_equal(measure_open(&m), 0);
	for (rep = 0; rep < 3; rep++)
		for (i = 0; i < sizeof(lens) / sizeof(*lens); i++) {
			s = random_text(&seed, lens[i]);
			for (f = 0; f < LF_NFONTS; f++)
				for (j = 0; j < sizeof(widths) /
				    sizeof(*widths); j++)
					one_case(&m, f, s, widths[j]);
			free(s);
		}
	measure_close(&m);
}

/* measure_width_upto: exact up to the limit, past it at least past it. */
static void
width_upto(void **state)
{
	struct measure m;
	unsigned seed = 11;
	double w, u;
	char *s;

	(void)state;
	assert_int_equal(measure_open(&m), 0);
	s = random_text(&seed, 3000);
	w = measure_width(&m, LF_LABEL, s);
	assert_true(measure_width_upto(&m, LF_LABEL, s, w) == w);
	assert_true(measure_width_upto(&m, LF_LABEL, s, w + 1) == w);
	u = measure_width_upto(&m, LF_LABEL, s, w / 3);
	assert_true(u > w / 3);
	assert_true(measure_width_upto(&m, LF_LABEL, "short", 1) ==
	    measure_width(&m, LF_LABEL, "short"));
	free(s);
	measure_close(&m);
}

/*
 * measure_fit_tail: a command line cut to a width keeps its last word
 * (the file) after the ellipsis; what fits whole, or has no room for
 * the word, is cut as measure_fit cuts it.
 */
static void
fit_keeps_tail(void **state)
{
	static const char line[] = "cc -O2 -fPIC -Wall -Wextra -c -o "
	    "build/obj/parser.o src/parser.c";
	struct measure m;
	double whole, w;
	char *got, *want;

	(void)state;
	assert_int_equal(measure_open(&m), 0);
	whole = measure_width(&m, LF_LABEL, line);
	w = measure_width(&m, LF_LABEL, "cc -O2 -fPIC\xe2\x80\xa6 src/parser.c");
	got = strdup(line);
	assert_int_equal(measure_fit_tail(&m, LF_LABEL, &got, w), 0);
	assert_true(measure_width(&m, LF_LABEL, got) <= w);
	assert_non_null(strstr(got, "\xe2\x80\xa6 src/parser.c"));
	assert_int_equal(strncmp(got, "cc -O2", 6), 0);
	assert_int_equal(strlen(strstr(got, " src/parser.c")),
	    strlen(" src/parser.c"));
	free(got);
	/* Fits whole: unchanged. */
	got = strdup(line);
	assert_int_equal(measure_fit_tail(&m, LF_LABEL, &got, whole), 0);
	assert_string_equal(got, line);
	free(got);
	/* No room for the word: the plain cut. */
	w = measure_width(&m, LF_LABEL, "cc -O2");
	got = strdup(line);
	want = strdup(line);
	assert_int_equal(measure_fit_tail(&m, LF_LABEL, &got, w), 0);
	assert_int_equal(measure_fit(&m, LF_LABEL, &want, w), 0);
	assert_string_equal(got, want);
	free(got);
	free(want);
	measure_close(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cut_agrees_with_search),
		cmocka_unit_test(width_upto),
		cmocka_unit_test(fit_keeps_tail),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return rc;
}
