/* gen_bootlog_logs.c: writes the text logs: header, proc_stat.log, proc_diskstats.log and proc_ps.log. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gen_bootlog.h"

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

int
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

int
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

int
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

int
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
