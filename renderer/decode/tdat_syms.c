/* tdat_syms.c: the kernel's symbols of a trace.dat (its kallsyms part): text addresses to function names, for initcalls and later function graphs. */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "caps.h"
#include "tdat_int.h"

static int
by_addr(const void *a, const void *b)
{
	const struct tsym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/*
 * One "ADDR TYPE NAME [MODULE]" line; only code (t, T) is kept: the
 * trace's function pointers point there.  0, 1 (not kept), -1 (memory).
 */
static int
sym_line(struct tdat *t, const char *p, const char *e)
{
	const char *a = p, *sp, *name, *ne;
	struct tsym *s;
	uint64_t addr;
	size_t n;

	if ((sp = memchr(p, ' ', (size_t)(e - p))) == NULL ||
	    bytes_hex(a, sp, &addr) != (size_t)(sp - a) || sp == a ||
	    sp - a > 16 || e - sp < 4 ||
	    (sp[1] != 't' && sp[1] != 'T') || sp[2] != ' ' || addr == 0)
		return 1;
	name = sp + 3;
	for (ne = name; ne < e && *ne != '\t' && *ne != ' '; ne++)
		;
	if ((n = (size_t)(ne - name)) == 0 || n >= CAP_TRACE_NAME)
		return 1;
	if (t->nsyms >= t->syms_cap) {
		size_t cap = t->syms_cap ? t->syms_cap * 2 : 4096;

		if ((s = realloc(t->syms, cap * sizeof(*s))) == NULL)
			return -1;
		t->syms = s;
		t->syms_cap = cap;
	}
	s = &t->syms[t->nsyms];
	s->addr = addr;
	if ((s->name = malloc(n + 1)) == NULL)
		return -1;
	memcpy(s->name, name, n);
	s->name[n] = '\0';
	t->nsyms++;
	return 0;
}

int
tdat_syms(struct tdat *t, const char *text, size_t len)
{
	const char *p = text, *e = text + len, *nl;

	while (p < e) {
		if ((nl = memchr(p, '\n', (size_t)(e - p))) == NULL)
			nl = e;
		if (t->nsyms >= CAP_TRACE_SYMS)
			return cap_error(t->d, "more than %zu kernel symbols",
			    (size_t)CAP_TRACE_SYMS);
		if (sym_line(t, p, nl) < 0)
			return diag_error_status(t->d, EXIT_NOMEM,
			    "out of memory");
		p = nl + 1;
	}
	if (t->nsyms > 1)
		qsort(t->syms, t->nsyms, sizeof(*t->syms), by_addr);
	return 0;
}

const char *
tdat_sym(const struct tdat *t, uint64_t addr, uint64_t *off)
{
	size_t lo = 0, hi = t->nsyms, mid;

	/* The last symbol at or below addr. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	*off = addr - t->syms[lo - 1].addr;
	return t->syms[lo - 1].name;
}

void
tdat_syms_free(struct tdat *t)
{
	size_t i;

	for (i = 0; i < t->nsyms; i++)
		free(t->syms[i].name);
	free(t->syms);
	t->syms = NULL;
	t->nsyms = t->syms_cap = 0;
}
