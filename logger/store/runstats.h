/* runstats.h: what a logging run did, filled by the run and its sources: the header member records it, the last message reads it. */
#ifndef BCD_RUNSTATS_H
#define BCD_RUNSTATS_H

#include <stdint.h>
#include <sys/resource.h>

#include "config.h"

/* Exact mode (docs/trace.md): the header's bootchart.trace* values. */
struct trace_report {
	char status[256];	/* "on: ..." or "off: why"; "" when not asked */
	char events[1024];	/* "total N: cpu0=N ..." recorded */
	char lost[1024];	/* lost by the end, the same way */
	char lost_start[1024];	/* lost before we started (boot) */
	char unread[1024];	/* left in the buffers by a cut */
	char sync[160];		/* the clock-sync pairs */
	char clock[64];		/* the trace clock */
	char scope[32];		/* "command PID" or "system" */
	char absent[256];	/* events this kernel lacks */
	char store[96];		/* the pages read, packed, and the share */
	uint64_t cpu_ns;	/* our CPU time on tracing */
	uint64_t drain_ns;	/* of which the drains' */
};

struct run_report {
	const char *profile;	/* basename(CMD) for profile.process; NULL */
	const char *profile_cmd;	/* CMD escaped, for profile.command; NULL */
	int profile_parent;	/* who forks CMD, for profile.parent; 0 */
	uint64_t samples;	/* samples stored */
	uint64_t proc_samples;	/* process lines stored */
	uint64_t scans;		/* samples that listed the procfs directory */
	uint64_t reused;	/* process lines written again, not read (sampler.h) */
	int truncated;		/* the log budget was reached */
	const char *why_end;	/* "stopped", "EXIT_PROC", ...; NULL */
	char exit_name[CONFIG_COMM_LEN + 1];	/* the EXIT_PROC seen */
	char acct_note[160];	/* why accounting is missing; "" */
	int pe_wanted;		/* fork events were asked for */
	char pe_note[128];	/* why they are missing; "" */
	uint64_t pe_overruns;	/* the kernel's queue overflowed */
	uint64_t pe_lost;	/* fork lines that did not fit */
	char te_note[128];	/* why exit records are missing; "" */
	uint64_t te_overruns;	/* the kernel's queue overflowed */
	uint64_t te_lost;	/* exit lines that did not fit */
	/* What a process runs (procinfo.h, reader.h): what was not logged. */
	uint64_t pi_timeouts;	/* processes whose reads timed out */
	uint64_t pi_dropped;	/* descriptions not read (queue, no helper) */
	uint64_t pi_left_out;	/* records over their owner's share */
	int pi_off;		/* the reader stopped (no helper could run) */
	struct rusage ru_sampled;	/* own usage when sampling ended */
	struct rusage ru_helpers;	/* the reader's helpers' (children) then */
	/* Boot logs only (docs/formats.md); 0 or "" when not known. */
	uint64_t log_start_us;	/* CLOCK_BOOTTIME before the first sample */
	uint64_t switch_root;	/* stamp of the first sample in the real root */
	uint64_t end_at;	/* jiffies when the end condition was met */
	char init_fallback[384];	/* "asked X, ran Y (reason)" */
	char dmesg_note[160];	/* why the dmesg member is missing or cut */
	struct trace_report trace;
};


#endif
