/* clocks.c: the clocks bootchartd reads (microseconds, the logs' jiffies) and the descriptor limit it raises. */
#include <sys/resource.h>
#include <time.h>

#include "clocks.h"

uint64_t
clock_us(int clockid)
{
	struct timespec ts;

	clock_gettime(clockid, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

uint64_t
boottime_jiffies(void)
{
	return clock_us(CLOCK_BOOTTIME) / 10000;
}

void
raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return;
	rl.rlim_cur = rl.rlim_max;
	setrlimit(RLIMIT_NOFILE, &rl);
	/* Root may raise the hard limit too; failure is fine. */
	if (rl.rlim_max < 65536) {
		rl.rlim_cur = rl.rlim_max = 65536;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}
