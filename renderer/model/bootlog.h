/* bootlog.h: everything read from one boot log, before the tree is built. */
#ifndef BC_BOOTLOG_H
#define BC_BOOTLOG_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "tstate.h"
#include "usec.h"

/* Process states as drawn; other kernel letters map to PS_OTHER. */
enum ps_state {
	PS_RUNNING = 'R', PS_SLEEPING = 'S', PS_WAITING = 'D',
	PS_ZOMBIE = 'Z', PS_STOPPED = 'T', PS_OTHER = '?'
};

/* One state over [start_us, end_us). */
struct xspan {
	usec_t start_us, end_us;
	int state;		/* enum tstate, never TS_NONE */
};

/* A list of spans in time order, not overlapping, held elsewhere. */
struct xspans {
	const struct xspan *v;
	size_t n;
};

/*
 * The spans of several lists folded into one (each instant: the
 * highest state of any list there), equal neighbours merged, into a
 * new array *out (free it; NULL when empty).  0, or -1 on no memory.
 */
int xspans_fold(const struct xspans *, size_t n, struct xspan **out,
    size_t *nout);

/* One process sample: the state and CPU use over the interval before `time_us`. */
struct proc_sample {
	usec_t time_us;
	float user;		/* fraction of one CPU, user + sys <= 1 */
	float sys;
	char state;		/* enum ps_state */
	uint32_t interval_ms;	/* the block's interval the fractions are
				 * of, in 4 bytes (CAP_SAMPLES of them, at
				 * most ~49 days): sample_interval_us() */
};

/*
 * One process as logged.  Complete and read-only once bootlog_finish() has
 * run: the tree (proctree.h) refers to processes and never changes them,
 * so one log can feed several trees.
 */
struct process {
	int64_t pid;
	int64_t ppid;		/* as logged (the tree finds the real parent) */
	uint64_t starttime_ticks;	/* the kernel's start time: with the PID,
				 * what tells a reused PID from the same process */
	size_t seq;		/* order first seen: parsers key their state by it */
	char *name;		/* comm (last seen), or init_pidname.log's name */
	char *cmdline;		/* cmdline2.log's full command line, or NULL */
	char *unit;		/* systemd unit from cgroup.log ("ssh.service"),
				 * or NULL (docs/input.md: the unit rule) */
	usec_t start_us;
	usec_t duration_us;
	int active;		/* more than two samples with CPU use or state D */
	/*
	 * From the kernel's trace (docs/trace.md), when it has the process:
	 * start_us and duration_us are its fork and exit, cpu_us its exact
	 * time on a CPU.
	 */
	int exact;
	usec_t cpu_us;
	/* A workqueue worker's functions, the most time first (trace), or NULL. */
	char *work;
	usec_t work_last_us;	/* when its last work item ended */
	/* kernel_pacct's CPU time of it, when one record is its (acct 1). */
	int acct;
	usec_t acct_cpu_us;
	/* taskstats_exit.log's exact CPU time, its threads' too (texit 1). */
	int texit;
	usec_t texit_cpu_us;
	/*
	 * Its states over its whole life, its threads folded (has_xs 1;
	 * the trace saw it born and it was not cut by CAP_TRACE_STATES).
	 */
	struct xspan *xs;
	size_t nxs;
	int has_xs;
	/* A thread's row (--threads): pid is its id, this its process's; 0: a process. */
	int64_t tgid;

	struct proc_sample *samples;	/* in time order */
	size_t nsamples, samples_cap;
};

/* System-wide CPU use over the interval ending at time_us, each 0..1. */
struct cpu_sample {
	usec_t time_us;
	usec_t interval_us;	/* since the block the deltas are from */
	double user;		/* user + nice */
	double sys;		/* system + irq + softirq */
	double io;		/* iowait */
};

/* Whole-disk activity over the interval ending at time_us. */
struct disk_sample {
	usec_t time_us;
	usec_t interval_us;	/* since the block before */
	double util;		/* 0..1, busiest-disk style: ms doing I/O / interval, capped */
	double read_bps;	/* bytes per second, all whole disks */
	double write_bps;
};

/* bootchart2 proc_meminfo.log, in kB. */
struct mem_sample {
	usec_t time_us;
	int64_t total, free, buffers, cached, swap_total, swap_free;
};

struct kv {
	char *key;
	char *value;
};

/* One fork seen by process accounting or paternity.log. */
struct fork_rec {
	int64_t pid;
	int64_t ppid;
	int at_fork;		/* ppid as at fork time (paternity.log), not at exit */
};

/*
 * A process's exit as kernel_pacct has it (its CPU time, to 1/100 s),
 * or a task's as taskstats_exit.log has it (the scheduler's run time;
 * pid its thread group's, leader 0 for another thread of it).
 */
struct acct_rec {
	int32_t pid;		/* -1: a record set aside (pacct.c) */
	int32_t leader;		/* the thread group's own task (1 in pacct) */
	usec_t cpu_us;		/* ac_utime + ac_stime; the run time */
	char comm[16];		/* ac_comm, NUL-terminated */
};	/* 32 bytes: 4 M of them fit harden_caps' budget under ASan */

/*
 * Which log gave the processes (docs/input.md: proc_ps.log wins);
 * PS_TRACE: none, a trace.dat alone (exact_apply.c makes them from its
 * events: docs/trace.md, "A trace.dat alone").
 */
enum ps_source { PS_NONE, PS_PROC_PS, PS_TASKSTATS, PS_TRACE };

struct bootlog {
	struct kv *header;
	size_t nheader;

	struct cpu_sample *cpu;
	size_t ncpu, cpu_cap;
	struct disk_sample *disk;
	size_t ndisk, disk_cap;
	int disk_traced;	/* the disk samples are the trace's block events' bins (exact_apply.c) */
	struct mem_sample *mem;
	size_t nmem, mem_cap;
	/*
	 * From the kernel's trace's switches (exact mode): the share of
	 * the whole machine busy running tasks in each step from t0 (n 0:
	 * no trace).  The CPU chart's busy area where it covers.
	 */
	struct busy_series {
		usec_t t0_us, step_us;
		float *v;
		size_t n;
		float *cpu;	/* each CPU's share of itself: cpu[k * n + i] */
		size_t ncpu;
		/*
		 * With cpu_runs: each task's runs on each CPU, by CPU then
		 * time (--per-cpu names them).
		 */
		struct cpu_run {
			usec_t a, b;
			int pid;	/* its process (thread group) */
			unsigned cpu;
			char comm[16];	/* its process's last name */
		} *runs;
		size_t nruns;
	} busy;

	/* All processes, in the order first seen; several may share a PID. */
	struct process **procs;
	size_t nprocs, procs_cap;
	/* Open-addressing index: PID -> newest process with that PID. */
	struct process **pid_index;
	size_t pid_index_cap;

	/* The process log: which one, its first and last block, the period. */
	enum ps_source ps_source;
	usec_t ps_first_us, ps_last_us;
	usec_t sample_period_us;	/* span / blocks in whole ms, as the Java original */

	struct fork_rec *forks;	/* kernel_pacct, then paternity.log */
	size_t nforks, forks_cap;
	int have_pacct;		/* kernel_pacct was read */
	struct acct_rec *acct;	/* kernel_pacct's records, in its order */
	size_t nacct, acct_cap;
	struct acct_rec *texit;	/* taskstats_exit.log's, in its order */
	size_t ntexit, texit_cap;

	int ncpus;		/* from the header, at least 1 */

	struct kevent *kev;	/* the dmesg member's initcalls and milestones */
	size_t nkev, kev_cap;
	int pid1_switched;	/* PID 1 was seen as run-init or switch_root */
	usec_t pid1_switch_us;	/* the first block where it was */
	/*
	 * The log had a trace.dat that did not read (cut, damaged, over a
	 * cap): the warning's text, what the chart, the summary and the JSON
	 * say of it; NULL otherwise.  The log is then drawn as without one.
	 */
	char *trace_dropped;

};

/* ---- The kernel's log and the logging span (issue 13) ---- */

enum kev_kind { KEV_INITCALL, KEV_MILESTONE };

/* The milestones looked for in the kernel's log (parse/dmesg.c). */
enum kev_milestone {
	KM_UNPACK,		/* the initramfs is unpacked */
	KM_FREE_INIT,		/* the kernel frees its init memory */
	KM_ROOT,		/* the kernel mounted the root itself */
	KM_RUN_INIT,		/* the kernel runs init: user space begins */
	KM_EXT4,		/* the first ext4 mount */
	KM_SYSTEMD,		/* systemd's first message */
	KM_COUNT
};

/* One event of the kernel's log, in microseconds of uptime. */
struct kevent {
	usec_t time_us;	/* an initcall's start, or the message's time */
	usec_t dur_us;		/* an initcall's duration, else 0 */
	int kind;		/* enum kev_kind */
	int milestone;		/* enum kev_milestone, for KEV_MILESTONE */
	char *text;		/* the initcall's function, or the milestone's label */
};

/* Appends an event, copying its text; 0 or -1 on no memory. */
int bootlog_add_kevent(struct bootlog *, const struct kevent *);
/*
 * A header value in seconds of uptime ("4.512345") as a time: 1 and *us set,
 * 0 when the key is absent, -1 when its value is not such a time.
 */
int bootlog_header_us(const struct bootlog *, const char *key, usec_t *us);
/* A header value that is a process id (1 to CAP_TRACE_PIDS), else 0. */
int64_t bootlog_header_pid(const struct bootlog *, const char *key);

/* ---- end of issue 13's block ---- */

void bootlog_init(struct bootlog *);
void bootlog_free(struct bootlog *);
/*
 * The error just recorded was the trace.dat member's, and the log can do
 * without its trace: said once as a warning ("the chart is drawn without
 * the trace"), kept in trace_dropped, and forgotten.  0; -1 when the error
 * stays (not of bad input: no memory, say).
 */
int bootlog_drop_trace(struct bootlog *, struct diag *);

/*
 * The one process order: PID, then start (a reused PID's processes in
 * the order they started), then the kernel's start time.  The starts are
 * passed in because the tree orders its merged nodes by their own.
 */
int process_order(const struct process *, usec_t start,
    const struct process *, usec_t other_start);
/* qsort order of struct process pointers by process_order(). */
int bootlog_cmp_proc(const void *, const void *);

/* Header value for key, or NULL. */
const char *bootlog_header(const struct bootlog *, const char *key);
/* Bytes read and written over the whole log (rate x interval of each disk sample). */
void bootlog_disk_bytes(const struct bootlog *, double *read, double *written);
/* Sets (replaces) a header value; 0 or -1 on no memory. */
int bootlog_set_header(struct bootlog *, const char *key, const char *value);

/* Newest process with this PID, or NULL. */
struct process *bootlog_find_pid(const struct bootlog *, int64_t pid);
/* Adds a new process (becomes the newest for its PID). NULL on no memory. */
struct process *bootlog_new_process(struct bootlog *, int64_t pid, const char *name);
/* A block interval as a proc_sample holds it (clamped to 0..UINT32_MAX ms). */
uint32_t sample_interval(usec_t);
/* The interval a process sample's fractions are of. */
usec_t sample_interval_us(const struct proc_sample *);
/* Appends a sample; 0 or -1 on no memory. */
int process_add_sample(struct process *, const struct proc_sample *);
int process_set_name(struct process *, const char *name);
/* A parent as at the child's exit (kernel_pacct). */
int bootlog_add_fork(struct bootlog *, int64_t pid, int64_t ppid);
/* A parent as at fork time (paternity.log): wins over exit-time records. */
int bootlog_add_fork_time(struct bootlog *, int64_t pid, int64_t ppid);
/* A taskstats_exit.log record (pid: its thread group's).  0 or -1. */
int bootlog_add_texit(struct bootlog *, int64_t tgid, int leader,
    usec_t cpu_us, const char *comm, size_t commlen);
/* A kernel_pacct record's CPU time; comm is cut to 15 bytes.  0 or -1. */
int bootlog_add_acct(struct bootlog *, int64_t pid, usec_t cpu_us,
    const char *comm, size_t commlen);
/*
 * Drops every process and the ps block times: proc_ps.log replaces what
 * taskstats.log gave (taskstats.log is used only without proc_ps.log).
 */
void bootlog_clear_processes(struct bootlog *);

/*
 * After all logs are in (logparse_finish calls it with the sample
 * period set): start and duration of every process, the active flag,
 * the processes in process_order.  Steps of docs/tree.md step 1.  Returns 0 or -1
 * (diag set: no process data).
 */
int bootlog_finish(struct bootlog *, struct diag *);
/*
 * Whether the busy bins cover all of [a, b); then, from k =
 * busy_first(bs, a), busy_part() gives each bin's part [*x0, *x1)
 * within [a, b), 0 past the last one.
 */
int busy_covers(const struct busy_series *, usec_t a, usec_t b);
size_t busy_first(const struct busy_series *, usec_t a);
int busy_part(const struct busy_series *, size_t k, usec_t a, usec_t b,
    usec_t *x0, usec_t *x1);

#endif
