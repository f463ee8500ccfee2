/* tdat_dump.c: --dump-events: every event of a trace.dat as a tab-separated line, in time order (docs/trace.md). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "escape.h"
#include "tdat_int.h"

/* A text field's room: a __data_loc length has 16 bits. */
#define TEXT_MAX	(65536 + 1)

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
put_array(FILE *f, const struct tfmt *fmt, const struct tfield *fl,
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
		fputc('{', f);
		for (i = 0; i < n; i++) {
			one.offset = fl->offset + i * es;
			if (fl->is_signed)
				fprintf(f, "%s%" PRId64, i ? "," : "",
				    tfield_int(&one, e));
			else
				fprintf(f, "%s0x%" PRIx64, i ? "," : "",
				    (uint64_t)tfield_int(&one, e));
		}
		fputc('}', f);
		return;
	}
	if ((uint64_t)fl->offset + fl->size > e->len)
		return;
	fputs("0x", f);
	for (i = 0; i < fl->size; i++)
		fprintf(f, "%02x", e->data[fl->offset + i]);
}

static void
put_field(FILE *f, const struct tfmt *fmt, const struct tfield *fl,
    const struct tevent *e, char *text, size_t cap)
{
	fprintf(f, "\t%s=", fl->name);
	if (tfield_is_text(fl)) {
		tfield_str(fl, e, text, cap);
		escape_fputs(text, f);
	} else if (fl->kind == TF_ARRAY)
		put_array(f, fmt, fl, e);
	else if (fl->size == 8 && !fl->is_signed)
		fprintf(f, "%" PRIu64, (uint64_t)tfield_int(fl, e));
	else
		fprintf(f, "%" PRId64, tfield_int(fl, e));
}

static void
put_event(FILE *f, const struct tevent *e, char *text, size_t cap)
{
	size_t i;

	fprintf(f, "%" PRId64 "\t%d\t%d\t", e->ts_ns, e->cpu, e->pid);
	if (e->fmt == NULL) {
		fputs("unknown\n", f);
		return;
	}
	escape_fputs(e->fmt->name, f);
	for (i = 0; i < e->fmt->nfields; i++)
		if (!e->fmt->fields[i].common)
			put_field(f, e->fmt, &e->fmt->fields[i], e,
			    text, cap);
	fputc('\n', f);
}

int
tdat_dump(struct tdat *t, FILE *f)
{
	struct tevent e;
	size_t i;
	char *text;
	int r = 0;

	if ((text = malloc(TEXT_MAX)) == NULL)
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	/* A failed write (an output at its cap) ends the reading. */
	while (!ferror(f) && (r = tdat_next(t, &e)) == 1)
		put_event(f, &e, text, TEXT_MAX);
	free(text);
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
