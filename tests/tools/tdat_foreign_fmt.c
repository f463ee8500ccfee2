/* tdat_foreign_fmt.c: tdat_foreign's event formats: each field's type read from its declaration, laid out again as a 32-bit kernel's compiler would (longs and pointers of 4 bytes), and one record's fields rewritten in the target's byte order and layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdat_foreign.h"

/* Whether the identifier w is one of the words of type [p, e). */
static int
has_word(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);
	const char *q;

	for (q = p; q + n <= e; q++)
		if (memcmp(q, w, n) == 0 && (q == p || !(q[-1] == '_' ||
		    (q[-1] >= 'a' && q[-1] <= 'z') || (q[-1] >= '0' &&
		    q[-1] <= '9'))) && (q + n == e || !(q[n] == '_' ||
		    (q[n] >= 'a' && q[n] <= 'z') || (q[n] >= '0' &&
		    q[n] <= '9'))))
			return 1;
	return 0;
}

/*
 * The size of an element of the C type [p, e) on x86-64, and whether it
 * is a long (or a pointer): what a 32-bit kernel has in 4 bytes.  0 for
 * a type not known here (a struct, an enum of a dynamic array).
 */
static uint32_t
type_size(const char *p, const char *e, int *islong)
{
	static const char *const w1[] = { "char", "bool", "u8", "s8", "__u8",
	    "__s8", NULL };
	static const char *const w2[] = { "short", "u16", "s16", "__u16",
	    "__s16", NULL };
	static const char *const w4[] = { "int", "unsigned", "u32", "s32",
	    "__u32", "__s32", "pid_t", "gfp_t", "dev_t", NULL };
	static const char *const w8[] = { "u64", "s64", "__u64", "__s64",
	    "loff_t", NULL };
	static const char *const *const all[] = { w1, w2, w4, w8 };
	static const uint32_t sizes[] = { 1, 2, 4, 8 };
	size_t i, k;

	*islong = memchr(p, '*', (size_t)(e - p)) != NULL ||
	    has_word(p, e, "size_t") || has_word(p, e, "ssize_t") ||
	    has_word(p, e, "cpumask_t") ||
	    (has_word(p, e, "long") && strstr(p, "long long") == NULL);
	if (*islong)
		return 8;
	if (has_word(p, e, "long"))
		return 8;
	for (i = 0; i < 4; i++)
		for (k = 0; all[i][k] != NULL; k++)
			if (has_word(p, e, all[i][k]))
				return sizes[i];
	return 0;
}

/* Kind, element size and count of f from its declaration and size. */
static void
classify(struct tf_field *f)
{
	char *d = f->decl, *e = d + strlen(d), *br, *name;
	int islong = 0;

	while (e > d && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	f->loc = strstr(d, "__data_loc") ? 1 : strstr(d, "__rel_loc") ? 2 : 0;
	f->array = !f->loc && e > d && e[-1] == ']';
	br = f->array ? strrchr(d, '[') : e;
	if (br == NULL)
		br = e;
	if (f->array)
		f->count = (uint32_t)strtoul(br + 1, NULL, 10);
	for (name = br; name > d && name[-1] != ' ' && name[-1] != '*';)
		name--;
	f->elem = type_size(d, name, &islong);
	if (f->array && f->count > 0)
		f->elem = f->size / f->count;
	else if (!f->loc && !f->array)
		f->elem = f->size;
	if (f->array && f->size == 0 && has_word(d, name, "char"))
		f->elem = 1;
	f->islong = islong && f->elem == 8;
	f->text = f->elem == 1;
}

/* One "field:DECL;\toffset:N;\tsize:N;\tsigned:N;" line into f. */
static int
field_line(const char *p, const char *e, struct tf_field *f)
{
	const char *semi = memchr(p, ';', (size_t)(e - p)), *k;
	char line[512];
	size_t n = (size_t)(e - p);

	memset(f, 0, sizeof(*f));
	if (semi == NULL || (size_t)(semi - p) >= sizeof(f->decl) ||
	    n >= sizeof(line))
		return -1;
	memcpy(f->decl, p, (size_t)(semi - p));
	memcpy(line, p, n);
	line[n] = '\0';
	if ((k = strstr(line, "offset:")) == NULL)
		return -1;
	f->off = (uint32_t)strtoul(k + 7, NULL, 10);
	if ((k = strstr(line, "size:")) == NULL)
		return -1;
	f->size = (uint32_t)strtoul(k + 5, NULL, 10);
	if (f->off > 65536 || f->size > 65536)
		return -1;	/* a record is at most a page */
	if ((k = strstr(line, "signed:")) != NULL)
		f->sign = (int)strtol(k + 7, NULL, 10);
	classify(f);
	return 0;
}

/* Why f cannot be rewritten for t, or NULL. */
static const char *
field_bad(const struct tf_field *f, const struct tf_target *t)
{
	if (f->loc && !f->text && (f->elem == 0 || (f->islong &&
	    t->lsize == 4)))
		return "a dynamic array of longs or of an unknown type";
	if (f->array && f->elem == 0 && f->size > 0)
		return "an array of unknown elements";
	if (!f->loc && !f->array && f->elem != 1 && f->elem != 2 &&
	    f->elem != 4 && f->elem != 8 && (t->big || t->lsize == 4))
		return "a field of an odd size";
	return NULL;
}

/*
 * The fields' places as written: for 4-byte longs, each aligned to its
 * element's size as an ARM EABI compiler does (u64 to 8, char to 1).
 */
static void
layout(struct tf_fmt *m, const struct tf_target *t)
{
	uint32_t cur = 0, al, last = 0;
	struct tf_field *f;
	int i;

	for (i = 0; i < m->nf; i++) {
		f = &m->f[i];
		if (f->off + f->size > m->end)
			m->end = f->off + f->size;
		if (f->off < last && m->bad == NULL)
			m->bad = "fields out of order";
		last = f->off;
		if (m->bad == NULL)
			m->bad = field_bad(f, t);
		f->nelem = f->islong && t->lsize == 4 ? 4 : f->elem;
		if (t->lsize == 8 || f->loc || f->elem == 0) {
			f->nsize = f->size;
		} else
			f->nsize = f->size / f->elem * f->nelem;
		al = f->loc ? 4 : f->nelem == 0 ? 1 : f->nelem;
		f->noff = t->lsize == 8 ? f->off : (cur + al - 1) / al * al;
		cur = f->noff + f->nsize;
		if (f->loc)
			m->flex = -1;	/* dynamic data follows: no flexible array */
	}
	m->nend = t->lsize == 8 ? m->end : cur;
	f = &m->f[m->nf - 1];
	m->flex = m->flex == 0 && m->nf > 0 && f->array && !f->text &&
	    f->count > 0 && f->off + f->size == m->end;
}

void
tf_fmt_parse(struct tf_fmt *m, const struct tf_target *t)
{
	const char *p = (const char *)m->text.p, *end = p + m->text.len;
	const char *nl, *s;

	m->nf = 0;
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		for (s = p; s < nl && (*s == ' ' || *s == '\t'); s++)
			;
		if (nl - s > 3 && memcmp(s, "ID:", 3) == 0)
			m->id = (uint32_t)strtoul(s + 3, NULL, 10);
		if (nl - s < 6 || memcmp(s, "field:", 6) != 0)
			continue;
		if (m->nf == TF_MAXFIELDS)
			tf_die("a format with more than %d fields", TF_MAXFIELDS);
		if (field_line(s + 6, nl, &m->f[m->nf]) != 0)
			tf_die("format ID %u: a field line not understood",
			    m->id);
		m->nf++;
	}
	if (m->nf == 0)
		tf_die("format ID %u: no fields", m->id);
	layout(m, t);
}

void
tf_fmt_text(const struct tf_fmt *m, const struct tf_target *t,
    struct tf_out *o)
{
	const char *p = (const char *)m->text.p, *end = p + m->text.len;
	const char *nl, *s;
	char line[400];
	int i = 0, n;

	if (t->lsize == 8) {
		tf_bytes(o, m->text.p, m->text.len);
		return;
	}
	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		for (s = p; s < nl && (*s == ' ' || *s == '\t'); s++)
			;
		if (nl - s >= 6 && memcmp(s, "field:", 6) == 0 && i < m->nf) {
			n = snprintf(line, sizeof(line), "\tfield:%s;\toffset:%u;"
			    "\tsize:%u;\tsigned:%d;", m->f[i].decl,
			    m->f[i].noff, m->f[i].nsize, m->f[i].sign);
			tf_bytes(o, line, (size_t)n);
			i++;
		} else
			tf_bytes(o, p, (size_t)(nl - p));
		if (nl < end)
			tf_bytes(o, "\n", 1);
	}
}

/* One number of elem bytes in, as nelem bytes in t's order. */
static void
put_num(const struct tf_field *f, const struct tf_target *t,
    const uint8_t *in, uint8_t *out, struct tf_stats *s)
{
	uint64_t v = tf_le(in, f->elem);

	if (f->nelem < f->elem) {
		/* A signed long must fit 32 bits; an unsigned one (an
		 * address, flags) keeps its low half and is counted. */
		if (f->sign ? (int64_t)v != (int32_t)(uint32_t)v : v >> 32)
			s->cut++;
	}
	tf_put(out, v, f->nelem, t->big);
}

/* Elements [0, n) of a field of numbers. */
static void
put_elems(const struct tf_field *f, const struct tf_target *t,
    const uint8_t *in, uint8_t *out, uint32_t n, struct tf_stats *s)
{
	uint32_t k;

	for (k = 0; k < n; k++)
		put_num(f, t, in + (size_t)k * f->elem,
		    out + (size_t)k * f->nelem, s);
}

/* A dynamic field's u32 (length << 16 | offset), its data moved by shift. */
static void
put_loc(const struct tf_field *f, const struct tf_target *t,
    const uint8_t *in, size_t len, uint8_t *out, uint32_t in_end,
    uint32_t shift)
{
	uint32_t loc = (uint32_t)tf_le(in + f->off, 4), l = loc >> 16;
	uint64_t at = loc & 0xffff, to, k;

	if (f->loc == 2)
		at += (uint64_t)f->off + 4;
	if (l > 0 && (at < in_end || at + l > len))
		tf_die("a dynamic field's data outside its record");
	to = at >= in_end ? at - shift : at;
	if (!f->text && t->big)
		for (k = 0; k + f->elem <= l; k += f->elem)
			tf_put(out + to + k, tf_le(in + at + k, f->elem),
			    f->elem, 1);
	if (f->loc == 2)
		to -= (uint64_t)f->noff + 4;
	tf_put(out + f->noff, (uint64_t)l << 16 | (to & 0xffff), 4, t->big);
}

size_t
tf_record(const struct tf_fmt *m, const struct tf_target *t,
    const uint8_t *in, size_t len, uint8_t *out, struct tf_stats *s)
{
	uint32_t in_end = m->end, out_end = m->nend, n;
	const struct tf_field *f;
	int i;

	if (m->bad != NULL)
		tf_die("event ID %u: %s", m->id, m->bad);
	if (len < m->end)
		tf_die("event ID %u: a record of %zu bytes, its fields end at "
		    "%u", m->id, len, m->end);
	memset(out, 0, out_end);
	for (i = 0; i < m->nf; i++) {
		f = &m->f[i];
		n = f->array ? (f->elem ? f->size / f->elem : 0) : 1;
		if (m->flex && i == m->nf - 1) {
			/* kernel_stack's caller[8] holds what the record does */
			n = (uint32_t)((len - f->off) / f->elem);
			in_end = f->off + n * f->elem;
			out_end = f->noff + n * f->nelem;
		}
		if (f->loc)
			continue;
		if (f->text || f->elem == 0)
			memcpy(out + f->noff, in + f->off, f->nsize);
		else
			put_elems(f, t, in + f->off, out + f->noff, n, s);
	}
	memcpy(out + out_end, in + in_end, len - in_end);
	for (i = 0; i < m->nf; i++)
		if (m->f[i].loc)
			put_loc(&m->f[i], t, in, len, out, in_end,
			    in_end - out_end);
	s->events++;
	return out_end + (len - in_end);
}
