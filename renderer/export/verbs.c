/* verbs.c: the trace verbs' writers, rows of src/outputs.def like every output: --dump-events, --wakeups and --wake-graph, --functions and --call-graph, --critical-path, each over the trace's model (or, --dump-events, its reader) made once. */
#include <string.h>

#include "critpath.h"
#include "critpath_text.h"
#include "functab.h"
#include "milestones.h"
#include "outputs.h"
#include "trace.h"
#include "wakeups.h"

int
out_events(const struct out_job *j, struct outfile *of, struct diag *d)
{
	(void)d;
	return tdat_dump(boot_exact(j->boot)->file.td, of->f);
}

int
out_wakeups(const struct out_job *j, struct outfile *of, struct diag *d)
{
	const struct verb_opts *v = j->verb;
	struct wake_opts o = { v->min_count, v->min_ns, v->graph, NULL,
	    j->boot->mine, 0 };

	/* -f svg, png: drawn by Graphviz; -f dot or none: the DOT text. */
	if (v->graph && v->form_set && j->opts->format != FMT_DOT)
		o.draw = j->opts->format == FMT_SVG ? "svg" : "png";
	return wakeups_write(&boot_exact(j->boot)->tb, &o, of->f, d);
}

/* --functions and --call-graph: their text, or -f's form. */
int
out_functions(const struct out_job *j, struct outfile *of, struct diag *d)
{
	const struct verb_opts *v = j->verb;
	struct fn_opts o = { v->min_ns, v->call_graph, v->call_graph != NULL,
	    !v->form_set, j->opts->format, v->log };

	return functab_write(boot_exact(j->boot), &o, of->f, d);
}

int
out_critpath(const struct out_job *j, struct outfile *of, struct diag *d)
{
	const struct exact *x = boot_exact(j->boot);
	const struct crit_text_opts o = { milestones_zero(j->boot->log),
	    j->verb->verbose };
	struct critpath cp;
	int rc;

	/*
	 * Its errors are about the log (no such process, too big).  The walk
	 * alone: the text is in ns, the chart's µs records are not needed.
	 */
	diag_set_file(d, "%s", j->verb->log);
	d->line = 0;
	memset(&cp, 0, sizeof(cp));
	if ((rc = critpath_run(&cp, &x->tb, j->boot->log, &j->verb->crit,
	    d)) == 1)
		rc = diag_error(d, x->tb.crit_cut ? "the trace is too big for "
		    "a critical path (docs/limits.md)" : "no process to end "
		    "the critical path at in the trace");
	if (rc == 0)
		critpath_write(&cp, x->file.td, &o, of->f);
	critpath_free(&cp);
	diag_set_file(d, "%s", "");
	return rc;
}
