/* callwaits.c: --functions's second table: what the calls each traced root ran (the initcalls under do_one_initcall) waited for, blocked or runnable, and who woke them most (docs/trace.md). */
#include <stdlib.h>

#include "escape.h"
#include "exact.h"
#include "functab.h"
#include "functions.h"
#include "kwaits.h"
#include "tboot.h"
#include "tcwait.h"

static void
one(FILE *f, const struct tboot *tb, const struct tdat *td,
    const struct tcall *k, const struct tcwait *w)
{
	char name[4 * FN_NAME], raw[FN_NAME], who[4 * 64], rawwho[64];

	fn_name(td, k->func, raw, sizeof(raw));
	escape_text(name, sizeof(name), raw);
	kwaits_waker(td, w->waker, 1, rawwho, sizeof(rawwho));
	escape_text(who, sizeof(who), rawwho);
	fprintf(f, "wait\t%s\t%d", name, (int)k->pid);
	/* Its start in ms of uptime, to the µs as --json's. */
	fprintf(f, "\t%.3f", (double)exact_uptime_us(k->call_ns) / 1000);
	fn_put_ms_col(f, k->ret_ns - k->call_ns);
	fn_put_ms_col(f, w->blocked_ns);
	fn_put_ms_col(f, w->runnable_ns);
	fprintf(f, "\t%s", who);
	fn_put_ms_col(f, w->waker_ns);
	putc('\n', f);
}

int
callwaits_text(const struct exact *x, int64_t min_ns, FILE *f)
{
	const struct tboot *tb = &x->tb;
	const struct tdat *td = x->file.td;
	const struct tcalls *c = &tb->calls;
	const struct tcwait *w = x->call_wait;
	struct kwait_row *v;
	size_t i, n;

	if (w == NULL)
		return 0;
	if (kwaits_pick(c, w, min_ns, &v, &n) != 0)
		return -1;
	fputs("# wait\tfunction\tpid\tstart_ms\tms\tblocked_ms\trunnable_ms"
	    "\twoken_most_by\tby_ms\n", f);
	for (i = 0; i < n; i++)
		one(f, tb, td, &c->v[v[i].call], &w[v[i].call]);
	free(v);
	return 0;
}
