/* bench_logger.h: what bench_logger's parts share: the run's shape and the other collectors it sets bootchartd beside. */
#ifndef BC_BENCH_LOGGER_H
#define BC_BENCH_LOGGER_H

#include <sys/types.h>

struct bench {
	int nproc, hz, secs;
	pid_t *sleepers;
	int *pids;
	int npids;
	char buf[4096];
};

/*
 * bootchart2's bootchart-collector (built by tests/bench/bench_logger.sh
 * from BOOTCHART2_SRC) at the run's rate for its length, in a mount
 * namespace of its own, then dumped to dir: CPU µs per process-sample,
 * *nps its samples times the processes (it asks about each every
 * time); -1 when it failed (said).
 */
double run_collector(const struct bench *, const char *collector,
    const char *dir, double *nps);

#endif
