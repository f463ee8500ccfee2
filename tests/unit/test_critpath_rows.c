/* test_critpath_rows.c: which of the log's processes each segment of the critical path belongs to (renderer/analysis/critpath_rows.c): a reused PID's by its lifetime, a thread's own row (--threads), none for the idle task. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "critpath.h"

static struct process *
mkproc(struct bootlog *t, int64_t pid, int64_t tgid, usec_t start,
    usec_t dur)
{
	struct process *p = bootlog_new_process(t, pid, "p");

	assert_non_null(p);
	p->tgid = tgid;
	p->start_us = start;
	p->duration_us = dur;
	return p;
}

/*
 * PID 100 twice: A over [0, 1 s), B over [5, 6 s); B's thread 101 has
 * a row of its own, its thread 102 none.
 */
static void
rows_by_identity(void **state)
{
	struct crit_seg seg[] = {
		{ .start_us = 200000, .end_us = 300000, .pid = 100, .tid = 100 },
		{ .start_us = 5200000, .end_us = 5300000, .pid = 100, .tid = 100 },
		{ .start_us = 5500000, .end_us = 5600000, .pid = 100, .tid = 101 },
		{ .start_us = 5600000, .end_us = 5700000, .pid = 100, .tid = 102 },
		{ .start_us = 5700000, .end_us = 5800000, .pid = 0, .tid = 0 },
	};
	struct crit_path m;
	struct process *a, *b, *th, *other;
	struct bootlog t;

	(void)state;
	bootlog_init(&t);
	other = mkproc(&t, 50, 0, 0, 9000000);
	a = mkproc(&t, 100, 0, 0, 1000000);
	b = mkproc(&t, 100, 0, 5000000, 1000000);
	th = mkproc(&t, 101, 100, 5100000, 500000);
	memset(&m, 0, sizeof(m));
	m.seg = seg;
	m.nseg = sizeof(seg) / sizeof(seg[0]);
	assert_int_equal(critpath_rows(&m, &t), 0);
	assert_ptr_equal(seg[0].proc, a);
	assert_ptr_equal(seg[1].proc, b);
	assert_ptr_equal(seg[2].proc, th);
	assert_ptr_equal(seg[3].proc, b);
	assert_null(seg[4].proc);
	assert_int_equal(m.n_on_path, t.nprocs);
	assert_int_equal(m.on_path[a->seq], 1);
	assert_int_equal(m.on_path[b->seq], 1);
	assert_int_equal(m.on_path[th->seq], 1);
	assert_int_equal(m.on_path[other->seq], 0);
	free(m.on_path);
	bootlog_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rows_by_identity),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
