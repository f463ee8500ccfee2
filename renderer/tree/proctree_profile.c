/* proctree_profile.c: docs/tree.md step 4 for logs of one command (profile.process): Java's fold, or the readable profile. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "logfiles.h"
#include "proctree.h"
#include "proctree_nodes.h"

#define LOGGER_NAME "bootchartd"
#define COMM_LEN 15		/* the kernel's comm: longer names are cut */

static int
early(const struct proctree *tree, const struct pnode *p)
{
	return p->start_us < tree->log_start_us;
}

/* A root that started before logging is drawn from the logging start. */
static void
clip_root(struct proctree *tree, struct pnode *p)
{
	if (!early(tree, p))
		return;
	p->start_us = tree->log_start_us;
	p->duration_us = tree->log_end_us - tree->log_start_us;
}

/* ---- --strict: the Java renderer's fold ---- */

/*
 * The younger processes below p, an older one whose samples are
 * dropped: older ones on the way are dropped too, with their samples.
 */
static int
collect_younger(struct proctree *tree, struct pnode *p, struct pnode ***v,
    size_t *n, size_t *cap)
{
	size_t i;

	for (i = 0; i < p->nchildren; i++) {
		if (early(tree, p->children[i])) {
			if (collect_younger(tree, p->children[i], v, n, cap) != 0)
				return -1;
		} else if (node_append(v, n, cap, p->children[i]) != 0)
			return -1;
	}
	p->nchildren = 0;
	return 0;
}

/*
 * Java's rule for processes older than the logging start: a kept
 * process absorbs the samples of each older child, but not of the older
 * ones below it, which are dropped; the younger ones found below older
 * ones go to the end of the kept process's list once its own children
 * are done, and are not examined again (busybox-bootchartd's Java tree:
 * PID 1 has its own samples and those of PID 2 only).
 */
static int
java_fold(struct proctree *tree, struct pnode *p)
{
	struct pnode **young = NULL, *c;
	size_t nyoung = 0, capyoung = 0, r, w = 0, i;
	int rc = -1;

	for (r = 0; r < p->nchildren; r++) {
		c = p->children[r];
		if (!early(tree, c)) {
			if (java_fold(tree, c) != 0)
				goto out;
			p->children[w++] = c;
			continue;
		}
		if (node_merge(p, c) != 0 ||
		    collect_younger(tree, c, &young, &nyoung, &capyoung) != 0)
			goto out;
	}
	p->nchildren = w;
	for (i = 0; i < nyoung; i++) {
		young[i]->parent = p;
		if (node_append(&p->children, &p->nchildren, &p->children_cap,
		    young[i]) != 0)
			goto out;
	}
	rc = 0;
out:
	free(young);
	return rc;
}

static int
strict_profile(struct proctree *tree)
{
	size_t i;

	for (i = 0; i < tree->nroots; i++) {
		if (java_fold(tree, tree->roots[i]) != 0)
			return -1;
		clip_root(tree, tree->roots[i]);
	}
	return 0;
}

/* ---- the readable profile ---- */

/* "/usr/local/bin/bc-workload" -> "bc-workload", as comm holds it. */
static void
command_name(const char *profile, char *out, size_t cap)
{
	const char *base = strrchr(profile, '/');
	size_t n;

	base = base != NULL ? base + 1 : profile;
	n = strcspn(base, " \t");
	if (n > COMM_LEN)
		n = COMM_LEN;
	if (n >= cap)
		n = cap - 1;
	memcpy(out, base, n);
	out[n] = '\0';
}

struct pick {
	char name[COMM_LEN + 1];
	int64_t parent;		/* the header's profile.parent, or 0 */
	struct pnode *found;	/* the earliest node of that name */
	int rank;		/* found's: 2 a child of profile.parent, 1 of
				 * a bootchartd, 0 else */
};

/*
 * How sure a node of the command's name is the command: a child of the
 * bootchartd the header names (profile.parent) before a child of any
 * bootchartd (the process `bootchartd start` ran; older logs name none),
 * before any other: on a busy machine another `make` or `sh`, or
 * another `bootchartd start -- sh`, may have started earlier.
 */
static int
rank(const struct pick *pk, const struct pnode *p, const struct pnode *up)
{
	if (pk->parent > 0 && p->proc != NULL && p->proc->ppid == pk->parent)
		return 2;
	return up != NULL && strcmp(up->name, LOGGER_NAME) == 0;
}

/* The earliest node of the command's name among those of the best rank. */
static void
pick_in(struct pick *pk, struct pnode **v, size_t n, const struct pnode *up)
{
	size_t i;
	int r;

	for (i = 0; i < n; i++) {
		r = rank(pk, v[i], up);
		if (strncmp(v[i]->name, pk->name, COMM_LEN) == 0 &&
		    (pk->found == NULL || r > pk->rank || (r == pk->rank &&
		    v[i]->start_us < pk->found->start_us))) {
			pk->found = v[i];
			pk->rank = r;
		}
		pick_in(pk, v[i]->children, v[i]->nchildren, v[i]);
	}
}

/* One node in pre-order with the nearest kept node above it. */
struct keep {
	struct pnode *p;
	struct pnode *above;	/* NULL: it becomes a root */
};

struct selection {
	struct proctree *tree;
	const struct pnode *cmd;	/* the profiled command */
	struct keep *v;
	size_t n, cap;
};

/*
 * Which nodes a readable profile keeps: the profiled command and all
 * below it.  With --whole-system also the rest of the machine's work:
 * processes that started while logging, outside the logger; kernel
 * threads that ran while logging.  Never the command's ancestors, the
 * logger, older processes, idle kernel threads.
 */
static int
select_in(struct selection *s, struct pnode **v, size_t n,
    struct pnode *above, int in_cmd, int in_logger, int in_kthreads)
{
	struct pnode *p, *next;
	size_t i;
	int cmd, logger, kept;

	for (i = 0; i < n; i++) {
		p = v[i];
		cmd = in_cmd || p == s->cmd;
		logger = in_logger || strcmp(p->name, LOGGER_NAME) == 0;
		if (cmd)
			kept = 1;
		else if (!s->tree->opts.whole_system)
			kept = 0;
		else if (in_kthreads)
			kept = node_ran(p);
		else
			kept = !logger && !early(s->tree, p);
		if (kept) {
			if (grow_array((void **)&s->v, &s->cap, s->n,
			    sizeof(*s->v)) != 0)
				return -1;
			s->v[s->n].p = p;
			s->v[s->n].above = above;
			s->n++;
		}
		next = kept ? p : above;
		if (select_in(s, p->children, p->nchildren, next, cmd,
		    logger && !cmd, in_kthreads || node_is_kthreadd(p)) != 0)
			return -1;
	}
	return 0;
}

/* The kept nodes, relinked under the nearest kept node above each. */
static int
relink(struct selection *s)
{
	struct proctree *tree = s->tree;
	struct pnode *above;
	size_t i;

	for (i = 0; i < tree->nnodes; i++)
		tree->nodes[i].nchildren = 0;
	tree->nroots = 0;
	for (i = 0; i < s->n; i++) {
		above = s->v[i].above;
		s->v[i].p->parent = above;
		if (above == NULL) {
			clip_root(tree, s->v[i].p);
			if (node_append(&tree->roots, &tree->nroots,
			    &tree->roots_cap, s->v[i].p) != 0)
				return -1;
		} else if (node_append(&above->children, &above->nchildren,
		    &above->children_cap, s->v[i].p) != 0)
			return -1;
	}
	return 0;
}

/* ---- the readable profile's folds (not with -n) ---- */

#define HELPERS_MAX 3	/* cc runs cc1 and as; gcc -flto a few more */

/*
 * Whether a and b overlap in time.  A sampled end comes up to a period
 * after the real one, so a period of overlap is allowed then.
 */
static int
overlap(const struct proctree *tree, const struct pnode *a,
    const struct pnode *b)
{
	usec_t slack = a->proc->exact && b->proc->exact ? 0 :
	    tree->sample_period_us;
	usec_t from = a->start_us > b->start_us ? a->start_us : b->start_us;
	usec_t to = node_end(a) < node_end(b) ? node_end(a) : node_end(b);

	return to - from > slack;
}

/*
 * A driver's children: a few leaves it ran one after another, each of
 * another name (cc's cc1 then as, collect2's ld).  make -j1's compiles
 * share a name; make -j2's overlap.  The driver's command line labels
 * the row (it names the file); without one the helpers keep their rows.
 */
static int
helpers_only(const struct proctree *tree, const struct pnode *p)
{
	const struct pnode *a, *b;
	size_t i, j;

	if (p->nchildren == 0 || p->nchildren > HELPERS_MAX ||
	    p->proc->cmdline == NULL || p->proc->cmdline[0] == '\0')
		return 0;
	for (i = 0; i < p->nchildren; i++) {
		a = p->children[i];
		if (a->nchildren > 0)
			return 0;
		for (j = i + 1; j < p->nchildren; j++) {
			b = p->children[j];
			if (strcmp(a->name, b->name) == 0 || overlap(tree, a, b))
				return 0;
		}
	}
	return 1;
}

static int
same_run(const struct proctree *tree, const struct pnode *a,
    const struct pnode *b)
{
	const char *ca = a->proc->cmdline, *cb = b->proc->cmdline;

	return a->nchildren == 0 && b->nchildren == 0 &&
	    !overlap(tree, a, b) && strcmp(a->name, b->name) == 0 &&
	    (ca == NULL || cb == NULL || strcmp(ca, cb) == 0);
}

/* A child in time order: where it starts, its place in the row order, its run. */
struct trun {
	usec_t start;
	size_t at;		/* in p->children */
	size_t run;		/* its run's first child in time order (v's index) */
};

static int
by_start(const void *x, const void *y)
{
	const struct trun *a = x, *b = y;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/*
 * Each child's run, the children taken in time order: one that runs
 * after the one before it and is the same leaf joins that one's run.
 * Time order, not the rows' (pids): a loop's pids wrap round (pid_max)
 * and its rows then start with its later runs.  keep[at] is the place
 * of the row child at joins: its run's first child in the row order.
 */
static void
find_runs(const struct proctree *tree, const struct pnode *p,
    struct trun *v, size_t *keep)
{
	size_t k, n = p->nchildren;

	for (k = 0; k < n; k++)
		v[k] = (struct trun){ p->children[k]->start_us, k, k };
	qsort(v, n, sizeof(*v), by_start);
	for (k = 1; k < n; k++)
		if (same_run(tree, p->children[v[k - 1].at],
		    p->children[v[k].at]))
			v[k].run = v[k - 1].run;
	/* keep[] first holds, by run, its least place in the rows. */
	for (k = 0; k < n; k++)
		keep[k] = SIZE_MAX;
	for (k = 0; k < n; k++)
		if (v[k].at < keep[v[k].run])
			keep[v[k].run] = v[k].at;
	for (k = 0; k < n; k++)
		v[k].run = keep[v[k].run];
	for (k = 0; k < n; k++)
		keep[v[k].at] = v[k].run;
}

/*
 * Leaves run one after another with the same command line (a loop's
 * `true`s; a line unknown, as for most of them when only the trace saw
 * them, matches any) make one row, counted, the row of the run's first
 * child; each compile has its own line, and identical ones that ran
 * side by side keep their rows.
 */
static int
fold_same_runs(const struct proctree *tree, struct pnode *p)
{
	struct trun *v;
	size_t *keep, k, w = 0, n = p->nchildren;
	struct pnode *row;
	int rc = 0;

	if (n < 2)
		return 0;
	v = calloc(n, sizeof(*v));
	keep = calloc(n, sizeof(*keep));
	if (v == NULL || keep == NULL) {
		free(v);
		free(keep);
		return -1;
	}
	find_runs(tree, p, v, keep);
	/* In time order, so each row takes its runs as they came. */
	for (k = 0; k < n && rc == 0; k++) {
		if (keep[v[k].at] == v[k].at)
			continue;
		row = p->children[keep[v[k].at]];
		rc = node_merge(row, p->children[v[k].at]);
		row->same_runs = (row->same_runs ? row->same_runs : 1) + 1;
	}
	for (k = 0; k < n; k++)
		if (keep[k] == k)
			p->children[w++] = p->children[k];
	if (rc == 0)
		p->nchildren = w;
	free(v);
	free(keep);
	return rc;
}

/*
 * A compile is one row: the driver absorbs its helpers, so the row is
 * labelled with the driver's command line, which names the file.  The
 * command itself keeps its children.  Depth-first, helpers' helpers
 * first (collect2 takes ld, then cc takes collect2).
 */
static int
fold(const struct proctree *tree, struct pnode *p, int is_cmd, int depth)
{
	size_t i;

	if (depth > TREE_DEPTH_MAX)
		return 0;
	for (i = 0; i < p->nchildren; i++)
		if (fold(tree, p->children[i], 0, depth + 1) != 0)
			return -1;
	if (!is_cmd && helpers_only(tree, p))
		return node_absorb_children(p);
	return fold_same_runs(tree, p);
}

static int
readable_profile(struct proctree *tree, struct pnode *cmd)
{
	struct selection s = { tree, cmd, NULL, 0, 0 };
	int rc;

	rc = select_in(&s, tree->roots, tree->nroots, NULL, 0, 0, 0);
	if (rc == 0)
		rc = relink(&s);
	free(s.v);
	tree->readable = 1;
	tree->cmd = cmd;
	if (rc == 0 && tree->opts.prune)
		rc = fold(tree, cmd, 1, 0);
	return rc;
}

int
profile_step(struct proctree *tree)
{
	struct pick pk;

	if (tree->opts.strict)
		return strict_profile(tree);
	memset(&pk, 0, sizeof(pk));
	command_name(tree->profile, pk.name, sizeof(pk.name));
	pk.parent = tree->profile_parent;
	pick_in(&pk, tree->roots, tree->nroots, NULL);
	/* The command is not in the log: Java's rule is all there is. */
	if (pk.found == NULL)
		return strict_profile(tree);
	return readable_profile(tree, pk.found);
}
