/* main.c: bootchart-render: read logs, build the tree and the milestones, then write each output asked for, or compare two boots. */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chart.h"
#include "cli.h"
#include "compare.h"
#include "compare_json.h"
#include "compare_table.h"
#include "diag.h"
#include "functab.h"
#include "input.h"
#include "layout_compare.h"
#include "milestones.h"
#include "outfile.h"
#include "outputs.h"
#include "proctree.h"
#include "report.h"
#include "title.h"
#include "boot.h"
#include "bootlog.h"
#include "exact.h"
#include "trace.h"
#include "wakeups.h"
#include "critpath.h"
#include "critpath_text.h"

/* How to record a trace, for an error about a log without one. */
#define TRACE_HOW "record it with bootchartd --trace"

/* "logs/boot1.tar.gz" -> "boot1"; "dir/" -> "dir"; none or "-" -> "bootchart". */
static void
base_name(const char *path, char *out, size_t cap)
{
	static const char *const exts[] = {
		".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".tgz", ".tbz2",
		".tbz", ".txz", ".tar"
	};
	const char *b, *end;
	size_t n, i, el;

	if (path == NULL || strcmp(path, "-") == 0)
		path = "bootchart.tgz";
	end = path + strlen(path);
	while (end > path + 1 && end[-1] == '/')
		end--;
	for (b = end; b > path && b[-1] != '/'; b--)
		;
	n = (size_t)(end - b);
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		el = strlen(exts[i]);
		if (n > el && strncmp(b + n - el, exts[i], el) == 0) {
			n -= el;
			break;
		}
	}
	if (n == 0 || (n == 1 && (*b == '.' || *b == '/')) ||
	    (n == 2 && strncmp(b, "..", 2) == 0)) {
		b = "bootchart";
		n = strlen(b);
	}
	snprintf(out, cap, "%.*s", (int)n, b);
}

/*
 * Where output f goes.  A text report: -o's path, else standard output.
 * A chart: -o's path, or DIR/NAME.EXT (DIR: -o's directory or "."; NAME
 * from `from`, then suffix).
 */
static int
output_path(const struct cli *c, enum chart_format f, const char *from,
    const char *suffix, char *out, size_t cap)
{
	char base[NAME_MAX + 1];
	const char *dir = ".";
	struct stat st;
	int n;

	if (output_of(f)->dest == OD_STDOUT)
		n = snprintf(out, cap, "%s", c->output != NULL ? c->output :
		    "-");
	else if (c->output != NULL && (strcmp(c->output, "-") == 0 ||
	    stat(c->output, &st) != 0 || !S_ISDIR(st.st_mode)))
		n = snprintf(out, cap, "%s", c->output);
	else {
		if (c->output != NULL)
			dir = c->output;
		base_name(from, base, sizeof(base));
		n = snprintf(out, cap, "%s/%s%s.%s", dir, base, suffix,
		    chart_format_ext(f));
	}
	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/*
 * One output to its path; 0 or -1 (diag set).  Compressed bytes would
 * garble a terminal, as gzip knows, so binary outputs never go to one.
 */
static int
write_one(const struct cli *c, const struct out_job *j, const char *from,
    const char *suffix, struct diag *d)
{
	char path[PATH_MAX];

	/* An export of the trace: refused before any file is made. */
	if ((output_of(j->format)->from & OF_TRACE) && (j->boot == NULL ||
	    !boot_exact(j->boot)->have)) {
		diag_set_file(d, "%s", from != NULL ? from : "");
		d->line = 0;
		return diag_error(d, "no kernel trace (trace.dat) in this log: "
		    "%s", TRACE_HOW);
	}
	diag_set_file(d, "%s", "");
	if (output_path(c, j->format, from, suffix, path, sizeof(path)) != 0)
		return diag_error_status(d, EXIT_OUTPUT, "output path too "
		    "long");
	if (strcmp(path, "-") == 0 && output_of(j->format)->kind ==
	    OK_BINARY && isatty(STDOUT_FILENO))
		return diag_error_status(d, EXIT_USAGE, "not writing %s to a "
		    "terminal: redirect standard output, or give -o FILE",
		    chart_format_ext(j->format));
	if (output_write(j, path, d) != 0)
		return -1;
	if (c->verbose > 0 && strcmp(path, "-") != 0)
		fprintf(stderr, PROG ": wrote %s\n", path);
	return 0;
}

/* Reads the paths into one boot, every stage once (boot.h); 0 or -1 (diag set). */
static int
boot_read(struct boot_read *b, char **paths, size_t npaths,
    const struct cli *c, struct diag *d)
{
	const struct boot_opts o = { c->tree, { c->threads, c->chart.per_cpu },
	    (int)c->crit_pid };

	return boot_read_paths(b, paths, npaths, &o, d);
}

/* The text table or the JSON of two logs, to -o's file or standard output. */
static int
compare_text(const struct cli *c, const struct boot_read *old,
    const struct boot_read *new, const struct cmp_match *m, const char *title,
    const struct cmp_regression *reg, struct diag *d)
{
	struct cmp_table_opts o = { c->threshold_us, c->paths[0], c->paths[1],
	    title };
	struct report ro, rn;
	struct outfile of;
	int ok, rc;

	if (report_make(&ro, &old->view, d) != 0)
		return -1;
	if (report_make(&rn, &new->view, d) != 0) {
		report_free(&ro);
		return -1;
	}
	diag_set_file(d, "%s", "");
	if ((rc = outfile_open(&of, c->output != NULL ? c->output : "-",
	    d)) == 0) {
		ok = (c->json ? compare_json_write(&ro, &rn, m, &o,
		    c->regression_set ? reg : NULL, of.f) :
		    compare_table_write(&ro, &rn, m, &o, of.f)) == 0;
		if (!ok)
			diag_error_status(d, EXIT_NOMEM, "out of memory");
		rc = outfile_close(&of, ok, d) != 0 || !ok ? -1 : 0;
	}
	report_free(&ro);
	report_free(&rn);
	return rc;
}

/*
 * Two logs: the table, the JSON, or with -f the chart of both; then
 * --regression's verdict: EXIT_REGRESSION, said in one line.
 */
static int
run_compare(const struct cli *c, struct boot_read *old,
    struct boot_read *new, struct diag *d)
{
	struct cmp_chart cc = { .old_t = &old->log, .new_t = &new->log,
	    .old_tree = &old->tree, .new_tree = &new->tree,
	    .old_ms = &old->ms, .new_ms = &new->ms,
	    .old_label = c->paths[0], .new_label = c->paths[1],
	    .threshold_us = c->threshold_us };
	struct out_job j = { .format = c->chart.format, .opts = &c->chart,
	    .cmp = &cc };
	struct cmp_match m;
	struct cmp_regression reg;
	char title[TITLE_MAX];
	int rc;

	if (boot_read(old, c->paths, 1, c, d) != 0 ||
	    boot_read(new, c->paths + 1, 1, c, d) != 0)
		return -1;
	compare_title(&old->log, &old->tree, &new->log, &new->tree, c->chart.title,
	    title, sizeof(title));
	cc.title = title;
	if (compare_match(&old->tree, old->ms.zero_us, &new->tree,
	    new->ms.zero_us, &m) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	cc.match = &m;
	compare_regression(&m, &old->ms, &new->ms, c->regression_us, &reg);
	rc = c->format_set ? write_one(c, &j, c->paths[1], "-compare", d) :
	    compare_text(c, old, new, &m, title, &reg, d);
	if (rc == 0 && c->regression_set && (reg.total || reg.nprocs > 0)) {
		fputs(PROG ": ", stderr);
		compare_regression_say(&reg, &m, stderr);
		putc('\n', stderr);
		rc = EXIT_REGRESSION;
	}
	compare_free(&m);
	return rc;
}

/* One boot: each output asked for, in order. */
static int
run_one(const struct cli *c, struct boot_read *b, struct diag *d)
{
	struct out_job j = { .boot = &b->view, .opts = &c->chart };
	size_t i;

	if (boot_read(b, c->paths, c->npaths, c, d) != 0)
		return -1;
	for (i = 0; i < c->nout; i++) {
		j.format = c->out[i];
		if (write_one(c, &j, c->npaths > 0 ? c->paths[0] : NULL, "",
		    d) != 0)
			return -1;
	}
	return 0;
}

/*
 * A verb over the log's members (its kernel trace) alone, writing to f:
 * 0, or -1 (d says why).  Every verb but --dump-events reads the
 * trace's model, made once before it runs.
 */
struct trace_verb {
	int (*run)(const struct cli *, struct boot_read *, FILE *f,
	    struct diag *);
	int model;		/* reads b->x, not the trace's reader */
	const char *how;	/* how to record a log it can read */
};

static int
verb_dump_events(const struct cli *c, struct boot_read *b, FILE *f,
    struct diag *d)
{
	(void)c;
	(void)d;
	return tdat_dump(b->tf.td, f);
}

static int
verb_wakeups(const struct cli *c, struct boot_read *b, FILE *f,
    struct diag *d)
{
	struct wake_opts o = { (uint32_t)c->min_count,
	    (int64_t)c->min_time_us * 1000, c->wake_graph, NULL };

	/* -f svg, png: drawn by Graphviz; -f dot or none: the DOT text. */
	if (c->wake_graph && c->format_set && c->chart.format != FMT_DOT)
		o.draw = c->chart.format == FMT_SVG ? "svg" : "png";
	return wakeups_write(&b->x.tb, &o, f, d);
}

/* --functions and --call-graph: their text, or -f's output. */
static int
verb_functions(const struct cli *c, struct boot_read *b, FILE *f,
    struct diag *d)
{
	struct fn_opts o = { (int64_t)c->min_time_us * 1000, c->call_graph,
	    c->call_graph != NULL, !c->format_set, c->chart.format,
	    c->npaths > 0 ? c->paths[0] : "" };

	return functab_write(&b->x, &o, f, d);
}

static int
verb_critpath(const struct cli *c, struct boot_read *b, FILE *f,
    struct diag *d)
{
	int rc;

	/* Its errors are about the log (no such process, too big). */
	diag_set_file(d, "%s", c->npaths > 0 ? c->paths[0] : "");
	d->line = 0;
	if ((rc = critpath_make(&b->crit, &b->x, &b->log, (int)c->crit_pid,
	    d)) == 1)
		return diag_error(d, b->x.tb.crit_cut ? "the trace is too big "
		    "for a critical path (docs/limits.md)" : "no process to "
		    "end the critical path at in the trace");
	if (rc == 0)
		critpath_write(&b->crit, b->x.file.td, f);
	return rc;
}

static const struct trace_verb dump_events = { verb_dump_events, 0,
	TRACE_HOW };
static const struct trace_verb wakeups = { verb_wakeups, 1, TRACE_HOW };
static const struct trace_verb functions = { verb_functions, 1,
	"boot with the functions entry, or record with bootchartd start "
	"--functions (docs/trace.md)" };
static const struct trace_verb critical_path = { verb_critpath, 1,
	TRACE_HOW };

/*
 * --dump-events, --wakeups, --wake-graph, --functions, --call-graph,
 * --critical-path:
 * read the log's members, refuse one without a trace (v->how: how to
 * record one), make the trace's model when the verb reads it, then
 * write the verb's output to -o's file or standard output (removed
 * again if the verb fails).
 */
static int
run_trace_verb(const struct cli *c, struct boot_read *b,
    const struct trace_verb *v, struct diag *d)
{
	static const struct exact_opts xo;
	struct outfile of;
	int ok;

	if (input_read_members(&b->log, &b->tf, c->paths, c->npaths, d) != 0)
		return -1;
	if (b->tf.td == NULL) {
		diag_set_file(d, "%s", c->npaths > 0 ? c->paths[0] : "");
		d->line = 0;
		return diag_error(d, "no kernel trace (trace.dat) in this log: "
		    "%s", v->how);
	}
	diag_set_file(d, "%s", "");
	if (v->model && exact_open(&b->x, &b->tf, &xo, d) != 0)
		return -1;
	if (outfile_open(&of, c->output != NULL ? c->output : "-", d) != 0)
		return -1;
	ok = v->run(c, b, of.f, d) == 0;
	diag_set_file(d, "%s", "");
	return outfile_close(&of, ok, d) != 0 || !ok ? -1 : 0;
}

int
main(int argc, char **argv)
{
	struct cli c;
	struct boot_read a, b;
	struct diag d;
	int rc;

	if ((rc = cli_parse(&c, argc, argv)) >= 0) {
		cli_free(&c);
		return rc;
	}
	diag_init(&d, PROG);
	d.verbose = c.verbose;
	boot_read_init(&a);
	boot_read_init(&b);
	if (c.dump_events)
		rc = run_trace_verb(&c, &a, &dump_events, &d);
	else if (c.wakeups || c.wake_graph)
		rc = run_trace_verb(&c, &a, &wakeups, &d);
	else if (c.functions || (c.call_graph != NULL &&
	    !(c.format_set && c.chart.format == FMT_HTML)))
		rc = run_trace_verb(&c, &a, &functions, &d);
	else if (c.crit)
		rc = run_trace_verb(&c, &a, &critical_path, &d);
	else
		rc = c.compare ? run_compare(&c, &a, &b, &d) :
		    run_one(&c, &a, &d);
	if (d.verbose >= 2 && d.trace_reads > 0)
		fprintf(stderr, PROG ": the trace was read %u time%s\n",
		    d.trace_reads, d.trace_reads == 1 ? "" : "s");
	/* > 0: a verdict (--regression), already said. */
	if (rc < 0) {
		fprintf(stderr, PROG ": %s\n", d.msg[0] ? d.msg : "failed");
		rc = d.status ? d.status : EXIT_BADINPUT;
	}
	boot_read_free(&a);
	boot_read_free(&b);
	cli_free(&c);
	chart_release_fonts();
	return rc;
}
