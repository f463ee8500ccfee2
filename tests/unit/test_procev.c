/* test_procev.c: the process events reader: message parsing, and a live double fork when the kernel allows it. */
#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/cn_proc.h>
#include <linux/connector.h>
#include <linux/netlink.h>

#include "testutil.h"
#include "procev.h"

/* One datagram as the kernel sends it: nlmsghdr, cn_msg, proc_event. */
struct evmsg {
	struct nlmsghdr nl;
	struct cn_msg cn;
	struct proc_event ev;
} __attribute__((packed));

static void
mkmsg(struct evmsg *m, unsigned what)
{
	memset(m, 0, sizeof(*m));
	m->nl.nlmsg_len = sizeof(*m);
	m->nl.nlmsg_type = NLMSG_DONE;
	m->cn.id.idx = CN_IDX_PROC;
	m->cn.id.val = CN_VAL_PROC;
	m->cn.len = sizeof(m->ev);
	m->ev.what = what;
}

static void
mkfork(struct evmsg *m, int ppid, int ptgid, int cpid, int ctgid)
{
	mkmsg(m, PROC_EVENT_FORK);
	m->ev.event_data.fork.parent_pid = ppid;
	m->ev.event_data.fork.parent_tgid = ptgid;
	m->ev.event_data.fork.child_pid = cpid;
	m->ev.event_data.fork.child_tgid = ctgid;
}

static void
out_init(struct procev_out *o, char *buf, size_t cap)
{
	memset(o, 0, sizeof(*o));
	o->buf = buf;
	o->cap = cap;
}

static void
test_fork_lines(void **state)
{
	/* Two messages in one datagram, as netlink may batch them. */
	struct evmsg m[2];
	struct procev_out o;
	char buf[256];

	(void)state;
	out_init(&o, buf, sizeof(buf));
	/* A thread of 300 (tid 301) forks process 400: parent is 300. */
	mkfork(&m[0], 301, 300, 400, 400);
	mkfork(&m[1], 400, 400, 401, 401);
	procev_parse(m, sizeof(m), &o);
	assert_int_equal(o.len, strlen("400 300\n401 400\n"));
	assert_memory_equal(buf, "400 300\n401 400\n", o.len);
	assert_int_equal(o.lost, 0);
	assert_int_equal(o.acked, 0);
}

static void
test_threads_and_others_skipped(void **state)
{
	struct evmsg m;
	struct procev_out o;
	char buf[256];

	(void)state;
	out_init(&o, buf, sizeof(buf));
	/* A new thread: child_pid != child_tgid. */
	mkfork(&m, 300, 300, 302, 300);
	procev_parse(&m, sizeof(m), &o);
	mkmsg(&m, PROC_EVENT_EXEC);
	m.ev.event_data.exec.process_pid = 400;
	m.ev.event_data.exec.process_tgid = 400;
	procev_parse(&m, sizeof(m), &o);
	/* Another connector (not process events). */
	mkfork(&m, 1, 1, 500, 500);
	m.cn.id.idx = CN_IDX_PROC + 1;
	procev_parse(&m, sizeof(m), &o);
	assert_int_equal(o.len, 0);
}

static void
test_ack(void **state)
{
	struct evmsg m;
	struct procev_out o;
	char buf[64];

	(void)state;
	out_init(&o, buf, sizeof(buf));
	o.cookie = 1000;
	/* Another listener's answer (the kernel sends answers to everyone). */
	mkmsg(&m, PROC_EVENT_NONE);
	m.cn.ack = 2001;
	procev_parse(&m, sizeof(m), &o);
	m.cn.ack = 1000;
	procev_parse(&m, sizeof(m), &o);
	assert_int_equal(o.acked, 0);
	/* Ours: the kernel adds one to our ack field. */
	m.cn.seq = 53;
	m.cn.ack = 1001;
	procev_parse(&m, sizeof(m), &o);
	assert_int_equal(o.acked, 1);
	assert_int_equal(o.ack_err, 0);
	m.ev.event_data.ack.err = EPERM;
	procev_parse(&m, sizeof(m), &o);
	assert_int_equal(o.ack_err, EPERM);
}

/* Short, overlong and lying lengths are skipped without reading past the end. */
static void
test_malformed(void **state)
{
	struct evmsg m;
	struct procev_out o;
	char buf[64], *copy;
	size_t n;

	(void)state;
	out_init(&o, buf, sizeof(buf));
	mkfork(&m, 1, 1, 600, 600);
	/* Every truncation of a valid message, in an exact-size heap copy. */
	for (n = 0; n < sizeof(m); n++) {
		copy = malloc(n ? n : 1);
		assert_non_null(copy);
		memcpy(copy, &m, n);
		procev_parse(copy, n, &o);
		free(copy);
	}
	assert_int_equal(o.len, 0);
	m.nl.nlmsg_len = sizeof(m) + 100;
	procev_parse(&m, sizeof(m), &o);
	m.nl.nlmsg_len = sizeof(m);
	m.cn.len = sizeof(m.ev) + 100;
	procev_parse(&m, sizeof(m), &o);
	m.cn.len = 4;
	procev_parse(&m, sizeof(m), &o);
	m.nl.nlmsg_len = 3;
	procev_parse(&m, sizeof(m), &o);
	assert_int_equal(o.len, 0);
}

static void
test_full_buffer(void **state)
{
	struct evmsg m;
	struct procev_out o;
	char buf[29];
	int i;

	(void)state;
	out_init(&o, buf, sizeof(buf));
	for (i = 0; i < 3; i++) {
		mkfork(&m, 1, 1, 700 + i, 700 + i);
		procev_parse(&m, sizeof(m), &o);
	}
	/* Room is kept for the longest line (24 bytes): 29 holds one line. */
	assert_int_equal(o.len, strlen("700 1\n"));
	assert_int_equal(o.lost, 2);
}

/* 1 when "child parent\n" is a line of buf. */
static int
has_line(const char *buf, size_t len, int child, int parent)
{
	char want[32];
	const char *p = buf, *end = buf + len;
	size_t n = (size_t)snprintf(want, sizeof(want), "%d %d\n", child,
	    parent);

	for (; p + n <= end; p = (const char *)memchr(p, '\n',
	    (size_t)(end - p)) + 1)
		if (memcmp(p, want, n) == 0)
			return 1;
	return 0;
}

/*
 * Live: this process forks a middle process that forks a grandchild and
 * exits; the events must name the real PIDs with their fork-time parents.
 */
static void
test_live_double_fork(void **state)
{
	struct procev p;
	int fds[2], st, i;
	pid_t mid, grand = 0;

	(void)state;
	procev_init(&p);
	if (geteuid() != 0 || procev_open(&p) != 0) {
		printf("# connector unavailable: %s\n", p.note);
		procev_close(&p);
		skip();
	}
	assert_int_equal(pipe(fds), 0);
	if ((mid = fork()) == 0) {
		pid_t g = fork();

		if (g == 0)
			_exit(0);
		if (write(fds[1], &g, sizeof(g)) != sizeof(g))
			_exit(1);
		_exit(0);
	}
	assert_true(mid > 0);
	close(fds[1]);
	assert_int_equal(read(fds[0], &grand, sizeof(grand)),
	    (ssize_t)sizeof(grand));
	close(fds[0]);
	assert_int_equal(waitpid(mid, &st, 0), mid);
	/* Events are queued at fork time; a few drains cover any delay. */
	for (i = 0; i < 50 && !has_line(p.out.buf, p.out.len, (int)grand,
	    (int)mid); i++) {
		poll(NULL, 0, 10);
		procev_drain(&p);
	}
	assert_true(has_line(p.out.buf, p.out.len, (int)mid, (int)getpid()));
	assert_true(has_line(p.out.buf, p.out.len, (int)grand, (int)mid));
	procev_close(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fork_lines),
		cmocka_unit_test(test_threads_and_others_skipped),
		cmocka_unit_test(test_ack),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_full_buffer),
		cmocka_unit_test(test_live_double_fork),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
