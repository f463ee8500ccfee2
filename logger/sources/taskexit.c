/* taskexit.c: each exiting task's exact CPU time from the kernel's taskstats exit records (taskstats_exit.log). */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/taskstats.h>

#include "nlsock.h"
#include "pidstat.h"
#include "slurp.h"
#include "taskexit.h"

/* Longest line: six numbers of up to 20 digits, a name escaped, spaces. */
#define LINE_MAX_LEN (6 * 21 + 4 * TS_COMM_LEN + 2)
/* Kernel receive queue asked for (root may exceed rmem_max). */
#define RCVBUF_BYTES (4 << 20)
/* How long to wait for each answer of the kernel at the start. */
#define ACK_WAIT_MS 200

void
taskexit_init(struct taskexit *t)
{
	memset(t, 0, sizeof(*t));
	t->sock = -1;
}

static int
fail(struct taskexit *t, const char *what, int err)
{
	snprintf(t->note, sizeof(t->note), "unavailable: %s: %s", what,
	    strerror(err));
	taskexit_close(t);
	return -1;
}

/* A request of one string attribute: the controller's or the family's. */
static int
send_req(int sock, uint16_t type, uint8_t cmd, uint8_t version,
    uint16_t attr, const char *s)
{
	struct {
		struct nlmsghdr nl;
		struct genlmsghdr g;
		struct nlattr a;
		char s[64];
	} m;
	size_t n = strlen(s) + 1;
	ssize_t r;

	if (n > sizeof(m.s))
		return -1;
	memset(&m, 0, sizeof(m));
	m.nl.nlmsg_type = type;
	m.nl.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	m.nl.nlmsg_seq = 1;
	m.g.cmd = cmd;
	m.g.version = version;
	m.a.nla_type = attr;
	m.a.nla_len = (uint16_t)(NLA_HDRLEN + n);
	memcpy(m.s, s, n);
	m.nl.nlmsg_len = (uint32_t)(NLMSG_HDRLEN + GENL_HDRLEN +
	    NLA_ALIGN(m.a.nla_len));
	do
		r = send(sock, &m, m.nl.nlmsg_len, 0);
	while (r < 0 && errno == EINTR);
	return r == (ssize_t)m.nl.nlmsg_len ? 0 : -1;
}

static void
drain_arg(void *t)
{
	taskexit_drain(t);
}

/* Waits for the kernel's ack (or error) of the request just sent. */
static int
wait_ack(struct taskexit *t, const char *what)
{
	t->out.acked = 0;
	if (nl_await(t->sock, &t->out.acked, ACK_WAIT_MS, drain_arg, t) < 0)
		return fail(t, "poll", errno);
	if (!t->out.acked)
		return fail(t, what, ETIMEDOUT);
	if (t->out.ack_err != 0)
		return fail(t, what, t->out.ack_err);
	return 0;
}

/*
 * The CPUs to register: the kernel refuses a mask beyond the possible
 * ones, and misses the exits on CPUs left out.
 */
static void
cpu_list(char *buf, size_t cap)
{
	size_t n;
	char *s = slurp_at(AT_FDCWD, "/sys/devices/system/cpu/possible",
	    cap - 1, &n);
	long c;

	/* Early in a boot sysfs may not be mounted yet. */
	if (s != NULL && s[0] != '\0') {
		snprintf(buf, cap, "%s", s);
		free(s);
		return;
	}
	free(s);
	c = sysconf(_SC_NPROCESSORS_CONF);
	snprintf(buf, cap, "0-%ld", c > 1 ? c - 1 : 0);
}

int
taskexit_open(struct taskexit *t)
{
	struct sockaddr_nl sa;
	int sz = RCVBUF_BYTES;

	t->sock = socket(AF_NETLINK, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    NETLINK_GENERIC);
	if (t->sock < 0)
		return fail(t, "socket", errno);
	/* A boot's processes exit in bursts and we read once per sample. */
	if (setsockopt(t->sock, SOL_SOCKET, SO_RCVBUFFORCE, &sz,
	    sizeof(sz)) != 0)
		setsockopt(t->sock, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz));
	memset(&sa, 0, sizeof(sa));
	sa.nl_family = AF_NETLINK;
	if (bind(t->sock, (struct sockaddr *)&sa, sizeof(sa)) != 0)
		return fail(t, "bind", errno);
	if ((t->out.buf = malloc(TASKEXIT_OUT_MAX)) == NULL)
		return fail(t, "buffer", ENOMEM);
	t->out.cap = TASKEXIT_OUT_MAX;
	if (send_req(t->sock, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, 1,
	    CTRL_ATTR_FAMILY_NAME, TASKSTATS_GENL_NAME) != 0)
		return fail(t, "family", errno);
	if (wait_ack(t, "family") != 0)
		return -1;
	if (t->out.family == 0)
		return fail(t, "family", ENOENT);
	cpu_list(t->cpus, sizeof(t->cpus));
	if (send_req(t->sock, t->out.family, TASKSTATS_CMD_GET,
	    TASKSTATS_GENL_VERSION, TASKSTATS_CMD_ATTR_REGISTER_CPUMASK,
	    t->cpus) != 0)
		return fail(t, "register", errno);
	if (wait_ack(t, "register") != 0)
		return -1;
	t->listening = 1;
	t->note[0] = '\0';
	return 0;
}

/* The next attribute of [*p, end): its type (flags off) and payload; NULL at the end. */
static const unsigned char *
next_attr(const unsigned char **p, const unsigned char *end, uint16_t *type,
    size_t *len)
{
	struct nlattr a;
	const unsigned char *v;

	if ((size_t)(end - *p) < sizeof(a))
		return NULL;
	memcpy(&a, *p, sizeof(a));
	if (a.nla_len < NLA_HDRLEN || a.nla_len > (size_t)(end - *p))
		return NULL;
	v = *p + NLA_HDRLEN;
	*type = a.nla_type & NLA_TYPE_MASK;
	*len = (size_t)a.nla_len - NLA_HDRLEN;
	*p += (size_t)NLA_ALIGN(a.nla_len) < (size_t)(end - *p) ?
	    (size_t)NLA_ALIGN(a.nla_len) : (size_t)(end - *p);
	return v;
}

/*
 * cpu_run_virtual_total is the scheduler's run time (sum_exec_runtime,
 * ns): exact.  cpu_run_real_total, ac_utime and ac_stime are the tick
 * counts (whole ticks with tick accounting), kept for comparison.
 */
static void
record_line(const struct taskstats *ts, uint32_t pid, struct taskexit_out *o)
{
	char name[4 * TS_COMM_LEN + 1];
	int n;

	if (o->cap - o->len < LINE_MAX_LEN) {
		o->lost++;
		return;
	}
	/* The logs' escape (pidstat.h): no name can break a line. */
	name[log_escape(name, ts->ac_comm, strnlen(ts->ac_comm, TS_COMM_LEN),
	    0)] = '\0';
	/* Kernels before taskstats 11 give no thread group: the task's own. */
	n = snprintf(o->buf + o->len, o->cap - o->len,
	    "%u %u %u %llu %llu %llu %s\n",
	    ts->ac_tgid != 0 ? (unsigned)ts->ac_tgid : (unsigned)pid,
	    (unsigned)pid, (unsigned)ts->ac_ppid,
	    (unsigned long long)ts->cpu_run_virtual_total,
	    (unsigned long long)ts->ac_utime,
	    (unsigned long long)ts->ac_stime, name);
	if (n > 0 && (size_t)n < o->cap - o->len)
		o->len += (size_t)n;
}

/* One TASKSTATS_TYPE_AGGR_PID: the task's ID and its stats. */
static void
aggr_pid(const unsigned char *p, size_t len, struct taskexit_out *o)
{
	const unsigned char *end = p + len, *v;
	struct taskstats ts;
	uint32_t pid = 0;
	int have = 0;
	uint16_t type;
	size_t n;

	memset(&ts, 0, sizeof(ts));
	while ((v = next_attr(&p, end, &type, &n)) != NULL) {
		if (type == TASKSTATS_TYPE_PID && n >= sizeof(pid))
			memcpy(&pid, v, sizeof(pid));
		else if (type == TASKSTATS_TYPE_STATS &&
		    n >= offsetof(struct taskstats, ac_stime) +
		    sizeof(ts.ac_stime)) {
			/* Older kernels send less, newer more: the common part. */
			memcpy(&ts, v, n < sizeof(ts) ? n : sizeof(ts));
			have = 1;
		}
	}
	if (have && pid != 0)
		record_line(&ts, pid, o);
}

/* A generic netlink message: the controller's answer, or exit records. */
static void
genl_msg(uint16_t type, const unsigned char *p, size_t len,
    struct taskexit_out *o)
{
	const unsigned char *end = p + len, *v;
	struct genlmsghdr g;
	uint16_t at, fam;
	size_t n;

	if (len < GENL_HDRLEN)
		return;
	memcpy(&g, p, sizeof(g));
	p += GENL_HDRLEN;
	if (type == GENL_ID_CTRL && g.cmd == CTRL_CMD_NEWFAMILY) {
		while ((v = next_attr(&p, end, &at, &n)) != NULL)
			if (at == CTRL_ATTR_FAMILY_ID && n >= sizeof(fam)) {
				memcpy(&fam, v, sizeof(fam));
				o->family = fam;
			}
		return;
	}
	if (o->family == 0 || type != o->family || g.cmd != TASKSTATS_CMD_NEW)
		return;
	while ((v = next_attr(&p, end, &at, &n)) != NULL)
		if (at == TASKSTATS_TYPE_AGGR_PID)
			aggr_pid(v, n, o);
}

/* One message: an ack or error of a request, else a generic netlink one. */
static void
each_msg(uint16_t type, const unsigned char *m, size_t len, void *arg)
{
	struct taskexit_out *o = arg;
	int err;

	if (type == NLMSG_ERROR && len >= sizeof(err)) {
		memcpy(&err, m, sizeof(err));
		o->acked = 1;
		o->ack_err = -err;
	} else if (type >= NLMSG_MIN_TYPE)
		genl_msg(type, m, len, o);
}

void
taskexit_parse(const void *buf, size_t len, struct taskexit_out *o)
{
	nl_each(buf, len, each_msg, o);
}

static void
parse_arg(const void *buf, size_t len, void *out)
{
	taskexit_parse(buf, len, out);
}

void
taskexit_drain(struct taskexit *t)
{
	nl_drain(t->sock, &t->out.cap, &t->out.len, LINE_MAX_LEN * 64,
	    parse_arg, &t->out, &t->overruns);
}

void
taskexit_close(struct taskexit *t)
{
	/* Lets the kernel stop making records nobody reads. */
	if (t->listening)
		send_req(t->sock, t->out.family, TASKSTATS_CMD_GET,
		    TASKSTATS_GENL_VERSION,
		    TASKSTATS_CMD_ATTR_DEREGISTER_CPUMASK, t->cpus);
	if (t->sock >= 0)
		close(t->sock);
	t->sock = -1;
	t->listening = 0;
	free(t->out.buf);
	t->out.buf = NULL;
	t->out.cap = t->out.len = 0;
}
