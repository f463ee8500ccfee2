/* taskexit.h: each exiting task's exact CPU time from the kernel's taskstats exit records (taskstats_exit.log). */
#ifndef BCD_TASKEXIT_H
#define BCD_TASKEXIT_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of record lines held between two samples. */
#define TASKEXIT_OUT_MAX (256 << 10)

/* Where parsed records go. */
struct taskexit_out {
	char *buf;		/* "tgid pid ppid run_ns utime_us stime_us comm\n" */
	size_t cap, len;
	uint64_t lost;		/* records that did not fit */
	uint16_t family;	/* TASKSTATS' generic netlink family */
	int acked;		/* the kernel answered a request of ours */
	int ack_err;		/* its error number (0: done) */
};

struct taskexit {
	int sock;		/* generic netlink socket; -1 when off */
	int listening;		/* registered for every CPU's exits */
	char cpus[48];		/* the CPUs registered ("0-3") */
	struct taskexit_out out;	/* lines not yet stored */
	uint64_t overruns;	/* the kernel's queue overflowed (ENOBUFS) */
	char note[128];		/* why it is off, for the header; "" when on */
};

/* Sets t off (sock -1, nothing recorded). */
void taskexit_init(struct taskexit *);
/*
 * Finds the TASKSTATS family and registers for the exits on every
 * CPU.  0, or -1 with t->note saying why (never fatal: the run goes on).
 */
int taskexit_open(struct taskexit *);
/* Reads every queued record without blocking and appends their lines. */
void taskexit_drain(struct taskexit *);
/*
 * Parses one netlink datagram: the family's ID (an answer of the
 * generic netlink controller), an error/ack message (acked, ack_err),
 * or exit records (each task's TASKSTATS_TYPE_AGGR_PID appends a line:
 * its thread group, its ID, its parent, the scheduler's run time in
 * ns, user and system time in µs, its name escaped).  Anything
 * malformed is skipped.
 */
void taskexit_parse(const void *buf, size_t len, struct taskexit_out *);
/* Stops listening and closes the socket. */
void taskexit_close(struct taskexit *);

#endif
