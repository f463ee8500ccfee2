/* taskstats.c: bootchart2 taskstats.log -> processes, when there is no proc_ps.log. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "parse.h"
#include "pidstat.h"
#include "tblock.h"

#define TS_TOKENS_MAX 24	/* a 15-byte comm has at most 8 words */
#define NS_PER_US 1000.0

/*
 * Lines are "pid ppid comm cpu_run_real_total blkio_delay_total
 * swapin_delay_total" (ns), written only when a counter changed.  The
 * state letter is made up: R when CPU time grew, else D when it waited
 * for I/O or swap, else S.
 */
/* What the parser remembers of a process between blocks. */
struct ts_last {
	uint64_t cpu;		/* cpu_run_real_total at the last line, ns */
	uint64_t wait;		/* blkio + swapin delay totals, ns */
};

struct ts_state {
	struct tblock_log log;	/* first: see tblock.h */
	int skip;		/* proc_ps.log was read: it wins */
	usec_t time_us, prev_us;
	int have_prev;
	long bad;
	struct ts_last *last;	/* indexed by struct process's seq */
	size_t last_cap;
};

struct tok {
	const char *p;
	size_t n;
};

static size_t
tokenize(const char *line, size_t len, struct tok *tv, size_t max)
{
	const char *p = line, *end = line + len, *s;
	size_t n = 0;

	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end)
			return n;
		if (n == max)
			return max + 1;
		s = p;
		while (p < end && *p != ' ' && *p != '\t')
			p++;
		tv[n].p = s;
		tv[n].n = (size_t)(p - s);
		n++;
	}
}

static int
tok_number(const struct tok *tk, uint64_t *v)
{
	const char *p = tk->p;

	return tblock_number(&p, tk->p + tk->n, v) == 0 && p == tk->p + tk->n
	    ? 0 : -1;
}

static int
ts_begin_block(void *arg, usec_t time_us)
{
	struct ts_state *s = arg;
	struct bootlog *t = s->log.t;
	struct logparse *lp = s->log.lp;

	if (s->skip)
		return 0;
	if (lp->ps_blocks == 0)
		t->ps_first_us = time_us;
	t->ps_last_us = time_us;
	lp->ps_blocks++;
	s->prev_us = s->time_us;
	s->have_prev = lp->ps_blocks > 1;
	s->time_us = time_us;
	return 0;
}

static void
malformed(struct ts_state *s)
{
	if (s->bad++ == 0)
		diag_warn(s->log.d, "expected 'pid ppid comm cpu_ns blkio_ns "
		    "swapin_ns'; line ignored");
}

/* "(name)" -> "name"; spaces inside a comm survive. */
static void
comm_of(const struct tok *first, const struct tok *last, char *out)
{
	const char *p = first->p, *end = last->p + last->n;
	size_t n;

	if (end - p >= 2 && *p == '(' && end[-1] == ')') {
		p++;
		end--;
	}
	n = (size_t)(end - p);
	if (n >= PIDSTAT_COMM_MAX)
		n = PIDSTAT_COMM_MAX - 1;
	memcpy(out, p, n);
	out[n] = '\0';
}

static int
add_sample(struct ts_state *s, struct process *p, const struct ts_last *last,
    uint64_t cpu, uint64_t wait)
{
	struct proc_sample ps;
	double interval_ns = (double)(s->time_us - s->prev_us) * NS_PER_US;
	uint64_t dcpu = cpu > last->cpu ? cpu - last->cpu : 0;
	uint64_t dwait = wait > last->wait ? wait - last->wait : 0;

	if (interval_ns <= 0)
		return 0;
	memset(&ps, 0, sizeof(ps));
	ps.time_us = s->time_us;
	ps.interval_ms = sample_interval(s->time_us - s->prev_us);
	ps.user = (float)((double)dcpu / interval_ns);
	if (ps.user > 1.0f)
		ps.user = 1.0f;	/* threads on several CPUs */
	ps.state = dcpu > 0 ? PS_RUNNING : dwait > 0 ? PS_WAITING : PS_SLEEPING;
	if (cap_check(s->log.d, s->log.lp->nsamples, CAP_SAMPLES,
	    "process samples") != 0)
		return -1;
	if (process_add_sample(p, &ps) != 0)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	s->log.lp->nsamples++;
	return 0;
}

/* A process first seen in this block, with a slot for its state. */
static struct process *
new_process(struct ts_state *s, uint64_t pid, uint64_t ppid, const char *comm)
{
	struct bootlog *t = s->log.t;
	struct process *p;

	if (cap_check(s->log.d, t->nprocs, CAP_PROCS, "processes") != 0)
		return NULL;
	if (logparse_count_name(s->log.lp, s->log.d, comm) != 0)
		return NULL;
	if ((p = bootlog_new_process(t, (int64_t)pid, comm)) == NULL ||
	    grow_reserve((void **)&s->last, &s->last_cap, p->seq + 1,
	    sizeof(*s->last)) != 0) {
		diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	p->ppid = (int64_t)ppid;
	p->start_us = s->time_us;
	return p;
}

static int
ts_line(void *arg, const char *line, size_t len)
{
	struct ts_state *s = arg;
	struct tok tv[TS_TOKENS_MAX];
	uint64_t pid, ppid, cpu, blkio, swapin;
	char comm[PIDSTAT_COMM_MAX];
	struct process *p;
	size_t n;

	if (s->skip)
		return 0;
	n = tokenize(line, len, tv, TS_TOKENS_MAX);
	if (n < 6 || n > TS_TOKENS_MAX || tok_number(&tv[0], &pid) != 0 ||
	    tok_number(&tv[1], &ppid) != 0 || tok_number(&tv[n - 3], &cpu) != 0 ||
	    tok_number(&tv[n - 2], &blkio) != 0 ||
	    tok_number(&tv[n - 1], &swapin) != 0) {
		malformed(s);
		return 0;
	}
	if (pid == 0)
		return 0;
	comm_of(&tv[2], &tv[n - 4], comm);
	if ((p = bootlog_find_pid(s->log.t, (int64_t)pid)) == NULL) {
		if ((p = new_process(s, pid, ppid, comm)) == NULL)
			return -1;
		/*
		 * Not in the block before: it began since, and its counters
		 * are all its own work in this interval (in the first block
		 * they cover a time before logging: no sample then).
		 */
		memset(&s->last[p->seq], 0, sizeof(s->last[p->seq]));
		if (s->have_prev && add_sample(s, p, &s->last[p->seq], cpu,
		    blkio + swapin) != 0)
			return -1;
	} else {
		if (strcmp(p->name, comm) != 0 &&
		    logparse_count_name(s->log.lp, s->log.d, comm) != 0)
			return -1;
		if (process_set_name(p, comm) != 0)
			return diag_error_status(s->log.d, EXIT_NOMEM,
			    "out of memory");
		if (s->have_prev && add_sample(s, p, &s->last[p->seq], cpu,
		    blkio + swapin) != 0)
			return -1;
	}
	s->last[p->seq].cpu = cpu;
	s->last[p->seq].wait = blkio + swapin;
	return 0;
}

static const struct tblock_cb ts_cb = { ts_begin_block, ts_line, NULL, 0 };

static void *
ts_open(struct logparse *lp, struct diag *d)
{
	struct ts_state *s;

	if ((s = tblock_log_open(sizeof(*s), &ts_cb, lp, d)) == NULL)
		return NULL;
	if (lp->log->ps_source == PS_PROC_PS) {
		s->skip = 1;
		diag_info(d, "%s: proc_ps.log already read; ignored", d->file);
	} else {
		lp->log->ps_source = PS_TASKSTATS;
	}
	return s;
}

static int
ts_feed(void *state, const void *buf, size_t len)
{
	struct ts_state *s = state;

	if (s->skip)
		return 0;
	return tblock_log_feed(s, buf, len);
}

static int
ts_end(void *state)
{
	struct ts_state *s = state;

	if (s->skip)
		return 0;
	if (tblock_log_end(s) != 0)
		return -1;
	if (s->bad > 1) {
		s->log.d->line = 0;
		diag_warn(s->log.d, "%ld malformed lines ignored", s->bad);
	}
	return 0;
}

static void
ts_release(void *state)
{
	struct ts_state *s = state;

	if (s != NULL)
		free(s->last);
	tblock_log_free(s);
}

const struct logkind_ops ops_taskstats = {
	ts_open, ts_feed, ts_end, ts_release
};
