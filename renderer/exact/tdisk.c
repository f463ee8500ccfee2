/* tdisk.c: the disks' requests from the block events in fixed bins (tdisk.h): the bytes each completion moved, and each disk's time with a request issued and not yet completed, as /proc/diskstats counts its io_ticks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tdisk.h"

/* Past a cap: warned once, and nothing more is added (the chart stops there). */
static int
full(struct tdisk *b, int cap, const char *what)
{
	if (!b->cut)
		diag_warn(b->d, "more than %d %s: the disk chart from the "
		    "trace's block events stops there", cap, what);
	b->cut = 1;
	return 0;
}

/* Bin i of s exists (zeroed); 1, 0 past CAP_TRACE_DISK_BINS, -1 on no memory. */
static int
bin_at(struct tdisk *b, struct tdisk_bins *s, size_t i)
{
	size_t old = s->n;

	if (i < s->n)
		return 1;
	if (b->nbins + (i + 1 - old) > CAP_TRACE_DISK_BINS)
		return full(b, CAP_TRACE_DISK_BINS, "bins of the disks' I/O");
	if (grow_reserve((void **)&s->v, &s->cap, i + 1, sizeof(*s->v)) != 0)
		return -1;
	memset(s->v + old, 0, (i + 1 - old) * sizeof(*s->v));
	s->n = i + 1;
	b->nbins += i + 1 - old;
	return 1;
}

/* The bin of time at (a time before the first bin: the first). */
static size_t
bin_of(const struct tdisk *b, int64_t at)
{
	return at > b->t0 ? (size_t)((at - b->t0) / TDISK_BIN_NS) : 0;
}

/* [from, to) added to s, split over the bins it meets.  0, or -1. */
static int
span_add(struct tdisk *b, struct tdisk_bins *s, int64_t from, int64_t to)
{
	int64_t end;
	size_t i;
	int r;

	if (from < b->t0)
		from = b->t0;
	for (; from < to && !b->cut; from = end) {
		i = bin_of(b, from);
		if ((r = bin_at(b, s, i)) <= 0)
			return r;
		end = b->t0 + (int64_t)(i + 1) * TDISK_BIN_NS;
		if (end > to)
			end = to;
		s->v[i] += end - from;
	}
	return 0;
}

/* The slot of (dev, sector) in a table of mask + 1 slots: Fibonacci hashing. */
static size_t
slot_of(uint32_t dev, uint64_t sector, size_t mask)
{
	uint64_t h = (sector ^ ((uint64_t)dev << 40)) * 0x9E3779B97F4A7C15ULL;

	return (size_t)(h >> 32) & mask;
}

/* The slot holding (dev, sector), or the free one where it would go. */
static size_t
find(const struct tdisk *b, uint32_t dev, uint64_t sector)
{
	size_t mask = b->opencap - 1, i = slot_of(dev, sector, mask);

	while (b->open[i].used && (b->open[i].dev != dev ||
	    b->open[i].sector != sector))
		i = (i + 1) & mask;
	return i;
}

/* The table twice as large, every request in it again.  0, or -1. */
static int
rehash(struct tdisk *b)
{
	struct tdisk_req *old = b->open;
	size_t oldcap = b->opencap, i;

	b->opencap = oldcap > 0 ? oldcap * 2 : 64;
	if ((b->open = calloc(b->opencap, sizeof(*b->open))) == NULL) {
		b->open = old;
		b->opencap = oldcap;
		return -1;
	}
	for (i = 0; i < oldcap; i++)
		if (old[i].used)
			b->open[find(b, old[i].dev, old[i].sector)] = old[i];
	free(old);
	return 0;
}

/*
 * Removes slot i, moving later ones of its run back (linear probing's
 * deletion without tombstones: every key stays reachable from its slot).
 */
static void
unslot(struct tdisk *b, size_t i)
{
	size_t mask = b->opencap - 1, j = i, k;

	for (;;) {
		j = (j + 1) & mask;
		if (!b->open[j].used)
			break;
		k = slot_of(b->open[j].dev, b->open[j].sector, mask);
		/* j's home k is not cyclically in (i, j]: it may move to i. */
		if (i <= j ? (k <= i || k > j) : (k <= i && k > j)) {
			b->open[i] = b->open[j];
			i = j;
		}
	}
	b->open[i].used = 0;
	b->nopen--;
}

/* The disk's entry, made on first sight; NULL past CAP_TRACE_DISKS or on no memory (*nomem). */
static struct tdisk_dev *
dev_of(struct tdisk *b, uint32_t dev, int *nomem)
{
	struct tdisk_dev *v;
	size_t i;

	*nomem = 0;
	for (i = 0; i < b->ndev; i++)
		if (b->dev[i].dev == dev)
			return &b->dev[i];
	if (b->ndev >= CAP_TRACE_DISKS)
		return NULL;
	if ((v = realloc(b->dev, (b->ndev + 1) * sizeof(*v))) == NULL) {
		*nomem = 1;
		return NULL;
	}
	b->dev = v;
	v = &b->dev[b->ndev++];
	memset(v, 0, sizeof(*v));
	v->dev = dev;
	return v;
}

/* An event of the block layer seen: the first sets the bins' start. */
static void
seen(struct tdisk *b, int64_t t0)
{
	if (b->events++ == 0)
		b->t0 = t0;
}

int
tdisk_issue(struct tdisk *b, int64_t t0, uint32_t dev, uint64_t sector,
    int64_t at)
{
	struct tdisk_dev *d;
	size_t i;
	int nomem;

	seen(b, t0);
	if (b->cut)
		return 0;
	if (b->nopen + 1 > CAP_TRACE_DISK_OPEN)
		return full(b, CAP_TRACE_DISK_OPEN, "disk requests in flight");
	if ((b->nopen + 1) * 2 > b->opencap && rehash(b) != 0)
		return -1;
	i = find(b, dev, sector);
	/* Issued twice without a completion between: still one request. */
	if (b->open[i].used)
		return 0;
	b->open[i] = (struct tdisk_req){ sector, dev, 1 };
	b->nopen++;
	if ((d = dev_of(b, dev, &nomem)) == NULL)
		return nomem ? -1 : 0;
	if (d->inflight++ == 0)
		d->since = at;
	return 0;
}

/* Request (dev, sector) left the disk at `at`: its disk's busy time.  0, or -1. */
static int
leave(struct tdisk *b, uint32_t dev, uint64_t sector, int64_t at)
{
	struct tdisk_dev *d;
	size_t i;
	int nomem;

	/* Issued before the trace began (or past a cap): its time unknown. */
	if (b->opencap == 0 || !b->open[i = find(b, dev, sector)].used)
		return 0;
	unslot(b, i);
	if ((d = dev_of(b, dev, &nomem)) == NULL)
		return nomem ? -1 : 0;
	if (d->inflight > 0 && --d->inflight == 0)
		return span_add(b, &d->busy, d->since, at);
	return 0;
}

int
tdisk_requeue(struct tdisk *b, int64_t t0, uint32_t dev, uint64_t sector,
    int64_t at)
{
	seen(b, t0);
	return b->cut ? 0 : leave(b, dev, sector, at);
}

int
tdisk_done(struct tdisk *b, int64_t t0, uint32_t dev, uint64_t sector,
    uint64_t nsect, const char *rwbs, int64_t at)
{
	struct tdisk_bins *s = NULL;
	int64_t add;
	size_t i;
	int r;

	seen(b, t0);
	if (b->cut)
		return 0;
	/* The operation's letter, after a flush's leading F (blk_fill_rwbs). */
	if (strchr(rwbs, 'R') != NULL)
		s = &b->rd;
	else if (strchr(rwbs, 'W') != NULL)
		s = &b->wr;
	if (s != NULL && nsect > 0) {
		if ((r = bin_at(b, s, i = bin_of(b, at))) <= 0)
			return r;
		/* The kernel's count is 32 bits; a forged one saturates. */
		add = (int64_t)(nsect > UINT32_MAX ? UINT32_MAX : nsect) * 512;
		s->v[i] = s->v[i] > INT64_MAX - add ? INT64_MAX : s->v[i] + add;
	}
	return leave(b, dev, sector, at);
}

int
tdisk_close(struct tdisk *b, int64_t end)
{
	size_t i;

	for (i = 0; i < b->ndev && !b->cut; i++)
		if (b->dev[i].inflight > 0 && span_add(b, &b->dev[i].busy,
		    b->dev[i].since, end) != 0)
			return -1;
	free(b->open);
	b->open = NULL;
	b->nopen = b->opencap = 0;
	return 0;
}

int64_t
tdisk_get(const struct tdisk_bins *s, size_t i)
{
	return i < s->n ? s->v[i] : 0;
}

void
tdisk_shift(struct tdisk *b, int64_t off)
{
	b->t0 += off;
}

void
tdisk_free(struct tdisk *b)
{
	size_t i;

	free(b->rd.v);
	free(b->wr.v);
	for (i = 0; i < b->ndev; i++)
		free(b->dev[i].busy.v);
	free(b->dev);
	free(b->open);
	memset(b, 0, sizeof(*b));
}
