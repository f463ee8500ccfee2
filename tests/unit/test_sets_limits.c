/* test_sets_limits.c: the --thresholds file of sets: each line as the text table names an item, "KIND NAME (METRIC) MS"; comments and blank lines; each kind of bad line named by its line number. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "diag.h"
#include "sets_limits.h"

static int
parse(struct set_limits *ls, const char *text, struct diag *d)
{
	diag_init(d, "test");
	d->out = NULL;
	return sets_limits_parse(ls, text, strlen(text), "th", d);
}

static void
lines_as_the_table_names_items(void **state)
{
	struct set_limits ls;
	struct diag d;
	struct set_item it = { .kind = ITEM_PROC, .metric = MET_DURATION,
	    .name = "cc -O2 -c (x).c" };

	(void)state;
	assert_int_equal(parse(&ls, "# ci\n\n  phase end (time) 250\n"
	    "process cc -O2 -c (x).c (duration)\t1.5\r\n"
	    "unit ssh.service (start) 0\n", &d), 0);
	assert_int_equal(ls.n, 3);
	assert_int_equal(ls.v[0].kind, ITEM_PHASE);
	assert_int_equal(ls.v[0].metric, MET_TIME);
	assert_string_equal(ls.v[0].name, "end");
	assert_true(ls.v[0].ms == 250);
	/* The name keeps its own parentheses: the metric is the last pair. */
	assert_string_equal(ls.v[1].name, "cc -O2 -c (x).c");
	assert_true(ls.v[1].ms == 1.5);
	assert_ptr_equal(sets_limit_of(&ls, &it), &ls.v[1]);
	it.metric = MET_CPU;
	assert_null(sets_limit_of(&ls, &it));
	assert_int_equal(ls.v[2].kind, ITEM_UNIT);
	assert_int_equal(ls.v[2].metric, MET_START);
	sets_limits_free(&ls);
}

static void
bad_lines_named(void **state)
{
	static const struct {
		const char *text, *msg;
	} bad[] = {
		{ "phase end (time) 1\nservice x (start) 1\n",
		    "th:2: the kind is not" },
		{ "phase end (time)\n", "th:1: no MS" },
		{ "phase end (time) -1\n", "th:1: no MS" },
		{ "phase end (time) 1e999\n", "th:1: no MS" },
		{ "phase end (when) 5\n", "th:1: no (time)" },
		{ "phase (time) 5\n", "th:1: no name" },
		{ "phase end 5\n", "th:1: no (time)" },
	};
	struct set_limits ls;
	struct diag d;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(parse(&ls, bad[i].text, &d), -1);
		assert_int_equal(d.status, EXIT_BADINPUT);
		if (strstr(d.msg, bad[i].msg) == NULL)
			fail_msg("%s: got '%s'", bad[i].text, d.msg);
		sets_limits_free(&ls);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_as_the_table_names_items),
		cmocka_unit_test(bad_lines_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
