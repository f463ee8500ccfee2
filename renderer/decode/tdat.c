/* tdat.c: an opened trace.dat: open, the merge of its CPU streams by time, and what it says about the recording. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "tdat_int.h"

/* Every stream's first event, and the merge order of those that have one. */
static int
prime(struct tdat *t)
{
	size_t i;

	if ((t->active = calloc(t->nst ? t->nst : 1, sizeof(*t->active))) ==
	    NULL)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	for (i = 0; i < t->nst; i++) {
		if (tstream_advance(t, &t->st[i]) != 0)
			return -1;
		if (t->st[i].have)
			t->active[t->nactive++] = i;
	}
	return 0;
}

/* Streams in merge order: by buffer, then CPU. */
static int
by_buffer_cpu(const void *a, const void *b)
{
	const struct tstream *x = a, *y = b;

	if (x->bufno != y->bufno)
		return x->bufno < y->bufno ? -1 : 1;
	return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

uint64_t
tdat_unpack_budget(const struct tdat_source *src)
{
	uint64_t all = (uint64_t)CAP_RATIO_FLOOR;

	if (src->handed > UINT64_MAX / CAP_RATIO)
		all = UINT64_MAX;
	else if (src->handed * CAP_RATIO > all)
		all = src->handed * CAP_RATIO;
	return all > src->expanded ? all - src->expanded : 0;
}

uint64_t
tdat_unpack_total(const struct tdat *t)
{
	return t->declared;
}

int
tdat_open(struct tdat **tp, const void *buf, size_t len, struct diag *d)
{
	struct tdat_source src = { len, len };

	return tdat_open_from(tp, buf, len, &src, d);
}

int
tdat_open_from(struct tdat **tp, const void *buf, size_t len,
    const struct tdat_source *src, struct diag *d)
{
	struct tdat *t;

	*tp = NULL;
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	t->buf = buf;
	t->len = len;
	t->d = d;
	d->trace_reads++;
	snprintf(t->where, sizeof(t->where), "%s", d->file);
	t->where_gen = d->file_gen;
	t->src = *src;
	t->unpack_cap = tdat_unpack_budget(src);
	if (tdat_read_file(t) != 0 || tfmt_index(t) != 0) {
		tdat_free(t);
		return -1;
	}
	if (t->nst > 1)
		qsort(t->st, t->nst, sizeof(*t->st), by_buffer_cpu);
	if (prime(t) != 0) {
		tdat_free(t);
		return -1;
	}
	*tp = t;
	return 0;
}

void
tracefile_free(struct tracefile *f)
{
	tdat_free(f->td);
	free(f->buf);
	memset(f, 0, sizeof(*f));
}

void
tdat_free(struct tdat *t)
{
	size_t i;

	if (t == NULL)
		return;
	tfmt_free_all(t);
	for (i = 0; i < t->ncmds; i++)
		free(t->cmds[i].comm);
	free(t->cmds);
	tstream_free_all(t);
	free(t->active);
	free(t->clock);
	free(t->uname);
	tdat_syms_free(t);
	free(t);
}

/*
 * Moves the stream of the event returned last to its next event, now
 * that the caller is done with that event's bytes (a compressed stream
 * unpacks its next chunk over them).
 */
static int
advance_returned(struct tdat *t)
{
	struct tstream *st;
	size_t at = t->returned;

	if (at == 0)
		return 0;
	at--;
	t->returned = 0;
	st = &t->st[t->active[at]];
	if (tstream_advance(t, st) != 0)
		return -1;
	if (!st->have) {
		memmove(&t->active[at], &t->active[at + 1],
		    (t->nactive - at - 1) * sizeof(*t->active));
		t->nactive--;
	}
	return 0;
}

int
tdat_next(struct tdat *t, struct tevent *e)
{
	struct tstream *st, *best = NULL;
	size_t i, at = 0;

	/*
	 * Warnings of the pages read now name the member, not the last one
	 * read (a comparison of the names per event was a twentieth of it).
	 */
	if (t->d->file_gen != t->where_gen) {
		diag_set_file(t->d, "%s", t->where);
		t->where_gen = t->d->file_gen;
	}
	if (advance_returned(t) != 0)
		return -1;
	/* Strictly earlier wins: equal times keep the merge order. */
	for (i = 0; i < t->nactive; i++) {
		st = &t->st[t->active[i]];
		if (best == NULL || st->ev.ts_ns < best->ev.ts_ns) {
			best = st;
			at = i;
		}
	}
	if (best == NULL)
		return 0;
	*e = best->ev;
	t->returned = at + 1;
	return 1;
}

void
tdat_give_back(struct tdat *t)
{
	t->give_back = 1;
}

const char *
tdat_clock(const struct tdat *t)
{
	return t->clock != NULL ? t->clock : "local";
}

const char *
tdat_uname(const struct tdat *t)
{
	return t->uname;
}

int
tdat_ncpus(const struct tdat *t)
{
	int n = 0;
	size_t i;

	if (t->cpucount > 0)
		return t->cpucount;
	for (i = 0; i < t->nst; i++)
		if (t->st[i].cpu >= n)
			n = t->st[i].cpu + 1;
	return n;
}

int
tdat_version(const struct tdat *t)
{
	return t->version;
}

void
tdat_lost(const struct tdat *t, int cpu, uint64_t *events, uint64_t *pages)
{
	size_t i;

	*events = *pages = 0;
	for (i = 0; i < t->nst; i++)
		if (t->st[i].cpu == cpu) {
			*events += t->st[i].lost;
			*pages += t->st[i].lost_pages;
		}
}
