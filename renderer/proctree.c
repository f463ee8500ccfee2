/* proctree.c: builds, prunes and merges the process tree as bootchart 0.9 did (SPEC §3). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "logfiles.h"
#include "proctree.h"

/*
 * Deeper trees are cut (the process becomes a root): every stage below
 * recurses once per level, and real boots are a few dozen levels deep.
 */
#define TREE_DEPTH_MAX 1000

#define LOGGER_NAME "bootchartd"
#define RC_NAME "rc"
#define EXPLODER_NAME "hwup"
#define EXPLODED_SUFFIX " (+)"

/* ---- lists of process pointers ---- */

static int
list_reserve(struct process ***v, size_t *cap, size_t need)
{
	struct process **nv;
	size_t ncap;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap : 4;
	while (ncap < need)
		ncap *= 2;
	if ((nv = realloc(*v, ncap * sizeof(*nv))) == NULL)
		return -1;
	*v = nv;
	*cap = ncap;
	return 0;
}

static int
list_append(struct process ***v, size_t *n, size_t *cap, struct process *p)
{
	if (list_reserve(v, cap, *n + 1) != 0)
		return -1;
	(*v)[(*n)++] = p;
	return 0;
}

static void
list_remove(struct process **v, size_t *n, size_t i)
{
	memmove(v + i, v + i + 1, (*n - i - 1) * sizeof(*v));
	(*n)--;
}

static int64_t
proc_end(const struct process *p)
{
	return p->start_ms + p->duration_ms;
}

/* ---- merging ---- */

/*
 * A gets B's samples, the earlier start and the later end.  B keeps its
 * own copy until the trace frees it.  The samples are appended; step 9
 * puts them in time order with a stable sort (A's before B's at equal
 * times, as merging each pair did).  Merging each pair in order copied
 * A's growing array every time: 50 000 same-named siblings took 99 s.
 */
static int
merge_into(struct process *a, const struct process *b)
{
	size_t i;
	int64_t end = proc_end(a) > proc_end(b) ? proc_end(a) : proc_end(b);

	for (i = 0; i < b->nsamples; i++)
		if (process_add_sample(a, &b->samples[i]) != 0)
			return -1;
	if (b->start_ms < a->start_ms)
		a->start_ms = b->start_ms;
	a->duration_ms = end - a->start_ms;
	return 0;
}

/* ---- step 2: parents from fork records ---- */

struct forkidx {
	int64_t pid;
	int64_t ppid;
	int at_fork;		/* fork-time records come first */
	size_t seq;		/* position in the trace: then first record wins */
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

/*
 * Walks up the fork records from p; the first ancestor that was sampled
 * becomes p's parent.  A cycle or a self-fork ends the walk; so does a
 * chain longer than the number of records (which implies a cycle).
 */
static void
reparent_by_forks(struct trace *t, const struct forkidx *v, size_t n,
    struct process *p)
{
	const struct forkidx *f;
	int64_t pid = p->pid;
	size_t steps;

	for (steps = 0; steps < n; steps++) {
		if ((f = forker_of(v, n, pid)) == NULL || f->ppid == f->pid ||
		    f->ppid == p->pid)
			return;
		if (trace_find_pid(t, f->ppid) != NULL) {
			p->ppid = f->ppid;
			return;
		}
		pid = f->ppid;
	}
}

static int
apply_forks(struct trace *t)
{
	struct forkidx *v;
	size_t i;

	if (t->nforks == 0)
		return 0;
	if ((v = calloc(t->nforks, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < t->nforks; i++) {
		v[i].pid = t->forks[i].pid;
		v[i].ppid = t->forks[i].ppid;
		v[i].at_fork = t->forks[i].at_fork;
		v[i].seq = i;
	}
	qsort(v, t->nforks, sizeof(*v), cmp_forkidx);
	for (i = 0; i < t->nprocs; i++)
		reparent_by_forks(t, v, t->nforks, t->procs[i]);
	free(v);
	return 0;
}

/* ---- step 3: linking ---- */

/*
 * Index in t->procs (sorted by PID, then start) of c's parent, or -1.
 * With a reused PID the parent is the latest process of that PID that
 * started no later than c, else the first one.
 */
static long
parent_index(const struct trace *t, size_t ci)
{
	const struct process *c = t->procs[ci];
	size_t lo = 0, hi = t->nprocs, mid, i;
	long best = -1;

	if (c->ppid == c->pid)
		return -1;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->procs[mid]->pid < c->ppid)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < t->nprocs && t->procs[i]->pid == c->ppid; i++) {
		if (best < 0 || t->procs[i]->start_ms <= c->start_ms)
			best = (long)i;
	}
	return best;
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

/* Parent pointers and child lists from ppid, children in PID order. */
static int
link_tree(struct proctree *tree, struct trace *t)
{
	long *par;
	size_t i;
	struct process *p, *q;

	tree->nroots = 0;
	if ((par = malloc(t->nprocs * sizeof(*par))) == NULL)
		return -1;
	for (i = 0; i < t->nprocs; i++) {
		t->procs[i]->nchildren = 0;
		t->procs[i]->parent = NULL;
		par[i] = parent_index(t, i);
	}
	if (make_forest(par, t->nprocs) != 0) {
		free(par);
		return -1;
	}
	for (i = 0; i < t->nprocs; i++) {
		p = t->procs[i];
		if (par[i] < 0) {
			if (list_append(&tree->roots, &tree->nroots,
			    &tree->roots_cap, p) != 0)
				goto fail;
			continue;
		}
		q = t->procs[par[i]];
		p->parent = q;
		if (list_append(&q->children, &q->nchildren, &q->children_cap,
		    p) != 0)
			goto fail;
	}
	free(par);
	return 0;
fail:
	free(par);
	return -1;
}

static int64_t
max_pid_below(const struct process *p)
{
	int64_t m = 0, c;
	size_t i;

	for (i = 0; i < p->nchildren; i++) {
		c = max_pid_below(p->children[i]);
		if (p->children[i]->pid > c)
			c = p->children[i]->pid;
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
rc_hack(struct trace *t)
{
	struct process *rc = NULL, *p;
	int64_t maxpid;
	size_t i;
	int moved = 0;

	for (i = 0; i < t->nprocs; i++) {
		p = t->procs[i];
		if (p->ppid == 1 && strcmp(p->name, RC_NAME) == 0)
			rc = p;
	}
	if (rc == NULL)
		return 0;
	maxpid = max_pid_below(rc);
	for (i = 0; i < t->nprocs; i++) {
		p = t->procs[i];
		if (p->pid > rc->pid && p->pid < maxpid && p->ppid == 1) {
			p->ppid = rc->pid;
			moved = 1;
		}
	}
	return moved;
}

static void
span_walk(const struct process *p, int64_t *start, int64_t *end)
{
	size_t i;

	if (p->start_ms < *start)
		*start = p->start_ms;
	if (proc_end(p) > *end)
		*end = proc_end(p);
	for (i = 0; i < p->nchildren; i++)
		span_walk(p->children[i], start, end);
}

/* Earliest start to latest end over the whole tree. */
static void
tree_span(struct proctree *tree)
{
	int64_t start = INT64_MAX, end = INT64_MIN;
	size_t i;

	for (i = 0; i < tree->nroots; i++)
		span_walk(tree->roots[i], &start, &end);
	if (tree->nroots == 0)
		start = end = 0;
	tree->start_ms = start;
	tree->end_ms = end;
	tree->duration_ms = end - start;
}

int
proctree_build(struct proctree *tree, struct trace *t, struct diag *d)
{
	memset(tree, 0, sizeof(*tree));
	tree->sample_period_ms = t->sample_period_ms;
	tree->profile = trace_header(t, HDR_PROFILE);
	if (tree->profile != NULL && tree->profile[0] == '\0')
		tree->profile = NULL;
	tree->log_start_ms = t->ps_first_ms;
	tree->log_end_ms = t->ps_last_ms;
	d->line = 0;
	if (t->nprocs == 0)
		return diag_error(d, "no processes to chart");
	if (apply_forks(t) != 0 || link_tree(tree, t) != 0)
		goto nomem;
	if (rc_hack(t) && link_tree(tree, t) != 0)
		goto nomem;
	tree_span(tree);
	return 0;
nomem:
	return diag_error_status(d, EXIT_NOMEM, "out of memory");
}

/* ---- step 4: the logger and profile mode ---- */

/* Merges every direct child of p into p and drops them. */
static int
absorb_children(struct process *p)
{
	size_t i;

	for (i = 0; i < p->nchildren; i++)
		if (merge_into(p, p->children[i]) != 0)
			return -1;
	p->nchildren = 0;
	return 0;
}

static int
merge_logger(struct proctree *tree, struct process **v, size_t n,
    int in_logger)
{
	struct process *p;
	size_t i;
	int rc;

	for (i = 0; i < n; i++) {
		p = v[i];
		if (in_logger && !(tree->profile != NULL &&
		    strcmp(p->name, tree->profile) == 0))
			rc = absorb_children(p);
		else
			rc = merge_logger(tree, p->children, p->nchildren,
			    !in_logger && strcmp(p->name, LOGGER_NAME) == 0);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/*
 * Profile mode: processes older than the logging start fold into their
 * parent; their children move up to the end of the parent's list.
 */
static int
fold_early(struct proctree *tree, struct process *parent)
{
	struct process *p;
	size_t i = 0, j;

	while (i < parent->nchildren) {
		p = parent->children[i];
		if (p->start_ms >= tree->log_start_ms) {
			if (fold_early(tree, p) != 0)
				return -1;
			i++;
			continue;
		}
		if (merge_into(parent, p) != 0)
			return -1;
		list_remove(parent->children, &parent->nchildren, i);
		for (j = 0; j < p->nchildren; j++) {
			p->children[j]->parent = parent;
			if (list_append(&parent->children, &parent->nchildren,
			    &parent->children_cap, p->children[j]) != 0)
				return -1;
		}
		p->nchildren = 0;
	}
	return 0;
}

static int
profile_fold(struct proctree *tree)
{
	struct process *p;
	size_t i;

	for (i = 0; i < tree->nroots; i++) {
		p = tree->roots[i];
		if (fold_early(tree, p) != 0)
			return -1;
		if (p->start_ms < tree->log_start_ms) {
			p->start_ms = tree->log_start_ms;
			p->duration_ms = tree->log_end_ms - tree->log_start_ms;
		}
	}
	return 0;
}

int
proctree_merge_logger(struct proctree *tree)
{
	if (merge_logger(tree, tree->roots, tree->nroots, 0) != 0)
		return -1;
	if (tree->profile != NULL)
		return profile_fold(tree);
	return 0;
}

/* ---- step 5: prune ---- */

static int
prunable(const struct proctree *tree, const struct process *p)
{
	int64_t tree_end = tree->start_ms + tree->duration_ms;

	if (p->duration_ms <= 2 * (int64_t)tree->sample_period_ms)
		return 1;
	return !p->active && proc_end(p) >= tree_end &&
	    p->start_ms > tree->start_ms &&
	    p->duration_ms > 0.9 * (double)tree->duration_ms &&
	    p->nchildren == 0;
}

/*
 * A removed process's children take its place in reverse order (the
 * Java renderer inserted each one and stepped back) and come up next.
 * The processes still to examine are kept on a stack (top = next), and
 * the kept ones are rebuilt into the list: inserting in place moved
 * the rest of the list at each removal, quadratic with 200 000
 * short-lived siblings (8.7 s).
 */
static int
prune_list(struct proctree *tree, struct process ***v, size_t *n,
    size_t *cap, struct process *parent)
{
	struct process **todo = NULL, *p;
	size_t ntodo = 0, captodo = 0, nkept = 0, k;
	int rc = -1;

	if (list_reserve(&todo, &captodo, *n) != 0)
		return -1;
	for (k = *n; k-- > 0;)
		todo[ntodo++] = (*v)[k];
	while (ntodo > 0) {
		p = todo[--ntodo];
		if ((parent != NULL || p->nchildren == 0) &&
		    prunable(tree, p)) {
			if (list_reserve(&todo, &captodo, ntodo +
			    p->nchildren) != 0)
				goto out;
			for (k = 0; k < p->nchildren; k++) {
				p->children[k]->parent = parent;
				todo[ntodo++] = p->children[k];
			}
			p->nchildren = 0;
			continue;
		}
		if (prune_list(tree, &p->children, &p->nchildren,
		    &p->children_cap, p) != 0)
			goto out;
		/* Never more kept than were in the list or inserted: fits. */
		if (list_reserve(v, cap, nkept + 1) != 0)
			goto out;
		(*v)[nkept++] = p;
	}
	rc = 0;
out:
	if (rc == 0)
		*n = nkept;
	free(todo);
	return rc;
}

int
proctree_prune(struct proctree *tree)
{
	return prune_list(tree, &tree->roots, &tree->nroots, &tree->roots_cap,
	    NULL);
}

/* ---- step 6: exploders ---- */

static int
absorb_subtree(struct process *dst, struct process *p)
{
	size_t i;

	for (i = 0; i < p->nchildren; i++) {
		if (merge_into(dst, p->children[i]) != 0 ||
		    absorb_subtree(dst, p->children[i]) != 0)
			return -1;
	}
	return 0;
}

static int
explode(struct process **v, size_t n)
{
	struct process *p;
	size_t i, len;
	char *name;

	for (i = 0; i < n; i++) {
		p = v[i];
		if (strcmp(p->name, EXPLODER_NAME) != 0 || p->nchildren == 0) {
			if (explode(p->children, p->nchildren) != 0)
				return -1;
			continue;
		}
		if (absorb_subtree(p, p) != 0)
			return -1;
		p->nchildren = 0;
		len = strlen(p->name);
		if ((name = malloc(len + sizeof(EXPLODED_SUFFIX))) == NULL)
			return -1;
		memcpy(name, p->name, len);
		memcpy(name + len, EXPLODED_SUFFIX, sizeof(EXPLODED_SUFFIX));
		free(p->name);
		p->name = name;
	}
	return 0;
}

int
proctree_merge_exploders(struct proctree *tree)
{
	return explode(tree->roots, tree->nroots);
}

/* ---- step 7: siblings ---- */

/*
 * The list is compacted as it is read (r reads, w writes): removing
 * each merged sibling in place moved the rest of the list every time,
 * quadratic with many same-named siblings.  The order of merges and
 * recursions is the Java one.
 */
static int
merge_siblings(struct process **v, size_t *n)
{
	struct process *p, *q;
	size_t r = 0, w = 0, j;
	int rc = 0;

	while (r < *n && rc == 0) {
		p = v[r++];
		v[w++] = p;
		while (r < *n && strcmp(p->name, v[r]->name) == 0) {
			q = v[r++];
			for (j = 0; j < q->nchildren && rc == 0; j++) {
				q->children[j]->parent = p;
				rc = list_append(&p->children, &p->nchildren,
				    &p->children_cap, q->children[j]);
			}
			q->nchildren = 0;
			/* Java re-examined p, recursing each time. */
			if (rc != 0 || merge_into(p, q) != 0 ||
			    merge_siblings(p->children, &p->nchildren) != 0) {
				rc = -1;
				break;
			}
		}
		if (rc == 0 && r < *n)
			rc = merge_siblings(p->children, &p->nchildren);
	}
	/* On error keep every process reachable for freeing. */
	while (r < *n)
		v[w++] = v[r++];
	*n = w;
	if (rc == 0 && *n > 0)
		return merge_siblings(v[*n - 1]->children,
		    &v[*n - 1]->nchildren);
	return rc;
}

int
proctree_merge_siblings(struct proctree *tree)
{
	return merge_siblings(tree->roots, &tree->nroots);
}

/* ---- step 8: runs ---- */

static int
merge_runs(struct process **v, size_t n)
{
	struct process *p, *c;
	struct process **tmp;
	size_t i, k;

	for (i = 0; i < n; i++) {
		p = v[i];
		while (p->nchildren == 1 &&
		    strcmp(p->children[0]->name, p->name) == 0) {
			c = p->children[0];
			/* p's list and c's swap: p gets c's children. */
			tmp = p->children;
			k = p->children_cap;
			p->children = c->children;
			p->nchildren = c->nchildren;
			p->children_cap = c->children_cap;
			c->children = tmp;
			c->nchildren = 0;
			c->children_cap = k;
			for (k = 0; k < p->nchildren; k++)
				p->children[k]->parent = p;
			if (merge_into(p, c) != 0)
				return -1;
		}
		if (merge_runs(p->children, p->nchildren) != 0)
			return -1;
	}
	return 0;
}

int
proctree_merge_runs(struct proctree *tree)
{
	return merge_runs(tree->roots, tree->nroots);
}

/* ---- step 9: sort ---- */

/* Merges the sorted runs v[lo, mid) and v[mid, hi) through tmp, stably. */
static void
merge_runs_of(struct proc_sample *v, struct proc_sample *tmp, size_t lo,
    size_t mid, size_t hi)
{
	size_t i = lo, j = mid, k = lo;

	while (i < mid || j < hi) {
		if (j >= hi || (i < mid && v[i].time_ms <= v[j].time_ms))
			tmp[k++] = v[i++];
		else
			tmp[k++] = v[j++];
	}
	memcpy(v + lo, tmp + lo, (hi - lo) * sizeof(*v));
}

/*
 * Time order for samples appended by merge_into: a bottom-up merge
 * sort (stable).  Without memory for it, insertion sort (also stable).
 */
static void
sort_samples(struct process *p)
{
	struct proc_sample *v = p->samples, *tmp, s;
	size_t n = p->nsamples, i, j, w, mid, hi;

	for (i = 1; i < n && v[i - 1].time_ms <= v[i].time_ms; i++)
		;
	if (i >= n)
		return;
	if ((tmp = malloc(n * sizeof(*tmp))) == NULL) {
		for (i = 1; i < n; i++) {
			s = v[i];
			for (j = i; j > 0 && v[j - 1].time_ms > s.time_ms; j--)
				v[j] = v[j - 1];
			v[j] = s;
		}
		return;
	}
	for (w = 1; w < n; w *= 2)
		for (i = 0; i + w < n; i += 2 * w) {
			mid = i + w;
			hi = mid + w < n ? mid + w : n;
			merge_runs_of(v, tmp, i, mid, hi);
		}
	free(tmp);
}

static void
sort_list(struct process **v, size_t n)
{
	size_t i;

	if (n == 0)
		return;
	qsort(v, n, sizeof(*v), trace_cmp_proc);
	for (i = 0; i < n; i++) {
		sort_samples(v[i]);
		sort_list(v[i]->children, v[i]->nchildren);
	}
}

void
proctree_sort(struct proctree *tree)
{
	sort_list(tree->roots, tree->nroots);
	tree_span(tree);
	if (tree->profile == NULL)
		return;
	tree->start_ms = tree->log_start_ms;
	tree->end_ms = tree->log_end_ms;
	tree->duration_ms = tree->end_ms - tree->start_ms;
}

int
proctree_make(struct proctree *tree, struct trace *t, int prune,
    struct diag *d)
{
	if (proctree_build(tree, t, d) != 0)
		return -1;
	if (proctree_merge_logger(tree) != 0)
		goto nomem;
	if (prune && (proctree_prune(tree) != 0 ||
	    proctree_merge_exploders(tree) != 0 ||
	    proctree_merge_siblings(tree) != 0 ||
	    proctree_merge_runs(tree) != 0))
		goto nomem;
	proctree_sort(tree);
	return 0;
nomem:
	return diag_error_status(d, EXIT_NOMEM, "out of memory");
}

/* ---- output ---- */

static void
walk(struct process *p, int depth,
    void (*fn)(struct process *, int, void *), void *arg)
{
	size_t i;

	fn(p, depth, arg);
	for (i = 0; i < p->nchildren; i++)
		walk(p->children[i], depth + 1, fn, arg);
}

void
proctree_walk(const struct proctree *tree,
    void (*fn)(struct process *, int depth, void *arg), void *arg)
{
	size_t i;

	for (i = 0; i < tree->nroots; i++)
		walk(tree->roots[i], 0, fn, arg);
}

static void
dump_one(struct process *p, int depth, void *arg)
{
	fprintf(arg, "%" PRId64 "\t%s\t%" PRId64 "\t%" PRId64 "\t%zu\t%zu\n",
	    p->pid, p->name, p->start_ms, p->duration_ms, p->nchildren,
	    p->nsamples);
}

void
proctree_dump(const struct proctree *tree, FILE *f)
{
	proctree_walk(tree, dump_one, f);
}

static void
count_one(struct process *p, int depth, void *arg)
{
	(*(size_t *)arg)++;
}

size_t
proctree_count(const struct proctree *tree)
{
	size_t n = 0;

	proctree_walk(tree, count_one, &n);
	return n;
}

/* Child lists belong to the processes (freed with the trace). */
void
proctree_free(struct proctree *tree)
{
	free(tree->roots);
	memset(tree, 0, sizeof(*tree));
}
