/* callwaits.c: --functions's second table: what the calls each traced root ran (the initcalls under do_one_initcall) waited for, blocked or runnable, and who woke them most (docs/trace.md). */
#include <stdlib.h>

#include "escape.h"
#include "functab.h"
#include "functions.h"
#include "tboot.h"
#include "tcwait.h"
#include "trace.h"
#include "twake.h"

/* A call's waits are listed from a millisecond on (or --min-time). */
#define WAIT_MIN_NS	1000000

struct row {
	size_t i;		/* the call */
	int64_t ns;		/* its waits, blocked and runnable */
};

static int
by_wait(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* "name pid", escaped, of a waker: a thread or an interrupt's context. */
static void
waker_name(const struct tdat *td, int32_t w, char *out, size_t cap)
{
	const char *s;
	char raw[64];

	if (w < 0) {
		escape_text(out, cap, twake_context_name(w));
		return;
	}
	if (w == 0) {
		escape_text(out, cap, "-");
		return;
	}
	s = td != NULL ? tdat_comm(td, w) : NULL;
	snprintf(raw, sizeof(raw), "%s %d", s != NULL && *s ? s : "?", (int)w);
	escape_text(out, cap, raw);
}

static void
one(FILE *f, const struct tboot *tb, const struct tdat *td,
    const struct tcall *k, const struct tcwait *w)
{
	char name[4 * FN_NAME], raw[FN_NAME], who[4 * 64];

	fn_name(td, k->func, raw, sizeof(raw));
	escape_text(name, sizeof(name), raw);
	waker_name(td, w->waker, who, sizeof(who));
	fprintf(f, "wait\t%s\t%d", name, (int)k->pid);
	/* Its start in ms of uptime (to the µs), as the chart's. */
	fprintf(f, "\t%.3f", (double)(k->call_ns + tb->boot_minus_trace_ns) /
	    1e6);
	functab_put_ms(f, k->ret_ns - k->call_ns);
	functab_put_ms(f, w->blocked_ns);
	functab_put_ms(f, w->runnable_ns);
	fprintf(f, "\t%s", who);
	functab_put_ms(f, w->waker_ns);
	putc('\n', f);
}

int
callwaits_text(const struct tboot *tb, const struct tdat *td, int64_t min_ns,
    FILE *f)
{
	const struct tcalls *c = &tb->calls;
	struct tcwait *w;
	struct row *v;
	size_t i, n = 0;

	if (tcwait_make(tb, c, &w) != 0)
		return -1;
	if (w == NULL)
		return 0;
	if ((v = calloc(c->n, sizeof(*v))) == NULL) {
		free(w);
		return -1;
	}
	if (min_ns < WAIT_MIN_NS)
		min_ns = WAIT_MIN_NS;
	for (i = 0; i < c->n; i++)
		if (c->v[i].depth == 1 && w[i].blocked_ns + w[i].runnable_ns >=
		    min_ns)
			v[n++] = (struct row){ i, w[i].blocked_ns +
			    w[i].runnable_ns };
	qsort(v, n, sizeof(*v), by_wait);
	fputs("# wait\tfunction\tpid\tstart_ms\tms\tblocked_ms\trunnable_ms"
	    "\twoken_most_by\tby_ms\n", f);
	for (i = 0; i < n; i++)
		one(f, tb, td, &c->v[v[i].i], &w[v[i].i]);
	free(v);
	free(w);
	return 0;
}
