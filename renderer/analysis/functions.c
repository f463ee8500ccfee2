/* functions.c: ftd's table from the nested function_graph calls (functions.h): self time from each call's recorded callees, then one row per function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "functions.h"
#include "tfunc.h"
#include "trace.h"
#include "usec.h"

#define POOL_BLOCK	((size_t)1 << 20)	/* far above a name (FN_NAME) */

/* func's name (fn_name) kept in the pool; NULL: no memory. */
static const char *
pool_name(struct fn_pool *p, const struct tdat *td, uint64_t func)
{
	char name[FN_NAME], **b;
	size_t len;

	fn_name(td, func, name, sizeof(name));
	len = strlen(name) + 1;
	if (p->nblock == 0 || POOL_BLOCK - p->used < len) {
		if ((b = realloc(p->block, (p->nblock + 1) * sizeof(*b))) ==
		    NULL)
			return NULL;
		p->block = b;
		if ((b[p->nblock] = malloc(POOL_BLOCK)) == NULL)
			return NULL;
		p->nblock++;
		p->used = 0;
	}
	memcpy(p->block[p->nblock - 1] + p->used, name, len);
	p->used += len;
	return p->block[p->nblock - 1] + p->used - len;
}

static void
pool_free(struct fn_pool *p)
{
	size_t i;

	for (i = 0; i < p->nblock; i++)
		free(p->block[i]);
	free(p->block);
	memset(p, 0, sizeof(*p));
}

/* One kept call, as the table sums it. */
struct one {
	uint64_t func;
	int64_t dur, self;
	uint16_t depth;
};

static int
by_func(const void *a, const void *b)
{
	const struct one *x = a, *y = b;

	return x->func < y->func ? -1 : x->func > y->func;
}

static int
by_total(const void *a, const void *b)
{
	const struct fn_row *x = a, *y = b;
	int r;

	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	if ((r = strcmp(x->name, y->name)) != 0)
		return r;
	return x->func < y->func ? -1 : x->func > y->func;
}

/*
 * A traced function's address is its start: a symbol below it is
 * another's (the real one gone from kallsyms, as a module's freed init
 * code), so only an exact match names it, as trace-cmd report does.
 */
void
fn_name(const struct tdat *td, uint64_t func, char *out, size_t cap)
{
	uint64_t off = 0;
	const char *s = td != NULL ? tdat_sym(td, func, &off) : NULL;

	if (s == NULL || off != 0)
		snprintf(out, cap, "0x%llx", (unsigned long long)func);
	else
		snprintf(out, cap, "%s", s);
}

int64_t *
fn_callee_ns(const struct tcalls *c)
{
	int64_t *inner;
	size_t i;

	if ((inner = calloc(c->n + 1, sizeof(*inner))) == NULL)
		return NULL;
	for (i = 0; i < c->n; i++)
		if (c->v[i].parent >= 0)
			inner[c->v[i].parent] = sat_add(inner[c->v[i].parent],
			    c->v[i].ret_ns - c->v[i].call_ns);
	return inner;
}

/* The calls kept, each with its time less its callees'. */
static struct one *
calls_of(const struct tcalls *c, int64_t min_ns, size_t *n)
{
	struct one *v;
	int64_t *inner, d;
	size_t i, k = 0;

	if ((v = calloc(c->n + 1, sizeof(*v))) == NULL)
		return NULL;
	if ((inner = fn_callee_ns(c)) == NULL) {
		free(v);
		return NULL;
	}
	for (i = 0; i < c->n; i++) {
		d = c->v[i].ret_ns - c->v[i].call_ns;
		if (d < min_ns)
			continue;
		v[k].func = c->v[i].func;
		v[k].dur = d;
		/* Nesting keeps callees inside: never below 0 but be sure. */
		v[k].self = d > inner[i] ? d - inner[i] : 0;
		v[k++].depth = c->v[i].depth;
	}
	free(inner);
	*n = k;
	return v;
}

static void
add_to(struct fn_row *r, const struct one *o)
{
	r->calls++;
	r->total_ns = sat_add(r->total_ns, o->dur);
	r->self_ns = sat_add(r->self_ns, o->self);
	if (o->dur > r->max_ns)
		r->max_ns = o->dur;
	r->depths |= (uint64_t)1 << (o->depth < FN_DEPTHS ? o->depth :
	    FN_DEPTHS - 1);
}

int
fn_table_make(const struct tcalls *c, const struct tdat *td, int64_t min_ns,
    struct fn_table *t)
{
	struct one *v;
	size_t n, i, rows = 0;

	memset(t, 0, sizeof(*t));
	if ((v = calls_of(c, min_ns, &n)) == NULL)
		return -1;
	qsort(v, n, sizeof(*v), by_func);
	for (i = 0; i < n; i++)
		rows += i == 0 || v[i].func != v[i - 1].func;
	if ((t->v = calloc(rows + 1, sizeof(*t->v))) == NULL) {
		free(v);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (i == 0 || v[i].func != v[i - 1].func) {
			t->v[t->n].func = v[i].func;
			if ((t->v[t->n].name = pool_name(&t->pool, td,
			    v[i].func)) == NULL) {
				free(v);
				fn_table_free(t);
				return -1;
			}
			t->n++;
		}
		add_to(&t->v[t->n - 1], &v[i]);
	}
	free(v);
	qsort(t->v, t->n, sizeof(*t->v), by_total);
	return 0;
}

/* As --wakeups prints its times: the text, JSON's µs and the page agree. */
void
fn_ms(int64_t ns, char *out, size_t cap)
{
	snprintf(out, cap, "%lld.%03lld", (long long)(ns / 1000000),
	    (long long)(ns / 1000 % 1000));
}

void
fn_put_ms(FILE *f, int64_t ns)
{
	char ms[32];

	fn_ms(ns, ms, sizeof(ms));
	fputs(ms, f);
}

void
fn_put_ms_col(FILE *f, int64_t ns)
{
	putc('\t', f);
	fn_put_ms(f, ns);
}

void
fn_depths(uint64_t depths, char *out, size_t cap)
{
	size_t len = 0;
	int d, e;

	out[0] = '\0';
	for (d = 0; d < FN_DEPTHS && len < cap; d = e + 1) {
		if (!(depths >> d & 1)) {
			e = d;
			continue;
		}
		for (e = d; e + 1 < FN_DEPTHS && depths >> (e + 1) & 1; e++)
			;
		if (e > d)
			len += (size_t)snprintf(out + len, cap - len, "%s%d-%d",
			    len > 0 ? "," : "", d, e);
		else
			len += (size_t)snprintf(out + len, cap - len, "%s%d",
			    len > 0 ? "," : "", d);
	}
}

void
fn_table_free(struct fn_table *t)
{
	free(t->v);
	t->v = NULL;
	t->n = 0;
	pool_free(&t->pool);
}

/* An address and its name, while the names are sorted. */
struct addr_name {
	uint64_t func;
	const char *name;	/* in the names' pool */
};

static int
by_u64(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

static int
by_name(const void *a, const void *b)
{
	const struct addr_name *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* The distinct addresses of c's calls, sorted; NULL: no memory. */
static uint64_t *
addrs_of(const struct tcalls *c, size_t *n)
{
	uint64_t *a;
	size_t i, k = 0;

	if ((a = calloc(c->n + 1, sizeof(*a))) == NULL)
		return NULL;
	for (i = 0; i < c->n; i++)
		a[i] = c->v[i].func;
	qsort(a, c->n, sizeof(*a), by_u64);
	for (i = 0; i < c->n; i++)
		if (k == 0 || a[i] != a[k - 1])
			a[k++] = a[i];
	*n = k;
	return a;
}

/*
 * The names of the addresses, sorted and made one per name in nm; in
 * idx, each address's name.  0, or -1 (no memory).
 */
static int
names_of(const struct tdat *td, const uint64_t *addr, size_t na,
    uint32_t *idx, struct fn_names *nm)
{
	struct addr_name *v;
	uint64_t *at;
	size_t i;

	if ((v = calloc(na + 1, sizeof(*v))) == NULL)
		return -1;
	if ((nm->name = calloc(na + 1, sizeof(*nm->name))) == NULL) {
		free(v);
		return -1;
	}
	for (i = 0; i < na; i++) {
		v[i].func = addr[i];
		if ((v[i].name = pool_name(&nm->pool, td, addr[i])) == NULL) {
			free(v);
			return -1;
		}
	}
	qsort(v, na, sizeof(*v), by_name);
	for (i = 0; i < na; i++) {
		if (nm->n == 0 || strcmp(v[i].name, nm->name[nm->n - 1]) != 0)
			nm->name[nm->n++] = v[i].name;
		at = bsearch(&v[i].func, addr, na, sizeof(*addr), by_u64);
		idx[at - addr] = (uint32_t)(nm->n - 1);
	}
	free(v);
	return 0;
}

int
fn_names_make(const struct tcalls *c, const struct tdat *td,
    struct fn_names *nm)
{
	uint64_t *addr, *at;
	uint32_t *idx = NULL;
	size_t na, i;
	int r = -1;

	memset(nm, 0, sizeof(*nm));
	if ((addr = addrs_of(c, &na)) == NULL)
		return -1;
	if ((idx = calloc(na + 1, sizeof(*idx))) == NULL ||
	    (nm->of = calloc(c->n + 1, sizeof(*nm->of))) == NULL ||
	    names_of(td, addr, na, idx, nm) != 0)
		goto out;
	for (i = 0; i < c->n; i++) {
		at = bsearch(&c->v[i].func, addr, na, sizeof(*addr), by_u64);
		nm->of[i] = idx[at - addr];
	}
	r = 0;
out:
	free(idx);
	free(addr);
	if (r != 0)
		fn_names_free(nm);
	return r;
}

long
fn_names_find(const struct fn_names *nm, const char *name)
{
	size_t lo = 0, hi = nm->n, mid;
	int r;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((r = strcmp(name, nm->name[mid])) == 0)
			return (long)mid;
		if (r < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

void
fn_names_free(struct fn_names *nm)
{
	free(nm->name);
	free(nm->of);
	pool_free(&nm->pool);
	memset(nm, 0, sizeof(*nm));
}
