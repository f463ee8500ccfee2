/* treason.c: a wait's reason from the functions on the blocked thread's kernel stack, innermost first, the first that says (docs/wakeups.md, "Reasons"). */
#include <string.h>

#include "treason.h"

/*
 * A name, or a prefix (ending in '*'), and what it says.  From the
 * stacks of tests/tools/wakeload.c's workloads recorded on 6.18 (the
 * names are those of 5.x to 6.x).  Innermost first, so the generic
 * waits (schedule_timeout, schedule_hrtimeout_range_clock, wait_woken)
 * say nothing: the caller that used them does.
 */
static const struct rule {
	const char *name;
	int reason;
} rules[] = {
	{ "futex_*", TR_FUTEX }, { "__futex_*", TR_FUTEX },
	{ "do_futex", TR_FUTEX }, { "__x64_sys_futex*", TR_FUTEX },
	{ "do_epoll_wait", TR_POLL }, { "ep_poll", TR_POLL },
	{ "do_select", TR_POLL }, { "core_sys_select", TR_POLL },
	{ "do_sys_poll", TR_POLL }, { "do_poll*", TR_POLL },
	{ "anon_pipe_*", TR_PIPE }, { "pipe_read", TR_PIPE },
	{ "pipe_write", TR_PIPE }, { "pipe_wait_*", TR_PIPE },
	{ "wait_for_partner", TR_PIPE },
	{ "sk_wait_*", TR_SOCKET }, { "sk_stream_wait_*", TR_SOCKET },
	{ "inet_csk_accept", TR_SOCKET }, { "tcp_*", TR_SOCKET },
	{ "udp_*", TR_SOCKET }, { "unix_*", TR_SOCKET },
	{ "__skb_wait_for_more_packets", TR_SOCKET },
	{ "__skb_recv_*", TR_SOCKET }, { "sock_*", TR_SOCKET },
	{ "io_schedule*", TR_DISK }, { "folio_wait_*", TR_DISK },
	{ "__folio_lock*", TR_DISK }, { "bit_wait_io*", TR_DISK },
	{ "submit_bio_wait", TR_DISK }, { "blk_*", TR_DISK },
	{ "blkdev_*", TR_DISK }, { "jbd2_*", TR_DISK },
	{ "__filemap_fdatawait_range", TR_DISK },
	{ "file_write_and_wait_range", TR_DISK },
	{ "ext4_*", TR_DISK }, { "xfs_*", TR_DISK }, { "btrfs_*", TR_DISK },
	{ "do_nanosleep", TR_SLEEP }, { "hrtimer_nanosleep", TR_SLEEP },
	{ "common_nsleep*", TR_SLEEP }, { "msleep*", TR_SLEEP },
	{ "usleep_range*", TR_SLEEP }, { "timerfd_read*", TR_SLEEP },
};

/* Always on a blocking stack: the trace's, the scheduler's, the entry's. */
static const char *const plumbing[] = {
	"trace_event_raw_event_sched_switch", "__traceiter_sched_switch",
	"__schedule", "schedule", "do_syscall_64",
	"entry_SYSCALL_64_after_hwframe", "entry_SYSCALL_64",
};

static int
matches(const char *pat, const char *s)
{
	size_t n = strlen(pat);

	if (n > 0 && pat[n - 1] == '*')
		return strncmp(pat, s, n - 1) == 0;
	return strcmp(pat, s) == 0;
}

const char *
treason_name(int r)
{
	static const char *const names[TR_COUNT] = {
		"-", "futex", "poll", "pipe", "socket", "disk", "sleep", "other"
	};

	return r >= 0 && r < TR_COUNT ? names[r] : "-";
}

int
treason_of(const char *func)
{
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (matches(rules[i].name, func))
			return rules[i].reason;
	return TR_NONE;
}

int
treason_plumbing(const char *func)
{
	size_t i;

	for (i = 0; i < sizeof(plumbing) / sizeof(plumbing[0]); i++)
		if (strcmp(plumbing[i], func) == 0)
			return 1;
	return 0;
}
