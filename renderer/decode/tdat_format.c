/* tdat_format.c: the format texts of trace.dat (events/header_page and each events/SYSTEM/NAME/format): fields with offset, size and sign. */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "caps.h"
#include "grow.h"
#include "tdat_int.h"

/* A line of a format text: [p, end). */
struct tline {
	const char *p, *end;
};

/* The next line of [*pp, end) into l; 0 when there is none. */
static int
next_line(const char **pp, const char *end, struct tline *l)
{
	const char *nl;

	if (*pp >= end)
		return 0;
	l->p = *pp;
	nl = memchr(*pp, '\n', (size_t)(end - *pp));
	l->end = nl != NULL ? nl : end;
	*pp = nl != NULL ? nl + 1 : end;
	return 1;
}

static const char *
skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* Whether the line (after blanks) starts with key; then *rest is after it. */
static int
starts(const struct tline *l, const char *key, const char **rest)
{
	const char *p = skip_blank(l->p, l->end);
	size_t n = strlen(key);

	if ((size_t)(l->end - p) < n || memcmp(p, key, n) != 0)
		return 0;
	*rest = p + n;
	return 1;
}

/* A decimal number at p (up to 10 digits, at most UINT32_MAX); -1 if none. */
static int
number(const char *p, const char *end, uint32_t *v)
{
	uint64_t n = 0;
	int digits = 0;

	p = skip_blank(p, end);
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (++digits > 10)
			return -1;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	if (digits == 0 || n > UINT32_MAX)
		return -1;
	*v = (uint32_t)n;
	return 0;
}

/* "KEY:N" in the line, as the kernel writes offset:, size:, signed:. */
static int
key_number(const struct tline *l, const char *key, uint32_t *v)
{
	size_t n = strlen(key), room = (size_t)(l->end - l->p);
	const char *p;

	for (p = l->p; room >= n; p++, room--)
		if (memcmp(p, key, n) == 0)
			return number(p + n, l->end, v);
	return -1;
}

static int
is_ident(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_';
}

static int
has_word(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);

	for (; (size_t)(end - p) >= n; p++)
		if (memcmp(p, w, n) == 0)
			return 1;
	return 0;
}

/*
 * The declaration "TYPE NAME", "TYPE NAME[N]" or "__data_loc TYPE[] NAME"
 * of [p, end) into f (name, kind, element count, whether text).
 */
static int
declaration(const char *p, const char *end, struct tfield *f)
{
	const char *e = end, *name, *br = NULL;

	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (e > p && e[-1] == ']') {
		for (br = e - 1; br > p && *br != '['; br--)
			;
		if (*br != '[')
			return -1;
		if (number(br + 1, e - 1, &f->count) != 0)
			f->count = 0;
		e = br;
	}
	for (name = e; name > p && is_ident(name[-1]); name--)
		;
	if (name == e || e - name > CAP_TRACE_NAME)
		return -1;
	if ((f->name = strndup(name, (size_t)(e - name))) == NULL)
		return -1;
	f->is_char = has_word(p, name, "char");
	if (has_word(p, name, "__data_loc"))
		f->kind = TF_DATALOC;
	else if (has_word(p, name, "__rel_loc"))
		f->kind = TF_RELLOC;
	else if (br != NULL)
		f->kind = TF_ARRAY;
	else
		f->kind = TF_NUMBER;
	f->common = strncmp(f->name, "common_", 7) == 0;
	return 0;
}

/* One "field:DECL; offset:N; size:N; signed:N;" line. */
static int
field_line(const struct tline *l, const char *decl, struct tfield *f)
{
	const char *semi = memchr(decl, ';', (size_t)(l->end - decl));
	uint32_t sg = 0;

	memset(f, 0, sizeof(*f));
	if (semi == NULL || declaration(skip_blank(decl, semi), semi, f) != 0)
		return -1;
	if (key_number(l, "offset:", &f->offset) != 0 ||
	    key_number(l, "size:", &f->size) != 0 ||
	    (uint64_t)f->offset + f->size > CAP_TRACE_PAGE) {
		free(f->name);
		f->name = NULL;
		return -1;
	}
	(void)key_number(l, "signed:", &sg);	/* old kernels omit it */
	f->is_signed = sg != 0;
	return 0;
}

static void
fmt_free(struct tfmt *m)
{
	size_t i;

	for (i = 0; i < m->nfields; i++)
		free(m->fields[i].name);
	free(m->fields);
	free(m->system);
	free(m->name);
	memset(m, 0, sizeof(*m));
}

/* Appends the field of a "field:" line to m. */
static int
add_field(struct tdat *t, struct tfmt *m, size_t *cap, const struct tline *l,
    const char *decl, uint64_t off)
{
	struct tfield f;

	if (m->nfields >= CAP_TRACE_FIELDS)
		return cap_error(t->d, "offset %llu: more than %d fields in "
		    "one format", (unsigned long long)off, CAP_TRACE_FIELDS);
	if (field_line(l, decl, &f) != 0)
		return tdat_fail(t, off, "format of %s: bad field line",
		    m->name != NULL ? m->name : "an event");
	f.big = t->big;
	if (grow_array((void **)&m->fields, cap, m->nfields,
	    sizeof(*m->fields)) != 0) {
		free(f.name);
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	}
	m->fields[m->nfields++] = f;
	return 0;
}

/* The lines of a format text into m. */
static int
fmt_lines(struct tdat *t, struct tfmt *m, const char *text, size_t len,
    uint64_t off, int *have_id)
{
	const char *p = text, *end = text + len, *rest;
	size_t cap = 0;
	struct tline l;

	while (next_line(&p, end, &l)) {
		if (starts(&l, "field:", &rest)) {
			if (add_field(t, m, &cap, &l, rest, off) != 0)
				return -1;
		} else if (m->name == NULL && starts(&l, "name:", &rest)) {
			rest = skip_blank(rest, l.end);
			if (l.end - rest > CAP_TRACE_NAME || l.end == rest)
				return tdat_fail(t, off, "format: bad name");
			if ((m->name = strndup(rest, (size_t)(l.end - rest))) ==
			    NULL)
				return diag_error_status(t->d, EXIT_NOMEM,
				    "out of memory");
		} else if (starts(&l, "ID:", &rest)) {
			if (number(rest, l.end, &m->id) != 0)
				return tdat_fail(t, off, "format: bad ID");
			*have_id = 1;
		} else if (starts(&l, "print fmt:", &rest))
			break;
	}
	return 0;
}

int
tfmt_parse(struct tdat *t, const char *system, const char *text, size_t len,
    uint64_t off)
{
	struct tfmt m;
	int have_id = 0;

	memset(&m, 0, sizeof(m));
	if (t->nfmts >= CAP_TRACE_FORMATS)
		return cap_error(t->d, "offset %llu: more than %d event "
		    "formats", (unsigned long long)off, CAP_TRACE_FORMATS);
	if (fmt_lines(t, &m, text, len, off, &have_id) != 0) {
		fmt_free(&m);
		return -1;
	}
	if (m.name == NULL || !have_id) {
		fmt_free(&m);
		return tdat_fail(t, off, "event format without name or ID");
	}
	if ((m.system = strdup(system)) == NULL ||
	    grow_array((void **)&t->fmts, &t->fmts_cap, t->nfmts,
	    sizeof(*t->fmts)) != 0) {
		fmt_free(&m);
		return diag_error_status(t->d, EXIT_NOMEM, "out of memory");
	}
	t->fmts[t->nfmts++] = m;
	return 0;
}

static const struct tfield *
field_in(const struct tfmt *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nfields; i++)
		if (strcmp(m->fields[i].name, name) == 0)
			return &m->fields[i];
	return NULL;
}

int
tfmt_header_page(struct tdat *t, const char *text, size_t len, uint64_t off)
{
	const struct tfield *ts, *commit, *data;
	struct tfmt m;
	int have_id = 0, rc = -1;

	memset(&m, 0, sizeof(m));
	if (fmt_lines(t, &m, text, len, off, &have_id) != 0)
		goto out;
	ts = field_in(&m, "timestamp");
	commit = field_in(&m, "commit");
	data = field_in(&m, "data");
	if (ts == NULL || commit == NULL || data == NULL || ts->size != 8 ||
	    (commit->size != 4 && commit->size != 8) ||
	    data->offset < ts->offset + 8 ||
	    data->offset < commit->offset + commit->size) {
		tdat_fail(t, off, "header_page: no timestamp, commit and "
		    "data fields of usable sizes");
		goto out;
	}
	if ((uint64_t)data->offset + data->size > CAP_TRACE_PAGE ||
	    data->size < 8) {
		cap_error(t->d, "offset %llu: header_page: a page of %llu "
		    "bytes", (unsigned long long)off,
		    (unsigned long long)data->offset + data->size);
		goto out;
	}
	t->ts_off = ts->offset;
	t->commit_off = commit->offset;
	t->commit_size = commit->size;
	t->data_off = data->offset;
	t->page_size = data->offset + data->size;
	rc = 0;
out:
	fmt_free(&m);
	return rc;
}

static int
by_id(const void *a, const void *b)
{
	const struct tfmt *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

int
tfmt_index(struct tdat *t)
{
	const struct tfield *type = NULL;
	size_t i;

	if (t->nfmts > 1)
		qsort(t->fmts, t->nfmts, sizeof(*t->fmts), by_id);
	for (i = 0; i < t->nfmts; i++) {
		if (i > 0 && t->fmts[i].id == t->fmts[i - 1].id)
			return tdat_fail(t, 0, "two event formats with ID %u "
			    "(%s, %s)", t->fmts[i].id, t->fmts[i - 1].name,
			    t->fmts[i].name);
		if (type == NULL)
			type = field_in(&t->fmts[i], "common_type");
		/* Every event's: found once, not by name per event. */
		t->fmts[i].pid = field_in(&t->fmts[i], "common_pid");
	}
	t->type_off = 0;
	t->type_size = 2;
	if (type != NULL) {
		if (type->kind != TF_NUMBER || (type->size != 1 &&
		    type->size != 2 && type->size != 4))
			return tdat_fail(t, 0, "common_type of %u bytes",
			    type->size);
		t->type_off = type->offset;
		t->type_size = type->size;
	}
	return 0;
}

const struct tfmt *
tfmt_by_id(const struct tdat *t, uint32_t id)
{
	struct tfmt key;

	key.id = id;
	return t->nfmts == 0 ? NULL : bsearch(&key, t->fmts, t->nfmts,
	    sizeof(*t->fmts), by_id);
}

void
tfmt_free_all(struct tdat *t)
{
	size_t i;

	for (i = 0; i < t->nfmts; i++)
		fmt_free(&t->fmts[i]);
	free(t->fmts);
	t->fmts = NULL;
	t->nfmts = t->fmts_cap = 0;
}

/* ---- the public accessors of formats and fields ---- */

size_t
tdat_nformats(const struct tdat *t)
{
	return t->nfmts;
}

size_t
tfmt_pos(const struct tdat *t, const struct tfmt *f)
{
	return (size_t)(f - t->fmts);
}

const struct tfmt *
tdat_format(const struct tdat *t, const char *system, const char *name)
{
	size_t i;

	for (i = 0; i < t->nfmts; i++)
		if (strcmp(t->fmts[i].name, name) == 0 &&
		    (system == NULL || strcmp(t->fmts[i].system, system) == 0))
			return &t->fmts[i];
	return NULL;
}

const char *
tfmt_name(const struct tfmt *m)
{
	return m->name;
}

const char *
tfmt_system(const struct tfmt *m)
{
	return m->system;
}

size_t
tfmt_nfields(const struct tfmt *m)
{
	return m->nfields;
}

const struct tfield *
tfmt_field_at(const struct tfmt *m, size_t i)
{
	return i < m->nfields ? &m->fields[i] : NULL;
}

const struct tfield *
tfmt_field(const struct tfmt *m, const char *name)
{
	return field_in(m, name);
}

const char *
tfield_name(const struct tfield *f)
{
	return f->name;
}

int
tfield_common(const struct tfield *f)
{
	return f->common;
}

int
tfield_is_text(const struct tfield *f)
{
	return f->is_char && f->kind != TF_NUMBER;
}

int64_t
tfield_int(const struct tfield *f, const struct tevent *e)
{
	uint64_t v;
	int bits;

	if (f == NULL || f->kind == TF_ARRAY ||
	    (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8) ||
	    (uint64_t)f->offset + f->size > e->len)
		return 0;
	v = bytes_uint(e->data + f->offset, f->size, f->big);
	bits = (int)f->size * 8;
	if (f->is_signed && bits < 64 && (v >> (bits - 1)) & 1)
		v |= ~(uint64_t)0 << bits;
	return (int64_t)v;
}

/* Where a text field's bytes are in the event: 0, or -1 out of bounds. */
static int
text_span(const struct tfield *f, const struct tevent *e, size_t *at,
    size_t *n)
{
	uint64_t loc, start;

	if ((uint64_t)f->offset + f->size > e->len)
		return -1;
	if (f->kind == TF_ARRAY || f->kind == TF_NUMBER) {
		*at = f->offset;
		/* "char buf[]" (size 0: ftrace's print) runs to the end. */
		*n = f->size == 0 && f->kind == TF_ARRAY ?
		    e->len - f->offset : f->size;
		return 0;
	}
	if (f->size != 4)
		return -1;
	loc = bytes_uint(e->data + f->offset, 4, f->big);
	start = loc & 0xffff;
	if (f->kind == TF_RELLOC)
		start += (uint64_t)f->offset + f->size;
	if (start + (loc >> 16) > e->len)
		return -1;
	*at = (size_t)start;
	*n = (size_t)(loc >> 16);
	return 0;
}

const uint8_t *
tfield_text(const struct tfield *f, const struct tevent *e, size_t *n)
{
	size_t at;

	if (f == NULL || text_span(f, e, &at, n) != 0)
		return NULL;
	return e->data + at;
}

size_t
tfield_str(const struct tfield *f, const struct tevent *e, char *out,
    size_t cap)
{
	const uint8_t *p, *nul;
	size_t n;

	if (cap == 0)
		return 0;
	out[0] = '\0';
	if ((p = tfield_text(f, e, &n)) == NULL)
		return 0;
	if ((nul = memchr(p, '\0', n)) != NULL)
		n = (size_t)(nul - p);
	if (n > cap - 1)
		n = cap - 1;
	memcpy(out, p, n);
	out[n] = '\0';
	return n;
}
