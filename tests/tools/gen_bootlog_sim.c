/* gen_bootlog_sim.c: runs the planned boot sample by sample: process states, CPU and disk counters. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen_bootlog.h"

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

int
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
