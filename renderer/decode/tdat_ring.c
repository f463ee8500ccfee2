/* tdat_ring.c: one CPU's ring-buffer pages in a trace.dat, decoded event by event (docs/trace.md, "Pages and events"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "caps.h"
#include "giveback.h"
#include "grow.h"
#include "ringpage.h"
#include "tdat_int.h"
#include "tracedat.h"

/* What a stream warns of, once each. */
enum {
	W_PARTIAL = 1, W_COMMIT = 2, W_OVERRUN = 4, W_BACK = 8
};

static void
warn_once(struct tdat *t, struct tstream *st, int what, const char *msg)
{
	if (st->warned & what)
		return;
	st->warned |= what;
	t->d->line = 0;
	diag_warn(t->d, "buffer %d cpu %d, page at data offset %llu: %s",
	    st->bufno, st->cpu, (unsigned long long)st->page_off, msg);
}

/* A chunk's unpacked size against CAP_TRACE_CHUNK: 0, or -1. */
static int
chunk_cap(struct tdat *t, uint64_t off, uint32_t usize)
{
	if (usize <= CAP_TRACE_CHUNK)
		return 0;
	return cap_error(t->d, "offset %llu: a chunk of %u bytes",
	    (unsigned long long)off, usize);
}

/*
 * The sizes a compressed stream's chunks declare, summed without
 * unpacking any, and judged as one part (tdat_declare).  Every chunk
 * takes at least its 8 bytes of sizes, so the chunks of all CPUs, which
 * do not overlap in a real file, have at most the file's length / 8
 * headers: past that, streams share chunks (a forged file walking 1 GiB
 * of them 8 192 times).  A chunk cut short stops the sum: reading it
 * says so.
 */
static int
declare_chunks(struct tdat *t, const struct tstream *st)
{
	uint64_t csum = 0, usum = 0;
	uint32_t i, csize, usize;
	const uint8_t *p;
	struct tcur c;
	char part[64];

	tcur_init(&c, t, st->ch.p, st->ch.len, st->file_off);
	c.pos = st->ch.pos;
	for (i = 0; i < st->ch.left; i++) {
		if (++t->walked > t->len / 8)
			return tdat_fail(t, st->file_off, "cpu %d: chunks "
			    "shared with another CPU's", st->cpu);
		if (tcur_u32(&c, &csize) != 0 || tcur_u32(&c, &usize) != 0 ||
		    tcur_bytes(&c, csize, &p) != 0)
			break;
		if (chunk_cap(t, tcur_off(&c) - csize, usize) != 0)
			return -1;
		csum += 8 + (uint64_t)csize;
		usum += usize;
	}
	snprintf(part, sizeof(part), "buffer %d cpu %d", st->bufno, st->cpu);
	return tdat_declare(t, part, st->file_off, csum, usum);
}

int
tstream_add(struct tdat *t, int bufno, int cpu, uint64_t off, uint64_t size,
    int compressed)
{
	struct tstream *st;
	struct tcur c;

	if (size == 0)
		return 0;
	if (cap_check(t->d, t->nst, CAP_TRACE_CPUS, "CPU streams") != 0)
		return -1;
	if (off > t->len || (!compressed && size > t->len - off))
		return tdat_fail(t, off, "cpu %d: %llu bytes of data past the "
		    "end of the file", cpu, (unsigned long long)size);
	if (grow_array((void **)&t->st, &t->st_cap, t->nst, sizeof(*t->st))
	    != 0)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	st = &t->st[t->nst];
	memset(st, 0, sizeof(*st));
	st->cpu = cpu;
	st->bufno = bufno;
	st->file_off = off;
	st->compressed = compressed;
	st->last_ts = INT64_MIN;
	if (!compressed) {
		st->data = t->buf + off;
		st->len = (size_t)size;
	} else {
		st->ch.p = t->buf + off;
		st->ch.len = t->len - (size_t)off;
		tcur_init(&c, t, st->ch.p, st->ch.len, off);
		if (tcur_u32(&c, &st->ch.left) != 0)
			return tdat_short(t, &c, "chunk count");
		st->ch.pos = c.pos;
		if (declare_chunks(t, st) != 0)
			return -1;
	}
	t->nst++;
	return 0;
}

/* The next compressed chunk as the stream's pages; 0 when none is left. */
static int
next_chunk(struct tdat *t, struct tstream *st)
{
	struct tchunks *ch = &st->ch;
	uint32_t csize, usize;
	const uint8_t *p;
	struct tcur c;

	if (ch->left == 0)
		return 0;
	tcur_init(&c, t, ch->p, ch->len, st->file_off);
	c.pos = ch->pos;
	if (tcur_u32(&c, &csize) != 0 || tcur_u32(&c, &usize) != 0 ||
	    tcur_bytes(&c, csize, &p) != 0)
		return tdat_short(t, &c, "compressed chunk");
	if (chunk_cap(t, tcur_off(&c) - csize, usize) != 0)
		return -1;
	if (grow_reserve((void **)&ch->buf, &ch->cap, usize ? usize : 1, 1)
	    != 0)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	if (tdat_unpack(t, p, csize, ch->buf, usize, tcur_off(&c) - csize)
	    != 0)
		return -1;
	ch->pos = c.pos;
	ch->left--;
	st->data = ch->buf;
	st->len = usize;
	st->next_page = 0;
	return 1;
}

/* Lost events the page's commit word says came before it. */
static void
page_losses(struct tdat *t, struct tstream *st, uint64_t commit,
    size_t used, size_t room)
{
	if (!(commit & TDAT_MISSED_EVENTS))
		return;
	st->lost_pages++;
	if ((commit & TDAT_MISSED_STORED) && room - used >= t->commit_size)
		st->lost += bytes_uint(st->page + t->data_off + used,
		    t->commit_size, t->big);
}

/* The next page with a usable header: 1, 0 at the end, -1 on error. */
static int
next_page(struct tdat *t, struct tstream *st)
{
	uint64_t commit;
	size_t avail, psz, used;
	int r;

	for (;;) {
		if (st->next_page >= st->len) {
			if (!st->compressed)
				return 0;
			if ((r = next_chunk(t, st)) <= 0)
				return r;
			continue;
		}
		if (t->give_back && !st->compressed &&
		    st->next_page - st->given >= GIVEBACK_STEP) {
			give_back(st->data + st->given, st->data + st->next_page);
			st->given = st->next_page;
		}
		avail = st->len - st->next_page;
		psz = avail < t->page_size ? avail : t->page_size;
		st->page = st->data + st->next_page;
		st->page_off = st->next_page;
		st->next_page += psz;
		if (psz < t->data_off) {
			warn_once(t, st, W_PARTIAL, "a partial page ignored");
			continue;
		}
		st->ts = bytes_uint(st->page + t->ts_off, 8, t->big);
		commit = bytes_uint(st->page + t->commit_off, t->commit_size,
		    t->big);
		used = (size_t)(commit & TDAT_COMMIT_MASK);
		if (used > psz - t->data_off) {
			warn_once(t, st, W_COMMIT, "its commit exceeds the "
			    "page; page skipped");
			continue;
		}
		page_losses(t, st, commit, used, psz - t->data_off);
		st->rp = (struct ringpage){ .p = st->page, .pos = t->data_off,
		    .end = t->data_off + used, .big = t->big, .ts = st->ts };
		return 1;
	}
}

/* The record at data[0..len) as the stream's next event. */
static void
set_event(struct tdat *t, struct tstream *st, const uint8_t *data,
    size_t len)
{
	const struct tfield *pid;
	struct tevent *e = &st->ev;

	e->ts_ns = (int64_t)(st->ts & INT64_MAX);
	e->cpu = st->cpu;
	e->data = data;
	e->len = len;
	e->fmt = NULL;
	e->pid = 0;
	if ((uint64_t)t->type_off + t->type_size <= len)
		e->fmt = tfmt_by_id(t, (uint32_t)bytes_uint(data +
		    t->type_off, t->type_size, t->big));
	if (e->fmt != NULL && (pid = e->fmt->pid) != NULL)
		e->pid = (int)tfield_int(pid, e);
	if (e->ts_ns < st->last_ts)
		warn_once(t, st, W_BACK, "time goes back");
	st->last_ts = e->ts_ns;
	st->have = 1;
}

/* The next record of the page: 1, or 0 at the page's end. */
static int
page_event(struct tdat *t, struct tstream *st)
{
	const uint8_t *data;
	size_t len;
	int r = ringpage_next(&st->rp, &data, &len);

	st->ts = st->rp.ts;
	if (r > 0) {
		set_event(t, st, data, len);
		return 1;
	}
	if (r < 0)
		warn_once(t, st, W_OVERRUN, "an event overruns the page; "
		    "rest of the page skipped");
	return 0;
}

int
tstream_advance(struct tdat *t, struct tstream *st)
{
	int r;

	st->have = 0;
	while (!st->done) {
		if (st->page != NULL && page_event(t, st))
			return 0;
		st->page = NULL;
		if ((r = next_page(t, st)) < 0)
			return -1;
		if (r == 0)
			st->done = 1;
	}
	return 0;
}

void
tstream_free_all(struct tdat *t)
{
	size_t i;

	for (i = 0; i < t->nst; i++)
		free(t->st[i].ch.buf);
	free(t->st);
	t->st = NULL;
	t->nst = t->st_cap = 0;
}
