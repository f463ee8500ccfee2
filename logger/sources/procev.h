/* procev.h: fork-time parents from the kernel's process events connector (paternity.log). */
#ifndef BCD_PROCEV_H
#define BCD_PROCEV_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of fork lines held between two samples. */
#define PROCEV_OUT_MAX (256 << 10)

/* Where parsed events go. */
struct procev_out {
	char *buf;		/* "child parent\n" lines */
	size_t cap, len;
	uint64_t lost;		/* forks that did not fit */
	uint32_t cookie;	/* our subscription's: its answer has cookie + 1 */
	int acked;		/* the kernel answered our subscription */
	int ack_err;		/* its error number (0: listening) */
};

struct procev {
	int sock;		/* netlink connector socket; -1 when off */
	int listening;		/* the kernel accepted our subscription */
	struct procev_out out;	/* lines not yet stored */
	uint64_t overruns;	/* the kernel's queue overflowed (ENOBUFS) */
	char note[128];		/* why it is off, for the header; "" when on */
};

/* Sets p off (sock -1, nothing recorded). */
void procev_init(struct procev *);
/*
 * Opens the connector and asks for process events.  Returns 0, or -1
 * with p->note saying why (never fatal: the boot goes on without it).
 */
int procev_open(struct procev *);
/* Reads every queued event without blocking and appends fork lines. */
void procev_drain(struct procev *);
/*
 * Parses one netlink datagram of connector messages: a fork of a new
 * process (not a thread) appends "child parent\n" (thread-group IDs),
 * the answer to our subscription (ack = cookie + 1) sets acked/ack_err;
 * other listeners' answers are ignored.  Anything else, and
 * anything malformed, is skipped.
 */
void procev_parse(const void *buf, size_t len, struct procev_out *);
/* Stops listening and closes the socket. */
void procev_close(struct procev *);

#endif
