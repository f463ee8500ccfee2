/* bootlog.c: the parsed-log model: header, processes with a PID index, fork records. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "bootlog.h"

void
bootlog_init(struct bootlog *t)
{
	memset(t, 0, sizeof(*t));
	t->ncpus = 1;
}

static void
process_free(struct process *p)
{
	free(p->name);
	free(p->cmdline);
	free(p->unit);
	free(p->work);
	free(p->samples);
	free(p->xs);
	free(p);
}

void
bootlog_clear_processes(struct bootlog *t)
{
	size_t i;

	for (i = 0; i < t->nprocs; i++)
		process_free(t->procs[i]);
	free(t->procs);
	free(t->pid_index);
	t->procs = NULL;
	t->nprocs = t->procs_cap = 0;
	t->pid_index = NULL;
	t->pid_index_cap = 0;
	t->ps_first_us = t->ps_last_us = 0;
	t->sample_period_us = 0;
	t->ps_source = PS_NONE;
}

void
bootlog_free(struct bootlog *t)
{
	size_t i;

	for (i = 0; i < t->nheader; i++) {
		free(t->header[i].key);
		free(t->header[i].value);
	}
	free(t->header);
	free(t->cpu);
	free(t->disk);
	free(t->mem);
	free(t->busy.v);
	free(t->busy.cpu);
	free(t->busy.runs);
	bootlog_clear_processes(t);
	free(t->forks);
	free(t->acct);
	free(t->texit);
	for (i = 0; i < t->nkev; i++)
		free(t->kev[i].text);
	free(t->kev);
	free(t->trace_dropped);
	bootlog_init(t);
}

int
bootlog_drop_trace(struct bootlog *t, struct diag *d)
{
	char why[sizeof(d->msg)];

	/* The text is escaped already (diag_verror): kept as it was said. */
	memcpy(why, d->msg, sizeof(why));
	if (diag_demote(d, "the chart is drawn without the trace") != 0)
		return -1;
	free(t->trace_dropped);
	if ((t->trace_dropped = strdup(why)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

const char *
bootlog_header(const struct bootlog *t, const char *key)
{
	size_t i;

	for (i = 0; i < t->nheader; i++)
		if (strcmp(t->header[i].key, key) == 0)
			return t->header[i].value;
	return NULL;
}

int
bootlog_set_header(struct bootlog *t, const char *key, const char *value)
{
	struct kv *nh;
	char *v, *k;
	size_t i;

	if ((v = strdup(value)) == NULL)
		return -1;
	for (i = 0; i < t->nheader; i++) {
		if (strcmp(t->header[i].key, key) == 0) {
			free(t->header[i].value);
			t->header[i].value = v;
			return 0;
		}
	}
	/* Headers are a handful of lines: the array is kept exactly full. */
	if ((k = strdup(key)) == NULL ||
	    (nh = realloc(t->header, (t->nheader + 1) * sizeof(*nh))) == NULL) {
		free(k);
		free(v);
		return -1;
	}
	t->header = nh;
	t->header[t->nheader].key = k;
	t->header[t->nheader].value = v;
	t->nheader++;
	return 0;
}

int
bootlog_add_kevent(struct bootlog *t, const struct kevent *e)
{
	char *s;

	if (grow_array((void **)&t->kev, &t->kev_cap, t->nkev,
	    sizeof(*t->kev)) != 0)
		return -1;
	if ((s = strdup(e->text)) == NULL)
		return -1;
	t->kev[t->nkev] = *e;
	t->kev[t->nkev].text = s;
	t->nkev++;
	return 0;
}

/*
 * Whole seconds and up to six decimals; at most 20 years of uptime, as
 * every time stamp (CAP_STAMP_JIFFIES).
 */
int
bootlog_header_us(const struct bootlog *t, const char *key, usec_t *us)
{
	const char *v = bootlog_header(t, key);
	int64_t secs = 0, frac = 0, scale = 1000000;
	int digits = 0;

	if (v == NULL)
		return 0;
	for (; *v >= '0' && *v <= '9'; v++, digits++) {
		secs = secs * 10 + (*v - '0');
		if (secs > (int64_t)(CAP_STAMP_JIFFIES / 100))
			return -1;
	}
	if (digits == 0)
		return -1;
	if (*v == '.')
		for (v++; *v >= '0' && *v <= '9'; v++) {
			scale /= 10;
			frac += (*v - '0') * scale;
		}
	if (*v != '\0')
		return -1;
	*us = secs * USEC_PER_SEC + frac;
	return 1;
}

int64_t
bootlog_header_pid(const struct bootlog *t, const char *key)
{
	const char *v = bootlog_header(t, key);
	int64_t pid = 0;

	if (v == NULL || *v == '\0')
		return 0;
	for (; *v >= '0' && *v <= '9'; v++)
		if ((pid = pid * 10 + (*v - '0')) > CAP_TRACE_PIDS)
			return 0;
	return *v == '\0' ? pid : 0;
}

/* Hash of a PID into a power-of-two table. */
static size_t
pid_slot(int64_t pid, size_t cap)
{
	uint64_t h = (uint64_t)pid * 0x9E3779B97F4A7C15ULL;

	return (size_t)(h >> 32) & (cap - 1);
}

struct process *
bootlog_find_pid(const struct bootlog *t, int64_t pid)
{
	size_t i;
	struct process *p;

	if (t->pid_index_cap == 0)
		return NULL;
	i = pid_slot(pid, t->pid_index_cap);
	while ((p = t->pid_index[i]) != NULL) {
		if (p->pid == pid)
			return p;
		i = (i + 1) & (t->pid_index_cap - 1);
	}
	return NULL;
}

/* Puts p in the index, replacing an older process with the same PID. */
static void
index_put(struct process **idx, size_t cap, struct process *p)
{
	size_t i = pid_slot(p->pid, cap);

	while (idx[i] != NULL && idx[i]->pid != p->pid)
		i = (i + 1) & (cap - 1);
	idx[i] = p;
}

/* Keeps the index at most half full so probes stay short. */
static int
index_reserve(struct bootlog *t)
{
	struct process **nidx;
	size_t ncap, i;

	if ((t->nprocs + 1) * 2 <= t->pid_index_cap)
		return 0;
	ncap = t->pid_index_cap ? t->pid_index_cap * 2 : 256;
	if ((nidx = calloc(ncap, sizeof(*nidx))) == NULL)
		return -1;
	for (i = 0; i < t->pid_index_cap; i++)
		if (t->pid_index[i] != NULL)
			index_put(nidx, ncap, t->pid_index[i]);
	free(t->pid_index);
	t->pid_index = nidx;
	t->pid_index_cap = ncap;
	return 0;
}

struct process *
bootlog_new_process(struct bootlog *t, int64_t pid, const char *name)
{
	struct process *p;

	if (index_reserve(t) != 0)
		return NULL;
	if (grow_array((void **)&t->procs, &t->procs_cap, t->nprocs,
	    sizeof(*t->procs)) != 0)
		return NULL;
	if ((p = calloc(1, sizeof(*p))) == NULL)
		return NULL;
	if ((p->name = strdup(name ? name : "")) == NULL) {
		free(p);
		return NULL;
	}
	p->pid = pid;
	p->seq = t->nprocs;
	t->procs[t->nprocs++] = p;
	index_put(t->pid_index, t->pid_index_cap, p);
	return p;
}

/* Only a forged log has blocks 49 days apart; the cap keeps 24-byte samples. */
uint32_t
sample_interval(usec_t us)
{
	usec_t ms = us / USEC_PER_MS;

	if (ms <= 0)
		return 0;
	return ms > (usec_t)UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
}

usec_t
sample_interval_us(const struct proc_sample *s)
{
	return (usec_t)s->interval_ms * USEC_PER_MS;
}

int
process_add_sample(struct process *p, const struct proc_sample *s)
{
	if (grow_array_small((void **)&p->samples, &p->samples_cap, p->nsamples,
	    sizeof(*p->samples)) != 0)
		return -1;
	p->samples[p->nsamples++] = *s;
	return 0;
}

int
process_set_name(struct process *p, const char *name)
{
	char *n;

	if (strcmp(p->name, name) == 0)
		return 0;
	if ((n = strdup(name)) == NULL)
		return -1;
	free(p->name);
	p->name = n;
	return 0;
}

static int
add_fork(struct bootlog *t, int64_t pid, int64_t ppid, int at_fork)
{
	if (grow_array((void **)&t->forks, &t->forks_cap, t->nforks,
	    sizeof(*t->forks)) != 0)
		return -1;
	t->forks[t->nforks].pid = pid;
	t->forks[t->nforks].ppid = ppid;
	t->forks[t->nforks].at_fork = at_fork;
	t->nforks++;
	return 0;
}

int
bootlog_add_fork(struct bootlog *t, int64_t pid, int64_t ppid)
{
	return add_fork(t, pid, ppid, 0);
}

int
bootlog_add_fork_time(struct bootlog *t, int64_t pid, int64_t ppid)
{
	return add_fork(t, pid, ppid, 1);
}

static int
add_rec(struct acct_rec **v, size_t *n, size_t *cap, int64_t pid,
    int leader, usec_t cpu_us, const char *comm, size_t commlen)
{
	struct acct_rec *a;

	if (grow_array((void **)v, cap, *n, sizeof(**v)) != 0)
		return -1;
	a = &(*v)[(*n)++];
	/* No process has a PID past 2^31: such a record matches none. */
	a->pid = pid >= 0 && pid <= INT32_MAX ? (int32_t)pid : -1;
	a->leader = leader;
	a->cpu_us = cpu_us;
	if (commlen > sizeof(a->comm) - 1)
		commlen = sizeof(a->comm) - 1;
	memcpy(a->comm, comm, commlen);
	a->comm[commlen] = '\0';
	return 0;
}

int
bootlog_add_acct(struct bootlog *t, int64_t pid, usec_t cpu_us,
    const char *comm, size_t commlen)
{
	return add_rec(&t->acct, &t->nacct, &t->acct_cap, pid, 1, cpu_us,
	    comm, commlen);
}

int
bootlog_add_texit(struct bootlog *t, int64_t tgid, int leader,
    usec_t cpu_us, const char *comm, size_t commlen)
{
	return add_rec(&t->texit, &t->ntexit, &t->texit_cap, tgid, leader,
	    cpu_us, comm, commlen);
}

int
process_order(const struct process *p, usec_t p_start,
    const struct process *q, usec_t q_start)
{
	if (p->pid != q->pid)
		return p->pid < q->pid ? -1 : 1;
	if (p_start != q_start)
		return p_start < q_start ? -1 : 1;
	if (p->starttime_ticks != q->starttime_ticks)
		return p->starttime_ticks < q->starttime_ticks ? -1 : 1;
	return 0;
}

int
bootlog_cmp_proc(const void *a, const void *b)
{
	const struct process *p = *(struct process *const *)a;
	const struct process *q = *(struct process *const *)b;

	return process_order(p, p->start_us, q, q->start_us);
}

/* Start, duration and the active flag from the samples (docs/tree.md step 1). */
static void
finish_process(struct process *p, usec_t period)
{
	size_t i, busy = 0;
	const struct proc_sample *s;

	if (p->nsamples == 0) {
		p->duration_us = 0;
		p->active = 0;
		return;
	}
	if (p->samples[0].time_us < p->start_us)
		p->start_us = p->samples[0].time_us;
	p->duration_us = p->samples[p->nsamples - 1].time_us - p->start_us +
	    period;
	for (i = 0; i < p->nsamples; i++) {
		s = &p->samples[i];
		if (s->user + s->sys > 0 || s->state == PS_WAITING)
			busy++;
	}
	p->active = busy > 2;
}

int
bootlog_finish(struct bootlog *t, struct diag *d)
{
	size_t i;

	d->line = 0;	/* about the whole log: the file is the input's name */
	/* A trace alone has its processes once its model is applied. */
	if (t->nprocs == 0 && t->ps_source != PS_TRACE)
		return diag_error(d, "no process data (proc_ps.log or "
		    "taskstats.log missing or empty)");
	for (i = 0; i < t->nprocs; i++)
		finish_process(t->procs[i], t->sample_period_us);
	/* A trace alone has none yet, and no array to sort. */
	if (t->nprocs > 0)
		qsort(t->procs, t->nprocs, sizeof(*t->procs),
		    bootlog_cmp_proc);
	return 0;
}

void
bootlog_disk_bytes(const struct bootlog *t, double *read, double *written)
{
	double sec;
	size_t i;

	*read = *written = 0;
	for (i = 0; i < t->ndisk; i++) {
		sec = (double)t->disk[i].interval_us / USEC_PER_SEC;
		/* Garbage (negative, NaN, inf) counts as 0, as in the chart. */
		if (isfinite(t->disk[i].read_bps) && t->disk[i].read_bps > 0)
			*read += t->disk[i].read_bps * sec;
		if (isfinite(t->disk[i].write_bps) && t->disk[i].write_bps > 0)
			*written += t->disk[i].write_bps * sec;
	}
}

int
busy_covers(const struct busy_series *bs, usec_t a, usec_t b)
{
	return bs->n > 0 && bs->step_us > 0 && a >= bs->t0_us &&
	    b <= bs->t0_us + (usec_t)bs->n * bs->step_us;
}

size_t
busy_first(const struct busy_series *bs, usec_t a)
{
	return a <= bs->t0_us ? 0 : (size_t)((a - bs->t0_us) / bs->step_us);
}

int
busy_part(const struct busy_series *bs, size_t k, usec_t a, usec_t b,
    usec_t *x0, usec_t *x1)
{
	if (k >= bs->n)
		return 0;
	*x0 = bs->t0_us + (usec_t)k * bs->step_us;
	if (*x0 >= b)
		return 0;
	*x1 = *x0 + bs->step_us;
	if (*x0 < a)
		*x0 = a;
	if (*x1 > b)
		*x1 = b;
	return 1;
}
