/* test_spare.c: the '@' mark of an initramfs logger's argv[0]: put on only in an initramfs, taken off once, never on an empty or unknown argv[0]. */
#include <string.h>

#include "testutil.h"
#include "spare.h"

static void
marks_in_an_initramfs_and_clears(void **state)
{
	char argv0[] = "/sbin/bootchartd";
	struct spare s = { argv0, '\0' };

	(void)state;
	spare_mark(&s, 1);
	assert_string_equal(argv0, "@sbin/bootchartd");
	/* A second mark must not lose the first byte. */
	spare_mark(&s, 1);
	assert_string_equal(argv0, "@sbin/bootchartd");
	spare_clear(&s);
	assert_string_equal(argv0, "/sbin/bootchartd");
	spare_clear(&s);
	assert_string_equal(argv0, "/sbin/bootchartd");
}

static void
leaves_a_real_root_alone(void **state)
{
	char argv0[] = "bootchartd";
	struct spare s = { argv0, '\0' };

	(void)state;
	spare_mark(&s, 0);
	assert_string_equal(argv0, "bootchartd");
	spare_clear(&s);
	assert_string_equal(argv0, "bootchartd");
}

static void
ignores_empty_and_unknown_names(void **state)
{
	char empty[] = "";
	struct spare a = { empty, '\0' }, b = { NULL, '\0' };

	(void)state;
	spare_mark(&a, 1);
	assert_int_equal(empty[0], '\0');
	assert_int_equal(a.was, '\0');
	spare_mark(&b, 1);
	spare_clear(&b);
	assert_null(b.argv0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(marks_in_an_initramfs_and_clears),
		cmocka_unit_test(leaves_a_real_root_alone),
		cmocka_unit_test(ignores_empty_and_unknown_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
