/* ksyms.c: kallsyms cut to the functions the recorded events point at (ksyms.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bytes.h"
#include "ksyms.h"
#include "ringpage.h"
#include "tracedat.h"

/* The decimal number after `key` in s[0..len), or -1. */
static long
num_after(const char *s, size_t len, const char *key)
{
	const char *p = s, *e = s + len;
	size_t k = strlen(key);
	long v = -1;

	for (; p + k <= e; p++)
		if (memcmp(p, key, k) == 0)
			break;
	for (p += k; p < e && *p >= '0' && *p <= '9' && v < (1L << 30); p++)
		v = (v < 0 ? 0 : v * 10) + (*p - '0');
	return v;
}

/*
 * The line of field `name` ("...name;\toffset:N;\tsize:N;..."; an
 * array's "...name[N];..."), or NULL.
 */
static const char *
field_line(const char *s, size_t len, const char *name, int array,
    size_t *linelen)
{
	const char *p = s, *e = s + len, *nl, *f;
	size_t k = strlen(name);

	for (; p < e; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
			nl = e;
		for (f = p; f + k + 1 <= nl; f++)
			if (f > p && (f[-1] == ' ' || f[-1] == '*') &&
			    memcmp(f, name, k) == 0 &&
			    f[k] == (array ? '[' : ';')) {
				*linelen = (size_t)(nl - p);
				return p;
			}
	}
	return NULL;
}

int
ksyms_page(struct ksyms *k, const char *hp, size_t len)
{
	size_t n;
	const char *c = field_line(hp, len, "commit", 0, &n);
	const char *d = field_line(hp, len, "data", 0, &n);
	long co, cs, doff, ds;

	if (c == NULL || d == NULL)
		return -1;
	co = num_after(c, len - (size_t)(c - hp), "offset:");
	cs = num_after(c, len - (size_t)(c - hp), "size:");
	doff = num_after(d, len - (size_t)(d - hp), "offset:");
	ds = num_after(d, len - (size_t)(d - hp), "size:");
	if (co < 0 || (cs != 4 && cs != 8) || doff < co + cs || ds <= 0 ||
	    doff + ds > (1L << 24))
		return -1;
	k->commit_off = (uint32_t)co;
	k->commit_size = (uint32_t)cs;
	k->data_off = (uint32_t)doff;
	k->page_size = (uint32_t)(doff + ds);
	return 0;
}

/* kernel_stack's caller[] of 8-byte addresses and its 4-byte count: 0, or -1. */
static int
stack_format(struct ksyms *k, const char *fmt, size_t len)
{
	const char *l, *c;
	size_t n, cn;

	if ((l = field_line(fmt, len, "caller", 1, &n)) == NULL ||
	    num_after(l, n, "size:") % 8 != 0 ||
	    (c = field_line(fmt, len, "size", 0, &cn)) == NULL ||
	    num_after(c, cn, "size:") != 4 ||
	    num_after(c, cn, "offset:") < 0 || num_after(l, n, "offset:") < 0)
		return -1;
	k->ptr[k->nptr].off = (uint32_t)num_after(l, n, "offset:");
	k->ptr[k->nptr].cnt_off = (uint32_t)num_after(c, cn, "offset:");
	k->ptr[k->nptr].array = 1;
	return 0;
}

void
ksyms_format(struct ksyms *k, const char *fmt, size_t len)
{
	static const char *const names[] = { "func", "function" };
	const char *l;
	size_t i, n;
	long id;

	if (k->nptr >= KSYMS_PTRS || (id = num_after(fmt, len, "ID: ")) < 0)
		return;
	k->ptr[k->nptr].id = (uint32_t)id;
	if (stack_format(k, fmt, len) == 0) {
		k->nptr++;
		return;
	}
	for (i = 0; i < 2; i++) {
		if ((l = field_line(fmt, len, names[i], 0, &n)) == NULL ||
		    num_after(l, n, "size:") != 8)
			continue;
		k->ptr[k->nptr].off = (uint32_t)num_after(l, n, "offset:");
		k->ptr[k->nptr].array = 0;
		k->nptr++;
		return;
	}
}

static int cmp_u64(const void *, const void *);

/* Sorted, each once: what an array holds when it fills.  Its new length. */
static size_t
uniq(uint64_t *a, size_t len)
{
	size_t i, n = 0;

	qsort(a, len, sizeof(*a), cmp_u64);
	for (i = 0; i < len; i++)
		if (n == 0 || a[n - 1] != a[i])
			a[n++] = a[i];
	return n;
}

/* An address into a list; 0 is what a restricted kallsyms shows for all. */
static int
add_to(uint64_t **addr, size_t *n, size_t *cap, uint64_t a)
{
	uint64_t *v;
	size_t c;

	if (a == 0 || (*n > 0 && (*addr)[*n - 1] == a))
		return 0;
	/* The same few work functions (and stacks) come again and again. */
	if (*n == *cap && *n > 0)
		*n = uniq(*addr, *n);
	if (*n == *cap || *n * 2 > *cap) {
		c = *cap ? *cap * 2 : 256;
		if ((v = realloc(*addr, c * sizeof(*v))) == NULL)
			return -1;
		*addr = v;
		*cap = c;
	}
	(*addr)[(*n)++] = a;
	return 0;
}

static int
add(struct ksyms *k, uint64_t a)
{
	return add_to(&k->addr, &k->n, &k->cap, a);
}

/* A stack's return addresses: record d's count of them, within len. */
static int
add_stack(struct ksyms *k, size_t i, const uint8_t *d, size_t len, int big)
{
	uint64_t cnt, j;
	size_t at = k->ptr[i].off;

	if ((size_t)k->ptr[i].cnt_off + 4 > len)
		return 0;
	cnt = bytes_uint(d + k->ptr[i].cnt_off, 4, big);
	for (j = 0; j < cnt && at + 8 <= len; j++, at += 8)
		if (add_to(&k->inside, &k->nin, &k->incap,
		    bytes_uint(d + at, 8, big)) != 0)
			return -1;
	return 0;
}

static int
page_ptrs(struct ksyms *k, const uint8_t *page)
{
	/* This machine recorded the pages: its byte order is theirs. */
	int big = bytes_host_big();
	uint64_t used = bytes_uint(page + k->commit_off, k->commit_size, big) &
	    TDAT_COMMIT_MASK;
	struct ringpage rp = { .p = page, .pos = k->data_off, .big = big };
	const uint8_t *d;
	size_t len, i;

	if (used > k->page_size - k->data_off)
		return 0;
	rp.end = k->data_off + (size_t)used;
	while (ringpage_next(&rp, &d, &len) == 1) {
		if (len < 2)
			continue;
		for (i = 0; i < k->nptr; i++) {
			if (k->ptr[i].id != bytes_uint(d, 2, big))
				continue;
			if (k->ptr[i].array ? add_stack(k, i, d, len, big) != 0 :
			    (size_t)k->ptr[i].off + 8 <= len &&
			    add(k, bytes_uint(d + k->ptr[i].off, 8, big)) != 0)
				return -1;
		}
	}
	return 0;
}

int
ksyms_chunk(void *arg, const uint8_t *p, size_t n)
{
	struct ksyms *k = arg;
	size_t at;
	int r = 0;

	if (k->nptr == 0 || k->page_size == 0)
		return 0;
	for (at = 0; at + k->page_size <= n && r == 0; at += k->page_size)
		r = page_ptrs(k, p + at);
	return r;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Whether a kallsyms line is code (type t or T): where return addresses point. */
static int
is_code(const char *p, const char *nl)
{
	const char *sp = memchr(p, ' ', (size_t)(nl - p));

	return sp != NULL && nl - sp > 2 && (sp[1] == 't' || sp[1] == 'T') &&
	    sp[2] == ' ';
}

/*
 * The functions the stacks' return addresses are in: the code symbol
 * at or below each, added to the addresses kept.  0, or -1 (no memory).
 */
static int
add_callers(struct ksyms *k, const char *text, size_t len)
{
	const char *p = text, *e = text + len, *nl;
	uint64_t *fn = NULL, a;
	size_t n = 0, cap = 0, i, lo, hi, mid;
	int r = 0;

	for (; p < e; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
			nl = e;
		if (is_code(p, nl) && bytes_hex(p, nl, &a) > 0 &&
		    add_to(&fn, &n, &cap, a) != 0) {
			free(fn);
			return -1;
		}
	}
	if (n > 1)
		n = uniq(fn, n);
	for (i = 0; i < k->nin && r == 0; i++) {
		for (lo = 0, hi = n; lo < hi; ) {
			mid = lo + (hi - lo) / 2;
			if (fn[mid] <= k->inside[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0)
			r = add(k, fn[lo - 1]);
	}
	free(fn);
	return r;
}

size_t
ksyms_cut(struct ksyms *k, char *text, size_t len)
{
	char *p = text, *e = text + len, *nl, *out = text;
	uint64_t a;
	size_t n;

	if (k->nin > 1)
		k->nin = uniq(k->inside, k->nin);
	/* No memory for the stacks' functions: the whole text, as a bad layout. */
	if (k->nin > 0 && add_callers(k, text, len) != 0)
		return len;
	if (k->n > 1)
		k->n = uniq(k->addr, k->n);
	for (; p < e; p = nl) {
		if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
			nl = e;
		else
			nl++;
		bytes_hex(p, nl, &a);
		if (k->n == 0 || bsearch(&a, k->addr, k->n, sizeof(*k->addr),
		    cmp_u64) == NULL)
			continue;
		n = (size_t)(nl - p);
		memmove(out, p, n);
		out += n;
	}
	return (size_t)(out - text);
}

void
ksyms_free(struct ksyms *k)
{
	free(k->addr);
	free(k->inside);
	memset(k, 0, sizeof(*k));
}
