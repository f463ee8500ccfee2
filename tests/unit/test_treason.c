/* test_treason.c: a wait's reason from its kernel stack's functions (treason.c), on stacks recorded on 6.18 from tests/tools/wakeload.c's workloads. */
#include <string.h>

#include "testutil.h"
#include "treason.h"

/* The reason of a stack given innermost first, as tstack.c reads it. */
static int
reason_of(const char *const *fn)
{
	int r;

	for (; *fn != NULL; fn++)
		if ((r = treason_of(*fn)) != TR_NONE)
			return r;
	return TR_OTHER;
}

static void
recorded_stacks(void **state)
{
	static const char *const futex[] = { "schedule", "futex_do_wait",
	    "__futex_wait", "futex_wait", "do_futex", NULL };
	static const char *const sleep[] = { "schedule", "do_nanosleep",
	    "hrtimer_nanosleep", "common_nsleep", NULL };
	static const char *const tcp[] = { "schedule", "schedule_timeout",
	    "wait_woken", "sk_wait_data", "tcp_recvmsg_locked", NULL };
	static const char *const accept[] = { "schedule", "schedule_timeout",
	    "inet_csk_accept", "inet_accept", NULL };
	static const char *const epoll[] = { "schedule",
	    "schedule_hrtimeout_range_clock", "do_epoll_wait", NULL };
	static const char *const pipe[] = { "schedule", "anon_pipe_read",
	    "vfs_read", NULL };
	static const char *const read[] = { "schedule", "io_schedule",
	    "folio_wait_bit_common", "filemap_get_pages", NULL };
	static const char *const flush[] = { "schedule", "schedule_timeout",
	    "io_schedule_timeout", "wait_for_completion_io_timeout",
	    "submit_bio_wait", "blkdev_issue_flush", "ext4_sync_file", NULL };
	static const char *const child[] = { "schedule", "do_wait",
	    "kernel_wait4", NULL };

	(void)state;
	assert_int_equal(reason_of(futex), TR_FUTEX);
	assert_int_equal(reason_of(sleep), TR_SLEEP);
	assert_int_equal(reason_of(tcp), TR_SOCKET);
	assert_int_equal(reason_of(accept), TR_SOCKET);
	assert_int_equal(reason_of(epoll), TR_POLL);
	assert_int_equal(reason_of(pipe), TR_PIPE);
	assert_int_equal(reason_of(read), TR_DISK);
	assert_int_equal(reason_of(flush), TR_DISK);
	assert_int_equal(reason_of(child), TR_OTHER);
}

static void
names_and_plumbing(void **state)
{
	(void)state;
	assert_string_equal(treason_name(TR_NONE), "-");
	assert_string_equal(treason_name(TR_POLL), "poll");
	assert_string_equal(treason_name(TR_COUNT), "-");
	assert_string_equal(treason_name(-1), "-");
	assert_true(treason_plumbing("__schedule"));
	assert_true(treason_plumbing("entry_SYSCALL_64_after_hwframe"));
	assert_false(treason_plumbing("schedule_timeout"));
	/* A prefix rule needs its prefix, an exact one the whole name. */
	assert_int_equal(treason_of("ext4_fsync_nojournal.constprop.0"),
	    TR_DISK);
	assert_int_equal(treason_of("do_nanosleep2"), TR_NONE);
	assert_int_equal(treason_of(""), TR_NONE);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(recorded_stacks),
		cmocka_unit_test(names_and_plumbing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
