/* pacct.c: kernel_pacct (BSD process accounting v3) into fork records and each process's CPU time, and the exit records' CPU times (its and taskstats_exit.log's) onto their processes. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "logparse.h"
#include "parse.h"
#include "bootlog.h"

#define ACCT_SIZE 64		/* one v3 record */
#define ACCT_VERSION 3
#define ACCT_BIG_ENDIAN 0x80	/* in the version byte */
#define ACCT_PID_OFF 16
#define ACCT_PPID_OFF 20
#define ACCT_UTIME_OFF 32	/* comp_t, AHZ units */
#define ACCT_STIME_OFF 34
#define ACCT_COMM_OFF 48
#define ACCT_COMM_LEN 16
#define ACCT_AHZ 100		/* the kernel's AHZ: comp_t ticks per second */
/* Samples' rounding against a record's: two of its ticks. */
#define ACCT_SLACK_US (2 * USEC_PER_SEC / ACCT_AHZ)

struct pacct_parser {
	struct bootlog *t;
	struct diag *d;
	unsigned char rec[ACCT_SIZE];	/* a record split across feeds */
	size_t have;
	long nrec;		/* records seen, for messages */
	long nskipped;		/* records of another version */
};

static uint32_t
get32(const unsigned char *p, int big)
{
	if (big)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		    (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[1] << 8 | p[0];
}

static uint32_t
get16(const unsigned char *p, int big)
{
	return big ? (uint32_t)p[0] << 8 | p[1] : (uint32_t)p[1] << 8 | p[0];
}

/* comp_t: a 13-bit mantissa and a base-8 exponent in the top 3 bits. */
static usec_t
comp_us(uint32_t v)
{
	uint64_t ticks = (uint64_t)(v & 0x1fff) << (3 * ((v >> 13) & 7));

	return (usec_t)(ticks * (USEC_PER_SEC / ACCT_AHZ));
}

static int
record(struct pacct_parser *pp, const unsigned char *r)
{
	int big = (r[1] & ACCT_BIG_ENDIAN) != 0;
	const char *comm = (const char *)r + ACCT_COMM_OFF;

	pp->nrec++;
	if ((r[1] & 0x7f) != ACCT_VERSION) {
		/* Another format: its fields are elsewhere, so skip it. */
		if (pp->nskipped++ == 0)
			diag_warn(pp->d, "record %ld: accounting version %d, "
			    "not 3; skipped", pp->nrec, r[1] & 0x7f);
		return 0;
	}
	if (cap_check(pp->d, pp->t->nforks, CAP_FORKS, "fork records") != 0)
		return -1;
	if (bootlog_add_fork(pp->t, get32(r + ACCT_PID_OFF, big),
	    get32(r + ACCT_PPID_OFF, big)) != 0 ||
	    bootlog_add_acct(pp->t, get32(r + ACCT_PID_OFF, big),
	    comp_us(get16(r + ACCT_UTIME_OFF, big)) +
	    comp_us(get16(r + ACCT_STIME_OFF, big)), comm,
	    strnlen(comm, ACCT_COMM_LEN)) != 0)
		return diag_error_status(pp->d, EXIT_NOMEM, "out of memory");
	return 0;
}

/* The CPU time a process's samples add up to. */
static usec_t
sampled_us(const struct process *p)
{
	double us = 0;
	size_t i;

	for (i = 0; i < p->nsamples; i++)
		us += (double)(p->samples[i].user + p->samples[i].sys) *
		    (double)sample_interval_us(&p->samples[i]);
	return (usec_t)us;
}

static int
by_pid(const void *a, const void *b)
{
	const struct acct_rec *x = *(const struct acct_rec *const *)a;
	const struct acct_rec *y = *(const struct acct_rec *const *)b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return strcmp(x->comm, y->comm);
}

/* The first of v's n records (sorted) with p's PID and name, or n. */
static size_t
find(struct acct_rec **v, size_t n, const struct process *p)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid]->pid < p->pid || (v[mid]->pid == p->pid &&
		    strncmp(v[mid]->comm, p->name, ACCT_COMM_LEN - 1) < 0))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n && v[lo]->pid == p->pid &&
	    strncmp(v[lo]->comm, p->name, ACCT_COMM_LEN - 1) == 0)
		return lo;
	return n;
}

/* Thread groups together, each group's own task first. */
static int
by_group(const void *a, const void *b)
{
	const struct acct_rec *x = a, *y = b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	return y->leader - x->leader;
}

/*
 * taskstats_exit.log has a record per task: a group's other threads'
 * run time goes to its own task's record, which then stands for the
 * process.  A group without its own record (still running at the end)
 * or with several (a reused PID: whose threads?) keeps no threads.
 */
static void
fold_threads(struct acct_rec *v, size_t n)
{
	size_t i, j, k, leaders;

	if (n == 0)
		return;
	qsort(v, n, sizeof(*v), by_group);
	for (i = 0; i < n; i = j) {
		leaders = 0;
		for (j = i; j < n && v[j].pid == v[i].pid; j++)
			leaders += v[j].leader != 0;
		for (k = i + leaders; k < j; k++) {
			if (leaders == 1)
				v[i].cpu_us += v[k].cpu_us;
			v[k].pid = -1;
		}
	}
}

/*
 * Each process's one record of v (n of them, leaders only), if it has
 * one: its CPU time through set (pacct's or taskstats'), 0 or -1.
 */
static int
apply(struct bootlog *t, struct acct_rec *recs, size_t n, int exact,
    struct diag *d)
{
	struct acct_rec **v;
	struct process *p;
	size_t i, k, m = 0;

	if ((v = calloc(n > 0 ? n : 1, sizeof(*v))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	for (i = 0; i < n; i++)
		if (recs[i].pid >= 0 && recs[i].leader)
			v[m++] = &recs[i];
	qsort(v, m, sizeof(*v), by_pid);
	for (i = 0; i < t->nprocs; i++) {
		p = t->procs[i];
		k = find(v, m, p);
		/* A PID reused under the same name: whose record is whose? */
		if (k == m || (k + 1 < m && by_pid(&v[k], &v[k + 1]) == 0))
			continue;
		/*
		 * The samples count the time from the first to the last (from
		 * /proc, scaled to the scheduler's run time; the record counts
		 * ticks): a record with much less is another process's, one
		 * that exited before this one, still running at the log's
		 * end, took its PID.
		 */
		if (2 * v[k]->cpu_us + ACCT_SLACK_US < sampled_us(p))
			continue;
		if (exact) {
			p->texit = 1;
			p->texit_cpu_us = v[k]->cpu_us;
		} else {
			p->acct = 1;
			p->acct_cpu_us = v[k]->cpu_us;
		}
	}
	free(v);
	return 0;
}

int
logparse_apply_acct(struct bootlog *t, struct diag *d)
{
	fold_threads(t->texit, t->ntexit);
	if (apply(t, t->acct, t->nacct, 0, d) != 0 ||
	    apply(t, t->texit, t->ntexit, 1, d) != 0)
		return -1;
	return 0;
}

static void *
pacct_begin(struct logparse *lp, struct diag *d)
{
	struct pacct_parser *pp;

	if ((pp = calloc(1, sizeof(*pp))) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	pp->t = lp->log;
	pp->d = d;
	lp->log->have_pacct = 1;
	return pp;
}

static int
pacct_feed(void *state, const void *buf, size_t len)
{
	struct pacct_parser *pp = state;
	const unsigned char *p = buf;
	size_t n;

	pp->d->line = 0;
	if (pp->have > 0) {
		n = ACCT_SIZE - pp->have;
		if (n > len)
			n = len;
		memcpy(pp->rec + pp->have, p, n);
		pp->have += n;
		p += n;
		len -= n;
		if (pp->have < ACCT_SIZE)
			return 0;
		pp->have = 0;
		if (record(pp, pp->rec) != 0)
			return -1;
	}
	for (; len >= ACCT_SIZE; p += ACCT_SIZE, len -= ACCT_SIZE)
		if (record(pp, p) != 0)
			return -1;
	memcpy(pp->rec, p, len);
	pp->have = len;
	return 0;
}

static int
pacct_end(void *state)
{
	struct pacct_parser *pp = state;

	if (pp->have > 0)
		diag_warn(pp->d, "%zu bytes after the last whole record "
		    "ignored", pp->have);
	if (pp->nskipped > 1)
		diag_warn(pp->d, "%ld records not of version 3 skipped in all",
		    pp->nskipped);
	return 0;
}

static void
pacct_release(void *state)
{
	free(state);
}

const struct logkind_ops ops_pacct = {
	pacct_begin, pacct_feed, pacct_end, pacct_release
};
