/* tracecrit.c: a traced log's critical path into the model (bootlog's crit), in µs of uptime, for --json and --summary (docs/critical-path.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "critpath.h"
#include "logparse.h"

static void
fill(struct crit_seg *s, const struct critpath *c, int cat, int pid,
    uint32_t proc, const struct bootlog *t)
{
	s->cat = cpath_cat_name(cat);
	s->pid = pid;
	snprintf(s->name, sizeof(s->name), "%s",
	    critpath_name(c, proc, pid, t->trace));
}

/* The walk's segments and sums copied into t->crit; 0, or -1 (no memory). */
static int
copy(struct bootlog *t, const struct critpath *c)
{
	struct crit_path *m = &t->crit;
	const struct cpseg *s;
	size_t i;

	if ((c->cp.n > 0 && (m->seg = calloc(c->cp.n,
	    sizeof(*m->seg))) == NULL) || (c->nsum > 0 &&
	    (m->sum = calloc(c->nsum, sizeof(*m->sum))) == NULL))
		return -1;
	for (i = 0; i < c->cp.n; i++) {
		s = &c->cp.v[i];
		fill(&m->seg[i], c, s->cat, s->pid, s->proc, t);
		m->seg[i].start_us = critpath_uptime_us(c, s->start_ns);
		m->seg[i].end_us = critpath_uptime_us(c, s->end_ns);
	}
	for (i = 0; i < c->nsum; i++) {
		fill(&m->sum[i], c, c->sum[i].cat, c->sum[i].pid,
		    c->sum[i].proc, t);
		m->sum[i].end_us = c->sum[i].ns / 1000;
	}
	m->nseg = c->cp.n;
	m->nsum = c->nsum;
	m->pid = c->pid;
	snprintf(m->name, sizeof(m->name), "%s",
	    critpath_name(c, c->proc, c->pid, t->trace));
	m->why = c->why;
	m->start_us = critpath_uptime_us(c, c->cp.start_ns);
	m->end_us = critpath_uptime_us(c, c->cp.end_ns);
	m->unexplained_us = c->unexplained_ns / 1000;
	m->have = 1;
	return 0;
}

int
logparse_trace_crit(struct bootlog *t, const struct tboot *tb,
    struct diag *d)
{
	struct critpath c;
	int r;

	memset(&c, 0, sizeof(c));
	free(t->crit.seg);
	free(t->crit.sum);
	t->crit.seg = t->crit.sum = NULL;
	t->crit.nseg = t->crit.nsum = 0;
	t->crit.have = 0;
	if ((r = critpath_run(&c, tb, t, t->crit.want_pid, d)) == 0 &&
	    copy(t, &c) != 0)
		r = diag_error_status(d, EXIT_NOMEM, "out of memory");
	critpath_free(&c);
	return r < 0 ? -1 : 0;
}
