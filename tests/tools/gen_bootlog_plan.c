/* gen_bootlog_plan.c: plans the synthetic boot: who is forked by whom, when, under which name. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_bootlog.h"

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

int
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
