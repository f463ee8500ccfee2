/* proc_stat.c: proc_stat.log -> system CPU samples (user, sys, I/O wait). */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "parse.h"
#include "tblock.h"

/*
 * user nice system idle iowait irq softirq steal: guest and guest_nice
 * come after these and are already counted in user and nice, so they
 * stay out of the total.
 */
#define STAT_FIELDS 8

struct stat_state {
	struct tblock_log log;	/* first: see tblock.h */
	uint64_t prev[STAT_FIELDS], cur[STAT_FIELDS];
	int have_prev;
	int seen_cpu;		/* the current block had its "cpu " line */
	usec_t time_us;
	usec_t prev_us;	/* the block `prev` is from */
};

static int
stat_begin_block(void *arg, usec_t time_us)
{
	struct stat_state *s = arg;

	s->time_us = time_us;
	s->seen_cpu = 0;
	return 0;
}

/* A counter that went down (a reset) counts as no change. */
static double
delta(uint64_t now, uint64_t before)
{
	return now > before ? (double)(now - before) : 0.0;
}

static double
clamp01(double v)
{
	if (v < 0.0)
		return 0.0;
	return v > 1.0 ? 1.0 : v;
}

static int
add_sample(struct stat_state *s)
{
	struct bootlog *t = s->log.t;
	struct cpu_sample *c;
	double total = 0.0;
	int i;

	for (i = 0; i < STAT_FIELDS; i++)
		total += delta(s->cur[i], s->prev[i]);
	if (total <= 0.0)
		return 0;	/* no tick passed: nothing to show */
	if (grow_reserve((void **)&t->cpu, &t->cpu_cap, t->ncpu + 1,
	    sizeof(*t->cpu)) != 0)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	c = &t->cpu[t->ncpu++];
	c->time_us = s->time_us;
	c->interval_us = s->time_us - s->prev_us;
	c->user = clamp01((delta(s->cur[0], s->prev[0]) +
	    delta(s->cur[1], s->prev[1])) / total);
	c->sys = clamp01((delta(s->cur[2], s->prev[2]) +
	    delta(s->cur[5], s->prev[5]) + delta(s->cur[6], s->prev[6])) / total);
	c->io = clamp01(delta(s->cur[4], s->prev[4]) / total);
	return 0;
}

static int
stat_line(void *arg, const char *line, size_t len)
{
	struct stat_state *s = arg;
	const char *p = line + 3, *end = line + len;
	int n = 0;

	if (s->seen_cpu || len < 4 || memcmp(line, "cpu", 3) != 0 ||
	    (line[3] != ' ' && line[3] != '\t'))
		return 0;
	s->seen_cpu = 1;
	memset(s->cur, 0, sizeof(s->cur));
	while (n < STAT_FIELDS && tblock_number(&p, end, &s->cur[n]) == 0)
		n++;
	if (n < 4) {
		diag_warn(s->log.d, "cpu line has %d fields, expected at "
		    "least 4; block skipped", n);
		return 0;
	}
	if (s->have_prev && add_sample(s) != 0)
		return -1;
	memcpy(s->prev, s->cur, sizeof(s->prev));
	s->prev_us = s->time_us;
	s->have_prev = 1;
	return 0;
}

static const struct tblock_cb stat_cb = {
	stat_begin_block, stat_line, NULL, 0
};

static void *
stat_open(struct logparse *lp, struct diag *d)
{
	return tblock_log_open(sizeof(struct stat_state), &stat_cb, lp, d);
}

const struct logkind_ops ops_proc_stat = {
	stat_open, tblock_log_feed, tblock_log_end, tblock_log_free
};
