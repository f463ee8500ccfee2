/* critpath_text.c: --critical-path's report: the segments, then the per (category, process) table adding up to the span (docs/critical-path.md). */
#include "critpath_text.h"
#include "escape.h"
#include "tcrit.h"

#define NAME_MAX_ESC	128	/* a 16-byte comm, every byte escaped */

static void
put_name(FILE *f, const struct critpath *c, uint32_t proc, int pid,
    const struct tdat *td)
{
	char name[NAME_MAX_ESC];

	escape_text(name, sizeof(name), critpath_name(c, proc, pid, td));
	fputs(name, f);
}

static double
ms(int64_t ns)
{
	return (double)ns / 1e6;
}

static void
header(const struct critpath *c, const struct tdat *td, FILE *f)
{
	fprintf(f, "# critical path to %d ", c->pid);
	put_name(f, c, c->proc, c->pid, td);
	fprintf(f, " (%s): %.3f to %.3f ms %s, %.3f ms\n", c->why,
	    exact_uptime_ms(c->cp.start_ns),
	    exact_uptime_ms(c->cp.end_ns),
	    c->tb->have_sync ? "of uptime" : "of the trace's clock",
	    ms(c->cp.end_ns - c->cp.start_ns));
}

void
critpath_write(const struct critpath *c, const struct tdat *td, FILE *f)
{
	const struct cpseg *s;
	size_t i;

	header(c, td, f);
	fputs("# segment\tstart_ms\tend_ms\tms\tcategory\tpid\tprocess"
	    "\ttid\tother\n", f);
	for (i = 0; i < c->cp.n; i++) {
		s = &c->cp.v[i];
		fprintf(f, "segment\t%.3f\t%.3f\t%.3f\t%s\t%d\t",
		    exact_uptime_ms(s->start_ns),
		    exact_uptime_ms(s->end_ns), ms(s->end_ns -
		    s->start_ns), cpath_cat_name(s->cat), s->pid);
		put_name(f, c, s->proc, s->pid, td);
		fprintf(f, "\t%d\t", s->tid);
		if (s->other > 0)
			put_name(f, c, CR_NOPROC, s->other, td);
		else
			fputs(s->other == 0 ? "[idle]" : "-", f);
		putc('\n', f);
	}
	fputs("# waited\tcategory\tpid\tprocess\tms\tshare\n", f);
	for (i = 0; i < c->nsum; i++) {
		fprintf(f, "waited\t%s\t%d\t", cpath_cat_name(c->sum[i].cat),
		    c->sum[i].pid);
		put_name(f, c, c->sum[i].proc, c->sum[i].pid, td);
		fprintf(f, "\t%.3f\t%.1f%%\n", ms(c->sum[i].ns),
		    c->cp.end_ns > c->cp.start_ns ? 100.0 *
		    (double)c->sum[i].ns / (double)(c->cp.end_ns -
		    c->cp.start_ns) : 0.0);
	}
	fprintf(f, "# total\tspan_ms\tunexplained_ms\tsteps\tcut\n"
	    "total\t%.3f\t%.3f\t%zu\t%s\n", ms(c->cp.end_ns - c->cp.start_ns),
	    ms(c->unexplained_ns), c->cp.steps, c->cp.cut ? "yes" : "no");
}
