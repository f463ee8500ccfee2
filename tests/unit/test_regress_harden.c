/* test_regress_harden.c: reproducers of the fuzzers' findings, written by hand, one test each. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil_impl.h"

#include "logfiles.h"
#include "parse.h"
#include "proctree.h"
#include "trace.h"

/* Parses one member alone, then finishes the trace; returns the result. */
static int
parse_one(struct trace *t, struct diag *d, const char *name, const char *text)
{
	trace_init(t);
	diag_init(d, "test");
	d->out = NULL;
	if (trace_parse_buffer(t, name, text, strlen(text), d) != 0)
		return -1;
	return trace_finish(t, d);
}

/*
 * fuzz_logs: a starttime just above INT64_MAX / 10 overflowed the
 * multiplication to ms (UBSan: signed integer overflow).  The start is
 * then the block's time, as for any start after the first sighting.
 */
static void
proc_ps_huge_starttime(void **state)
{
	static const char log[] =
	    "100\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 "
	    "922337203685477581 0 0\n"
	    "\n"
	    "120\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 6 3 0 0 20 0 1 0 "
	    "922337203685477581 0 0\n"
	    "\n";
	struct trace t;
	struct diag d;

	(void)state;
	assert_int_equal(parse_one(&t, &d, LOG_PROC_PS, log), 0);
	assert_int_equal(t.nprocs, 1);
	assert_int_equal(t.procs[0]->start_ms, 1000);
	trace_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(proc_ps_huge_starttime),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
