/* clocks.h: the clocks bootchartd reads (microseconds, the logs' jiffies) and the descriptor limit it raises. */
#ifndef BCD_CLOCKS_H
#define BCD_CLOCKS_H

#include <stdint.h>

/* A clock (CLOCK_MONOTONIC, CLOCK_BOOTTIME) in microseconds. */
uint64_t clock_us(int clockid);
/* CLOCK_BOOTTIME in jiffies (1/100 s), as the logs want. */
uint64_t boottime_jiffies(void);
/*
 * Raises RLIMIT_NOFILE's soft limit to the hard one (and both to 65536
 * as root): the sampler keeps one descriptor per process.
 */
void raise_nofile(void);

#endif
