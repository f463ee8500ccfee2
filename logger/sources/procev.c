/* procev.c: fork-time parents from the kernel's process events connector (paternity.log). */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/cn_proc.h>
#include <linux/connector.h>
#include <linux/netlink.h>

#include "nlsock.h"
#include "procev.h"

/* Longest line: two 10-digit PIDs, a space and a newline. */
#define LINE_MAX_LEN 24
/* Kernel receive queue asked for (root may exceed rmem_max). */
#define RCVBUF_BYTES (1 << 20)
/* How long to wait for the kernel to answer the subscription. */
#define ACK_WAIT_MS 200

/* The subscription message: netlink header, connector header, the op. */
struct mcast_msg {
	struct nlmsghdr nl;
	struct cn_msg cn;
	uint32_t op;
} __attribute__((packed));

void
procev_init(struct procev *p)
{
	memset(p, 0, sizeof(*p));
	p->sock = -1;
}

static int
fail(struct procev *p, const char *what, int err)
{
	snprintf(p->note, sizeof(p->note), "unavailable: %s: %s", what,
	    strerror(err));
	procev_close(p);
	return -1;
}

static int
send_op(int sock, uint32_t op, uint32_t cookie)
{
	struct mcast_msg m;
	ssize_t r;

	memset(&m, 0, sizeof(m));
	m.cn.ack = cookie;
	m.nl.nlmsg_len = sizeof(m);
	m.nl.nlmsg_type = NLMSG_DONE;
	m.cn.id.idx = CN_IDX_PROC;
	m.cn.id.val = CN_VAL_PROC;
	m.cn.len = sizeof(m.op);
	m.op = op;
	do
		r = send(sock, &m, sizeof(m), 0);
	while (r < 0 && errno == EINTR);
	return r == (ssize_t)sizeof(m) ? 0 : -1;
}

/*
 * The kernel answers LISTEN with an ack event, except in a non-initial
 * PID or user namespace, where it ignores the request without a word.
 */
static void
drain_arg(void *p)
{
	procev_drain(p);
}

static int
wait_ack(struct procev *p)
{
	if (nl_await(p->sock, &p->out.acked, ACK_WAIT_MS, drain_arg, p) < 0)
		return fail(p, "poll", errno);
	if (!p->out.acked) {
		snprintf(p->note, sizeof(p->note), "unavailable: no answer "
		    "from the kernel (not the initial PID or user namespace?)");
		procev_close(p);
		return -1;
	}
	if (p->out.ack_err != 0)
		return fail(p, "listen", p->out.ack_err);
	return 0;
}

int
procev_open(struct procev *p)
{
	struct sockaddr_nl sa;
	int sz = RCVBUF_BYTES;

	p->sock = socket(AF_NETLINK, SOCK_DGRAM | SOCK_NONBLOCK |
	    SOCK_CLOEXEC, NETLINK_CONNECTOR);
	if (p->sock < 0)
		return fail(p, "socket", errno);
	/* A boot forks in bursts and we read only once per sample. */
	if (setsockopt(p->sock, SOL_SOCKET, SO_RCVBUFFORCE, &sz,
	    sizeof(sz)) != 0)
		setsockopt(p->sock, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz));
	memset(&sa, 0, sizeof(sa));
	sa.nl_family = AF_NETLINK;
	sa.nl_groups = CN_IDX_PROC;
	if (bind(p->sock, (struct sockaddr *)&sa, sizeof(sa)) != 0)
		return fail(p, "bind", errno);
	if ((p->out.buf = malloc(PROCEV_OUT_MAX)) == NULL)
		return fail(p, "buffer", ENOMEM);
	p->out.cap = PROCEV_OUT_MAX;
	/*
	 * Every listener gets every answer; the kernel returns our ack
	 * field plus one (it renumbers seq), so a cookie tells ours.
	 */
	p->out.cookie = 0x62630000u ^ (uint32_t)getpid();
	if (send_op(p->sock, PROC_CN_MCAST_LISTEN, p->out.cookie) != 0)
		return fail(p, "listen", errno);
	if (wait_ack(p) != 0)
		return -1;
	p->listening = 1;
	p->note[0] = '\0';
	return 0;
}

static void
fork_line(const struct proc_event *ev, struct procev_out *o)
{
	int n;

	/* Threads share their creator's process: only new processes count. */
	if (ev->event_data.fork.child_pid != ev->event_data.fork.child_tgid)
		return;
	if (o->cap - o->len < LINE_MAX_LEN) {
		o->lost++;
		return;
	}
	n = snprintf(o->buf + o->len, o->cap - o->len, "%d %d\n",
	    (int)ev->event_data.fork.child_tgid,
	    (int)ev->event_data.fork.parent_tgid);
	if (n > 0 && (size_t)n < o->cap - o->len)
		o->len += (size_t)n;
}

/* One connector message (its header and payload, len bytes in all). */
static void
one_msg(const unsigned char *m, size_t len, struct procev_out *o)
{
	struct cn_msg cn;
	struct proc_event ev;
	size_t need = offsetof(struct proc_event, event_data) +
	    sizeof(ev.event_data.fork);

	if (len < sizeof(cn))
		return;
	memcpy(&cn, m, sizeof(cn));
	if (cn.id.idx != CN_IDX_PROC || cn.id.val != CN_VAL_PROC ||
	    cn.len > len - sizeof(cn) || cn.len < need)
		return;
	memset(&ev, 0, sizeof(ev));
	memcpy(&ev, m + sizeof(cn), cn.len < sizeof(ev) ? cn.len :
	    sizeof(ev));
	if (ev.what == PROC_EVENT_FORK)
		fork_line(&ev, o);
	else if (ev.what == PROC_EVENT_NONE && cn.ack == o->cookie + 1) {
		o->acked = 1;
		o->ack_err = (int)ev.event_data.ack.err;
	}
}

/* One message: ours are connector messages; the kernel's error, no-op and overrun notes are not. */
static void
each_msg(uint16_t type, const unsigned char *m, size_t len, void *o)
{
	if (type != NLMSG_ERROR && type != NLMSG_NOOP && type != NLMSG_OVERRUN)
		one_msg(m, len, o);
}

void
procev_parse(const void *buf, size_t len, struct procev_out *o)
{
	nl_each(buf, len, each_msg, o);
}

static void
parse_arg(const void *buf, size_t len, void *out)
{
	procev_parse(buf, len, out);
}

void
procev_drain(struct procev *p)
{
	nl_drain(p->sock, &p->out.cap, &p->out.len, LINE_MAX_LEN * 64,
	    parse_arg, &p->out, &p->overruns);
}

void
procev_close(struct procev *p)
{
	/* Lets the kernel stop making events nobody reads. */
	if (p->listening)
		send_op(p->sock, PROC_CN_MCAST_IGNORE, 0);
	if (p->sock >= 0)
		close(p->sock);
	p->sock = -1;
	p->listening = 0;
	free(p->out.buf);
	p->out.buf = NULL;
	p->out.len = p->out.cap = 0;
}
