/* proc_ps.c: proc_ps.log (timed blocks of /proc/PID/stat lines) into processes and samples. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "logfiles.h"
#include "parse.h"
#include "pidstat.h"
#include "tblock.h"

/* Bad data lines reported one by one; the rest only counted. */
#define PS_WARN_MAX 5

/* What the parser remembers of a process between blocks. */
struct ps_last {
	uint64_t utime, stime;	/* CPU counters at the block it was last seen */
	long seen_block;	/* that block's number; 0: not seen yet */
};

struct ps_parser {
	struct tblock_log log;	/* first: see tblock.h */
	usec_t block_us;	/* time of the current block */
	usec_t prev_us;	/* time of the block before it */
	long block_no;		/* counts accepted blocks from 1 */
	struct ps_last *last;	/* indexed by struct process's seq */
	size_t last_cap;
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

static int
ps_begin_block(void *arg, usec_t time_us)
{
	struct ps_parser *ps = arg;
	struct bootlog *t = ps->log.t;

	ps->prev_us = ps->block_us;
	ps->block_us = time_us;
	if (ps->block_no == 0)
		t->ps_first_us = time_us;
	t->ps_last_us = time_us;
	ps->block_no++;
	ps->log.lp->ps_blocks = ps->block_no;
	return 0;
}

/* CPU use over the last interval as a fraction of one CPU. */
static float
load(uint64_t now, uint64_t before, usec_t interval)
{
	if (now <= before || interval <= 0)
		return 0;
	return (float)((double)(now - before) * USEC_PER_JIFFY /
	    (double)interval);
}

static int
add_sample(struct ps_parser *ps, struct process *p, const struct ps_last *last,
    const struct pidstat *st)
{
	struct proc_sample s;
	float sum;

	s.time_us = ps->block_us;
	s.state = map_state(st->state);
	s.interval_ms = sample_interval(ps->block_us - ps->prev_us);
	s.user = load(st->utime, last->utime, ps->block_us - ps->prev_us);
	s.sys = load(st->stime, last->stime, ps->block_us - ps->prev_us);
	sum = s.user + s.sys;
	if (sum > 1) {
		s.user /= sum;
		s.sys /= sum;
	}
	return process_add_sample(p, &s);
}

/* A new process, with a slot for its state; NULL with the diag set. */
static struct process *
new_process(struct ps_parser *ps, const struct pidstat *st)
{
	struct process *p;
	usec_t start = ps->block_us;

	if (cap_check(ps->log.d, ps->log.t->nprocs, CAP_PROCS,
	    "processes") != 0)
		return NULL;
	/* Checked before multiplying: a huge starttime overflowed here. */
	if (st->starttime <= (uint64_t)(INT64_MAX / USEC_PER_JIFFY) &&
	    (usec_t)st->starttime * USEC_PER_JIFFY < start)
		start = (usec_t)st->starttime * USEC_PER_JIFFY;
	if (logparse_count_name(ps->log.lp, ps->log.d, st->comm) != 0)
		return NULL;
	if ((p = bootlog_new_process(ps->log.t, st->pid, st->comm)) == NULL ||
	    grow_reserve((void **)&ps->last, &ps->last_cap, p->seq + 1,
	    sizeof(*ps->last)) != 0) {
		diag_error_status(ps->log.d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	memset(&ps->last[p->seq], 0, sizeof(*ps->last));
	p->ppid = st->ppid;
	p->start_us = start;
	p->starttime_ticks = st->starttime;
	return p;
}

/*
 * The programs an initramfs execs as PID 1 to change to the real root
 * (initramfs-tools' klibc run-init, busybox's and util-linux's
 * switch_root): the switch happens while PID 1 carries one of these names.
 */
static int
switcher(const char *comm)
{
	return strcmp(comm, "run-init") == 0 || strcmp(comm, "switch_root") == 0;
}

static int
ps_line(void *arg, const char *s, size_t n)
{
	struct ps_parser *ps = arg;
	struct bootlog *t = ps->log.t;
	struct pidstat st;
	struct process *p;
	struct ps_last *last;
	const char *why;

	if (pidstat_parse(s, n, &st, &why) != 0) {
		/* The Java parser skipped PID 0 lines; so do we, quietly. */
		if (n >= 2 && s[0] == '0' && s[1] == ' ')
			return 0;
		if (++ps->nbad <= PS_WARN_MAX)
			diag_warn(ps->log.d, "unreadable process line skipped "
			    "(%s)", why);
		return 0;
	}
	p = bootlog_find_pid(t, st.pid);
	/* A different start time is a new process reusing the PID. */
	if (p != NULL && p->starttime_ticks != st.starttime)
		p = NULL;
	if (p == NULL && (p = new_process(ps, &st)) == NULL)
		return -1;
	last = &ps->last[p->seq];
	if (last->seen_block == ps->block_no)
		return 0;	/* the same PID twice in one block */
	if (last->seen_block > 0) {
		if (cap_check(ps->log.d, ps->log.lp->nsamples, CAP_SAMPLES,
		    "process samples") != 0)
			return -1;
		if (add_sample(ps, p, last, &st) != 0)
			return diag_error_status(ps->log.d, EXIT_NOMEM,
			    "out of memory");
		ps->log.lp->nsamples++;
	}
	if (strcmp(p->name, st.comm) != 0) {
		if (logparse_count_name(ps->log.lp, ps->log.d, st.comm) != 0)
			return -1;
		if (process_set_name(p, st.comm) != 0)
			return diag_error_status(ps->log.d, EXIT_NOMEM,
			    "out of memory");
	}
	if (st.pid == 1 && !t->pid1_switched && switcher(st.comm)) {
		t->pid1_switched = 1;
		t->pid1_switch_us = ps->block_us;
	}
	last->utime = st.utime;
	last->stime = st.stime;
	last->seen_block = ps->block_no;
	return 0;
}

/* Old loggers copied names with newlines as they were: resume. */
static const struct tblock_cb ps_cb = { ps_begin_block, ps_line, NULL, 1 };

static void *
ps_open(struct logparse *lp, struct diag *d)
{
	struct ps_parser *ps;

	if ((ps = tblock_log_open(sizeof(*ps), &ps_cb, lp, d)) == NULL)
		return NULL;
	lp->log->ps_source = PS_PROC_PS;
	return ps;
}

static int
ps_end(void *state)
{
	struct ps_parser *ps = state;

	if (tblock_log_end(ps) != 0)
		return -1;
	ps->log.d->line = 0;
	if (ps->nbad > PS_WARN_MAX)
		diag_warn(ps->log.d, "%ld unreadable process lines skipped in "
		    "all", ps->nbad);
	if (ps->block_no == 1)
		diag_warn(ps->log.d, "only one sample block: processes have "
		    "no duration");
	return 0;
}

static void
ps_release(void *state)
{
	struct ps_parser *ps = state;

	if (ps != NULL)
		free(ps->last);
	tblock_log_free(ps);
}

const struct logkind_ops ops_proc_ps = {
	ps_open, tblock_log_feed, ps_end, ps_release
};
