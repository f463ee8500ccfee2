/* svg_tip.c: a process row's tooltip in the SVG painter's documents: what the report knows of the process (docs/html.md). */
#include <stdio.h>

#include "svg_tip.h"
#include "xmltext.h"

static int
tip_text(FILE *f, const struct report_proc *p)
{
	char a[32], b[32], c[32];
	int dec = report_cpu_decimals(p->cpu_src);

	if (xml_puts_log(f, p->name) == -1)
		return -1;
	if (p->node->proc->tgid != 0)
		fprintf(f, "\nthread %lld of pid %lld", (long long)p->pid,
		    (long long)p->node->proc->tgid);
	else
		fprintf(f, "\npid %lld, parent %lld", (long long)p->pid,
		    (long long)p->ppid);
	if (p->cmdline != NULL && p->cmdline[0] != '\0') {
		fputs("\ncommand: ", f);
		if (xml_puts_log(f, p->cmdline) == -1)
			return -1;
	}
	if (p->node->proc->work != NULL) {
		fputs("\nwork: ", f);
		if (xml_puts_log(f, p->node->proc->work) == -1)
			return -1;
	}
	if (p->unit != NULL && p->unit[0] != '\0') {
		fputs("\nunit: ", f);
		if (xml_puts_log(f, p->unit) == -1)
			return -1;
	}
	fprintf(f, "\nstart %s s, end %s s, duration %s s",
	    report_secs(a, sizeof(a), p->start_us, 0),
	    report_secs(b, sizeof(b), p->end_us, 0),
	    report_secs(c, sizeof(c), p->duration_us, 0));
	fprintf(f, "\nCPU %.*f s (user %.*f, sys %.*f", dec,
	    p->user_s + p->sys_s, dec, p->user_s, dec, p->sys_s);
	/* Measured figures say so: sampled ones miss a short life. */
	if (p->cpu_src != CPU_SAMPLES)
		fprintf(f, "; %s", report_cpu_src(p->cpu_src));
	fprintf(f, "), D state %.3f s", p->dstate_s);
	/*
	 * The chart's colours as numbers, where the trace has them; commas,
	 * as the page joins the lines with dots.
	 */
	if (p->traced)
		fprintf(f, "\nrunning %.3f s, runnable %.3f s, D %.3f s, "
		    "sleeping %.3f s",
		    p->state_s[TS_RUNNING], p->state_s[TS_RUNNABLE],
		    p->state_s[TS_WAITING], p->state_s[TS_SLEEPING]);
	return 0;
}

int
svg_tip(FILE *f, const struct report_proc *p)
{
	fputs("<title>", f);
	if (tip_text(f, p) == -1)
		return -1;
	fputs("</title>", f);
	return 0;
}

/*
 * The report's entry for a row's node.  Rows and report are both the
 * tree in pre-order, rows only the drawn nodes, so one cursor serves.
 */
const struct report_proc *
svg_row_proc(const struct report *r, const struct pnode *node,
    size_t *cursor)
{
	size_t j;

	for (j = *cursor; j < r->nprocs; j++)
		if (r->procs[j].node == node) {
			*cursor = j + 1;
			return &r->procs[j];
		}
	return NULL;
}

