/* tdat_dump.c: --dump-events: every event of a trace.dat as a tab-separated line, in time order (docs/trace.md). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "escape.h"
#include "tdat_int.h"

/* A text field's room: a __data_loc length has 16 bits. */
#define TEXT_MAX	(65536 + 1)

/* The elements of an array in place: "{1,2,3}", or the bytes in hex. */
static void
put_array(FILE *f, const struct tfield *fl, const struct tevent *e)
{
	struct tfield one = *fl;
	uint32_t es, i;

	es = fl->count ? fl->size / fl->count : 0;
	if ((uint64_t)fl->offset + fl->size > e->len)
		return;
	if (es == 1 || es == 2 || es == 4 || es == 8) {
		one.kind = TF_NUMBER;
		one.size = es;
		fputc('{', f);
		for (i = 0; i < fl->count; i++) {
			one.offset = fl->offset + i * es;
			fprintf(f, "%s%" PRId64, i ? "," : "",
			    tfield_int(&one, e));
		}
		fputc('}', f);
		return;
	}
	fputs("0x", f);
	for (i = 0; i < fl->size; i++)
		fprintf(f, "%02x", e->data[fl->offset + i]);
}

static void
put_field(FILE *f, const struct tfield *fl, const struct tevent *e,
    char *text, size_t cap)
{
	fprintf(f, "\t%s=", fl->name);
	if (tfield_is_text(fl)) {
		tfield_str(fl, e, text, cap);
		escape_fputs(text, f);
	} else if (fl->kind == TF_ARRAY)
		put_array(f, fl, e);
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
			put_field(f, &e->fmt->fields[i], e, text, cap);
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
