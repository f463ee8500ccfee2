/* usec.h: the one time type after parsing: microseconds of uptime. */
#ifndef BC_USEC_H
#define BC_USEC_H

#include <stdint.h>

/*
 * Every time the renderer holds once a log is parsed - samples,
 * process starts and durations, the kernel's events, milestones, the
 * chart's span - is a usec_t: microseconds since the kernel started
 * (the clock of /proc's start times, printk's stamps and the kernel
 * trace's "local" clock, which agree during a boot; docs/formats.md).
 * Durations are usec_t too.  Parsers convert at their edge: jiffies of
 * the logs (USEC_PER_JIFFY), seconds of the header, nanoseconds of the
 * kernel's trace.  Signed 64 bits hold 292 000 years; inputs are
 * capped far below that (CAP_STAMP_JIFFIES).
 */
typedef int64_t usec_t;

#define USEC_PER_MS	((usec_t)1000)
#define USEC_PER_SEC	((usec_t)1000000)
/* The logs' time stamps are jiffies of 1/100 s. */
#define USEC_PER_JIFFY	((usec_t)10000)

/*
 * A sum of two durations (>= 0, in any unit) that stops at INT64_MAX:
 * totals over forged records must not overflow.
 */
static inline int64_t
sat_add(int64_t a, int64_t b)
{
	return b > INT64_MAX - a ? INT64_MAX : a + b;
}

#endif
