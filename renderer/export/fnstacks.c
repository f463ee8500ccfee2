/* fnstacks.c: the kernel's calls for other viewers (functab.h, docs/trace.md): Brendan Gregg's folded stacks (flamegraph.pl, speedscope, Perfetto) and speedscope's evented JSON, one profile per thread. */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "exact.h"
#include "functab.h"
#include "functions.h"
#include "jsonw.h"
#include "tfunc.h"
#include "usec.h"

#define NAME_ESC	(4 * FN_NAME)	/* every byte escaped */
#define SPEEDSCOPE_SCHEMA "https://www.speedscope.app/file-format-schema.json"

/* Whether call i is written: all, or those below the root. */
static int
taken(const int32_t *level, size_t i)
{
	return level == NULL || level[i] >= 0;
}

/* Call i's parent among the calls written, or -1. */
static int32_t
parent_of(const struct tcalls *c, const int32_t *level, size_t i)
{
	return level == NULL || level[i] > 0 ? c->v[i].parent : -1;
}

/* One distinct stack: its caller's stack, its function, its calls' self time. */
struct stk {
	int32_t up;
	uint32_t fn;
	uint32_t depth;		/* frames above it */
	int64_t self_ns;
};

struct stacks {
	struct stk *v;
	size_t n;
	int32_t *slot;		/* open addressing: stack index + 1, or 0 */
	size_t mask;
};

static size_t
hash(int32_t up, uint32_t fn, size_t mask)
{
	uint64_t h = ((uint64_t)(uint32_t)up << 32 | fn) * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 17) & mask;
}

/* The stack of fn called from up, made on first sight. */
static int32_t
stack_of(struct stacks *s, int32_t up, uint32_t fn)
{
	size_t h = hash(up, fn, s->mask);
	struct stk *k;

	for (; s->slot[h] != 0; h = (h + 1) & s->mask) {
		k = &s->v[s->slot[h] - 1];
		if (k->up == up && k->fn == fn)
			return s->slot[h] - 1;
	}
	k = &s->v[s->n];
	k->up = up;
	k->fn = fn;
	k->depth = up >= 0 ? s->v[up].depth + 1 : 0;
	s->slot[h] = (int32_t)++s->n;
	return (int32_t)(s->n - 1);
}

/* Every written call's stack, its self time summed there; 0, or -1. */
static int
collect(struct stacks *s, const struct tcalls *c, const struct fn_names *nm,
    const int32_t *level)
{
	int32_t *sid, p;
	int64_t *inner, dur;
	size_t i, cap = 2;

	while (cap < 2 * (c->n + 1))
		cap *= 2;
	memset(s, 0, sizeof(*s));
	s->mask = cap - 1;
	if ((inner = fn_callee_ns(c)) == NULL)
		return -1;
	if ((sid = calloc(c->n + 1, sizeof(*sid))) == NULL ||
	    (s->v = calloc(c->n + 1, sizeof(*s->v))) == NULL ||
	    (s->slot = calloc(cap, sizeof(*s->slot))) == NULL) {
		free(inner);
		free(sid);
		return -1;
	}
	for (i = 0; i < c->n; i++) {
		if (!taken(level, i))
			continue;
		p = parent_of(c, level, i);
		sid[i] = stack_of(s, p >= 0 ? sid[p] : -1, nm->of[i]);
		dur = c->v[i].ret_ns - c->v[i].call_ns;
		s->v[sid[i]].self_ns = sat_add(s->v[sid[i]].self_ns,
		    dur > inner[i] ? dur - inner[i] : 0);
	}
	free(sid);
	free(inner);
	return 0;
}

/* A frame: its name escaped, a ';' (the separator) as '_'. */
static void
put_frame(FILE *f, const char *name)
{
	char buf[NAME_ESC], *p;

	escape_text(buf, sizeof(buf), name);
	for (p = buf; *p != '\0'; p++)
		if (*p == ';')
			*p = '_';
	fputs(buf, f);
}

/* "a;b;c": stack k from its root, through chain (room for its depth + 1). */
static void
put_stack(FILE *f, const struct stacks *s, const struct fn_names *nm,
    int32_t k, int32_t *chain)
{
	size_t n = 0;

	for (; k >= 0; k = s->v[k].up)
		chain[n++] = k;
	while (n-- > 0) {
		put_frame(f, nm->name[s->v[chain[n]].fn]);
		if (n > 0)
			putc(';', f);
	}
}

/*
 * The lines; each count is the µs of the running total less the
 * previous line's, both rounded, so the counts add up to the total's
 * µs exactly.  A stack of no whole µs has no line.
 */
static int
put_folded(FILE *f, const struct stacks *s, const struct fn_names *nm)
{
	int64_t sum = 0, done = 0, now;
	uint32_t deepest = 0;
	int32_t *chain;
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->v[i].depth > deepest)
			deepest = s->v[i].depth;
	if ((chain = calloc((size_t)deepest + 1, sizeof(*chain))) == NULL)
		return -1;
	for (i = 0; i < s->n; i++) {
		sum = sat_add(sum, s->v[i].self_ns);
		now = (sum + 500) / 1000;
		if (now == done)
			continue;
		put_stack(f, s, nm, (int32_t)i, chain);
		fprintf(f, " %lld\n", (long long)(now - done));
		done = now;
	}
	free(chain);
	return 0;
}

int
fn_folded(const struct tcalls *c, const struct fn_names *nm,
    const int32_t *level, FILE *f)
{
	struct stacks s;
	int r;

	if (collect(&s, c, nm, level) != 0)
		return -1;
	r = put_folded(f, &s, nm);
	free(s.v);
	free(s.slot);
	return r;
}

/* The frames written: each function's index in shared.frames, or -1. */
static int32_t *
frames(const struct tcalls *c, const struct fn_names *nm,
    const int32_t *level, FILE *f)
{
	int32_t *fr, n = 0;
	size_t i;

	if ((fr = malloc((nm->n + 1) * sizeof(*fr))) == NULL)
		return NULL;
	memset(fr, 0xff, (nm->n + 1) * sizeof(*fr));
	fputs("\"shared\": {\"frames\": [", f);
	for (i = 0; i < c->n; i++) {
		if (!taken(level, i) || fr[nm->of[i]] >= 0)
			continue;
		fr[nm->of[i]] = n;
		fputs(n++ > 0 ? ",\n  {\"name\": " : "\n  {\"name\": ", f);
		json_string(f, nm->name[nm->of[i]]);
		putc('}', f);
	}
	fputs("]}", f);
	return fr;
}

static void
event(FILE *f, char type, int32_t frame, int64_t at, int *first)
{
	/* at: the trace's clock (profile's caller takes it there). */
	fprintf(f, "%s{\"type\": \"%c\", \"frame\": %d, \"at\": %lld}",
	    *first ? "\n   " : ",\n   ", type, (int)frame, (long long)at);
	*first = 0;
}

/* The profile of the calls [a, b) of one thread; stack: room for b - a. */
static void
profile(FILE *f, const struct tboot *tb, const struct fn_names *nm,
    const int32_t *level, const int32_t *fr, size_t a, size_t b,
    int32_t *stack)
{
	const struct tcalls *c = &tb->calls;
	int64_t start = 0, end = 0, key = tcall_thread(&c->v[a]);
	size_t i, sp = 0;
	int32_t p;
	int first = 1, any = 0;

	/* A time may be below 0: a trace alone's call begun before its first event. */
	for (i = a; i < b; i++)
		if (taken(level, i)) {
			if (!any || c->v[i].ret_ns > end)
				end = c->v[i].ret_ns;
			if (!any)
				start = c->v[i].call_ns;
			any = 1;
		}
	if (key >= 0)
		fprintf(f, "{\"type\": \"evented\", \"name\": \"pid %lld\"",
		    (long long)key);
	else
		fprintf(f, "{\"type\": \"evented\", \"name\": \"idle, CPU "
		    "%lld\"", (long long)(-1 - key));
	fprintf(f, ", \"unit\": \"nanoseconds\", \"startValue\": %lld, "
	    "\"endValue\": %lld, \"events\": [",
	    (long long)exact_to_trace(tb, start),
	    (long long)exact_to_trace(tb, end));
	for (i = a; i < b; i++) {
		if (!taken(level, i))
			continue;
		p = parent_of(c, level, i);
		/* The calls left open that do not hold this one have ended. */
		for (; sp > 0 && stack[sp - 1] != p; sp--)
			event(f, 'C', fr[nm->of[stack[sp - 1]]],
			    exact_to_trace(tb, c->v[stack[sp - 1]].ret_ns),
			    &first);
		event(f, 'O', fr[nm->of[i]], exact_to_trace(tb,
		    c->v[i].call_ns), &first);
		stack[sp++] = (int32_t)i;
	}
	for (; sp > 0; sp--)
		event(f, 'C', fr[nm->of[stack[sp - 1]]],
		    exact_to_trace(tb, c->v[stack[sp - 1]].ret_ns), &first);
	fputs("]}", f);
}

/* Whether the thread's calls [a, b) have one written. */
static int
any_taken(const int32_t *level, size_t a, size_t b)
{
	for (; a < b; a++)
		if (taken(level, a))
			return 1;
	return 0;
}

int
fn_speedscope(const struct tboot *tb, const struct fn_names *nm,
    const int32_t *level, const char *name, FILE *f)
{
	const struct tcalls *c = &tb->calls;
	int32_t *fr, *stack;
	size_t a, b, n = 0;

	fputs("{\"$schema\": \"" SPEEDSCOPE_SCHEMA "\",\n\"exporter\": "
	    "\"bootchart-render " BC_VERSION "\",\n\"name\": ", f);
	json_string(f, name);
	fputs(",\n\"activeProfileIndex\": 0,\n", f);
	if ((fr = frames(c, nm, level, f)) == NULL)
		return -1;
	if ((stack = calloc(c->n + 1, sizeof(*stack))) == NULL) {
		free(fr);
		return -1;
	}
	fputs(",\n\"profiles\": [", f);
	for (a = 0; a < c->n; a = b) {
		for (b = a + 1; b < c->n && tcall_thread(&c->v[b]) ==
		    tcall_thread(&c->v[a]); b++)
			;
		if (!any_taken(level, a, b))
			continue;
		fputs(n++ > 0 ? ",\n " : "\n ", f);
		profile(f, tb, nm, level, fr, a, b, stack);
	}
	fputs("]}\n", f);
	free(stack);
	free(fr);
	return 0;
}
