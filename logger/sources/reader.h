/* reader.h: the reads that can wait on another process (its command line waits for its memory map lock), done off the sampling path by a helper process with a deadline. */
#ifndef BCD_READER_H
#define BCD_READER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "procinfo.h"
#include "sampler.h"

/*
 * While an answer is due the helper is looked at every READER_LOOK_MS:
 * asleep at READER_ASLEEP_LOOKS looks in a row on the same answer (a
 * read of /proc sleeps that long only when it waits on the process's
 * lock), or still without an answer after READER_DEADLINE_MS however
 * busy, and the process is given up (never read again) and the helper
 * killed and replaced.  Reads take microseconds.
 */
#define READER_LOOK_MS		100
#define READER_ASLEEP_LOOKS	2
#define READER_DEADLINE_MS	10000
/*
 * Processes of users (owner above CONFIG_SYSTEM_UID_MAX, all in one
 * class as for the shares) given up in a run before no more of theirs
 * are read: each one costs the descriptions behind it a few looks.
 */
#define READER_USER_STALLS	3
/* Processes given up at the end of a run before the rest is left out. */
#define READER_END_GIVEUPS	2
/* Descriptions waiting at most; the ones past it are left out (counted). */
#define READER_QUEUE_MAX	8192
/* Helpers one run may start (each timeout costs one); then reading stops. */
#define READER_HELPERS_MAX	64
/*
 * The helper's name: not the logger's, so that `stop` and whoever looks
 * for a process called bootchartd never take it for the logger.
 */
#define READER_NAME		"bootchartd-rd"

/*
 * Receives one description the helper read (retry: the second look at
 * an exec caught half done).  Returns 0, or -1 to stop (no memory).
 */
typedef int (*reader_fn)(void *ctx, const struct procraw *, int retry);

/* A description asked for. */
struct reader_rq {
	int pid;
	uint8_t retry;		/* as struct describe */
	uint8_t user;		/* its owner is a user's (READER_USER_STALLS) */
};

struct reader {
	int procfd;		/* the procfs to read (not owned) */
	pid_t helper;		/* the helper process; 0: none */
	int sock;		/* our end of its socket (the number stays) */
	int timerfd;		/* the deadline of the oldest answer due */
	uint64_t head_us;	/* when that answer became due (MONOTONIC) */
	uint64_t look_us;	/* when the helper is looked at next */
	unsigned asleep;	/* looks in a row that found it asleep */
	unsigned user_stalls;	/* users' processes given up */
	struct reader_rq *q;	/* asked, not answered yet, in order */
	size_t qn, qcap;
	size_t sent;		/* q[0..sent) are at the helper */
	int *stuck;		/* PIDs whose reads timed out, sorted */
	size_t nstuck, capstuck;
	pid_t *dead;		/* helpers killed, not reaped yet */
	size_t ndead, capdead;
	struct procraw *raw;	/* one answer */
	char *msg;		/* its bytes as they came */
	unsigned helpers;	/* helpers started */
	uint64_t timeouts;	/* processes given up */
	uint64_t dropped;	/* descriptions not read: queue full, users' stalls, off */
	int off;		/* no helper can run: nothing more is read */
};

/*
 * Starts the helper on procfd (the reader's sources: r->sock and
 * r->timerfd).  0, or -1 (errno) with nothing to clean up but
 * reader_stop.
 */
int reader_start(struct reader *, int procfd);
/*
 * Asks for the descriptions of n processes; never waits.  A PID whose
 * read timed out before is not asked again, nor, after
 * READER_USER_STALLS of theirs did, a user's.  0, or -1 (no memory).
 */
int reader_ask(struct reader *, const struct describe *, size_t n);
/*
 * Source: the helper's answers, each handed to fn; a helper that died
 * is replaced and asked again.  0, or -1 when fn said so.
 */
int reader_collect(struct reader *, reader_fn, void *ctx);
/*
 * Source: the look at the helper.  The process whose answer is late
 * (above) is given up, its helper killed (the read waits killably) and
 * replaced.
 */
void reader_expire(struct reader *);
/*
 * At the end of a run: the answers still due, as late as above; a
 * process given up, the rest goes on with a new helper,
 * READER_END_GIVEUPS times, after which the rest is left out (counted).
 * 0 or -1 as reader_collect.
 */
int reader_finish(struct reader *, reader_fn, void *ctx);
/* Ends the helper (never waits for a stuck one) and frees everything. */
void reader_stop(struct reader *);

#endif
