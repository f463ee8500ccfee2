/* critpath_rows.c: which of the log's processes each segment of the critical path belongs to, so the chart marks that process's row and the tree keeps it (docs/critical-path.md). */
#include <stdlib.h>

#include "critpath.h"

/* The log's processes by PID, then start (bootlog_cmp_proc). */
struct procs_by_pid {
	const struct process **v;
	size_t n;
};

/* The first index whose PID is pid or more. */
static size_t
first_pid(const struct procs_by_pid *ix, int64_t pid)
{
	size_t lo = 0, hi = ix->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ix->v[mid]->pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The process with this PID and tgid (0: a process, else a thread's
 * row of process tgid) alive at t: of a reused PID's, the latest to
 * start by then (the one before it had ended); when none had yet
 * started (sampling saw it late), the first.  NULL when there is none.
 */
static const struct process *
find(const struct procs_by_pid *ix, int64_t pid, int64_t tgid, usec_t t)
{
	const struct process *first = NULL, *best = NULL, *p;
	size_t i;

	for (i = first_pid(ix, pid); i < ix->n && ix->v[i]->pid == pid; i++) {
		p = ix->v[i];
		if (p->tgid != tgid)
			continue;
		if (first == NULL)
			first = p;
		if (p->start_us <= t)
			best = p;
	}
	return best != NULL ? best : first;
}

/* A segment's row: its thread's own (--threads), else its process's. */
static const struct process *
seg_proc(const struct procs_by_pid *ix, const struct crit_seg *s)
{
	const struct process *p = NULL;

	if (s->pid <= 0)
		return NULL;
	if (s->tid > 0 && s->tid != s->pid)
		p = find(ix, s->tid, s->pid, s->start_us);
	return p != NULL ? p : find(ix, s->pid, 0, s->start_us);
}

int
critpath_rows(struct crit_path *m, const struct bootlog *t)
{
	struct procs_by_pid ix = { NULL, t->nprocs };
	const struct process *p;
	size_t i;

	if (t->nprocs == 0 || m->nseg == 0)
		return 0;
	ix.v = calloc(t->nprocs, sizeof(*ix.v));
	m->on_path = calloc(t->nprocs, sizeof(*m->on_path));
	if (ix.v == NULL || m->on_path == NULL) {
		free(ix.v);
		return -1;
	}
	m->n_on_path = t->nprocs;
	for (i = 0; i < t->nprocs; i++)
		ix.v[i] = t->procs[i];
	qsort(ix.v, ix.n, sizeof(*ix.v), bootlog_cmp_proc);
	for (i = 0; i < m->nseg; i++) {
		p = m->seg[i].proc = seg_proc(&ix, &m->seg[i]);
		if (p != NULL && p->seq < m->n_on_path)
			m->on_path[p->seq] = 1;
	}
	free(ix.v);
	return 0;
}
