/* callsfix.c: the unit tests' function_graph scenario (callsfix.h). */
#include "testutil.h"
#include "callsfix.h"

void
calls_scenario(struct tcalls *c)
{
	assert_int_equal(tcalls_exit(c, 1, 0, F_BAR, 2, 2500, 3500, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_INITCALL, 0, 2600, 2700, 0), 0);
	assert_int_equal(tcalls_exit(c, 2, 0, F_INITCALL, 0, 1500, 2500, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_BAZ, 2, 4000, 4500, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_FOO, 1, 2000, 5000, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_TICK, 1, 7000, 7900, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_FOO, 1, 6000, 8000, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_INITCALL, 0, 1000, 9000, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_FOO, 1, 8500, 9500, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_BAR, -1, 100, 200, 0), 0);
	assert_int_equal(tcalls_exit(c, 1, 0, F_BAR, 3, 300, 200, 0), 0);
}
