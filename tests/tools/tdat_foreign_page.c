/* tdat_foreign_page.c: tdat_foreign's ring-buffer pages: the page header (a long commit word), each record's header word (its bit fields in the target's order) and each event's fields rewritten; the output buffer's helpers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdat_foreign.h"
#include "tracedat.h"

void
tf_die(const char *fmt, ...)
{
	va_list ap;

	fputs("tdat_foreign: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

uint64_t
tf_le(const uint8_t *p, size_t size)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < size; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

void
tf_put(uint8_t *p, uint64_t v, size_t size, int big)
{
	size_t i;

	for (i = 0; i < size; i++)
		p[big ? size - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

void
tf_bytes(struct tf_out *o, const void *p, size_t n)
{
	if (o->cap - o->len < n) {
		while (o->cap - o->len < n)
			o->cap = o->cap ? o->cap * 2 : 65536;
		if ((o->p = realloc(o->p, o->cap)) == NULL)
			tf_die("out of memory");
	}
	if (n > 0)
		memcpy(o->p + o->len, p, n);
	o->len += n;
}

void
tf_num(struct tf_out *o, uint64_t v, size_t size)
{
	uint8_t b[8];

	tf_put(b, v, size, o->big);
	tf_bytes(o, b, size);
}

void
tf_set(struct tf_out *o, size_t at, uint64_t v, size_t size)
{
	tf_put(o->p + at, v, size, o->big);
}

void
tf_align(struct tf_out *o, size_t to)
{
	static const uint8_t zero[64];
	size_t n = (to - o->len % to) % to;

	for (; n > sizeof(zero); n -= sizeof(zero))
		tf_bytes(o, zero, sizeof(zero));
	tf_bytes(o, zero, n);
}

void
tf_header_page(const struct tf_target *t, uint32_t psize, struct tf_out *o)
{
	char text[400];
	int n = snprintf(text, sizeof(text),
	    "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	    "\tfield: local_t commit;\toffset:8;\tsize:%d;\tsigned:1;\n"
	    "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	    "\tfield: char data;\toffset:%d;\tsize:%u;\tsigned:0;\n",
	    t->lsize, 8 + t->lsize, psize - 8 - (uint32_t)t->lsize);

	tf_bytes(o, text, (size_t)n);
}

/*
 * A record's header word: type_len (5 bits) and time_delta (27) are C
 * bit fields, which a big-endian compiler allocates from the top.
 */
static void
put_head(uint8_t *p, uint32_t type, uint32_t delta, const struct tf_target *t)
{
	tf_put(p, t->big ? type << 27 | delta : delta << 5 | type, 4, t->big);
}

static const struct tf_fmt *
fmt_of(const uint8_t *rec, size_t len, const struct tf_fmt *fmts, size_t n)
{
	uint32_t id;
	size_t i;

	if (len < 2)
		tf_die("a record too short for its type");
	id = (uint32_t)tf_le(rec, 2);
	for (i = 0; i < n; i++)
		if (fmts[i].id == id)
			return &fmts[i];
	return NULL;
}

/*
 * An event no format names (a recording may lack some): its common
 * fields, which every event has, rewritten; the rest of it as it is.
 */
static const struct tf_fmt *
unknown(const struct tf_target *t)
{
	static const char text[] = "name: unknown\nID: 0\nformat:\n"
	    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n";
	static struct tf_fmt m;

	if (m.nf == 0) {
		m.text = (struct tf_span){ (const uint8_t *)text,
		    sizeof(text) - 1 };
		tf_fmt_parse(&m, t);
	}
	return &m;
}

/* Where a page's records are read and written. */
struct walk {
	const uint8_t *in;
	uint8_t *out;
	size_t pos, end, opos;
	const struct tf_target *t;
	const struct tf_fmt *fmts;
	size_t nfmts;
	struct tf_stats *s;
};

/* An event of len bytes at data; long: its length in the word before. */
static void
event(struct walk *w, uint32_t delta, const uint8_t *data, size_t len,
    int islong)
{
	const struct tf_fmt *m = fmt_of(data, len, w->fmts, w->nfmts);
	uint8_t *o = w->out + w->opos;
	size_t n, words;

	if (m == NULL)
		m = unknown(w->t);
	n = tf_record(m, w->t, data, len, o + (islong ? 8 : 4), w->s);
	words = (n + 3) / 4;

	if (islong) {
		put_head(o, 0, delta, w->t);
		tf_put(o + 4, words * 4 + 4, 4, w->t->big);
		w->opos += 8 + words * 4;
	} else {
		put_head(o, (uint32_t)words, delta, w->t);
		w->opos += 4 + words * 4;
	}
}

/* Padding, a time extend or stamp: the header and the word after. */
static void
meta(struct walk *w, uint32_t type, uint32_t delta, size_t len)
{
	const uint8_t *in = w->in + w->pos;
	uint8_t *o = w->out + w->opos;

	put_head(o, type, delta, w->t);
	if (len >= 8) {
		tf_put(o + 4, tf_le(in + 4, 4), 4, w->t->big);
		memcpy(o + 8, in + 8, len - 8);	/* a discarded event's bytes */
	}
	w->opos += len;
	w->pos += len;
}

/* The record at w->pos: 1, or 0 when the page's data ends. */
static int
record(struct walk *w)
{
	const uint8_t *p = w->in + w->pos;
	size_t room = w->end - w->pos, n;
	uint32_t hw, type, delta;

	if (room < 4)
		return 0;
	hw = (uint32_t)tf_le(p, 4);
	type = hw & 31;
	delta = hw >> 5;
	if (type == TDAT_TYPE_PADDING && delta == 0) {
		meta(w, type, delta, room);	/* the rest of the page */
		return 0;
	}
	n = room >= 8 ? (size_t)tf_le(p + 4, 4) : 0;
	if (type != 0 && type <= TDAT_TYPE_DATA_MAX) {
		if (4 + (size_t)type * 4 > room)
			tf_die("an event overruns its page");
		event(w, delta, p + 4, (size_t)type * 4, 0);
		w->pos += 4 + (size_t)type * 4;
		return 1;
	}
	if (room < 8)
		tf_die("a record's second word past the page's data");
	if (type == 0) {
		if (n < 4 || (n - 4 + 3) / 4 * 4 > room - 8)
			tf_die("an event overruns its page");
		event(w, delta, p + 8, n - 4, 1);
		w->pos += 8 + (n - 4 + 3) / 4 * 4;
	} else if (type == TDAT_TYPE_PADDING) {
		if (n < 4 || n > room - 4)
			tf_die("padding overruns its page");
		meta(w, type, delta, 4 + n);
	} else
		meta(w, type, delta, 8);
	return 1;
}

void
tf_page(const uint8_t *in, size_t psize, uint8_t *out,
    const struct tf_target *t, const struct tf_fmt *fmts, size_t nfmts,
    struct tf_stats *s)
{
	uint64_t commit = tf_le(in + 8, 8), flags;
	size_t used = (size_t)(commit & TDAT_COMMIT_MASK), odata = 8 +
	    (size_t)t->lsize, oused;
	struct walk w = { in, out, 16, 16 + used, odata, t, fmts, nfmts, s };

	if (used > psize - 16)
		tf_die("a page whose commit (%zu) passes its end", used);
	memset(out, 0, psize);
	while (record(&w))
		;
	oused = w.opos - odata;
	flags = commit & (TDAT_MISSED_EVENTS | TDAT_MISSED_STORED);
	/* The count of lost events, a long, follows the data. */
	if ((commit & TDAT_MISSED_STORED) && psize - 16 - used >= 8)
		tf_put(out + w.opos, tf_le(in + 16 + used, 8),
		    (size_t)t->lsize, t->big);
	tf_put(out, tf_le(in, 8), 8, t->big);
	tf_put(out + 8, oused | flags, (size_t)t->lsize, t->big);
	s->pages++;
}
