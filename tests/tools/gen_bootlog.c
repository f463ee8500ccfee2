/* gen_bootlog.c: writes a deterministic synthetic bootchart 0.9 log tarball for tests and benchmarks. */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "logfiles.h"

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

static const char *const kthread_percpu[] = {
	"cpuhp/%d", "migration/%d", "ksoftirqd/%d", "kworker/%d:0",
	"kworker/%d:0H", "kworker/%d:1"
};
static const char *const kthread_single[] = {
	"rcu_gp", "rcu_par_gp", "mm_percpu_wq", "rcu_sched", "kdevtmpfs",
	"netns", "kauditd", "khungtaskd", "oom_reaper", "writeback",
	"kcompactd0", "ksmd", "khugepaged", "kintegrityd", "kblockd",
	"blkcg_punt_bio", "edac-poller", "devfreq_wq", "watchdogd", "kswapd0",
	"kthrotld", "acpi_thermal_pm", "scsi_eh_0", "scsi_tmf_0", "ata_sff",
	"nvme-wq", "nvme-reset-wq", "nvme-delete-wq", "jbd2/sda1-8",
	"ext4-rsv-conver", "ipv6_addrconf", "kstrp", "zswap-shrink",
	"irq/24-pciehp", "card0-crtc0", "cryptd", "hwrng", "kworker/u4:0",
	"kworker/u4:1", "kworker/u4:2"
};
static const char *const services[] = {
	"mountkernfs", "udev", "keyboard-setup", "hostname", "hwclock",
	"checkroot", "kmod", "mountall", "procps", "urandom", "networking",
	"rsyslog", "dbus", "cron", "ssh", "cups", "avahi-daemon", "bluetooth",
	"acpid", "alsa-utils", "apparmor", "nfs-common", "ntp", "postfix",
	"lvm2", "cryptdisks", "console-setup", "bootlogd", "smartmontools",
	"irqbalance", "anacron", "atd", "lightdm", "plymouth", "rc.local"
};
static const char *const daemons[] = {
	"udevd", "rsyslogd", "dbus-daemon", "cron", "sshd", "cupsd",
	"avahi-daemon", "acpid", "irqbalance", "ntpd", "master", "qmgr",
	"pickup", "atd", "NetworkManager", "wpa_supplicant", "dhclient",
	"polkitd", "accounts-daemon", "ModemManager", "bluetoothd", "smartd",
	"lightdm", "Xorg", "containerd", "mysqld", "postgres", "nginx",
	"snapd", "thermald", "upowerd", "udisksd", "rtkit-daemon", "colord",
	"haveged", "chronyd", "rpcbind", "rpc.statd", "getty"
};
static const char *const helpers[] = {
	"sh", "cat", "sed", "grep", "awk", "cut", "tr", "sort", "head", "tail",
	"ls", "mount", "umount", "modprobe", "insmod", "udevadm", "blkid",
	"hwclock", "ifup", "ip", "mkdir", "rm", "ln", "chmod", "chown",
	"touch", "sleep", "readlink", "basename", "dirname", "logger",
	"sysctl", "hostname", "setfont", "loadkeys", "kbd_mode", "fsck",
	"fsck.ext4", "e2fsck", "logsave", "run-parts", "start-stop-daemon",
	"env", "expr", "id", "uname", "find", "xargs", "mktemp", "stty",
	"lvm", "dmsetup", "ldconfig", "depmod", "plymouth", "date",
	"mountpoint", "pidof", "alsactl", "iptables", "loadcpufreq"
};
/* Names a parser must survive: spaces, parentheses, a ')' mid-name. */
static const char *const odd_names[] = {
	"(sd-pam)", "my app)", "a b", "x) (y", "Web Content", "tmux: server",
	"foo bar) S 1 2", ") )", "Isolated Web Co"
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t
rng_next(struct rng *r)
{
	uint64_t z;

	r->s += 0x9e3779b97f4a7c15ULL;
	z = r->s;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n); n > 0.  The modulo bias is irrelevant here. */
static uint64_t
rng_below(struct rng *r, uint64_t n)
{
	return rng_next(r) % n;
}

static int
rng_pm(struct rng *r, unsigned permille)
{
	return rng_below(r, 1000) < permille;
}

static int
buf_reserve(struct buf *b, size_t more)
{
	size_t ncap;
	char *np;

	if (b->cap - b->len >= more)
		return 0;
	ncap = b->cap ? b->cap : 1 << 16;
	while (ncap - b->len < more)
		ncap *= 2;
	np = realloc(b->p, ncap);
	if (np == NULL)
		return -1;
	b->p = np;
	b->cap = ncap;
	return 0;
}

/* The appenders below assume the caller reserved room for the line. */
static void
put_str(struct buf *b, const char *s)
{
	size_t n = strlen(s);

	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void
put_ch(struct buf *b, char c)
{
	b->p[b->len++] = c;
}

static void
put_u64(struct buf *b, uint64_t v)
{
	char tmp[24];
	int i = 0;

	do {
		tmp[i++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	while (i > 0)
		b->p[b->len++] = tmp[--i];
}

static void
put_i64(struct buf *b, int64_t v)
{
	if (v < 0) {
		put_ch(b, '-');
		put_u64(b, (uint64_t)0 - (uint64_t)v);
		return;
	}
	put_u64(b, (uint64_t)v);
}

/* " <v>": most fields are a space and a number. */
static void
put_f(struct buf *b, uint64_t v)
{
	put_ch(b, ' ');
	put_u64(b, v);
}

static int
parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen_bootlog [-n procs] [-s seconds] "
	    "[-z hz] [-c cpus] [-l gzip-level] [--seed N] [--pacct] [-q]\n"
	    "                   [-o out.tgz] [-d dir]   (at least one)\n");
}

static int
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 'S' },
		{ "pacct", no_argument, NULL, 'P' },
		{ NULL, 0, NULL, 0 }
	};
	long seed;
	int c;

	memset(o, 0, sizeof(*o));
	o->nprocs = 1500;
	o->seconds = 60;
	o->hz = 50;
	o->ncpu = 2;
	o->level = 6;
	o->seed = 1;
	while ((c = getopt_long(argc, argv, "n:s:z:c:l:o:d:q", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'n':
			if (parse_long(optarg, 12, 1000000, &o->nprocs) < 0)
				goto bad;
			break;
		case 's':
			if (parse_long(optarg, 1, 36000, &o->seconds) < 0)
				goto bad;
			break;
		case 'z':
			if (parse_long(optarg, 1, USER_HZ, &o->hz) < 0)
				goto bad;
			break;
		case 'c':
			if (parse_long(optarg, 1, 256, &o->ncpu) < 0)
				goto bad;
			break;
		case 'l':
			if (parse_long(optarg, 0, 9, &o->level) < 0)
				goto bad;
			break;
		case 'S':
			if (parse_long(optarg, 0, LONG_MAX, &seed) < 0)
				goto bad;
			o->seed = (uint64_t)seed;
			break;
		case 'P':
			o->pacct = 1;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'd':
			o->dir = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		default:
			usage();
			return -1;
		}
	}
	if (optind != argc || (o->out == NULL && o->dir == NULL)) {
		usage();
		return -1;
	}
	if (o->seconds * o->hz < 5) {
		fprintf(stderr, "gen_bootlog: need at least 5 samples "
		    "(seconds * hz)\n");
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "gen_bootlog: bad value for -%c: %s\n",
	    c == 'S' ? 'S' : c, optarg);
	usage();
	return -1;
}

/* First block at or after `tick` (nblocks when none). */
static long
first_blk(const struct plan *pl, int64_t tick)
{
	long lo = 0, hi = pl->nblocks;

	while (lo < hi) {
		long mid = lo + (hi - lo) / 2;

		if (pl->tick[mid] >= tick)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Last block before `end` (-1 when none). */
static long
last_blk(const struct plan *pl, int64_t end)
{
	if (end == FOREVER)
		return pl->nblocks - 1;
	return first_blk(pl, end) - 1;
}

static int
plan_add(struct plan *pl, int kind, int parent)
{
	struct proc *np, *p;
	size_t ncap;

	if (pl->n == pl->cap) {
		ncap = pl->cap ? pl->cap * 2 : 256;
		np = realloc(pl->p, ncap * sizeof(*np));
		if (np == NULL)
			return -1;
		pl->p = np;
		pl->cap = ncap;
	}
	p = &pl->p[pl->n];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->parent = parent;
	p->order = (int)pl->n;
	p->end = p->reap = FOREVER;
	p->nthreads = 1;
	return (int)pl->n++;
}

/* The kernel keeps 15 characters of a name. */
static void
set_name(struct proc *p, const char *name)
{
	char tmp[COMM_LEN];

	memset(tmp, 0, sizeof(tmp));
	memcpy(tmp, name, strnlen(name, COMM_LEN - 1));
	memcpy(p->comm[1], tmp, COMM_LEN);
	memcpy(p->comm[0], tmp, COMM_LEN);
}

static const char *
pick(struct rng *r, const char *const *names, size_t n)
{
	return names[rng_below(r, n)];
}

/* Helpers and daemons now and then get a name that is hard to parse. */
static const char *
pick_odd(struct rng *r, const char *const *names, size_t n)
{
	if (rng_pm(r, 20))
		return pick(r, odd_names, NELEM(odd_names));
	return pick(r, names, n);
}

/* A fork shows the parent's name until the first sample after exec. */
static void
maybe_rename(struct plan *pl, struct rng *r, int i, unsigned permille)
{
	struct proc *p = &pl->p[i];
	long fb = first_blk(pl, p->start);

	if (p->parent < 0 || fb + 1 > last_blk(pl, p->end) ||
	    !rng_pm(r, permille))
		return;
	memcpy(p->comm[0], pl->p[p->parent].comm[1], COMM_LEN);
	p->rename_at = pl->tick[fb + 1];
}

static void
set_profile(struct proc *p, unsigned cpu, unsigned d, unsigned user)
{
	p->cpu_pm = cpu;
	p->busy_pm = cpu;
	p->d_pm = d;
	p->user_pm = user;
}

/* Born just before sample `blk`, seen in `nsamp` samples, inside its parent's life. */
static void
place(struct plan *pl, struct rng *r, int i, long blk, long nsamp)
{
	struct proc *p = &pl->p[i];
	int64_t t = pl->tick[blk], prev = blk ? pl->tick[blk - 1] : t - 1;
	long lb = blk + nsamp - 1;
	int64_t next;

	p->start = t - (int64_t)rng_below(r, (uint64_t)(t - prev));
	if (lb >= pl->nblocks - 1) {
		p->end = p->reap = FOREVER;
	} else {
		next = pl->tick[lb + 1];
		p->end = pl->tick[lb] + 1 +
		    (int64_t)rng_below(r, (uint64_t)(next - pl->tick[lb]));
		p->reap = p->end;
	}
	if (p->parent >= 0 && p->end > pl->p[p->parent].end)
		p->end = p->reap = pl->p[p->parent].end;
	if (p->end != FOREVER && rng_pm(r, 40) && lb + 3 < pl->nblocks) {
		/* A zombie until its parent reaps it, one to three samples. */
		p->reap = pl->tick[lb + 1 + (long)rng_below(r, 3)] + 1;
		if (p->parent >= 0 && p->reap > pl->p[p->parent].end)
			p->reap = p->end;
	}
}

/* A never-sampled process living strictly between samples blk and blk+1. */
static int
add_ghost(struct plan *pl, int parent, long blk)
{
	int g;

	if (blk + 1 >= pl->nblocks ||
	    pl->tick[blk + 1] - pl->tick[blk] < 2)
		return -1;
	g = plan_add(pl, K_GHOST, parent);
	if (g < 0)
		return -2;
	set_name(&pl->p[g], pl->p[parent].comm[1]);
	pl->p[g].start = pl->tick[blk] + 1;
	pl->p[g].end = pl->p[g].reap = pl->tick[blk + 1];
	return g;
}

static int
plan_kernel(struct plan *pl, struct rng *r, const struct opts *o, long nk)
{
	char name[64];
	long k, cpu, slot;
	int i;

	for (k = 0; k < nk; k++) {
		if ((i = plan_add(pl, K_KTHREAD, 1)) < 0)
			return -1;
		slot = k / o->ncpu;
		cpu = k % o->ncpu;
		if ((size_t)slot < NELEM(kthread_percpu))
			snprintf(name, sizeof(name), kthread_percpu[slot],
			    (int)cpu);
		else if ((size_t)(k - o->ncpu * (long)NELEM(kthread_percpu)) <
		    NELEM(kthread_single))
			snprintf(name, sizeof(name), "%s", kthread_single[k -
			    o->ncpu * (long)NELEM(kthread_percpu)]);
		else
			snprintf(name, sizeof(name), "kworker/u%d:%d",
			    (int)(o->ncpu * 2), (int)k);
		set_name(&pl->p[i], name);
		set_profile(&pl->p[i], 8, 3, 0);
		if (strncmp(name, "jbd2", 4) == 0 ||
		    strncmp(name, "kworker", 7) == 0)
			pl->p[i].d_pm = 25;
		if (k < nk * 9 / 10 || pl->nblocks < 4) {
			pl->p[i].start = 10 + (int64_t)k * (FIRST_BLOCK - 30) /
			    nk;
			continue;
		}
		pl->p[i].start = pl->tick[1 + (long)rng_below(r,
		    (uint64_t)pl->nblocks - 1)] - 1;
	}
	return 0;
}

/* rc's service scripts, one after another with some overlap. */
static int
plan_scripts(struct plan *pl, struct rng *r, int rc, long ns)
{
	long fb = first_blk(pl, pl->p[rc].start) + 1;
	long lb = last_blk(pl, pl->p[rc].end);
	long span = lb - fb + 1, j, blk, len;
	char name[96];
	int i;

	for (j = 0; j < ns; j++) {
		if ((i = plan_add(pl, K_SCRIPT, rc)) < 0)
			return -1;
		snprintf(name, sizeof(name), "S%02d%s", (int)(10 + j * 80 / ns),
		    services[j % NELEM(services)]);
		set_name(&pl->p[i], name);
		set_profile(&pl->p[i], 350, 40, 600);
		blk = fb + j * span / ns;
		len = span / ns + 1 + (long)rng_below(r, (uint64_t)(span /
		    ns * 2 + 2));
		place(pl, r, i, blk, len < 2 ? 2 : len);
		maybe_rename(pl, r, i, 500);
	}
	return 0;
}


/* Processes other processes may fork from, by kind. */
struct idlist {
	int *v;
	size_t n;
};

static int
idlist_push(struct idlist *l, int i)
{
	l->v[l->n++] = i;
	return i;
}

/* Long-lived daemons, double-forked from a script: logged parent init. */
static int
plan_daemons(struct plan *pl, struct rng *r, long nd,
    const struct idlist *scripts, struct idlist *out)
{
	long j, fb, lb, blk;
	int i, s, g;
	struct proc *p;

	for (j = 0; j < nd; j++) {
		s = scripts->v[rng_below(r, scripts->n)];
		fb = first_blk(pl, pl->p[s].start);
		lb = last_blk(pl, pl->p[s].end);
		blk = lb > fb ? fb + (long)rng_below(r, (uint64_t)(lb - fb)) :
		    fb;
		g = add_ghost(pl, s, blk);
		if (g == -2 || (i = plan_add(pl, K_DAEMON, g >= 0 ? g : s)) < 0)
			return -1;
		p = &pl->p[idlist_push(out, i)];
		set_name(p, pick_odd(r, daemons, NELEM(daemons)));
		set_profile(p, 15, 5, 700);
		p->busy_pm = 400;
		p->nthreads = 1 + (int)rng_below(r, 4);
		if (g >= 0)
			p->start = pl->p[g].start;
		else
			p->start = pl->tick[blk + 1 < pl->nblocks ? blk + 1 :
			    blk];
		p->busy_until = p->start + USER_HZ / 2 +
		    (int64_t)rng_below(r, USER_HZ * 3 / 2);
		maybe_rename(pl, r, i, 300);
	}
	return 0;
}

/* Where a helper hangs: mostly scripts, some daemons, helpers and rc. */
static int
helper_parent(struct rng *r, int rc, const struct idlist *scripts,
    const struct idlist *daemons_l, const struct idlist *medium)
{
	uint64_t roll = rng_below(r, 100);

	if (roll < 65)
		return scripts->v[rng_below(r, scripts->n)];
	if (roll < 75 && daemons_l->n > 0)
		return daemons_l->v[rng_below(r, daemons_l->n)];
	if (roll < 95 && medium->n > 0)
		return medium->v[rng_below(r, medium->n)];
	return rc;
}

static int
plan_helpers(struct plan *pl, struct rng *r, const struct opts *o, long nh,
    int rc, const struct idlist *scripts, const struct idlist *daemons_l,
    struct idlist *medium)
{
	long j, fb, lb, blk, nsamp, maxs = o->hz * 3;
	int par, i, g;
	struct proc *p;

	for (j = 0; j < nh; j++) {
		par = helper_parent(r, rc, scripts, daemons_l, medium);
		fb = first_blk(pl, pl->p[par].start) + 1;
		lb = last_blk(pl, pl->p[par].end);
		if (lb < fb) {
			par = rc;
			fb = first_blk(pl, pl->p[rc].start) + 1;
			lb = last_blk(pl, pl->p[rc].end);
		}
		blk = fb + (long)rng_below(r, (uint64_t)(lb - fb + 1));
		nsamp = 1;
		if (rng_pm(r, 450))
			nsamp = 2 + (long)rng_below(r, (uint64_t)maxs);
		if (blk + nsamp - 1 > lb)
			nsamp = lb - blk + 1;
		g = -1;
		if (pl->p[par].kind == K_SCRIPT && rng_pm(r, 60))
			g = add_ghost(pl, par, blk - 1);
		if (g == -2 || (i = plan_add(pl, K_HELPER, par)) < 0)
			return -1;
		p = &pl->p[i];
		set_name(p, pick_odd(r, helpers, NELEM(helpers)));
		set_profile(p, 500, 60, 650);
		place(pl, r, i, blk, nsamp);
		if (g >= 0) {
			/* Its parent ran between two samples: an orphan. */
			p->start = pl->p[g].start;
			p->parent = g;
		} else if (nsamp >= 2) {
			idlist_push(medium, i);
		}
		maybe_rename(pl, r, i, 300);
	}
	return 0;
}

static int
cmp_start(const void *a, const void *b, void *arg)
{
	const struct proc *p = arg;
	const struct proc *x = &p[*(const int *)a], *y = &p[*(const int *)b];

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* PIDs in fork order, with gaps for processes nobody saw. */
static int
assign_pids(struct plan *pl, struct rng *r)
{
	size_t k;
	int pid = 0;
	struct proc *p;

	pl->sorted = malloc(pl->n * sizeof(int));
	if (pl->sorted == NULL)
		return -1;
	for (k = 0; k < pl->n; k++)
		pl->sorted[k] = (int)k;
	qsort_r(pl->sorted, pl->n, sizeof(int), cmp_start, pl->p);
	for (k = 0; k < pl->n; k++) {
		p = &pl->p[pl->sorted[k]];
		pid++;
		if (pid > 2 && rng_pm(r, 100))
			pid += 1 + (int)rng_below(r, 4);
		p->pid = pid;
	}
	for (k = 0; k < pl->n; k++) {
		p = &pl->p[k];
		if (p->parent < 0)
			p->ppid = 0;
		else if (p->kind == K_DAEMON)
			p->ppid = 1;	/* its first fork exited at once */
		else
			p->ppid = pl->p[p->parent].pid;
	}
	return 0;
}

static void
init_proc_memory(struct proc *p, struct rng *r)
{
	if (p->kind == K_KTHREAD || p->kind == K_KTHREADD)
		return;
	p->vsize = (4 + rng_below(r, 300)) << 20;
	p->rss = 200 + rng_below(r, 4000);
	/* A PIE load address as a 64-bit kernel prints it. */
	p->base = 0x550000000000ULL + (rng_below(r, 0xffffff) << 12);
}

static int
plan_people(struct plan *pl, const struct opts *o, struct rng *r, int rc,
    long rest)
{
	struct idlist scripts = { NULL, 0 }, dl = { NULL, 0 }, med = { NULL, 0 };
	long ns, nd, nh;
	int ret = -1;

	ns = rest * 9 / 100;
	ns = ns < 1 ? 1 : ns;
	nd = rest * 9 / 200;
	nh = rest - ns - nd;
	scripts.v = malloc((size_t)ns * sizeof(int));
	dl.v = malloc((size_t)(nd + 1) * sizeof(int));
	med.v = malloc((size_t)(nh + 1) * sizeof(int));
	if (scripts.v == NULL || dl.v == NULL || med.v == NULL)
		goto out;
	for (scripts.n = 0; scripts.n < (size_t)ns; scripts.n++)
		scripts.v[scripts.n] = (int)pl->n + (int)scripts.n;
	if (plan_scripts(pl, r, rc, ns) < 0 ||
	    plan_daemons(pl, r, nd, &scripts, &dl) < 0 ||
	    plan_helpers(pl, r, o, nh, rc, &scripts, &dl, &med) < 0)
		goto out;
	ret = 0;
out:
	free(scripts.v);
	free(dl.v);
	free(med.v);
	return ret;
}

static int
plan_build(struct plan *pl, const struct opts *o, struct rng *r)
{
	long nb = o->seconds * o->hz, k, nk;
	int init, kthreadd, rc;

	pl->nblocks = nb;
	pl->burst_scale = o->hz / 10 > 1 ? o->hz / 10 : 1;
	pl->tick = malloc((size_t)nb * sizeof(int64_t));
	if (pl->tick == NULL)
		return -1;
	for (k = 0; k < nb; k++)
		pl->tick[k] = FIRST_BLOCK + (int64_t)k * USER_HZ / o->hz;

	if ((init = plan_add(pl, K_INIT, -1)) < 0 ||
	    (kthreadd = plan_add(pl, K_KTHREADD, -1)) < 0)
		return -1;
	set_name(&pl->p[init], "init");
	set_profile(&pl->p[init], 20, 2, 300);
	pl->p[init].start = 5;
	set_name(&pl->p[kthreadd], "kthreadd");
	set_profile(&pl->p[kthreadd], 5, 0, 0);
	pl->p[kthreadd].start = 5;

	/* A 2-CPU machine of today runs some 100 kernel threads or more. */
	nk = o->nprocs / 13;
	nk = nk < 3 ? 3 : nk > 110 ? 110 : nk;
	if (plan_kernel(pl, r, o, nk) < 0)
		return -1;
	if ((rc = plan_add(pl, K_RC, init)) < 0)
		return -1;
	set_name(&pl->p[rc], "rc");
	set_profile(&pl->p[rc], 80, 10, 500);
	place(pl, r, rc, 1 + nb / 50, nb * 88 / 100 - nb / 50);
	pl->p[rc].reap = pl->p[rc].end;
	if (plan_people(pl, o, r, rc, o->nprocs - 3 - nk) < 0)
		return -1;
	for (k = 0; (size_t)k < pl->n; k++)
		init_proc_memory(&pl->p[k], r);
	return assign_pids(pl, r);
}

static uint64_t
now_chance(const struct proc *p, int64_t t)
{
	return t < p->busy_until ? p->busy_pm : p->cpu_pm;
}

/* The state this sample shows: zombie, D burst, CPU burst or asleep. */
static void
step_state(struct sim *s, struct proc *p, int64_t t)
{
	uint64_t sc = (uint64_t)s->pl->burst_scale;

	p->runnable = 0;
	if (p->end <= t) {
		p->state = 'Z';
		return;
	}
	if (p->dburst > 0) {
		p->dburst--;
		p->state = 'D';
		return;
	}
	if (rng_below(s->r, 1000 * sc) < p->d_pm) {
		p->dburst = (int)((1 + rng_below(s->r, 5)) * sc) - 1;
		p->state = 'D';
		p->majflt++;
		return;
	}
	if (p->burst > 0) {
		p->burst--;
	} else if (rng_below(s->r, 1000 * sc) < now_chance(p, t)) {
		p->burst = (int)((1 + rng_below(s->r, 6)) * sc) - 1;
	} else {
		p->state = 'S';
		return;
	}
	p->state = 'R';
	p->runnable = 1;
}

/* An unused CPU tick is I/O wait when someone waits for the disk. */
static void
idle_tick(struct sim *s, struct cpustat *c, int nwait)
{
	int pct = nwait * 30 > 90 ? 90 : nwait * 30;

	if (nwait > 0 && rng_below(s->r, 100) < (uint64_t)pct)
		c->iowait++;
	else
		c->idle++;
}

/*
 * Hands out the interval's ncpu * ticks among the runnable processes,
 * at most the part of the interval each was alive for, so neither a
 * process nor the machine ever gets more CPU than the clock allows.
 */
static void
alloc_cpu(struct sim *s, int64_t prev, int64_t t, int nwait)
{
	int64_t slots = (t - prev) * s->o->ncpu, sl, from;
	size_t nrun = 0, k;
	struct proc *p;
	struct cpustat *c;

	for (k = 0; k < s->nactive; k++) {
		p = &s->pl->p[s->active[k]];
		if (p->state == 'D')
			p->blkio += (uint64_t)(t - prev);
		if (!p->runnable)
			continue;
		from = p->start > prev ? p->start : prev;
		if (t <= from)
			continue;
		s->run[nrun] = s->active[k];
		s->cap[nrun++] = t - from;
	}
	for (sl = 0; sl < slots; sl++) {
		c = &s->cpus[sl % s->o->ncpu];
		if (nrun == 0) {
			idle_tick(s, c, nwait);
			continue;
		}
		k = rng_below(s->r, nrun);
		p = &s->pl->p[s->run[k]];
		if (rng_below(s->r, 1000) < p->user_pm) {
			p->utime++;
			c->user++;
		} else {
			p->stime++;
			c->sys++;
		}
		p->cpu = (int)(sl % s->o->ncpu);
		p->minflt += rng_below(s->r, 40);
		s->ctxt += 1 + rng_below(s->r, 20);
		if (--s->cap[k] == 0) {
			s->run[k] = s->run[nrun - 1];
			s->cap[k] = s->cap[--nrun];
		}
	}
	s->intr += (uint64_t)slots * 3;
}

/* Moves one whole disk's counters over an interval; partitions follow. */
static void
disk_step(struct sim *s, struct disk *d, struct disk *part, int nwait,
    int64_t dt_ms)
{
	uint64_t util, io, rs, ws, nr, nw;
	size_t k;
	uint64_t before[17];

	if (nwait > 0)
		util = 350 * (uint64_t)nwait + rng_below(s->r, 150);
	else
		util = rng_pm(s->r, 80) ? 50 + rng_below(s->r, 200) : 0;
	util = util > 1000 ? 1000 : util;
	io = (uint64_t)dt_ms * util / 1000;
	d->c[8] = (uint64_t)nwait;
	if (part != NULL)
		part->c[8] = d->c[8];
	if (io == 0)
		return;
	memcpy(before, d->c, sizeof(before));
	rs = io * (20 + rng_below(s->r, 120)) * 7 / 10;
	ws = io * (20 + rng_below(s->r, 120)) * 3 / 10;
	nr = 1 + rs / (8 + rng_below(s->r, 120));
	nw = 1 + ws / (8 + rng_below(s->r, 120));
	d->c[0] += nr;
	d->c[1] += nr / 4;
	d->c[2] += rs;
	d->c[3] += io * 7 / 10 * (1 + (uint64_t)nwait);
	d->c[4] += nw;
	d->c[5] += nw / 3;
	d->c[6] += ws;
	d->c[7] += io * 3 / 10 * (1 + (uint64_t)nwait);
	d->c[9] += io;
	d->c[10] += io * (nwait > 1 ? (uint64_t)nwait : 1);
	if (rng_pm(s->r, 100)) {
		d->c[15]++;
		d->c[16] += 1 + rng_below(s->r, 3);
	}
	s->intr += nr + nw;
	if (part == NULL)
		return;
	for (k = 0; k < 17; k++)
		if (k != 8)
			part->c[k] += (d->c[k] - before[k]) * 9 / 10;
}

static int
put_cpu_line(struct buf *b, const char *name, const struct cpustat *c)
{
	if (buf_reserve(b, 256) < 0)
		return -1;
	put_str(b, name);
	put_f(b, c->user);
	put_f(b, 0);
	put_f(b, c->sys);
	put_f(b, c->idle);
	put_f(b, c->iowait);
	put_str(b, " 0 0 0 0 0\n");
	return 0;
}

static int
emit_stat(struct sim *s, int64_t t, int nrun, int nwait)
{
	struct buf *b = &s->stat;
	struct cpustat all = { 0, 0, 0, 0 };
	char name[32];
	long c;

	for (c = 0; c < s->o->ncpu; c++) {
		all.user += s->cpus[c].user;
		all.sys += s->cpus[c].sys;
		all.idle += s->cpus[c].idle;
		all.iowait += s->cpus[c].iowait;
	}
	if (buf_reserve(b, 32) < 0)
		return -1;
	put_i64(b, t);
	put_ch(b, '\n');
	if (put_cpu_line(b, "cpu ", &all) < 0)
		return -1;
	for (c = 0; c < s->o->ncpu; c++) {
		snprintf(name, sizeof(name), "cpu%ld", c);
		if (put_cpu_line(b, name, &s->cpus[c]) < 0)
			return -1;
	}
	if (buf_reserve(b, 512) < 0)
		return -1;
	put_str(b, "intr");
	put_f(b, s->intr);
	put_str(b, " 0 9 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
	    "0 0 0 0 0\nctxt");
	put_f(b, s->ctxt);
	put_str(b, "\nbtime");
	put_f(b, BOOT_EPOCH);
	put_str(b, "\nprocesses");
	put_f(b, s->forks);
	put_str(b, "\nprocs_running");
	put_f(b, (uint64_t)(nrun > 0 ? nrun : 1));
	put_str(b, "\nprocs_blocked");
	put_f(b, (uint64_t)nwait);
	put_str(b, "\nsoftirq");
	put_f(b, s->intr / 2);
	put_str(b, " 0 0 0 0 0 0 0 0 0 0\n\n");
	return 0;
}

static int
emit_disks(struct sim *s, int64_t t)
{
	struct buf *b = &s->disk;
	struct disk *d;
	char head[64];
	size_t k, j;

	if (buf_reserve(b, 32) < 0)
		return -1;
	put_i64(b, t);
	put_ch(b, '\n');
	for (k = 0; k < NELEM(s->disks); k++) {
		d = &s->disks[k];
		snprintf(head, sizeof(head), "%4d %7d %s", d->major, d->minor,
		    d->name);
		if (buf_reserve(b, 512) < 0)
			return -1;
		put_str(b, head);
		for (j = 0; j < 17; j++)
			put_f(b, d->c[j]);
		put_ch(b, '\n');
	}
	put_ch(b, '\n');
	return 0;
}

static const char *
comm_at(const struct proc *p, int64_t t)
{
	return t < p->rename_at ? p->comm[0] : p->comm[1];
}

/* Fields 23..52 of a user process: memory layout, signals, exit code. */
static void
put_user_tail(struct buf *b, const struct proc *p, int zombie)
{
	uint64_t base = zombie ? 0 : p->base;
	uint64_t stack = zombie ? 0 : 0x7ff000000000ULL + (p->base >> 8);

	put_f(b, zombie ? 0 : p->vsize);
	put_f(b, zombie ? 0 : p->rss);
	put_str(b, " 18446744073709551615");
	put_f(b, base);
	put_f(b, base ? base + 0x1f000 + (p->vsize >> 12) : 0);
	put_f(b, stack);
	put_str(b, " 0 0 0 0");
	put_f(b, p->kind == K_DAEMON ? 4096 : 0);
	put_f(b, p->kind == K_HELPER ? 0 : 81923);
	put_str(b, zombie ? " 0 0 0 17" : " 1 0 0 17");
	put_f(b, (uint64_t)p->cpu);
	put_str(b, " 0 0");
	put_f(b, p->blkio);
	put_str(b, " 0 0");
	put_f(b, base ? base + 0x2e000 : 0);
	put_f(b, base ? base + 0x30000 : 0);
	put_f(b, base ? base + 0x1000000 : 0);
	put_f(b, stack ? stack + 0x1e00 : 0);
	put_f(b, stack ? stack + 0x1e40 : 0);
	put_f(b, stack ? stack + 0x1e40 : 0);
	put_f(b, stack ? stack + 0x1fe8 : 0);
	put_str(b, zombie ? " 256\n" : " 0\n");
}

static void
put_kernel_tail(struct buf *b, const struct proc *p)
{
	put_str(b, " 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 "
	    "0 0 17");
	put_f(b, (uint64_t)p->cpu);
	put_str(b, " 0 0");
	put_f(b, p->blkio);
	put_str(b, " 0 0 0 0 0 0 0 0 0 0\n");
}

/* One /proc/[PID]/stat line with the kernel's 52 fields. */
static int
emit_ps_line(struct buf *b, const struct proc *p, int64_t t)
{
	int kernel = p->kind == K_KTHREAD || p->kind == K_KTHREADD;
	int zombie = p->state == 'Z';
	int high = kernel && strstr(p->comm[1], ":0H") != NULL;

	if (buf_reserve(b, 640) < 0)
		return -1;
	put_u64(b, (uint64_t)p->pid);
	put_str(b, " (");
	put_str(b, comm_at(p, t));
	put_str(b, ") ");
	put_ch(b, (char)p->state);
	put_f(b, (uint64_t)p->ppid);
	put_f(b, (uint64_t)(kernel ? 0 : p->kind == K_HELPER ? p->ppid :
	    p->pid));
	put_f(b, (uint64_t)(kernel ? 0 : p->kind == K_DAEMON ? p->pid : 1));
	put_str(b, " 0 -1");
	put_f(b, kernel ? 2129984 : t < p->rename_at ? 4194368 : 4194304);
	put_f(b, p->minflt);
	put_str(b, " 0");
	put_f(b, p->majflt);
	put_str(b, " 0");
	put_f(b, p->utime);
	put_f(b, p->stime);
	put_str(b, " 0 0");
	put_str(b, high ? " 0 -20" : " 20 0");
	put_f(b, (uint64_t)(zombie ? 1 : p->nthreads));
	put_str(b, " 0");
	put_f(b, (uint64_t)p->start);
	if (kernel)
		put_kernel_tail(b, p);
	else
		put_user_tail(b, p, zombie);
	return 0;
}

static int
emit_ps(struct sim *s, int64_t t)
{
	struct buf *b = &s->ps;
	size_t k;

	if (buf_reserve(b, 32) < 0)
		return -1;
	put_i64(b, t);
	put_ch(b, '\n');
	for (k = 0; k < s->nactive; k++)
		if (emit_ps_line(b, &s->pl->p[s->active[k]], t) < 0)
			return -1;
	s->samples += (long)s->nactive;
	if (buf_reserve(b, 1) < 0)
		return -1;
	put_ch(b, '\n');
	return 0;
}

/* Processes forked by `t` join in PID order; reaped ones leave. */
static void
update_active(struct sim *s, size_t *next, int64_t t)
{
	const struct plan *pl = s->pl;
	size_t k, m = 0;
	const struct proc *p;

	for (k = 0; k < s->nactive; k++)
		if (pl->p[s->active[k]].reap > t)
			s->active[m++] = s->active[k];
	s->nactive = m;
	while (*next < pl->n && pl->p[pl->sorted[*next]].start <= t) {
		p = &pl->p[pl->sorted[*next]];
		s->forks = (uint64_t)p->pid + 40;
		if (p->kind != K_GHOST && p->reap > t)
			s->active[s->nactive++] = pl->sorted[*next];
		(*next)++;
	}
}

/* CPU used before the first sample: init carries the kernel's start-up. */
static void
pre_boot_cpu(struct sim *s, int64_t t0)
{
	struct plan *pl = s->pl;
	struct proc *p;
	uint64_t ticks;
	size_t k;
	long c, best;

	for (c = 0; c < s->o->ncpu; c++)
		s->cpus[c].idle = (uint64_t)t0;
	for (k = 0; k < pl->n; k++) {
		p = &pl->p[k];
		if (p->start > t0)
			continue;
		ticks = p->kind == K_INIT ? (uint64_t)(t0 - p->start) * 3 / 10 :
		    rng_below(s->r, 2);
		best = 0;
		for (c = 1; c < s->o->ncpu; c++)
			if (s->cpus[c].idle > s->cpus[best].idle)
				best = c;
		if (ticks > s->cpus[best].idle)
			ticks = s->cpus[best].idle;
		s->cpus[best].idle -= ticks;
		s->cpus[best].sys += ticks;
		p->stime = ticks;
		p->cpu = (int)best;
	}
}

static void
init_disks(struct sim *s)
{
	static const struct disk proto[4] = {
		{ "loop0", 7, 0, { 0 } },
		{ "sda", 8, 0, { 0 } },
		{ "sda1", 8, 1, { 0 } },
		{ "nvme0n1", 259, 0, { 0 } },
	};

	memcpy(s->disks, proto, sizeof(proto));
	/* The initramfs already read a little before the first sample. */
	s->disks[1].c[0] = 180;
	s->disks[1].c[2] = 9000;
	s->disks[1].c[3] = 300;
	s->disks[1].c[9] = 320;
	s->disks[1].c[10] = 330;
	s->disks[2].c[0] = 160;
	s->disks[2].c[2] = 8100;
	s->disks[2].c[3] = 270;
	s->disks[2].c[9] = 290;
	s->disks[2].c[10] = 300;
	s->disks[3].c[0] = 40;
	s->disks[3].c[2] = 1500;
	s->disks[3].c[3] = 50;
	s->disks[3].c[9] = 60;
	s->disks[3].c[10] = 60;
}

static int
simulate(struct sim *s)
{
	struct plan *pl = s->pl;
	size_t next = 0, k;
	int64_t t, prev;
	long i;
	int nwait, nrun, wait_sda, wait_nvme;
	struct proc *p;

	s->cpus = calloc((size_t)s->o->ncpu, sizeof(*s->cpus));
	s->active = malloc(pl->n * sizeof(int));
	s->run = malloc(pl->n * sizeof(int));
	s->cap = malloc(pl->n * sizeof(int64_t));
	if (s->cpus == NULL || s->active == NULL || s->run == NULL ||
	    s->cap == NULL)
		return -1;
	init_disks(s);
	pre_boot_cpu(s, pl->tick[0]);
	for (i = 0; i < pl->nblocks; i++) {
		t = pl->tick[i];
		prev = i > 0 ? pl->tick[i - 1] : t;
		update_active(s, &next, t);
		nwait = nrun = wait_sda = wait_nvme = 0;
		for (k = 0; k < s->nactive; k++) {
			p = &pl->p[s->active[k]];
			step_state(s, p, t);
			nrun += p->runnable;
			if (p->state != 'D')
				continue;
			nwait++;
			if (p->pid % 5 == 0)
				wait_nvme++;
			else
				wait_sda++;
		}
		alloc_cpu(s, prev, t, nwait);
		if (i > 0) {
			disk_step(s, &s->disks[1], &s->disks[2], wait_sda,
			    (t - prev) * (1000 / USER_HZ));
			disk_step(s, &s->disks[3], NULL, wait_nvme,
			    (t - prev) * (1000 / USER_HZ));
		}
		if (emit_stat(s, t, nrun, nwait) < 0 || emit_disks(s, t) < 0 ||
		    emit_ps(s, t) < 0)
			return -1;
	}
	return 0;
}

static void
put_le(struct buf *b, uint64_t v, int n)
{
	int k;

	for (k = 0; k < n; k++)
		put_ch(b, (char)((v >> (8 * k)) & 0xff));
}

/* comp_t: 13-bit mantissa, 3-bit base-8 exponent. */
static uint64_t
comp_t_of(uint64_t v)
{
	uint64_t exp = 0;

	while (v > 0x1fff) {
		v = (v + 4) >> 3;
		exp++;
	}
	if (exp > 7)
		return 0xffff;
	return (exp << 13) | v;
}

static int
cmp_exit(const void *a, const void *b, void *arg)
{
	const struct proc *p = arg;
	const struct proc *x = &p[*(const int *)a], *y = &p[*(const int *)b];

	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/*
 * BSD accounting v3: one 64-byte little-endian record per process that
 * exited while logging, in exit order.  The ppid is the parent at exit,
 * as the kernel writes it: init when the real parent had already gone.
 */
static int
emit_pacct(struct sim *s)
{
	const struct plan *pl = s->pl;
	int64_t last = pl->tick[pl->nblocks - 1];
	int *ex;
	size_t n = 0, k;
	const struct proc *p, *par;
	float etime;
	uint32_t ebits;
	char comm[COMM_LEN];

	ex = malloc(pl->n * sizeof(int));
	if (ex == NULL)
		return -1;
	for (k = 0; k < pl->n; k++)
		if (pl->p[k].end <= last)
			ex[n++] = (int)k;
	qsort_r(ex, n, sizeof(int), cmp_exit, pl->p);
	if (buf_reserve(&s->pacct, n * 64 + 1) < 0) {
		free(ex);
		return -1;
	}
	for (k = 0; k < n; k++) {
		p = &pl->p[ex[k]];
		par = p->parent >= 0 ? &pl->p[p->parent] : NULL;
		etime = (float)(p->end - p->start);
		memcpy(&ebits, &etime, sizeof(ebits));
		put_ch(&s->pacct, p->kind == K_GHOST ? 0x01 : 0x00);
		put_ch(&s->pacct, 3);
		put_le(&s->pacct, 0, 2);	/* tty */
		put_le(&s->pacct, 0, 4);	/* exit code */
		put_le(&s->pacct, 0, 4);	/* uid */
		put_le(&s->pacct, 0, 4);	/* gid */
		put_le(&s->pacct, (uint64_t)p->pid, 4);
		put_le(&s->pacct, par == NULL ? 0 : par->end <= p->end ? 1 :
		    (uint64_t)par->pid, 4);
		put_le(&s->pacct, BOOT_EPOCH + (uint64_t)p->start / USER_HZ, 4);
		put_le(&s->pacct, ebits, 4);
		put_le(&s->pacct, comp_t_of(p->utime), 2);
		put_le(&s->pacct, comp_t_of(p->stime), 2);
		put_le(&s->pacct, comp_t_of(p->rss * 4), 2);
		put_le(&s->pacct, 0, 2);	/* io */
		put_le(&s->pacct, 0, 2);	/* rw */
		put_le(&s->pacct, comp_t_of(p->minflt), 2);
		put_le(&s->pacct, comp_t_of(p->majflt), 2);
		put_le(&s->pacct, 0, 2);	/* swaps */
		memset(comm, 0, sizeof(comm));
		memcpy(comm, p->comm[1], strnlen(p->comm[1], COMM_LEN - 1));
		memcpy(s->pacct.p + s->pacct.len, comm, COMM_LEN);
		s->pacct.len += COMM_LEN;
	}
	free(ex);
	return 0;
}

static int
emit_header(struct sim *s)
{
	const struct opts *o = s->o;
	int n;

	if (buf_reserve(&s->header, 1024) < 0)
		return -1;
	n = snprintf(s->header.p, s->header.cap,
	    "version = 0.9\n"
	    "title = Boot chart for synthhost (synthetic: %ld processes, "
	    "%ld s, %ld Hz, seed %llu)\n"
	    "system.uname = Linux 6.1.0-synthetic #1 SMP PREEMPT_DYNAMIC "
	    "x86_64\n"
	    "system.release = Synthetic GNU/Linux 1.0\n"
	    "system.cpu = model name\t: Synthetic CPU @ 2.40GHz (%ld)\n"
	    "system.kernel.options = BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro "
	    "quiet init=/sbin/bootchartd\n",
	    o->nprocs, o->seconds, o->hz, (unsigned long long)o->seed,
	    o->ncpu);
	if (n < 0 || (size_t)n >= s->header.cap)
		return -1;
	s->header.len = (size_t)n;
	return 0;
}

struct member {
	const char *name;
	const struct buf *b;
};

static int
write_member(struct archive *a, const struct member *m, time_t mtime)
{
	struct archive_entry *e;
	size_t off = 0;
	la_ssize_t w;
	int ok;

	e = archive_entry_new();
	if (e == NULL)
		return -1;
	archive_entry_set_pathname(e, m->name);
	archive_entry_set_size(e, (la_int64_t)m->b->len);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_mtime(e, mtime, 0);
	archive_entry_set_uname(e, "root");
	archive_entry_set_gname(e, "root");
	ok = archive_write_header(a, e) == ARCHIVE_OK;
	archive_entry_free(e);
	while (ok && off < m->b->len) {
		w = archive_write_data(a, m->b->p + off, m->b->len - off);
		if (w <= 0)
			ok = 0;
		else
			off += (size_t)w;
	}
	return ok ? 0 : -1;
}

/* Written to a temporary name and renamed: never a half-written tarball. */
static int
write_tgz(const char *path, const struct member *m, size_t nm, long level,
    time_t mtime)
{
	struct archive *a;
	char tmp[4096], lv[8];
	size_t k;
	int ok;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp%ld", path, (long)getpid()) >=
	    (int)sizeof(tmp))
		return -1;
	snprintf(lv, sizeof(lv), "%ld", level);
	a = archive_write_new();
	if (a == NULL)
		return -1;
	/* No time stamp in the gzip header: same seed, same bytes. */
	ok = archive_write_add_filter_gzip(a) == ARCHIVE_OK &&
	    archive_write_set_format_ustar(a) == ARCHIVE_OK &&
	    archive_write_set_filter_option(a, "gzip", "timestamp", NULL) ==
	    ARCHIVE_OK &&
	    archive_write_set_filter_option(a, "gzip", "compression-level",
	    lv) == ARCHIVE_OK &&
	    archive_write_open_filename(a, tmp) == ARCHIVE_OK;
	for (k = 0; ok && k < nm; k++)
		ok = write_member(a, &m[k], mtime) == 0;
	if (ok)
		ok = archive_write_close(a) == ARCHIVE_OK;
	if (!ok)
		fprintf(stderr, "gen_bootlog: %s: %s\n", path,
		    archive_error_string(a) ? archive_error_string(a) :
		    "write failed");
	archive_write_free(a);
	if (ok && rename(tmp, path) < 0) {
		fprintf(stderr, "gen_bootlog: %s: %s\n", path, strerror(errno));
		ok = 0;
	}
	if (!ok)
		unlink(tmp);
	return ok ? 0 : -1;
}

static int
write_dir(const char *dir, const struct member *m, size_t nm)
{
	char path[4096];
	FILE *f;
	size_t k;
	int ok;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "gen_bootlog: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	for (k = 0; k < nm; k++) {
		if (snprintf(path, sizeof(path), "%s/%s", dir, m[k].name) >=
		    (int)sizeof(path))
			return -1;
		f = fopen(path, "wb");
		if (f == NULL) {
			fprintf(stderr, "gen_bootlog: %s: %s\n", path,
			    strerror(errno));
			return -1;
		}
		ok = fwrite(m[k].b->p, 1, m[k].b->len, f) == m[k].b->len;
		if (fclose(f) != 0 || !ok) {
			fprintf(stderr, "gen_bootlog: %s: write failed\n", path);
			return -1;
		}
	}
	return 0;
}

static void
report(const struct sim *s, const struct member *m, size_t nm)
{
	const struct plan *pl = s->pl;
	size_t k;
	long ghosts = 0;
	struct stat st;

	for (k = 0; k < pl->n; k++)
		ghosts += pl->p[k].kind == K_GHOST;
	printf("gen_bootlog: %ld processes (+%ld never sampled), %ld blocks, "
	    "%.1f processes per block\n", s->o->nprocs, ghosts, pl->nblocks,
	    (double)s->samples / (double)pl->nblocks);
	for (k = 0; k < nm; k++)
		printf("gen_bootlog: %-18s %12zu bytes\n", m[k].name,
		    m[k].b->len);
	if (s->o->out != NULL && stat(s->o->out, &st) == 0)
		printf("gen_bootlog: %-18s %12lld bytes\n", s->o->out,
		    (long long)st.st_size);
}

static void
sim_free(struct sim *s)
{
	free(s->stat.p);
	free(s->disk.p);
	free(s->ps.p);
	free(s->pacct.p);
	free(s->header.p);
	free(s->cpus);
	free(s->active);
	free(s->run);
	free(s->cap);
}

static int
generate(const struct opts *o)
{
	struct plan pl;
	struct sim s;
	struct rng r;
	struct member m[5];
	size_t nm = 0;
	int status = EXIT_NOMEM;

	memset(&pl, 0, sizeof(pl));
	memset(&s, 0, sizeof(s));
	r.s = o->seed;
	s.o = o;
	s.pl = &pl;
	s.r = &r;
	if (plan_build(&pl, o, &r) < 0 || simulate(&s) < 0 ||
	    emit_header(&s) < 0 || (o->pacct && emit_pacct(&s) < 0)) {
		fprintf(stderr, "gen_bootlog: out of memory\n");
		goto out;
	}
	m[nm++] = (struct member){ LOG_HEADER, &s.header };
	m[nm++] = (struct member){ LOG_PROC_STAT, &s.stat };
	m[nm++] = (struct member){ LOG_DISKSTATS, &s.disk };
	m[nm++] = (struct member){ LOG_PROC_PS, &s.ps };
	if (o->pacct)
		m[nm++] = (struct member){ LOG_PACCT, &s.pacct };
	status = EXIT_OUTPUT;
	if (o->out != NULL && write_tgz(o->out, m, nm, o->level,
	    (time_t)(BOOT_EPOCH + pl.tick[pl.nblocks - 1] / USER_HZ)) < 0)
		goto out;
	if (o->dir != NULL && write_dir(o->dir, m, nm) < 0)
		goto out;
	if (!o->quiet)
		report(&s, m, nm);
	status = EXIT_OK;
out:
	sim_free(&s);
	free(pl.p);
	free(pl.sorted);
	free(pl.tick);
	return status;
}

int
main(int argc, char **argv)
{
	struct opts o;

	if (parse_opts(argc, argv, &o) < 0)
		return EXIT_USAGE;
	return generate(&o);
}
