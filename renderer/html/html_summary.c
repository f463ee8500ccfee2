/* html_summary.c: --summary's milestones, totals, top processes and the critical path's totals as HTML tables under the chart (-f html). */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>

#include "html.h"
#include "xmltext.h"
#include "logfiles.h"
#include "report_summary.h"

static int
milestone(FILE *f, const char *label, int known, usec_t t, const char *note)
{
	char b[32];
	int rc = 0;

	fprintf(f, "<tr><th>%s</th><td class=\"n\">%s</td><td>", label,
	    known ? report_secs(b, sizeof(b), t, 0) : "-");
	if (note != NULL)
		rc = xml_puts_log(f, note);
	fputs("</td></tr>\n", f);
	return rc;
}

static int
milestones(const struct report *r, FILE *f)
{
	struct summary_milestone v[SUMMARY_MILESTONES];
	char note[64];
	const char *col = report_summary_time_col(r, note, sizeof(note));
	size_t i, n;

	n = report_summary_milestones(r, v);
	fprintf(f, "<table><caption>Milestones%s%s</caption>\n<tr><th>"
	    "milestone</th><th>%s</th><th></th></tr>\n", *note ? " " : "", note,
	    col);
	for (i = 0; i < n; i++)
		if (milestone(f, v[i].label, v[i].known, v[i].t,
		    v[i].note) == -1)
			return -1;
	fputs("</table>\n", f);
	return 0;
}

static void
totals(const struct report *r, FILE *f)
{
	const struct report_totals *t = &r->tot;

	fputs("<table><caption>Totals (whole log)</caption>\n", f);
	fprintf(f, "<tr><th>CPU busy</th><td class=\"n\">%.3f</td><td>s "
	    "(CPU-seconds over %d CPU%s", t->cpu_busy_s, t->ncpus,
	    t->ncpus == 1 ? "" : "s");
	if (t->from_trace)
		fputs(", from the trace's switches)</td></tr>\n", f);
	else
		fprintf(f, ": user %.3f, sys %.3f)</td></tr>\n", t->cpu_user_s,
		    t->cpu_sys_s);
	fprintf(f, "<tr><th>I/O wait</th><td class=\"n\">%.3f</td><td>s "
	    "(CPU-seconds)</td></tr>\n", t->cpu_io_s);
	fprintf(f, "<tr><th>disk read</th><td class=\"n\">%.1f</td><td>MB"
	    "</td></tr>\n", t->read_bytes / REPORT_MB);
	fprintf(f, "<tr><th>disk written</th><td class=\"n\">%.1f</td><td>MB"
	    "</td></tr>\n", t->write_bytes / REPORT_MB);
	fprintf(f, "<tr><th>processes</th><td class=\"n\">%zu</td><td></td>"
	    "</tr>\n", r->nprocs);
	if (r->cmd.n > 0)
		fprintf(f, "<tr><th>the command's CPU</th><td class=\"n\">%.3f"
		    "</td><td>s (CPU-seconds of its processes)</td></tr>\n",
		    r->cmd.cpu_s);
	fputs("</table>\n", f);
}

/* One top list, with --summary's columns (docs/summary.md). */
static int
top(const struct report *r, struct summary_rank *v, enum summary_key k,
    FILE *f)
{
	static const char *const cols[] = {
	    "<th>cpu_s</th><th>user_s</th><th>sys_s</th>", "<th>dstate_s</th>",
	    "<th>dur_s</th>", "<th>runnable_s</th><th>share_%</th>" };
	const struct report_proc *p;
	size_t i, n = report_summary_top(r, v, k);
	char a[32], b[32];
	int dec;

	/* The page's script sorts by a column and links a row to the chart's. */
	fprintf(f, "<table class=\"top\"><caption>Top %d by %s</caption>\n"
	    "<tr>%s<th>pid</th><th>start_s</th><th>name</th></tr>\n",
	    SUMMARY_TOP, summary_title[k], cols[k]);
	for (i = 0; i < n; i++) {
		p = &r->procs[v[i].i];
		dec = report_cpu_decimals(p->cpu_src);
		fprintf(f, "<tr data-i=\"%zu\">", v[i].i);
		if (k == BY_CPU)
			fprintf(f, "<td class=\"n\">%.*f</td><td class=\"n\">"
			    "%.*f</td><td class=\"n\">%.*f</td>", dec,
			    p->user_s + p->sys_s, dec, p->user_s, dec, p->sys_s);
		else if (k == BY_DSTATE)
			fprintf(f, "<td class=\"n\">%.3f</td>", p->dstate_s);
		else if (k == BY_RUNNABLE)
			/* The share bare: the page's script sorts numbers. */
			fprintf(f, "<td class=\"n\">%.3f</td><td class=\"n\">"
			    "%.1f</td>", p->state_s[TS_RUNNABLE],
			    report_state_percent(p, TS_RUNNABLE));
		else
			fprintf(f, "<td class=\"n\">%s</td>", report_secs(a,
			    sizeof(a), p->duration_us, 0));
		fprintf(f, "<td class=\"n\">%lld</td><td class=\"n\">%s</td>"
		    "<td>", (long long)p->pid,
		    report_secs(b, sizeof(b), p->start_us, 0));
		if (xml_puts_log(f, p->label) == -1)
			return -1;
		fputs("</td></tr>\n", f);
	}
	if (n == 0)
		fputs("<tr><td colspan=\"6\">(none)</td></tr>\n", f);
	fputs("</table>\n", f);
	return 0;
}

/* The critical path's totals per category, as --summary's. */
static int
critical_path(const struct report *r, FILE *f)
{
	const struct crit_path *c = r->crit;
	size_t i;

	if (!c->have)
		return 0;
	fprintf(f, "<table class=\"crit\"><caption>Critical path: %.3f ms to "
	    "%" PRId64 " ", (double)(c->end_us - c->start_us) / USEC_PER_MS,
	    c->pid);
	if (xml_puts_log(f, report_crit_label(r, c->pid, c->name)) == -1)
		return -1;
	fprintf(f, " (%s)</caption>\n<tr><th>category</th><th>s</th>"
	    "<th>share</th><th>meaning</th></tr>\n", c->why);
	for (i = 0; i < c->ncat; i++)
		fprintf(f, "<tr><th>%s</th><td class=\"n\">%.3f</td>"
		    "<td class=\"n\">%.2f%%</td><td>%s</td></tr>\n",
		    c->cat[i].name, (double)c->cat[i].us / USEC_PER_SEC,
		    c->cat[i].percent, cpath_cat_what(c->cat[i].cat));
	fputs("</table>\n", f);
	return 0;
}

int
html_summary_write(const struct report *r, FILE *f)
{
	struct summary_rank *v;
	int rc = 0;

	if ((v = calloc(r->nprocs + 1, sizeof(*v))) == NULL)
		return -1;
	fputs("<section id=\"summary\"><h2>Summary</h2>\n", f);
	if (milestones(r, f) == -1)
		rc = -1;
	totals(r, f);
	if (rc == -1 || top(r, v, BY_CPU, f) == -1 ||
	    top(r, v, BY_DSTATE, f) == -1 ||
	    (report_summary_traced(r) && top(r, v, BY_RUNNABLE, f) == -1) ||
	    top(r, v, BY_DURATION, f) == -1 || critical_path(r, f) == -1)
		rc = -1;
	fputs("</section>\n", f);
	free(v);
	return rc;
}
