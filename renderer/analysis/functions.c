/* functions.c: ftd's table from the nested function_graph calls (functions.h): self time from each call's recorded callees, then one row per function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "functions.h"
#include "tfunc.h"
#include "trace.h"
#include "usec.h"

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
			fn_name(td, v[i].func, t->v[t->n].name, FN_NAME);
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
}
