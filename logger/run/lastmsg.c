/* lastmsg.c: the last words of a run: what it wrote, and with -v its own CPU and memory use. */
#include <sys/resource.h>
#include <sys/time.h>

#include "lastmsg.h"

static double
cpu_us(const struct rusage *ru)
{
	return ((double)ru->ru_utime.tv_sec + (double)ru->ru_stime.tv_sec) *
	    1e6 + (double)ru->ru_utime.tv_usec + (double)ru->ru_stime.tv_usec;
}

void
lastmsg_print(const struct run_report *r, const struct config *cfg, int ok,
    struct diag *d)
{
	struct rusage ru, ch;

	if (ok)
		diag_info(d, "wrote %s (%llu samples%s)", cfg->dest,
		    (unsigned long long)r->samples,
		    r->truncated ? ", truncated" : "");
	if (cfg->verbose <= 0 || getrusage(RUSAGE_SELF, &ru) != 0 ||
	    getrusage(RUSAGE_CHILDREN, &ch) != 0)
		return;
	/*
	 * tests/tools/bench_logger.c reads this line.  The reader's helpers
	 * (and AUTO_RENDER's renderer, in the total) are the logger's work.
	 */
	diag_info(d, "stats: samples %llu process-samples %llu "
	    "sampling-cpu-us %.0f total-cpu-us %.0f maxrss-kb %ld scans %llu "
	    "reused %llu",
	    (unsigned long long)r->samples,
	    (unsigned long long)r->proc_samples,
	    cpu_us(&r->ru_sampled) + cpu_us(&r->ru_helpers),
	    cpu_us(&ru) + cpu_us(&ch), ru.ru_maxrss,
	    (unsigned long long)r->scans, (unsigned long long)r->reused);
}
