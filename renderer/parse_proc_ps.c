/* parse_proc_ps.c: proc_ps.log (timed blocks of /proc/PID/stat lines) into processes and samples. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "linesplit.h"
#include "logfiles.h"
#include "parse.h"
#include "pidstat.h"
#include "trace.h"

/* Bad data lines reported one by one; the rest only counted. */
#define PS_WARN_MAX 5

struct ps_parser {
	struct trace *t;
	struct diag *d;
	struct linesplit ls;
	int64_t block_ms;	/* time of the current block */
	int64_t prev_ms;	/* time of the block before it */
	long block_no;		/* counts accepted blocks from 1 */
	int expect_stamp;	/* at the start or after a blank line */
	int skipping;		/* inside a dropped block */
	long nbad;		/* data lines skipped as unreadable */
};

/* Kernel state letters as drawn (see docs/tree.md). */
static char
map_state(char c)
{
	switch (c) {
	case 'R': case 'S': case 'D': case 'Z': case 'T':
		return c;
	case 't':
		return PS_STOPPED;
	case 'I':
		return PS_SLEEPING;
	case 'X':
		return PS_ZOMBIE;
	default:
		return PS_OTHER;
	}
}

/* A time stamp line: only digits (trailing blanks already cut). */
static int
is_stamp(const char *s, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

static int
on_stamp(struct ps_parser *ps, const char *s, size_t n)
{
	struct trace *t = ps->t;
	int64_t v = 0;
	size_t i;

	if (n > 15)
		return diag_error(ps->d, "time stamp %.*s out of range",
		    (int)n, s);
	for (i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	v *= MS_PER_JIFFY;
	ps->expect_stamp = 0;
	if (ps->block_no > 0 && v <= ps->block_ms) {
		diag_warn(ps->d, "time stamp %.*s does not advance; "
		    "block dropped", (int)n, s);
		ps->skipping = 1;
		return 0;
	}
	if (cap_check(ps->d, (size_t)ps->block_no, CAP_BLOCKS,
	    "sample blocks") != 0)
		return -1;
	ps->skipping = 0;
	ps->prev_ms = ps->block_ms;
	ps->block_ms = v;
	if (ps->block_no == 0)
		t->ps_first_ms = v;
	t->ps_last_ms = v;
	ps->block_no++;
	t->ps_blocks = ps->block_no;
	return 0;
}

/* CPU use over the last interval as a fraction of one CPU. */
static float
load(uint64_t now, uint64_t before, int64_t interval_ms)
{
	if (now <= before || interval_ms <= 0)
		return 0;
	return (float)((double)(now - before) * MS_PER_JIFFY /
	    (double)interval_ms);
}

static int
add_sample(struct ps_parser *ps, struct process *p, const struct pidstat *st)
{
	struct proc_sample s;
	float sum;

	s.time_ms = ps->block_ms;
	s.state = map_state(st->state);
	s.user = load(st->utime, p->last_utime, ps->block_ms - ps->prev_ms);
	s.sys = load(st->stime, p->last_stime, ps->block_ms - ps->prev_ms);
	sum = s.user + s.sys;
	if (sum > 1) {
		s.user /= sum;
		s.sys /= sum;
	}
	return process_add_sample(p, &s);
}

static struct process *
new_process(struct ps_parser *ps, const struct pidstat *st)
{
	struct process *p;
	int64_t start = ps->block_ms;

	/* Checked before multiplying: a huge starttime overflowed here. */
	if (st->starttime <= (uint64_t)(INT64_MAX / MS_PER_JIFFY) &&
	    (int64_t)st->starttime * MS_PER_JIFFY < start)
		start = (int64_t)st->starttime * MS_PER_JIFFY;
	if ((p = trace_new_process(ps->t, st->pid, st->comm)) == NULL) {
		diag_error_status(ps->d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	p->ppid = st->ppid;
	p->start_ms = start;
	p->starttime_ticks = st->starttime;
	return p;
}

static int
on_data(struct ps_parser *ps, const char *s, size_t n)
{
	struct pidstat st;
	struct process *p;
	const char *why;

	if (pidstat_parse(s, n, &st, &why) != 0) {
		/* The Java parser skipped PID 0 lines; so do we, quietly. */
		if (n >= 2 && s[0] == '0' && s[1] == ' ')
			return 0;
		if (++ps->nbad <= PS_WARN_MAX)
			diag_warn(ps->d, "unreadable process line skipped (%s)",
			    why);
		return 0;
	}
	p = trace_find_pid(ps->t, st.pid);
	/* A different start time is a new process reusing the PID. */
	if (p != NULL && p->starttime_ticks != st.starttime)
		p = NULL;
	if (p == NULL && (cap_check(ps->d, ps->t->nprocs, CAP_PROCS,
	    "processes") != 0 || (p = new_process(ps, &st)) == NULL))
		return -1;
	if (p->last_seen_block == ps->block_no)
		return 0;	/* the same PID twice in one block */
	if (p->has_last && cap_check(ps->d, ps->t->nsamples_all, CAP_SAMPLES,
	    "process samples") != 0)
		return -1;
	if (p->has_last && add_sample(ps, p, &st) != 0)
		return diag_error_status(ps->d, EXIT_NOMEM, "out of memory");
	if (p->has_last)
		ps->t->nsamples_all++;
	if (process_set_name(p, st.comm) != 0)
		return diag_error_status(ps->d, EXIT_NOMEM, "out of memory");
	p->last_utime = st.utime;
	p->last_stime = st.stime;
	p->last_seen_block = ps->block_no;
	p->has_last = 1;
	return 0;
}

static int
on_line(void *arg, const char *s, size_t n, long lineno)
{
	struct ps_parser *ps = arg;

	ps->d->line = lineno;
	while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ' ||
	    s[n - 1] == '\t'))
		n--;
	if (n == 0) {
		ps->expect_stamp = 1;
		return 0;
	}
	if (is_stamp(s, n))
		return on_stamp(ps, s, n);
	if (ps->expect_stamp)
		return diag_error(ps->d, "expected a time stamp (jiffies), "
		    "got \"%.*s\"", n > 40 ? 40 : (int)n, s);
	if (ps->skipping)
		return 0;
	return on_data(ps, s, n);
}

static void *
ps_begin(struct trace *t, struct diag *d)
{
	struct ps_parser *ps;

	if ((ps = calloc(1, sizeof(*ps))) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	ps->t = t;
	ps->d = d;
	ps->expect_stamp = 1;
	linesplit_init(&ps->ls, on_line, ps);
	t->ps_source = 1;
	return ps;
}

static int
ps_feed(void *state, const void *buf, size_t len)
{
	struct ps_parser *ps = state;

	return linesplit_feed_diag(&ps->ls, buf, len, ps->d);
}

static int
ps_end(void *state)
{
	struct ps_parser *ps = state;

	if (linesplit_end_diag(&ps->ls, ps->d) != 0)
		return -1;
	ps->d->line = 0;
	if (ps->nbad > PS_WARN_MAX)
		diag_warn(ps->d, "%ld unreadable process lines skipped in all",
		    ps->nbad);
	if (ps->block_no == 1)
		diag_warn(ps->d, "only one sample block: processes have no "
		    "duration");
	return 0;
}

static void
ps_release(void *state)
{
	struct ps_parser *ps = state;

	if (ps == NULL)
		return;
	linesplit_free(&ps->ls);
	free(ps);
}

const struct logkind_ops ops_proc_ps = {
	ps_begin, ps_feed, ps_end, ps_release
};
