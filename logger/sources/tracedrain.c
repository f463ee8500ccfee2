/* tracedrain.c: the per-CPU drains of exact mode: whole pages from each CPU's trace_pipe_raw into the store, packed in chunks, within the trace's share of the budget, and the CPUs' read and lost counts. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracedrain.h"

/* The trace's share of the log budget: the samples keep the rest. */
#define BUDGET_SHARE(b)	((b) / 2)

void
tracedrain_init(struct tracedrain *d)
{
	memset(d, 0, sizeof(*d));
}

/* The number after "key:" in a stats text, or 0. */
static uint64_t
stat_value(const char *text, const char *key)
{
	const char *p = strstr(text, key);

	return p == NULL ? 0 : strtoull(p + strlen(key), NULL, 10);
}

/* A CPU's stats text, read again (pread) into d->buf. */
static const char *
read_stats(struct tracedrain *d, const struct tracedrain_cpu *c)
{
	ssize_t r = pread(c->statsfd, d->buf, d->page - 1, 0);

	d->buf[r > 0 ? r : 0] = '\0';
	return d->buf;
}

static uint64_t
lost_of(const char *s)
{
	return stat_value(s, "\noverrun:") + stat_value(s, "commit overrun:") +
	    stat_value(s, "dropped events:");
}

/* CPU i's files, the store's file and its counts at the start. */
static int
open_cpu(struct tracedrain *d, int bufd, unsigned i, struct store *st)
{
	struct tracedrain_cpu *c = &d->cpu[i];
	char path[64];
	const char *s;

	snprintf(path, sizeof(path), "per_cpu/cpu%u/trace_pipe_raw", i);
	c->pipefd = openat(bufd, path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	snprintf(path, sizeof(path), "per_cpu/cpu%u/stats", i);
	c->statsfd = openat(bufd, path, O_RDONLY | O_CLOEXEC);
	snprintf(path, sizeof(path), "trace.cpu%u", i);
	c->outfd = store_file_open(st, path);
	if (c->pipefd < 0 || c->statsfd < 0 || c->outfd < 0)
		return -1;
	s = read_stats(d, c);
	c->lost0 = lost_of(s);
	c->read0 = stat_value(s, "read events:");
	return 0;
}

int
tracedrain_open(struct tracedrain *d, int bufd, unsigned ncpu, uint32_t page,
    uint64_t cpu_bytes, struct store *st)
{
	unsigned i;

	d->page = page;
	/* A quarter of a CPU's buffer: drained long before it fills. */
	d->threshold = cpu_bytes > 0 ? cpu_bytes / 4 : page;
	d->ncpu = ncpu;
	/*
	 * At most half the share: a small budget still traces.  Packed,
	 * the buffers' pages take a quarter of their size or less (7 to 9
	 * times less measured); a cut that finds more still ends cleanly.
	 */
	d->reserve = (uint64_t)ncpu * (cpu_bytes > 0 ? cpu_bytes : page) / 4;
	d->share = BUDGET_SHARE(st->budget);
	if (d->reserve > d->share / 2)
		d->reserve = d->share / 2;
	if (d->ncpu == 0 || (d->cpu = calloc(d->ncpu, sizeof(*d->cpu))) ==
	    NULL || (d->buf = malloc(d->page)) == NULL ||
	    tchunk_open(&d->z, TCHUNK_PAGES * (size_t)page) != 0)
		return -1;
	for (i = 0; i < d->ncpu; i++)
		d->cpu[i].pipefd = d->cpu[i].statsfd = d->cpu[i].outfd = -1;
	for (i = 0; i < d->ncpu; i++) {
		if ((d->cpu[i].stage = malloc(TCHUNK_PAGES * (size_t)page)) ==
		    NULL)
			return -1;
		if (open_cpu(d, bufd, i, st) != 0)
			return -1;
	}
	return 0;
}

/*
 * Store bytes the next page may take: the chunks every CPU's stage and
 * it can make, so a stage always fits when it is packed.
 */
static uint64_t
need(const struct tracedrain *d)
{
	return tchunk_bound(&d->z, d->staged + d->page) +
	    d->ncpu * tchunk_bound(&d->z, 0);
}

/* CPU c's stage packed into one chunk in the store; 0 or -1 (errno). */
static int
flush(struct tracedrain *d, struct store *st, struct tracedrain_cpu *c)
{
	const uint8_t *p;
	size_t n;

	if (c->staged == 0)
		return 0;
	if (tchunk_pack(&d->z, c->stage, c->staged, &p, &n) != 0) {
		errno = ENOMEM;
		return -1;
	}
	if (store_file_append(st, c->outfd, &c->size, p, n) != 0)
		return -1;
	d->stored += n;
	d->staged -= c->staged;
	c->staged = 0;
	return 0;
}

/*
 * Reads one page of CPU c, within limit bytes in all: 1, 0 when there
 * is none, -1 (budget, errno).
 */
static int
drain_page(struct tracedrain *d, struct store *st, struct tracedrain_cpu *c,
    uint64_t limit)
{
	uint8_t *to = c->stage + c->staged;
	uint64_t want = need(d);
	ssize_t r;

	/* Before the read: a page read is gone from the kernel. */
	d->over_share = d->stored + want > limit;
	if (d->over_share || store_room(st) < want) {
		errno = ENOSPC;
		return -1;
	}
	do
		r = read(c->pipefd, to, d->page);
	while (r < 0 && errno == EINTR);
	if (r <= 0)
		return 0;
	/* Whole pages: the reader finds them by the page size. */
	if ((size_t)r < d->page)
		memset(to + r, 0, d->page - (size_t)r);
	c->pages++;
	c->staged += d->page;
	d->staged += d->page;
	if (c->staged == TCHUNK_PAGES * (size_t)d->page && flush(d, st, c) != 0)
		return -1;
	return 1;
}

/* Reads CPU c's pages until there is none; 0, or -1 (budget, errno). */
static int
drain_cpu(struct tracedrain *d, struct store *st, struct tracedrain_cpu *c,
    uint64_t limit)
{
	int r;

	while ((r = drain_page(d, st, c, limit)) == 1)
		;
	/* What was read is kept, budget or not: need() left it room. */
	return flush(d, st, c) != 0 ? -1 : r;
}

/* CPU i's pages short of the reserve; 0, or -1 (full set, errno). */
static int
run_cpu(struct tracedrain *d, struct store *st, unsigned i)
{
	if (drain_cpu(d, st, &d->cpu[i], d->share - d->reserve) == 0)
		return 0;
	d->full = 1;
	return -1;
}

int
tracedrain_run(struct tracedrain *d, struct store *st)
{
	unsigned i;

	for (i = 0; i < d->ncpu && !d->full; i++)
		if (stat_value(read_stats(d, &d->cpu[i]), "\nbytes:") >=
		    d->threshold && run_cpu(d, st, i) != 0)
			return -1;
	return 0;
}

int
tracedrain_run_cpu(struct tracedrain *d, struct store *st, unsigned i)
{
	if (d->full || i >= d->ncpu)
		return 0;
	return run_cpu(d, st, i);
}

/* Every CPU's stage into the store; 0 or -1 (the first failure). */
static int
flush_all(struct tracedrain *d, struct store *st)
{
	unsigned i;
	int r = 0;

	for (i = 0; i < d->ncpu; i++)
		if (flush(d, st, &d->cpu[i]) != 0)
			r = -1;
	return r;
}

/*
 * A page of each CPU in turn: a reserve too small for every buffer is
 * shared, so each CPU's events still run from the start to some instant
 * and the earliest of those is where all of them are whole.
 */
int
tracedrain_close_out(struct tracedrain *d, struct store *st)
{
	unsigned i;
	int r, more = 1;

	while (more) {
		more = 0;
		for (i = 0; i < d->ncpu; i++) {
			r = drain_page(d, st, &d->cpu[i], d->share);
			if (r < 0) {
				d->full = 1;
				(void)flush_all(d, st);
				return -1;
			}
			more |= r;
		}
	}
	return flush_all(d, st);
}

const char *
tracedrain_cut_reason(const struct tracedrain *d, int err)
{
	if (err != ENOSPC)
		return strerror(err);
	return d->over_share ? "half the log budget (TMPFS_SIZE) full" :
	    "log budget full";
}

void
tracedrain_store_line(const struct tracedrain *d, char *out, size_t cap)
{
	uint64_t pages = 0;
	unsigned i;

	for (i = 0; i < d->ncpu; i++)
		pages += tracedrain_pages_of(d, i);
	snprintf(out, cap, "pages %llu packed %llu share %llu",
	    (unsigned long long)pages, (unsigned long long)d->stored,
	    (unsigned long long)d->share);
}

uint64_t
tracedrain_pages_of(const struct tracedrain *d, unsigned i)
{
	return d->cpu[i].pages * d->page;
}

void
tracedrain_end_stats(struct tracedrain *d)
{
	struct tracedrain_cpu *c;
	unsigned i;

	for (i = 0; i < d->ncpu; i++) {
		c = &d->cpu[i];
		free(c->stats);
		c->stats = strdup(read_stats(d, c));
		c->statslen = c->stats != NULL ? strlen(c->stats) : 0;
	}
}

/* One CPU's count of the kind asked for. */
static uint64_t
count_of(const struct tracedrain_cpu *c, enum tracedrain_count which)
{
	const char *s = c->stats != NULL ? c->stats : "";

	if (which == TDRAIN_READ)
		return stat_value(s, "read events:") - c->read0;
	if (which == TDRAIN_UNREAD)
		return stat_value(s, "entries:");
	return which == TDRAIN_LOST ? lost_of(s) : c->lost0;
}

void
tracedrain_counts(const struct tracedrain *d, enum tracedrain_count which,
    char *out, size_t cap)
{
	uint64_t sum = 0;
	unsigned i;
	size_t n;

	for (i = 0; i < d->ncpu; i++)
		sum += count_of(&d->cpu[i], which);
	n = (size_t)snprintf(out, cap, "total %llu:", (unsigned long long)sum);
	for (i = 0; i < d->ncpu && n < cap; i++)
		n += (size_t)snprintf(out + n, cap - n, " cpu%u=%llu", i,
		    (unsigned long long)count_of(&d->cpu[i], which));
}

void
tracedrain_close_pipes(struct tracedrain *d)
{
	unsigned i;

	for (i = 0; d->cpu != NULL && i < d->ncpu; i++) {
		if (d->cpu[i].pipefd >= 0)
			close(d->cpu[i].pipefd);
		d->cpu[i].pipefd = -1;
	}
}

void
tracedrain_close(struct tracedrain *d)
{
	unsigned i;

	tracedrain_close_pipes(d);
	for (i = 0; d->cpu != NULL && i < d->ncpu; i++) {
		if (d->cpu[i].statsfd >= 0)
			close(d->cpu[i].statsfd);
		d->cpu[i].statsfd = -1;
	}
}

void
tracedrain_free(struct tracedrain *d, struct store *st)
{
	char name[32];
	unsigned i;

	tracedrain_close(d);
	for (i = 0; d->cpu != NULL && i < d->ncpu; i++) {
		snprintf(name, sizeof(name), "trace.cpu%u", i);
		store_file_remove(st, d->cpu[i].outfd, name);
		free(d->cpu[i].stats);
		free(d->cpu[i].stage);
	}
	tchunk_free(&d->z);
	free(d->cpu);
	d->cpu = NULL;
	free(d->buf);
	d->buf = NULL;
}
