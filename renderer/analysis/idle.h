/* idle.h: when the system went idle after a process started (--crop-after). */
#ifndef BC_IDLE_H
#define BC_IDLE_H

#include <stdint.h>

#include "proctree.h"
#include "bootlog.h"

/*
 * Where the chart ends with --crop-after NAME: the start of the first
 * stretch of at least 2 s with CPU + I/O wait below 25 % after the
 * earliest process called NAME started, if it lies inside (t0, t1);
 * else t1.  See docs/chart.md.
 */
usec_t idle_crop_end(const struct bootlog *, const struct proctree *,
    const char *name, usec_t t0, usec_t t1);

#endif
