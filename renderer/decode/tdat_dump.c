/* tdat_dump.c: --dump-events: every event of a trace.dat as a tab-separated line, in time order (docs/trace.md). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdat_int.h"
#include "wbuf.h"

/* The most of a text field printed: a __data_loc length has 16 bits. */
#define TEXT_MAX	65536

/*
 * How many elements of an array field to print: as declared, but when
 * the format's last field is an array and a "size" field counts it
 * (kernel_stack's caller[8]) it is flexible: as many as size says and
 * the record holds.  A stack of 12 frames lost its last 4 otherwise, one
 * of 5 all.  Without a count, a record's padding is no element.
 */
static uint32_t
array_count(const struct tfmt *fmt, const struct tfield *fl,
    const struct tevent *e, uint32_t es)
{
	const struct tfield *sz;
	uint64_t held, want;
	size_t i;

	for (i = 0; i < fmt->nfields; i++)
		if (fmt->fields[i].offset > fl->offset)
			return fl->count;
	sz = tfmt_field(fmt, "size");
	if (sz == NULL || sz->kind != TF_NUMBER || sz->offset >= fl->offset)
		return fl->count;
	held = fl->offset < e->len ? (e->len - fl->offset) / es : 0;
	want = (uint64_t)tfield_int(sz, e);
	if (want < held)
		held = want;
	return held > UINT32_MAX ? UINT32_MAX : (uint32_t)held;
}

/*
 * The elements of an array in place: "{1,2,3}", unsigned ones in hex as
 * trace-cmd report prints a stack's addresses ("{0xffffffff813ac1b5}");
 * other sizes as the bytes in hex.
 */
static void
put_array(struct wbuf *w, const struct tfmt *fmt, const struct tfield *fl,
    const struct tevent *e)
{
	struct tfield one = *fl;
	uint32_t es, i, n;

	es = fl->count ? fl->size / fl->count : 0;
	if (es == 1 || es == 2 || es == 4 || es == 8) {
		one.kind = TF_NUMBER;
		one.size = es;
		n = array_count(fmt, fl, e, es);
		if ((uint64_t)fl->offset + (uint64_t)n * es > e->len)
			return;
		wbuf_chr(w, '{');
		for (i = 0; i < n; i++) {
			one.offset = fl->offset + i * es;
			if (i > 0)
				wbuf_chr(w, ',');
			if (fl->is_signed)
				wbuf_i64(w, tfield_int(&one, e));
			else
				wbuf_hex(w, (uint64_t)tfield_int(&one, e));
		}
		wbuf_chr(w, '}');
		return;
	}
	if ((uint64_t)fl->offset + fl->size > e->len)
		return;
	wbuf_mem(w, "0x", 2);
	for (i = 0; i < fl->size; i++)
		wbuf_hex2(w, e->data[fl->offset + i]);
}

static void
put_field(struct wbuf *w, const struct tfmt *fmt, const struct tfield *fl,
    const struct tevent *e)
{
	const uint8_t *text;
	size_t n;

	wbuf_chr(w, '\t');
	wbuf_str(w, fl->name);
	wbuf_chr(w, '=');
	if (tfield_is_text(fl)) {
		if ((text = tfield_text(fl, e, &n)) != NULL)
			wbuf_escape(w, (const char *)text,
			    n < TEXT_MAX ? n : TEXT_MAX);
	} else if (fl->kind == TF_ARRAY)
		put_array(w, fmt, fl, e);
	else if (fl->size == 8 && !fl->is_signed)
		wbuf_u64(w, (uint64_t)tfield_int(fl, e));
	else
		wbuf_i64(w, tfield_int(fl, e));
}

static void
put_event(struct wbuf *w, const struct tevent *e)
{
	size_t i;

	wbuf_i64(w, e->ts_ns);
	wbuf_chr(w, '\t');
	wbuf_i64(w, e->cpu);
	wbuf_chr(w, '\t');
	wbuf_i64(w, e->pid);
	wbuf_chr(w, '\t');
	if (e->fmt == NULL) {
		wbuf_mem(w, "unknown\n", 8);
		return;
	}
	wbuf_escape(w, e->fmt->name, strlen(e->fmt->name));
	for (i = 0; i < e->fmt->nfields; i++)
		if (!e->fmt->fields[i].common)
			put_field(w, e->fmt, &e->fmt->fields[i], e);
	wbuf_chr(w, '\n');
}

int
tdat_dump(struct tdat *t, FILE *f)
{
	struct tevent e;
	struct wbuf *w;
	size_t i;
	int r = 0;

	if ((w = malloc(sizeof(*w))) == NULL)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	wbuf_init(w, f);
	/* A failed write (an output at its cap) ends the reading. */
	while (!w->err && (r = tdat_next(t, &e)) == 1)
		put_event(w, &e);
	wbuf_flush(w);
	free(w);
	if (r < 0)
		return -1;
	for (i = 0; i < t->nst; i++)
		if (t->st[i].lost_pages > 0)
			diag_warn(t->d, "buffer %d cpu %d: events lost: %"
			    PRIu64 " counted, before %" PRIu64 " page(s)",
			    t->st[i].bufno, t->st[i].cpu, t->st[i].lost,
			    t->st[i].lost_pages);
	return 0;
}
