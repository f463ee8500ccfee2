/* critpath.c: the critical path's target (docs/critical-path.md), the walk, and the time of each (category, process) it waited on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "critpath.h"
#include "logfiles.h"
#include "tcrit.h"
#include "trace.h"

/* The newest entry of process pid: NULL when the trace has none. */
static const struct tproc *
by_pid(const struct tboot *tb, int pid)
{
	size_t i;

	for (i = tb->n; i-- > 0;)
		if (tb->v[i].pid == pid)
			return &tb->v[i];
	return NULL;
}

/*
 * The first process born in the trace, named name when one is, a child
 * of parent when parent > 0 (the header's profile.parent: another
 * `bootchartd start -- sh` beside ours runs an sh of its own).
 */
static const struct tproc *
first_born(const struct tboot *tb, const char *name, int64_t parent)
{
	const struct tproc *best = NULL, *p;
	size_t i;

	for (i = 0; i < tb->n; i++) {
		p = &tb->v[i];
		if (p->start_ns == TPROC_BEFORE ||
		    (name != NULL &&
		    strncmp(p->comm, name, sizeof(p->comm) - 1) != 0) ||
		    (parent > 0 && p->ppid != parent))
			continue;
		if (best == NULL || p->start_ns < best->start_ns)
			best = p;
	}
	return best;
}

/*
 * The last process named name (its comm, cut as the kernel cuts it):
 * of several, the one to start last.  NULL when none is.
 */
static const struct tproc *
by_comm(const struct tboot *tb, const char *name)
{
	size_t i;

	for (i = tb->n; i-- > 0;)
		if (strncmp(tb->v[i].comm, name, sizeof(tb->v[i].comm) - 1) ==
		    0)
			return &tb->v[i];
	return NULL;
}

/*
 * The process of the recording's last event: of the records (switches,
 * wakings, births, exits), the latest one's; NULL when none has one.
 */
static const struct tproc *
last_active(const struct tboot *tb)
{
	const struct tcrec *best = NULL, *r;
	size_t i;

	for (i = 0; i < tb->ncrec; i++) {
		r = &tb->crec[i];
		if (r->proc == CR_NOPROC || r->proc >= tb->n || r->tgid <= 0)
			continue;
		if (best == NULL || r->at > best->at ||
		    (r->at == best->at && r->seq > best->seq))
			best = r;
	}
	return best != NULL ? &tb->v[best->proc] : NULL;
}

/*
 * The target and where its path ends: a PID or a name asked for, at its
 * end (or the trace's); a profile's command, at its exit; a boot's
 * EXIT_PROC process, at its birth (which ended the logging); else PID 1
 * when the end condition was met (the header's bootchart.end_at), or at
 * the trace's end; a trace alone (no log around it), the process of its
 * last event, there.
 */
static const struct tproc *
target(struct critpath *c, const struct bootlog *t,
    const struct crit_target *want, int64_t *end)
{
	const char *prof = bootlog_header(t, "profile.process");
	const char *why = bootlog_header(t, "bootchart.end");
	const struct tproc *p = NULL;
	int64_t parent;
	usec_t us;

	*end = c->tb->last_ns;
	if (want->pid > 0) {
		c->why = "--critical-path-pid";
		p = by_pid(c->tb, want->pid);
	} else if (want->comm != NULL) {
		c->why = "--critical-path-comm";
		p = by_comm(c->tb, want->comm);
	} else if (prof != NULL) {
		c->why = "the profiled command's exit";
		parent = bootlog_header_pid(t, HDR_PROFILE_PARENT);
		if ((parent == 0 || (p = first_born(c->tb, prof, parent)) ==
		    NULL) && (p = first_born(c->tb, prof, 0)) == NULL)
			p = first_born(c->tb, NULL, 0);
	} else if (why != NULL && strncmp(why, "EXIT_PROC ", 10) == 0 &&
	    (p = first_born(c->tb, why + 10, 0)) != NULL) {
		c->why = "the EXIT_PROC process's start";
		*end = p->start_ns;
		return p;
	} else if (bootlog_header_us(t, "bootchart.end_at", &us) == 1 &&
	    c->tb->have_sync && (p = by_pid(c->tb, 1)) != NULL) {
		/* The end condition met (systemd's start-up finished, ...). */
		c->why = "PID 1 at the header's bootchart.end_at";
		*end = (int64_t)us * 1000;
		return p;
	} else if (t->ps_source == PS_TRACE) {
		c->why = "the recording's end (its last event's process)";
		p = last_active(c->tb);
	} else {
		c->why = "PID 1 at the trace's end";
		p = by_pid(c->tb, 1);
	}
	if (p != NULL && p->end_ns != TPROC_AFTER)
		*end = p->end_ns;
	return p;
}

/*
 * A recording bootchartd cut short ends where every CPU still has its
 * events: a target alive then did not end there, the path stops at the
 * cut and says so.
 */
static void
stop_at_cut(struct critpath *c, const struct bootlog *t, int64_t *end)
{
	if (exact_cut(t) == NULL || *end <= c->tb->whole_ns)
		return;
	*end = c->tb->whole_ns;
	c->why = "the trace's end, cut short by bootchartd before the target's";
	c->cut = 1;
}

static int
by_ns(const void *a, const void *b)
{
	const struct cpsum *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	if (x->cat != y->cat)
		return x->cat - y->cat;
	return x->pid - y->pid;
}

static int
by_cat_ns(const void *a, const void *b)
{
	const struct crit_cat *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	return x->cat - y->cat;
}

/* The per-category totals, from the per (category, process) rows. */
static void
by_category(struct critpath *c)
{
	int64_t ns[CP_COUNT] = { 0 };
	int64_t span = c->cp.end_ns - c->cp.start_ns;
	struct crit_cat *k;
	size_t i;
	int cat;

	for (i = 0; i < c->nsum; i++)
		if (c->sum[i].cat >= 0 && c->sum[i].cat < CP_COUNT)
			ns[c->sum[i].cat] += c->sum[i].ns;
	c->ncat = 0;
	for (cat = 0; cat < CP_COUNT; cat++) {
		if (ns[cat] <= 0)
			continue;
		k = &c->cat[c->ncat++];
		/* Rounded, as the text's µs, so that every report agrees. */
		*k = (struct crit_cat){ cat, cpath_cat_name(cat), ns[cat],
		    (ns[cat] + 500) / 1000, span > 0 ? 100.0 * (double)ns[cat] /
		    (double)span : 0.0 };
	}
	qsort(c->cat, c->ncat, sizeof(*c->cat), by_cat_ns);
}

/* The segments summed per (category, process): n is small, a scan each. */
static int
sum_up(struct critpath *c)
{
	const struct cpseg *s;
	int64_t total = 0;
	size_t i, k;

	if (c->cp.n > 0 && (c->sum = calloc(c->cp.n, sizeof(*c->sum))) == NULL)
		return -1;
	for (i = 0; i < c->cp.n; i++) {
		s = &c->cp.v[i];
		total += s->end_ns - s->start_ns;
		for (k = 0; k < c->nsum; k++)
			if (c->sum[k].cat == s->cat && c->sum[k].pid == s->pid)
				break;
		if (k == c->nsum)
			c->sum[c->nsum++] = (struct cpsum){ s->cat, s->pid,
			    s->proc, 0 };
		c->sum[k].ns += s->end_ns - s->start_ns;
	}
	/* An empty path has no array: qsort wants one even for 0 items. */
	if (c->nsum > 1)
		qsort(c->sum, c->nsum, sizeof(*c->sum), by_ns);
	by_category(c);
	c->unexplained_ns = c->cp.end_ns - c->cp.start_ns - total;
	return 0;
}

int
critpath_run(struct critpath *c, const struct tboot *tb,
    const struct bootlog *t, const struct crit_target *want, struct diag *d)
{
	int asked = want->pid > 0 || want->comm != NULL;
	const struct tproc *p;
	int64_t end, from;

	c->tb = tb;
	if (tb->crit_cut)
		return asked ? diag_error(d, "the trace is too big for a "
		    "critical path (docs/limits.md)") : 1;
	if ((p = target(c, t, want, &end)) == NULL && want->pid > 0)
		return diag_error(d, "no process %d in the trace", want->pid);
	if (p == NULL && want->comm != NULL)
		return diag_error(d, "no process named \"%s\" in the trace",
		    want->comm);
	if (p == NULL)
		return 1;
	stop_at_cut(c, t, &end);
	c->lost = exact_lost(c->tb, t, &c->lost_pages);
	c->pid = p->pid;
	c->proc = (uint32_t)(p - tb->v);
	/*
	 * A boot's path reaches back to the kernel's start, uptime 0, and
	 * no further: events the clock-sync marker maps before it (the
	 * trace's clock ran ahead of CLOCK_BOOTTIME) are not on it.  A
	 * trace alone is no boot: its path starts with it.
	 */
	from = tb->first_ns;
	if (bootlog_header(t, "profile.process") == NULL && tb->have_sync &&
	    t->ps_source != PS_TRACE)
		from = 0;
	if (cpath_walk(tb, p->pid, end, from, &c->cp, d) != 0)
		return -1;
	if (sum_up(c) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

const char *
critpath_name(const struct critpath *c, uint32_t proc, int pid,
    const struct tdat *td)
{
	const char *s = NULL;

	if (proc != CR_NOPROC && proc < c->tb->n)
		s = c->tb->v[proc].comm;
	if ((s == NULL || *s == '\0') && pid > 0 && td != NULL)
		s = tdat_comm(td, pid);
	if (pid == 0)
		return "-";
	return s != NULL && *s != '\0' ? s : "?";
}

static void
fill(struct crit_seg *s, const struct critpath *c, int cat, int pid,
    uint32_t proc, const struct tdat *td)
{
	s->cat = cpath_cat_name(cat);
	s->pid = pid;
	snprintf(s->name, sizeof(s->name), "%s",
	    critpath_name(c, proc, pid, td));
}

/* The walk's segments and sums in µs of uptime, names resolved; 0, or -1 (no memory). */
static int
copy_us(struct critpath *c, const struct tdat *td)
{
	struct crit_path *m = &c->us;
	const struct cpseg *s;
	size_t i;

	if ((c->cp.n > 0 && (m->seg = calloc(c->cp.n,
	    sizeof(*m->seg))) == NULL) || (c->nsum > 0 &&
	    (m->sum = calloc(c->nsum, sizeof(*m->sum))) == NULL))
		return -1;
	for (i = 0; i < c->cp.n; i++) {
		s = &c->cp.v[i];
		fill(&m->seg[i], c, s->cat, s->pid, s->proc, td);
		m->seg[i].tid = s->tid;
		m->seg[i].start_us = exact_uptime_us(s->start_ns);
		m->seg[i].end_us = exact_uptime_us(s->end_ns);
	}
	for (i = 0; i < c->nsum; i++) {
		fill(&m->sum[i], c, c->sum[i].cat, c->sum[i].pid,
		    c->sum[i].proc, td);
		m->sum[i].end_us = c->sum[i].ns / 1000;
	}
	m->nseg = c->cp.n;
	m->nsum = c->nsum;
	memcpy(m->cat, c->cat, sizeof(m->cat));
	m->ncat = c->ncat;
	m->pid = c->pid;
	snprintf(m->name, sizeof(m->name), "%s",
	    critpath_name(c, c->proc, c->pid, td));
	m->why = c->why;
	m->start_us = exact_uptime_us(c->cp.start_ns);
	m->end_us = exact_uptime_us(c->cp.end_ns);
	m->unexplained_us = c->unexplained_ns / 1000;
	m->have = 1;
	return 0;
}

int
critpath_make(struct critpath *c, const struct exact *x,
    const struct bootlog *t, const struct crit_target *want, struct diag *d)
{
	int r;

	memset(c, 0, sizeof(*c));
	c->tb = &x->tb;
	if (!x->have)
		return 1;
	if ((r = critpath_run(c, &x->tb, t, want, d)) != 0)
		return r;
	if (copy_us(c, x->file.td) != 0 || critpath_rows(&c->us, t) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

void
critpath_free(struct critpath *c)
{
	cpath_free(&c->cp);
	free(c->sum);
	free(c->us.seg);
	free(c->us.sum);
	free(c->us.on_path);
	memset(c, 0, sizeof(*c));
}
