/* functab.c: --functions's text (functab.h): one line per kernel function, the most time first. */
#include <stdlib.h>

#include "escape.h"
#include "functab.h"
#include "functions.h"
#include "tboot.h"
#include "trace.h"

#define NAME_ESC	(4 * FN_NAME)	/* every byte escaped */

void
functab_put_ms(FILE *f, int64_t ns)
{
	char ms[32];

	fn_ms(ns, ms, sizeof(ms));
	fprintf(f, "\t%s", ms);
}

void
functab_text(const struct fn_table *t, FILE *f)
{
	char name[NAME_ESC], depths[3 * FN_DEPTHS];
	const struct fn_row *r;
	size_t i;

	fputs("# function\tname\tcalls\ttotal_ms\tavg_ms\tmax_ms\tself_ms"
	    "\tdepths\n", f);
	for (i = 0; i < t->n; i++) {
		r = &t->v[i];
		escape_text(name, sizeof(name), r->name);
		fn_depths(r->depths, depths, sizeof(depths));
		fprintf(f, "function\t%s\t%llu", name,
		    (unsigned long long)r->calls);
		functab_put_ms(f, r->total_ns);
		functab_put_ms(f, r->total_ns / (int64_t)r->calls);
		functab_put_ms(f, r->max_ns);
		functab_put_ms(f, r->self_ns);
		fprintf(f, "\t%s\n", depths);
	}
}

int
functab_write(struct tdat *td, int64_t min_ns, FILE *f, struct diag *d)
{
	struct fn_table t;
	struct tboot tb;
	int r;

	if (tboot_build(td, &tb, d) != 0)
		return -1;
	if (tb.calls.n == 0 && tb.calls.entries == 0)
		diag_warn(d, "no function_graph records in the trace: boot "
		    "with the functions entry (docs/trace.md)");
	r = fn_table_make(&tb.calls, td, min_ns, &t);
	if (r == 0)
		functab_text(&t, f);
	if (r == 0 && tb.calls.n > 0)
		r = callwaits_text(&tb, td, min_ns, f);
	fn_table_free(&t);
	tboot_free(&tb);
	if (r != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}
