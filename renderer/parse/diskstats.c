/* diskstats.c: proc_diskstats.log -> whole-disk throughput and utilization. */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "parse.h"
#include "tblock.h"

#define DISK_NAME_MAX 32	/* kernel disk names are at most 31 bytes */
#define DISK_FIELDS 11		/* counters after the name we use (and need) */
#define SECTOR_BYTES 512.0

struct disk {
	char name[DISK_NAME_MAX];
	uint64_t rsect, wsect, io_ms;
};

struct disk_set {
	struct disk *v;
	size_t n, cap;
	/* v by name, equal names in v's order; built when first needed. */
	const struct disk **ix;
	size_t ixcap;
	int indexed;
};

struct dstat_state {
	struct tblock_log log;	/* first: see tblock.h */
	struct disk_set prev, cur;
	int have_prev;
	usec_t prev_us, time_us;
	int warned;
};

/* Skips `prefix`, then a non-empty run of digits or of lowercase letters. */
static const char *
match_run(const char *s, const char *prefix, int digits)
{
	size_t n = strlen(prefix);
	const char *p;

	if (strncmp(s, prefix, n) != 0)
		return NULL;
	p = s + n;
	if (digits) {
		if (*p < '0' || *p > '9')
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	} else {
		if (*p < 'a' || *p > 'z')
			return NULL;
		while (*p >= 'a' && *p <= 'z')
			p++;
	}
	return p;
}

/*
 * Whole disks only: partitions (sda1, mmcblk0p1, nvme0n1p2) would count
 * the same I/O twice.
 */
static int
is_whole_disk(const char *name)
{
	static const char *const letters[] = { "sd", "hd", "vd", "xvd" };
	static const char *const numbered[] = { "mmcblk", "mtdblock" };
	const char *p;
	size_t i;

	for (i = 0; i < sizeof(letters) / sizeof(letters[0]); i++)
		if ((p = match_run(name, letters[i], 0)) != NULL && *p == '\0')
			return 1;
	for (i = 0; i < sizeof(numbered) / sizeof(numbered[0]); i++)
		if ((p = match_run(name, numbered[i], 1)) != NULL && *p == '\0')
			return 1;
	if ((p = match_run(name, "nvme", 1)) != NULL &&
	    (p = match_run(p, "n", 1)) != NULL && *p == '\0')
		return 1;
	if ((p = match_run(name, "cciss/c", 1)) != NULL &&
	    (p = match_run(p, "d", 1)) != NULL && *p == '\0')
		return 1;
	return 0;
}

static int
dstat_begin_block(void *arg, usec_t time_us)
{
	struct dstat_state *s = arg;

	s->time_us = time_us;
	s->cur.n = 0;
	return 0;
}

/* Cuts the name token out of a line: "   8    0 sda 1 2 ...". */
static const char *
name_token(const char *p, const char *end, char *name)
{
	uint64_t skip;
	size_t n = 0;

	if (tblock_number(&p, end, &skip) != 0 ||
	    tblock_number(&p, end, &skip) != 0)
		return NULL;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	while (p < end && *p != ' ' && *p != '\t') {
		if (n + 1 >= DISK_NAME_MAX)
			return NULL;
		name[n++] = *p++;
	}
	name[n] = '\0';
	return n > 0 ? p : NULL;
}

static int
dstat_line(void *arg, const char *line, size_t len)
{
	struct dstat_state *s = arg;
	const char *p, *end = line + len;
	uint64_t f[DISK_FIELDS];
	char name[DISK_NAME_MAX];
	struct disk *dk;
	int n = 0;

	if ((p = name_token(line, end, name)) == NULL || !is_whole_disk(name))
		return 0;
	while (n < DISK_FIELDS && tblock_number(&p, end, &f[n]) == 0)
		n++;
	if (n < DISK_FIELDS) {
		if (!s->warned)
			diag_warn(s->log.d, "disk %s has %d counters, "
			    "expected %d; line skipped", name, n, DISK_FIELDS);
		s->warned = 1;
		return 0;
	}
	if (grow_reserve((void **)&s->cur.v, &s->cur.cap, s->cur.n + 1,
	    sizeof(*s->cur.v)) != 0)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	dk = &s->cur.v[s->cur.n++];
	memcpy(dk->name, name, sizeof(dk->name));
	dk->rsect = f[2];
	dk->wsect = f[6];
	dk->io_ms = f[9];
	return 0;
}

/* By name, then by place in the set: the first of equal names wins. */
static int
disk_cmp(const void *a, const void *b)
{
	const struct disk *x = *(const struct disk *const *)a;
	const struct disk *y = *(const struct disk *const *)b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return x < y ? -1 : x > y;
}

static int
index_set(struct disk_set *set)
{
	size_t i;

	if (grow_reserve((void **)&set->ix, &set->ixcap, set->n,
	    sizeof(*set->ix)) != 0)
		return -1;
	for (i = 0; i < set->n; i++)
		set->ix[i] = &set->v[i];
	if (set->n > 1)
		qsort(set->ix, set->n, sizeof(*set->ix), disk_cmp);
	set->indexed = 1;
	return 0;
}

/*
 * The disk called name in set, NULL when none (or *err on no memory).
 * Disks come in the same order every block, so the same slot is tried
 * first; a set that came in another order is searched by name, so that
 * thousands of disks reordered stay n log n a block.
 */
static const struct disk *
find_disk(struct disk_set *set, const char *name, size_t hint, int *err)
{
	size_t lo = 0, hi = set->n, mid;

	if (hint < set->n && strcmp(set->v[hint].name, name) == 0)
		return &set->v[hint];
	if (!set->indexed && index_set(set) != 0) {
		*err = 1;
		return NULL;
	}
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(set->ix[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < set->n && strcmp(set->ix[lo]->name, name) == 0)
		return set->ix[lo];
	return NULL;
}

static uint64_t
udelta(uint64_t now, uint64_t before)
{
	return now > before ? now - before : 0;	/* wrapped or reset: none */
}

static int
add_sample(struct dstat_state *s)
{
	struct bootlog *t = s->log.t;
	struct disk_sample *ds;
	const struct disk *old;
	double interval = (double)(s->time_us - s->prev_us), util, busiest = 0;
	uint64_t rd = 0, wr = 0;
	size_t i;
	int err = 0;

	if (interval <= 0)
		return 0;
	for (i = 0; i < s->cur.n; i++) {
		if ((old = find_disk(&s->prev, s->cur.v[i].name, i, &err)) ==
		    NULL) {
			if (err)
				return diag_error_status(s->log.d, EXIT_NOMEM,
				    "out of memory");
			continue;
		}
		rd += udelta(s->cur.v[i].rsect, old->rsect);
		wr += udelta(s->cur.v[i].wsect, old->wsect);
		util = (double)udelta(s->cur.v[i].io_ms, old->io_ms) *
		    USEC_PER_MS / interval;
		if (util > busiest)
			busiest = util;
	}
	if (grow_reserve((void **)&t->disk, &t->disk_cap, t->ndisk + 1,
	    sizeof(*t->disk)) != 0)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	ds = &t->disk[t->ndisk++];
	ds->time_us = s->time_us;
	ds->interval_us = s->time_us - s->prev_us;
	ds->util = busiest > 1.0 ? 1.0 : busiest;
	ds->read_bps = (double)rd * SECTOR_BYTES * USEC_PER_SEC / interval;
	ds->write_bps = (double)wr * SECTOR_BYTES * USEC_PER_SEC / interval;
	return 0;
}

static int
dstat_end_block(void *arg)
{
	struct dstat_state *s = arg;
	struct disk_set tmp;

	if (s->have_prev && add_sample(s) != 0)
		return -1;
	tmp = s->prev;
	s->prev = s->cur;
	s->cur = tmp;
	s->cur.n = 0;
	s->cur.indexed = 0;
	s->prev_us = s->time_us;
	s->have_prev = 1;
	return 0;
}

static const struct tblock_cb dstat_cb = {
	dstat_begin_block, dstat_line, dstat_end_block, 0
};

static void *
dstat_open(struct logparse *lp, struct diag *d)
{
	return tblock_log_open(sizeof(struct dstat_state), &dstat_cb, lp, d);
}

static void
dstat_release(void *state)
{
	struct dstat_state *s = state;

	if (s != NULL) {
		free(s->prev.v);
		free(s->cur.v);
		free(s->prev.ix);
		free(s->cur.ix);
	}
	tblock_log_free(s);
}

const struct logkind_ops ops_diskstats = {
	dstat_open, tblock_log_feed, tblock_log_end, dstat_release
};
