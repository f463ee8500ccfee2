/* nlsock.c: what the netlink readers share (process events, taskstats exit records): a non-blocking socket read until empty, an answer awaited briefly. */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <linux/netlink.h>

#include "nlsock.h"

void
nl_each(const void *buf, size_t len, nl_msg_fn *msg, void *arg)
{
	const unsigned char *p = buf;
	struct nlmsghdr nl;
	size_t n;

	/* Headers are copied out: the buffer need not be aligned. */
	while (len >= sizeof(nl)) {
		memcpy(&nl, p, sizeof(nl));
		if (nl.nlmsg_len < sizeof(nl) || nl.nlmsg_len > len)
			return;
		msg(nl.nlmsg_type, p + NLMSG_HDRLEN,
		    nl.nlmsg_len - NLMSG_HDRLEN, arg);
		n = NLMSG_ALIGN(nl.nlmsg_len);
		if (n >= len)
			return;
		p += n;
		len -= n;
	}
}

void
nl_drain(int sock, const size_t *cap, const size_t *len, size_t need,
    nl_parse_fn *parse, void *arg, uint64_t *overruns)
{
	uint64_t buf[2048];	/* aligned for the netlink headers */
	ssize_t r;

	if (sock < 0)
		return;
	while (*cap - *len >= need) {
		r = recv(sock, buf, sizeof(buf), 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno == ENOBUFS) {
			(*overruns)++;
			continue;
		}
		if (r <= 0)
			return;
		parse(buf, (size_t)r, arg);
	}
}

int
nl_await(int sock, const int *answered, long ms,
    void (*drain)(void *arg), void *arg)
{
	struct timespec t0, now;
	struct pollfd pf;
	long spent = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!*answered && spent < ms) {
		pf.fd = sock;
		pf.events = POLLIN;
		if (poll(&pf, 1, (int)(ms - spent)) < 0 && errno != EINTR)
			return -1;
		drain(arg);
		clock_gettime(CLOCK_MONOTONIC, &now);
		spent = (now.tv_sec - t0.tv_sec) * 1000 +
		    (now.tv_nsec - t0.tv_nsec) / 1000000;
	}
	return *answered ? 0 : 1;
}
