/* sets.c: two sets of logs read one by one into their items, merged into one table by item, then every item compared (docs/sets.md). */
#include <dirent.h>
#include <sched.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"
#include "report.h"
#include "sets.h"
#include "sets_int.h"
#include "sets_limits.h"

/* An item's threshold: its line's, else ms; < 0: none. */
static double
threshold_of(const struct set_item *it, double ms,
    const struct set_limits *limits)
{
	struct set_limit *l = limits != NULL ? sets_limit_of(limits, it) : NULL;

	if (l == NULL)
		return ms;
	l->used = 1;
	return l->ms;
}

void
sets_regression(const struct sets *s, double ms, int cpu,
    const struct set_limits *limits, struct sets_regression *r)
{
	const struct set_item *it;
	double t;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->worst = SIZE_MAX;
	for (i = 0; i < s->nitems; i++) {
		it = &s->items[i];
		t = threshold_of(it, ms, limits);
		if (!it->tested || (cpu >= 0 && (it->metric == MET_CPU) != cpu))
			continue;
		if (it->kind == ITEM_PHASE && strcmp(it->name, "end") == 0 &&
		    it->dec.verdict == STATS_MORE_BOOTS)
			r->inconclusive = 1;
		if (t < 0 || it->metric == MET_START ||
		    it->dec.verdict != STATS_SLOWER || !(it->cmp.hl > t))
			continue;
		r->nslower++;
		if (r->worst == SIZE_MAX || it->cmp.hl > s->items[r->worst].cmp.hl)
			r->worst = i;
	}
	if (r->nslower > 0)
		r->inconclusive = 0;
}

/* Reads one log into the table, one after another (one CPU). */
static int
read_one(struct sets *s, size_t at, const struct boot_opts *bo,
    struct diag *d)
{
	struct item_list l;
	int rc = sets_read_items(&s->boots[at], bo, &l, d);

	if (rc == 0 && sets_merge(s, &l, s->boots[at].side, at) != 0)
		rc = diag_error_status(d, EXIT_NOMEM, "out of memory");
	bootitems_free(&l);
	return rc < 0 ? -1 : 0;
}

/* A directory that is one log (its members), not a directory of logs. */
static int
is_log_dir(const char *path)
{
	static const char *const marks[] = { "header", "proc_ps.log" };
	char p[4096];
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", path, marks[i]);
		if (stat(p, &st) == 0)
			return 1;
	}
	return 0;
}

int
sets_path_is_set(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode) && !is_log_dir(path);
}

static int
is_tarball(const char *name)
{
	static const char *const ext[] = { ".tgz", ".tar.gz", ".tar",
	    ".tar.bz2", ".tar.xz" };
	size_t i, n = strlen(name), k;

	for (i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
		k = strlen(ext[i]);
		if (n > k && strcmp(name + n - k, ext[i]) == 0)
			return 1;
	}
	return 0;
}

static int
add_boot(struct sets *s, size_t *cap, const char *dir, const char *name,
    int side)
{
	struct set_boot *sb;
	size_t len = strlen(name) + (dir != NULL ? strlen(dir) + 2 : 1);

	if (grow_array((void **)&s->boots, cap, s->nboots,
	    sizeof(*s->boots)) != 0)
		return -1;
	sb = &s->boots[s->nboots];
	memset(sb, 0, sizeof(*sb));
	if ((sb->path = malloc(len)) == NULL)
		return -1;
	if (dir != NULL)
		snprintf(sb->path, len, "%s/%s", dir, name);
	else
		snprintf(sb->path, len, "%s", name);
	sb->side = side;
	s->nboots++;
	return 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory of logs: its tarballs, in name order (bootchartd's names are by time). */
static int
add_dir(struct sets *s, size_t *cap, const char *dir, int side,
    struct diag *d)
{
	char **v = NULL;
	size_t n = 0, vcap = 0, i;
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	if ((dp = opendir(dir)) == NULL)
		return diag_error_status(d, EXIT_BADINPUT, "%s: cannot read the "
		    "directory", dir);
	while (rc == 0 && (e = readdir(dp)) != NULL)
		if (e->d_name[0] != '.' && is_tarball(e->d_name))
			rc = grow_array((void **)&v, &vcap, n, sizeof(*v)) ||
			    (v[n++] = strdup(e->d_name)) == NULL ? -1 : 0;
	closedir(dp);
	if (rc == 0 && n > 1)
		qsort(v, n, sizeof(*v), by_name);
	for (i = 0; i < n; i++) {
		if (rc == 0 && add_boot(s, cap, dir, v[i], side) != 0)
			rc = -1;
		free(v[i]);
	}
	free(v);
	if (rc != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	if (n == 0)
		return diag_error_status(d, EXIT_BADINPUT, "%s: no log tarballs "
		    "(.tgz, .tar.gz, .tar, .tar.bz2, .tar.xz) in the directory",
		    dir);
	return 0;
}

/* One set's paths: logs, and directories of logs. */
static int
add_side(struct sets *s, size_t *cap, char *const *paths, size_t n, int side,
    struct diag *d)
{
	size_t i, first = s->nboots;

	for (i = 0; i < n; i++) {
		if (sets_path_is_set(paths[i])) {
			if (add_dir(s, cap, paths[i], side, d) != 0)
				return -1;
		} else if (add_boot(s, cap, NULL, paths[i], side) != 0)
			return diag_error_status(d, EXIT_NOMEM, "out of memory");
	}
	for (i = first; i < s->nboots; i++) {
		s->boots[i].index = i - first;
		s->boots[i].discarded = i - first < s->opts.discard_first;
	}
	return 0;
}

/* A set with no log left: why (each did not read, or was discarded). */
static int
no_log_left(const struct sets *s, int side, struct diag *d)
{
	size_t i, given = 0, discarded = 0;

	for (i = 0; i < s->nboots; i++)
		if (s->boots[i].side == side) {
			given++;
			discarded += s->boots[i].discarded != 0;
		}
	return diag_error_status(d, EXIT_BADINPUT, "set %s: no log left of "
	    "%zu (%zu did not read, %zu discarded by --discard-first)",
	    set_name(side), given, s->failed[side], discarded);
}

/* Boots and profiles do not compare: one kind in both sets. */
static int
one_kind(struct sets *s, struct diag *d)
{
	const struct set_boot *first = NULL, *sb;
	size_t i;

	for (i = 0; i < s->nboots; i++) {
		sb = &s->boots[i];
		if (sb->discarded || sb->error != NULL)
			continue;
		s->used[sb->side]++;
		if (first == NULL)
			first = sb;
		else if (sb->profile != first->profile)
			return diag_error_status(d, EXIT_BADINPUT, "%s is a %s's "
			    "log and %s a %s's: sets compare logs of one kind",
			    first->path, first->profile ? "profile" : "boot",
			    sb->path, sb->profile ? "profile" : "boot");
	}
	s->profile = first != NULL && first->profile;
	for (i = 0; i < SET_SIDES; i++)
		if (s->used[i] == 0)
			return no_log_left(s, (int)i, d);
	return 0;
}

/* Whether a value of ident k in one set is missing from the other. */
static int
differ_in(const struct sets *s, int k)
{
	size_t i, j;
	int found;

	for (i = 0; i < s->nboots; i++) {
		const struct set_boot *x = &s->boots[i];

		if (x->discarded || x->error != NULL)
			continue;
		for (j = 0, found = 0; j < s->nboots && !found; j++) {
			const struct set_boot *y = &s->boots[j];

			found = !y->discarded && y->error == NULL &&
			    y->side != x->side && (x->ident[k] == NULL ?
			    y->ident[k] == NULL : y->ident[k] != NULL &&
			    strcmp(x->ident[k], y->ident[k]) == 0);
		}
		if (!found)
			return 1;
	}
	return 0;
}

/* One item's sets summarised and, where both have values, compared. */

/* Benjamini-Hochberg over the tested items, then each one's verdict. */
static int
judge(struct sets *s)
{
	double *p;
	size_t i, k = 0;

	if ((p = calloc(s->nitems + 1, sizeof(*p))) == NULL)
		return -1;
	for (i = 0; i < s->nitems; i++)
		if (s->items[i].tested)
			p[k++] = s->items[i].cmp.p;
	s->ntested = k;
	s->nuntested = s->nitems - k;
	if (k > 0 && stats_bh(p, k, p) != STATS_OK) {
		free(p);
		return -1;
	}
	for (i = k = 0; i < s->nitems; i++) {
		struct set_item *it = &s->items[i];

		if (!it->tested)
			continue;
		it->p_adj = p[k++];
		stats_decide(&it->cmp, it->p_adj, &it->sum[SET_A],
		    &it->sum[SET_B], &s->opts.stats, &it->dec);
		s->nverdict[it->dec.verdict]++;
	}
	free(p);
	return 0;
}

/* The CPUs this process may run on (taskset, cpusets), at least 1. */
static long
cpus_allowed(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return 1;
	return CPU_COUNT(&set);
}

/* How many workers: one per CPU it may use, at most one per unit of work. */
static unsigned
workers_for(const struct sets *s, size_t units)
{
	long n = s->opts.workers == 1 ? 1 : cpus_allowed();

	n = n > SETS_WORKERS_MAX ? SETS_WORKERS_MAX : n;
	return (size_t)n > units ? (unsigned)units : (unsigned)n;
}

/* Every item compared, by workers when there are two CPUs. */
static int
compare_all(struct sets *s, struct diag *d)
{
	unsigned nw = workers_for(s, s->nitems);
	size_t i;

	if (nw >= 2)
		return sets_workers_compare(s, nw, d);
	for (i = 0; i < s->nitems; i++)
		if (sets_compare_item(&s->items[i], &s->opts) != 0)
			return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

/* By boot, so that the values' order is the sets' whoever read them. */
static int
by_boot(const void *a, const void *b)
{
	const struct set_value *x = a, *y = b;

	return (x->boot > y->boot) - (x->boot < y->boot);
}

/*
 * Every log not discarded, in as many workers as it may use CPUs (up to
 * SETS_WORKERS_MAX) when there are logs for two; then the values in
 * boot order and the logs that did not read counted.
 */
static int
read_all(struct sets *s, const struct boot_opts *bo, struct diag *d)
{
	size_t i, nread = 0;
	unsigned nw;
	int side;

	for (i = 0; i < s->nboots; i++)
		nread += !s->boots[i].discarded;
	if ((nw = workers_for(s, nread)) >= 2) {
		if (sets_workers_read(s, nw, bo, d) != 0)
			return -1;
	} else
		for (i = 0; i < s->nboots; i++)
			if (!s->boots[i].discarded && read_one(s, i, bo, d) != 0)
				return -1;
	for (i = 0; i < s->nitems; i++)
		for (side = 0; side < SET_SIDES; side++)
			if (s->items[i].n[side] > 1)
				qsort(s->items[i].v[side], s->items[i].n[side],
				    sizeof(*s->items[i].v[side]), by_boot);
	for (i = 0; i < s->nboots; i++)
		s->failed[s->boots[i].side] += s->boots[i].error != NULL;
	return 0;
}

int
sets_read(struct sets *s, char *const *a, size_t na, char *const *b,
    size_t nb, const struct sets_opts *o, const struct boot_opts *bo,
    struct diag *d)
{
	size_t cap = 0;
	int k;

	memset(s, 0, sizeof(*s));
	s->opts = *o;
	if (add_side(s, &cap, a, na, SET_A, d) != 0 ||
	    add_side(s, &cap, b, nb, SET_B, d) != 0)
		return -1;
	if (read_all(s, bo, d) != 0)
		return -1;
	diag_set_file(d, "%s", "");
	if (one_kind(s, d) != 0)
		return -1;
	for (k = 0; k < SID_BOOT_ID; k++)
		s->differ[k] = differ_in(s, k);
	if (compare_all(s, d) != 0)
		return -1;
	if (judge(s) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

void
sets_free(struct sets *s)
{
	size_t i;
	int k;

	for (i = 0; i < s->nboots; i++) {
		free(s->boots[i].path);
		free(s->boots[i].error);
		for (k = 0; k < SID_COUNT; k++)
			free(s->boots[i].ident[k]);
	}
	for (i = 0; i < s->nitems; i++) {
		free(s->items[i].name);
		free(s->items[i].v[SET_A]);
		free(s->items[i].v[SET_B]);
	}
	free(s->boots);
	free(s->items);
	memset(s, 0, sizeof(*s));
}

/*
 * Nearest to v; a tie (to rounding: an even n's median is the mean of
 * two values, each as far from it) goes to the smaller value, then to
 * the earlier boot, so that the median's boot is the lower middle's.
 */
size_t
set_item_boot(const struct set_item *it, int side, double v)
{
	size_t i, best = SIZE_MAX;
	double dbest = 0, vbest = 0, dv, x, tol;

	tol = 1e-9 * (fabs(v) > 1 ? fabs(v) : 1);
	for (i = 0; i < it->n[side]; i++) {
		x = it->v[side][i].ms;
		dv = fabs(x - v);
		if (best == SIZE_MAX || dv < dbest - tol ||
		    (dv <= dbest + tol && x < vbest)) {
			best = it->v[side][i].boot;
			dbest = dv;
			vbest = x;
		}
	}
	return best;
}

int
set_item_fences(const struct set_item *it, int side, double *lo, double *hi)
{
	struct stats_summary m;
	size_t i, n = it->n[side];
	double *x;

	if (n == 0 || (x = calloc(n, sizeof(*x))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		x[i] = it->v[side][i].ms;
	stats_summarise(x, n, &m, NULL);
	free(x);
	*lo = m.lo_fence;
	*hi = m.hi_fence;
	return 0;
}
