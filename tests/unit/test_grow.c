/* test_grow.c: the growable arrays: doubling, overflow refused, grow_zeroed's new elements zero and old ones kept. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "grow.h"

static void
array_doubles_from_sixteen(void **state)
{
	int *v = NULL;
	size_t cap = 0;

	(void)state;
	assert_int_equal(grow_array((void **)&v, &cap, 0, sizeof(*v)), 0);
	assert_int_equal(cap, 16);
	assert_int_equal(grow_array((void **)&v, &cap, 16, sizeof(*v)), 0);
	assert_int_equal(cap, 32);
	free(v);
}

static void
overflow_is_refused(void **state)
{
	char *v = NULL;
	size_t cap = 0;

	(void)state;
	assert_int_equal(grow_reserve((void **)&v, &cap, SIZE_MAX, 8), -1);
	assert_null(v);
	assert_int_equal(cap, 0);
	assert_int_equal(grow_zeroed((void **)&v, &cap, SIZE_MAX / 2, 8), -1);
	assert_int_equal(cap, 0);
}

static void
zeroed_keeps_old_and_zeroes_new(void **state)
{
	uint64_t *v = NULL;
	size_t cap = 0, i;

	(void)state;
	assert_int_equal(grow_zeroed((void **)&v, &cap, 10, sizeof(*v)), 0);
	assert_int_equal(cap, 4096);
	for (i = 0; i < cap; i++)
		assert_int_equal(v[i], 0);
	v[0] = 7;
	v[4095] = 9;
	/* An id far past the capacity: one step of doublings. */
	assert_int_equal(grow_zeroed((void **)&v, &cap, 100000, sizeof(*v)),
	    0);
	assert_int_equal(cap, 131072);
	assert_int_equal(v[0], 7);
	assert_int_equal(v[4095], 9);
	for (i = 4096; i < cap; i++)
		assert_int_equal(v[i], 0);
	/* Room enough: nothing moves. */
	assert_int_equal(grow_zeroed((void **)&v, &cap, 5, sizeof(*v)), 0);
	assert_int_equal(cap, 131072);
	free(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(array_doubles_from_sixteen),
		cmocka_unit_test(overflow_is_refused),
		cmocka_unit_test(zeroed_keeps_old_and_zeroes_new),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
