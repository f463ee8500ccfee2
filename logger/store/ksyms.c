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

/* The line of field `name` ("...name;\toffset:N;\tsize:N;..."), or NULL. */
static const char *
field_line(const char *s, size_t len, const char *name, size_t *linelen)
{
	const char *p = s, *e = s + len, *nl, *f;
	size_t k = strlen(name);

	for (; p < e; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
			nl = e;
		for (f = p; f + k + 1 <= nl; f++)
			if (f > p && (f[-1] == ' ' || f[-1] == '*') &&
			    memcmp(f, name, k) == 0 && f[k] == ';') {
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
	const char *c = field_line(hp, len, "commit", &n);
	const char *d = field_line(hp, len, "data", &n);
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

void
ksyms_format(struct ksyms *k, const char *fmt, size_t len)
{
	static const char *const names[] = { "func", "function" };
	const char *l;
	size_t i, n;
	long id;

	if (k->nptr >= KSYMS_PTRS || (id = num_after(fmt, len, "ID: ")) < 0)
		return;
	for (i = 0; i < 2; i++) {
		if ((l = field_line(fmt, len, names[i], &n)) == NULL ||
		    num_after(l, n, "size:") != 8)
			continue;
		k->ptr[k->nptr].id = (uint32_t)id;
		k->ptr[k->nptr].off = (uint32_t)num_after(l, n, "offset:");
		k->nptr++;
		return;
	}
}

static int cmp_u64(const void *, const void *);

/* Sorted, each once: what the array holds when it fills. */
static void
uniq(struct ksyms *k)
{
	size_t i, n = 0;

	qsort(k->addr, k->n, sizeof(*k->addr), cmp_u64);
	for (i = 0; i < k->n; i++)
		if (n == 0 || k->addr[n - 1] != k->addr[i])
			k->addr[n++] = k->addr[i];
	k->n = n;
}

/* A function's address; 0 is what a restricted kallsyms shows for all. */
static int
add(struct ksyms *k, uint64_t a)
{
	uint64_t *v;

	if (a == 0 || (k->n > 0 && k->addr[k->n - 1] == a))
		return 0;
	/* The same few work functions run again and again. */
	if (k->n == k->cap && k->n > 0)
		uniq(k);
	if (k->n == k->cap || k->n * 2 > k->cap) {
		size_t cap = k->cap ? k->cap * 2 : 256;

		if ((v = realloc(k->addr, cap * sizeof(*v))) == NULL)
			return -1;
		k->addr = v;
		k->cap = cap;
	}
	k->addr[k->n++] = a;
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
		for (i = 0; i < k->nptr; i++)
			if (k->ptr[i].id == bytes_uint(d, 2, big) &&
			    (size_t)k->ptr[i].off + 8 <= len &&
			    add(k, bytes_uint(d + k->ptr[i].off, 8, big)) != 0)
				return -1;
	}
	return 0;
}

int
ksyms_pages(struct ksyms *k, int fd, uint64_t size)
{
	uint8_t *page;
	uint64_t at;
	int r = 0;

	if (k->nptr == 0 || k->page_size == 0)
		return 0;
	if ((page = malloc(k->page_size)) == NULL)
		return -1;
	for (at = 0; at + k->page_size <= size && r == 0; at += k->page_size)
		if (pread(fd, page, k->page_size, (off_t)at) !=
		    (ssize_t)k->page_size)
			r = -1;
		else
			r = page_ptrs(k, page);
	free(page);
	return r;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

size_t
ksyms_cut(struct ksyms *k, char *text, size_t len)
{
	char *p = text, *e = text + len, *nl, *out = text;
	uint64_t a;
	size_t n;

	if (k->n > 1)
		uniq(k);
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
	memset(k, 0, sizeof(*k));
}
