/* proctree_build.c: docs/tree.md steps 1-4: nodes, parents (fork records, rc hack), the logger merge. */
#include <stdlib.h>
#include <string.h>

#include "logfiles.h"
#include "proctree.h"
#include "proctree_nodes.h"

#define LOGGER_NAME "bootchartd"
#define RC_NAME "rc"

/* ---- step 1: a node per process ---- */

/*
 * Where a node's CPU time comes from, the most exact first: the trace,
 * the taskstats exit record, accounting, samples.
 */
static void
node_cpu_source(struct pnode *n)
{
	const struct process *p = n->proc;

	n->cpu_known = p->exact || p->texit || p->acct;
	n->cpu_src = p->exact ? CPU_TRACE : p->texit ? CPU_TASKSTATS :
	    p->acct ? CPU_ACCT : CPU_SAMPLES;
	n->cpu_us = p->exact ? p->cpu_us : p->texit ? p->texit_cpu_us :
	    p->acct_cpu_us;
}

static int
make_nodes(struct proctree *tree, const struct bootlog *t)
{
	struct pnode *n;
	size_t i;

	if ((tree->nodes = calloc(t->nprocs, sizeof(*tree->nodes))) == NULL)
		return -1;
	tree->nnodes = t->nprocs;
	for (i = 0; i < t->nprocs; i++) {
		n = &tree->nodes[i];
		n->proc = t->procs[i];
		n->name = n->proc->name;
		n->start_us = n->proc->start_us;
		n->duration_us = n->proc->duration_us;
		n->active = n->proc->active;
		node_cpu_source(n);
		n->solo = n->proc->samples;
		n->nsamples = n->proc->nsamples;
		n->xexact = n->proc->has_xs;
	}
	return 0;
}

/* ---- step 2: parents from fork records ---- */

struct forkidx {
	int64_t pid;
	int64_t ppid;
	int at_fork;		/* fork-time records come first */
	size_t seq;		/* position in the log: then first record wins */
};

static int
cmp_forkidx(const void *a, const void *b)
{
	const struct forkidx *x = a, *y = b;

	if (x->pid != y->pid)
		return x->pid < y->pid ? -1 : 1;
	if (x->at_fork != y->at_fork)
		return x->at_fork ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * The record that decides pid's parent, or NULL: a fork-time one
 * (paternity.log) if any, since accounting's ppid is the parent at exit,
 * often init after a re-parenting; else the first accounting record.
 */
static const struct forkidx *
forker_of(const struct forkidx *v, size_t n, int64_t pid)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && v[lo].pid == pid ? &v[lo] : NULL;
}

/* What is known of a fork record's first sampled ancestor. */
enum { ANC_UNKNOWN, ANC_WALKING, ANC_NONE, ANC_FOUND };

struct ancestors {
	const struct bootlog *t;
	const struct forkidx *v;	/* sorted by pid: the deciding record first */
	size_t n;
	unsigned char *state;		/* per record of v */
	int64_t *found;			/* the ancestor's pid, for ANC_FOUND */
	size_t *path;			/* the walk in progress */
};

/*
 * The first sampled ancestor of the process record r stands for, found
 * once per record: a walk stops at a record already resolved and hands
 * its answer down the path it took, so resolving every process is
 * linear in the records.  A cycle (a record met again on the walk) or a
 * self-fork means no ancestor.
 */
static void
resolve(struct ancestors *a, size_t r)
{
	const struct forkidx *f;
	size_t np = 0, i;
	unsigned char st = ANC_NONE;
	int64_t pid = 0;

	while (a->state[r] == ANC_UNKNOWN) {
		a->state[r] = ANC_WALKING;
		a->path[np++] = r;
		f = &a->v[r];
		if (f->ppid == f->pid)
			break;
		if (bootlog_find_pid(a->t, f->ppid) != NULL) {
			st = ANC_FOUND;
			pid = f->ppid;
			break;
		}
		if ((f = forker_of(a->v, a->n, f->ppid)) == NULL)
			break;
		r = (size_t)(f - a->v);
	}
	if (np == 0 || (st == ANC_NONE && a->state[r] != ANC_WALKING &&
	    a->state[r] != ANC_UNKNOWN)) {
		/* Stopped at a record resolved before: its answer holds. */
		st = a->state[r];
		pid = a->found[r];
	}
	for (i = 0; i < np; i++) {
		a->state[a->path[i]] = st;
		a->found[a->path[i]] = pid;
	}
}

/*
 * Process i's parent from the fork records: its record's first sampled
 * ancestor, unless that is the process itself (a cycle through it).
 */
static void
reparent_by_forks(struct ancestors *a, int64_t pid0, int64_t *ppid)
{
	const struct forkidx *f = forker_of(a->v, a->n, pid0);
	size_t r;

	if (f == NULL)
		return;
	r = (size_t)(f - a->v);
	resolve(a, r);
	if (a->state[r] == ANC_FOUND && a->found[r] != pid0)
		*ppid = a->found[r];
}

static int
apply_forks(const struct bootlog *t, int64_t *ppid)
{
	struct forkidx *v;
	struct ancestors a;
	size_t i;
	int rc = -1;

	if (t->nforks == 0)
		return 0;
	memset(&a, 0, sizeof(a));
	if ((v = calloc(t->nforks, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < t->nforks; i++) {
		v[i].pid = t->forks[i].pid;
		v[i].ppid = t->forks[i].ppid;
		v[i].at_fork = t->forks[i].at_fork;
		v[i].seq = i;
	}
	qsort(v, t->nforks, sizeof(*v), cmp_forkidx);
	a.t = t;
	a.v = v;
	a.n = t->nforks;
	a.state = calloc(a.n, sizeof(*a.state));
	a.found = calloc(a.n, sizeof(*a.found));
	a.path = calloc(a.n, sizeof(*a.path));
	if (a.state == NULL || a.found == NULL || a.path == NULL)
		goto out;
	for (i = 0; i < t->nprocs; i++)
		reparent_by_forks(&a, t->procs[i]->pid, &ppid[i]);
	rc = 0;
out:
	free(a.state);
	free(a.found);
	free(a.path);
	free(v);
	return rc;
}

/* ---- step 3: linking ---- */

/*
 * Index in t->procs (sorted by PID, then start) of process ci's parent,
 * or -1.  With a reused PID the parent is the latest process of that
 * PID that started no later than the child, else the first one: both
 * found by binary search, as a PID reused in every block made a scan of
 * all its processes quadratic.
 */
static long
parent_index(const struct bootlog *t, const int64_t *ppid, size_t ci)
{
	const struct process *c = t->procs[ci];
	size_t lo = 0, hi = t->nprocs, mid, first;

	if (ppid[ci] == c->pid)
		return -1;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->procs[mid]->pid < ppid[ci])
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == t->nprocs || t->procs[lo]->pid != ppid[ci])
		return -1;
	first = lo;
	hi = t->nprocs;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->procs[mid]->pid == ppid[ci] &&
		    t->procs[mid]->start_us <= c->start_us)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > first ? (long)lo - 1 : (long)first;
}

/*
 * Makes par[] a forest no deeper than TREE_DEPTH_MAX: follows each
 * chain up, and cuts the edge that closes a cycle or goes too deep.
 * Each node is walked once, so this is linear.
 */
static int
make_forest(long *par, size_t n)
{
	long *depth, *path;
	size_t np, i;
	long j, d;

	depth = malloc(n * sizeof(*depth));
	path = malloc(n * sizeof(*path));
	if (depth == NULL || path == NULL) {
		free(depth);
		free(path);
		return -1;
	}
	for (i = 0; i < n; i++)
		depth[i] = -2;		/* -2 unvisited, -1 on the current path */
	for (i = 0; i < n; i++) {
		np = 0;
		for (j = (long)i; j >= 0 && depth[j] == -2; j = par[j]) {
			depth[j] = -1;
			path[np++] = j;
		}
		if (j >= 0 && depth[j] == -1) {
			par[path[np - 1]] = -1;	/* closes a cycle */
			j = -1;
		}
		d = j >= 0 ? depth[j] : -1;
		while (np > 0) {
			j = path[--np];
			if (par[j] < 0 || d + 1 > TREE_DEPTH_MAX) {
				par[j] = -1;
				d = -1;
			}
			depth[j] = ++d;
		}
	}
	free(depth);
	free(path);
	return 0;
}

/* Parent pointers and child lists from ppid[], children in PID order. */
static int
link_tree(struct proctree *tree, const struct bootlog *t, const int64_t *ppid)
{
	struct pnode *p, *q;
	long *par;
	size_t i;
	int rc = -1;

	tree->nroots = 0;
	if ((par = malloc(t->nprocs * sizeof(*par))) == NULL)
		return -1;
	for (i = 0; i < t->nprocs; i++) {
		tree->nodes[i].nchildren = 0;
		tree->nodes[i].parent = NULL;
		par[i] = parent_index(t, ppid, i);
	}
	if (make_forest(par, t->nprocs) != 0)
		goto out;
	for (i = 0; i < t->nprocs; i++) {
		p = &tree->nodes[i];
		if (par[i] < 0) {
			if (node_append(&tree->roots, &tree->nroots,
			    &tree->roots_cap, p) != 0)
				goto out;
			continue;
		}
		q = &tree->nodes[par[i]];
		p->parent = q;
		if (node_append(&q->children, &q->nchildren, &q->children_cap,
		    p) != 0)
			goto out;
	}
	rc = 0;
out:
	free(par);
	return rc;
}

static int64_t
max_pid_below(const struct pnode *p)
{
	int64_t m = 0, c;
	size_t i;

	for (i = 0; i < p->nchildren; i++) {
		c = max_pid_below(p->children[i]);
		if (p->children[i]->proc->pid > c)
			c = p->children[i]->proc->pid;
		if (c > m)
			m = c;
	}
	return m;
}

/*
 * Step 3: daemons started by the last "rc" child of init show up as
 * children of init; PIDs between rc and its largest descendant go to rc.
 * Returns 1 when something was re-parented.
 */
static int
rc_hack(const struct proctree *tree, const struct bootlog *t, int64_t *ppid)
{
	const struct pnode *rc = NULL;
	int64_t maxpid;
	size_t i;
	int moved = 0;

	for (i = 0; i < t->nprocs; i++)
		if (ppid[i] == 1 && strcmp(t->procs[i]->name, RC_NAME) == 0)
			rc = &tree->nodes[i];
	if (rc == NULL)
		return 0;
	maxpid = max_pid_below(rc);
	for (i = 0; i < t->nprocs; i++) {
		if (t->procs[i]->pid > rc->proc->pid &&
		    t->procs[i]->pid < maxpid && ppid[i] == 1) {
			ppid[i] = rc->proc->pid;
			moved = 1;
		}
	}
	return moved;
}

/* Steps 1-3 once the nodes are made; ppid[] is the working copy. */
static int
find_parents(struct proctree *tree, const struct bootlog *t, int64_t *ppid)
{
	size_t i;

	for (i = 0; i < t->nprocs; i++)
		ppid[i] = t->procs[i]->ppid;
	if (apply_forks(t, ppid) != 0 || link_tree(tree, t, ppid) != 0)
		return -1;
	if (rc_hack(tree, t, ppid) && link_tree(tree, t, ppid) != 0)
		return -1;
	return 0;
}

int
proctree_build(struct proctree *tree, const struct bootlog *t,
    const struct tree_opts *opts, struct diag *d)
{
	int64_t *ppid;
	int rc;

	memset(tree, 0, sizeof(*tree));
	tree->opts = *opts;
	tree->sample_period_us = t->sample_period_us;
	tree->profile = bootlog_header(t, HDR_PROFILE);
	tree->profile_parent = bootlog_header_pid(t, HDR_PROFILE_PARENT);
	if (tree->profile != NULL && tree->profile[0] == '\0')
		tree->profile = NULL;
	tree->log_start_us = t->ps_first_us;
	tree->log_end_us = t->ps_last_us;
	tree->prune_kthreads = !opts->strict &&
	    bootlog_header(t, HDR_LOG_START) != NULL;
	d->line = 0;
	if (t->nprocs == 0)
		return diag_error(d, "no processes to chart");
	if (make_nodes(tree, t) != 0 ||
	    (ppid = malloc(t->nprocs * sizeof(*ppid))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	rc = find_parents(tree, t, ppid);
	free(ppid);
	if (rc != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	tree_span(tree);
	return 0;
}

/* ---- step 4: the logger and profile mode ---- */

static int
merge_logger(struct proctree *tree, struct pnode **v, size_t n, int in_logger)
{
	struct pnode *p;
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		p = v[i];
		if (in_logger && !(tree->profile != NULL &&
		    strcmp(p->name, tree->profile) == 0))
			rc = node_absorb_children(p);
		else
			rc = merge_logger(tree, p->children, p->nchildren,
			    !in_logger && strcmp(p->name, LOGGER_NAME) == 0);
		if (rc != 0)
			return -1;
	}
	return 0;
}

int
proctree_merge_logger(struct proctree *tree)
{
	if (merge_logger(tree, tree->roots, tree->nroots, 0) != 0)
		return -1;
	if (tree->profile != NULL)
		return profile_step(tree);
	return 0;
}
