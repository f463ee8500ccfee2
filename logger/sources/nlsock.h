/* nlsock.h: what the netlink readers share (process events, taskstats exit records): a non-blocking socket read until empty, an answer awaited briefly. */
#ifndef BCD_NLSOCK_H
#define BCD_NLSOCK_H

#include <stddef.h>
#include <stdint.h>

/* Parses one datagram of len bytes (aligned for netlink headers). */
typedef void nl_parse_fn(const void *buf, size_t len, void *arg);

/* One netlink message: its type and payload (not aligned). */
typedef void nl_msg_fn(uint16_t type, const unsigned char *payload,
    size_t len, void *arg);

/*
 * Calls msg for each whole message of a datagram of len bytes, in order;
 * stops at the first whose length lies (too short, past the end).
 */
void nl_each(const void *buf, size_t len, nl_msg_fn *msg, void *arg);
/*
 * Reads every queued datagram of sock without blocking into parse,
 * while the output's free room (*cap - *len, read again after each)
 * is at least `need`: the rest waits in the kernel's queue.  A queue
 * that overflowed (ENOBUFS) counts in *overruns.
 */
void nl_drain(int sock, const size_t *cap, const size_t *len, size_t need,
    nl_parse_fn *parse, void *arg, uint64_t *overruns);
/*
 * Waits up to ms for *answered, calling drain(arg) whenever sock is
 * readable.  0 answered, 1 not in time, -1 with errno (poll failed).
 */
int nl_await(int sock, const int *answered, long ms,
    void (*drain)(void *arg), void *arg);

#endif
