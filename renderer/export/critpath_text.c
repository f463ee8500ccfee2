/* critpath_text.c: --critical-path's report, read top down: the span, the totals per category, the top waits per (category, process), then the segments merged per process, or every one with -v (docs/critical-path.md). */
#include "critpath_text.h"
#include "escape.h"
#include "tcrit.h"

#define NAME_MAX_ESC	128	/* a 16-byte comm, every byte escaped */
#define TOP_WAITS	10	/* the waited rows shown without -v */

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

static double
secs(int64_t ns)
{
	return (double)ns / 1e9;
}

/* A model time as seconds from the chart's 0 (zero_us, uptime). */
static double
chart_s(int64_t ns, usec_t zero_us)
{
	return (double)(ns - (int64_t)zero_us * 1000) / 1e9;
}

static double
percent_of(const struct critpath *c, int64_t ns)
{
	int64_t span = c->cp.end_ns - c->cp.start_ns;

	return span > 0 ? 100.0 * (double)ns / (double)span : 0.0;
}

static void
header(const struct critpath *c, const struct tdat *td,
    const struct crit_text_opts *o, FILE *f)
{
	fprintf(f, "# critical path to %d ", c->pid);
	put_name(f, c, c->proc, c->pid, td);
	fprintf(f, " (%s): %.6f to %.6f s on the chart (its 0 at %.6f s "
	    "%s), %.3f ms\n", c->why, chart_s(c->cp.start_ns, o->zero_us),
	    chart_s(c->cp.end_ns, o->zero_us), (double)o->zero_us /
	    USEC_PER_SEC, c->tb->have_sync ? "of uptime" : "of the trace's "
	    "clock", ms(c->cp.end_ns - c->cp.start_ns));
	char lost[128];

	if (exact_lost_say(c->lost, c->lost_pages, lost, sizeof(lost)))
		fprintf(f, "# %s: a wait across a loss may be another's\n",
		    lost);
	fprintf(f, "# total\tspan_s\tunexplained_s\tsteps\tsteps_cut\t"
	    "trace_cut\ntotal\t%.6f\t%.6f\t%zu\t%s\t%s\n",
	    secs(c->cp.end_ns - c->cp.start_ns), secs(c->unexplained_ns),
	    c->cp.steps, c->cp.cut ? "yes" : "no", c->cut ? "yes" : "no");
}

static void
categories(const struct critpath *c, FILE *f)
{
	size_t i;

	fputs("# category\tname\ts\tshare\tmeaning\n", f);
	for (i = 0; i < c->ncat; i++)
		fprintf(f, "category\t%s\t%.6f\t%.2f%%\t%s\n", c->cat[i].name,
		    secs(c->cat[i].ns), c->cat[i].percent,
		    cpath_cat_what(c->cat[i].cat));
}

static void
waits(const struct critpath *c, const struct tdat *td, int all, FILE *f)
{
	size_t i, n = all || c->nsum < TOP_WAITS ? c->nsum : TOP_WAITS;

	fprintf(f, "# waited\tcategory\tpid\tprocess\ts\tshare\n");
	for (i = 0; i < n; i++) {
		fprintf(f, "waited\t%s\t%d\t", cpath_cat_name(c->sum[i].cat),
		    c->sum[i].pid);
		put_name(f, c, c->sum[i].proc, c->sum[i].pid, td);
		fprintf(f, "\t%.6f\t%.2f%%\n", secs(c->sum[i].ns),
		    percent_of(c, c->sum[i].ns));
	}
	if (n < c->nsum)
		fprintf(f, "# %zu more waited rows with -v\n", c->nsum - n);
}

/* Every segment as the walk made it. */
static void
raw(const struct critpath *c, const struct tdat *td,
    const struct crit_text_opts *o, FILE *f)
{
	const struct cpseg *s;
	size_t i;

	fputs("# segment\tstart_s\tend_s\tms\tcategory\tpid\tprocess"
	    "\ttid\tother\n", f);
	for (i = 0; i < c->cp.n; i++) {
		s = &c->cp.v[i];
		fprintf(f, "segment\t%.6f\t%.6f\t%.3f\t%s\t%d\t",
		    chart_s(s->start_ns, o->zero_us),
		    chart_s(s->end_ns, o->zero_us), ms(s->end_ns -
		    s->start_ns), cpath_cat_name(s->cat), s->pid);
		put_name(f, c, s->proc, s->pid, td);
		fprintf(f, "\t%d\t", s->tid);
		if (s->other > 0)
			put_name(f, c, CR_NOPROC, s->other, td);
		else
			fputs(s->other == 0 ? "[idle]" : "-", f);
		putc('\n', f);
	}
}

/*
 * The segments with each run of one process in one category on one
 * line: the threads and CPU holders that split it matter less than
 * where the time went, and -v has them.
 */
static void
merged(const struct critpath *c, const struct tdat *td,
    const struct crit_text_opts *o, FILE *f)
{
	const struct cpseg *a, *s;
	size_t i, j;

	fputs("# merged\tstart_s\tend_s\tms\tcategory\tpid\tprocess"
	    "\tsegments\n", f);
	for (i = 0; i < c->cp.n; i = j) {
		a = &c->cp.v[i];
		for (j = i + 1; j < c->cp.n; j++) {
			s = &c->cp.v[j];
			if (s->cat != a->cat || s->pid != a->pid ||
			    s->proc != a->proc)
				break;
		}
		s = &c->cp.v[j - 1];
		fprintf(f, "merged\t%.6f\t%.6f\t%.3f\t%s\t%d\t",
		    chart_s(a->start_ns, o->zero_us),
		    chart_s(s->end_ns, o->zero_us), ms(s->end_ns -
		    a->start_ns), cpath_cat_name(a->cat), a->pid);
		put_name(f, c, a->proc, a->pid, td);
		fprintf(f, "\t%zu\n", j - i);
	}
}

void
critpath_write(const struct critpath *c, const struct tdat *td,
    const struct crit_text_opts *o, FILE *f)
{
	header(c, td, o, f);
	categories(c, f);
	waits(c, td, o->verbose > 0, f);
	if (o->verbose > 0)
		raw(c, td, o, f);
	else
		merged(c, td, o, f);
}
