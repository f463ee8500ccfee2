/* gen_bootlog.h: what the parts of the synthetic log generator share: the plan, the simulation and the output buffers. */
#ifndef GEN_BOOTLOG_H
#define GEN_BOOTLOG_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define USER_HZ		100	/* ticks per second in every log */
#define FOREVER		INT64_MAX
#define COMM_LEN	16	/* kernel TASK_COMM_LEN, NUL included */
#define FIRST_BLOCK	150	/* uptime (ticks) of the first sample */
/* 2026-01-01 00:00:00 UTC: a fixed date keeps the output byte-identical. */
#define BOOT_EPOCH	1767225600

enum kind {
	K_INIT, K_KTHREADD, K_KTHREAD, K_RC, K_SCRIPT, K_DAEMON, K_HELPER,
	K_GHOST
};

struct opts {
	long nprocs, seconds, hz, ncpu, level;
	uint64_t seed;
	int pacct, quiet;
	const char *out, *dir;
};

/* splitmix64: tiny, fast and identical on every platform. */
struct rng {
	uint64_t s;
};

struct proc {
	int kind;
	int parent;		/* index in plan.p, -1 for none */
	int order;		/* creation order: breaks start-time ties */
	int pid, ppid;		/* ppid as logged (1 after a double fork) */
	char comm[2][COMM_LEN];	/* before and after exec */
	int64_t start, rename_at, end, reap;	/* ticks; reap: gone from /proc */
	int64_t busy_until;	/* start-up phase with more CPU */
	unsigned cpu_pm, busy_pm, d_pm, user_pm;	/* per mille */
	int disk;		/* which disk its I/O goes to */
	int burst, dburst;	/* samples left in a CPU / D burst */
	int runnable, state, cpu, nthreads;
	uint64_t utime, stime, minflt, majflt, blkio;
	uint64_t vsize, rss, base;
};

struct plan {
	struct proc *p;
	size_t n, cap;
	int *sorted;		/* indices by (start, order): PID order */
	int64_t *tick;		/* uptime of each block */
	long nblocks;
	long burst_scale;	/* samples per 0.1 s, at least 1 */
};

struct buf {
	char *p;
	size_t len, cap;
};

struct disk {
	const char *name;
	int major, minor;
	uint64_t c[17];		/* the 17 counters of a 5.5+ kernel */
};

struct cpustat {
	uint64_t user, sys, idle, iowait;
};

struct sim {
	const struct opts *o;
	struct plan *pl;
	struct rng *r;
	struct buf stat, disk, ps, pacct, header;
	struct cpustat *cpus;	/* per CPU */
	struct disk disks[4];
	int *active;
	size_t nactive;
	int *run;		/* runnable this interval */
	int64_t *cap;		/* ticks each runnable may still get */
	uint64_t ctxt, intr, forks;
	long samples;		/* process lines written */
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* One file of the log set and the bytes it holds. */
struct member {
	const char *name;
	const struct buf *b;
};

/* gen_bootlog_rng.c */
uint64_t rng_below(struct rng *r, uint64_t n);
int rng_pm(struct rng *r, unsigned permille);

/* gen_bootlog_buf.c */
int buf_reserve(struct buf *b, size_t more);
void put_str(struct buf *b, const char *s);
void put_ch(struct buf *b, char c);
void put_u64(struct buf *b, uint64_t v);
void put_i64(struct buf *b, int64_t v);
void put_f(struct buf *b, uint64_t v);
void put_le(struct buf *b, uint64_t v, int n);

/* gen_bootlog_plan.c */
int plan_build(struct plan *pl, const struct opts *o, struct rng *r);

/* gen_bootlog_sim.c */
int simulate(struct sim *s);

/* gen_bootlog_logs.c */
int emit_stat(struct sim *s, int64_t t, int nrun, int nwait);
int emit_disks(struct sim *s, int64_t t);
int emit_ps(struct sim *s, int64_t t);
int emit_header(struct sim *s);

/* gen_bootlog_pacct.c */
int emit_pacct(struct sim *s);

/* gen_bootlog_write.c */
int write_tgz(const char *path, const struct member *m, size_t nm, long level,
    time_t mtime);
int write_dir(const char *dir, const struct member *m, size_t nm);

#endif
