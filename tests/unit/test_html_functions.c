/* test_html_functions.c: the -f html page's table of kernel functions (html_functions.c): --functions's columns and numbers, names escaped, the cap said, nothing for a trace without functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "caps.h"
#include "functions.h"
#include "html.h"
#include "report.h"

/* The section of table t as the page has it; NULL for none. */
static char *
section(const struct fn_table *t)
{
	struct report r;
	char *buf = NULL;
	size_t n = 0;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.fn = *t;
	assert_non_null(f = open_memstream(&buf, &n));
	assert_int_equal(html_functions_write(&r, f), 0);
	assert_int_equal(fclose(f), 0);
	if (n == 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

static size_t
count(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return n;
}

static void
rows_and_numbers(void **state)
{
	struct fn_row v[2] = {
	    { .func = 1, .name = "do_one_initcall", .calls = 3,
	      .total_ns = 3000999, .max_ns = 2000000, .self_ns = 1500,
	      .depths = 1 },
	    { .func = 2, .name = "a<b>&\"c\"", .calls = 2,
	      .total_ns = 10, .max_ns = 7, .self_ns = 10,
	      .depths = (1 << 2) | (1 << 3) | (1 << 4) | (1 << 6) } };
	struct fn_table t = { .v = v, .n = 2 };
	char *s;

	(void)state;
	assert_non_null(s = section(&t));
	assert_int_equal(count(s, "<tr><td>"), 2);
	/* 3.000999 ms total over 3 calls: 1.000333 ms, truncated to the µs. */
	assert_non_null(strstr(s, "<tr><td>do_one_initcall</td><td class=\"n\">3"
	    "</td><td class=\"n\">3.000</td><td class=\"n\">1.000</td>"
	    "<td class=\"n\">2.000</td><td class=\"n\">0.001</td><td>0</td>"
	    "</tr>"));
	assert_non_null(strstr(s, "a&lt;b&gt;&amp;&quot;c&quot;"));
	assert_null(strstr(s, "a<b>"));
	assert_non_null(strstr(s, "<td>2-4,6</td>"));
	assert_null(strstr(s, "--functions</code> lists them all"));
	free(s);
}

static void
capped(void **state)
{
	size_t n = CAP_HTML_FUNCTIONS + 3, i;
	struct fn_table t;
	char *s, note[128], (*names)[16];

	(void)state;
	assert_non_null(t.v = calloc(n, sizeof(*t.v)));
	assert_non_null(names = calloc(n, sizeof(*names)));
	t.n = n;
	for (i = 0; i < n; i++) {
		snprintf(names[i], sizeof(names[i]), "f%zu", i);
		t.v[i].name = names[i];
		t.v[i].calls = 1;
		t.v[i].total_ns = (int64_t)(n - i) * 1000;
	}
	assert_non_null(s = section(&t));
	assert_int_equal(count(s, "<tr><td>"), CAP_HTML_FUNCTIONS);
	snprintf(note, sizeof(note), "The %d of the most total time of %zu",
	    CAP_HTML_FUNCTIONS, n);
	assert_non_null(strstr(s, note));
	free(s);
	free(t.v);
	free(names);
}

static void
none(void **state)
{
	struct fn_table t = { .v = NULL };

	(void)state;
	assert_null(section(&t));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rows_and_numbers),
		cmocka_unit_test(capped),
		cmocka_unit_test(none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
