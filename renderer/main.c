/* main.c: bootchart-render: read a boot (each stage once: boot.h), then write each row of the outputs table asked for (a chart, a report, an export, a trace verb); or compare two boots. */
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
#include "escape.h"
#include "html_sets.h"
#include "input.h"
#include "layout_compare.h"
#include "outfile.h"
#include "outputs.h"
#include "report.h"
#include "sets_limits.h"
#include "sets_out.h"
#include "title.h"
#include "boot.h"
#include "cmdprocs.h"

/* How to record a trace, for an error about a log without one. */
#define TRACE_HOW "record it with bootchartd --trace"
#define FUNCTIONS_HOW "boot with the functions entry, or record with " \
	"bootchartd start --functions (docs/trace.md)"

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

	/* An output of the trace: refused before any file is made. */
	if ((output_of(j->format)->from & (OF_TRACE | OF_VERB)) &&
	    (j->boot == NULL || boot_exact(j->boot)->file.td == NULL)) {
		diag_set_file(d, "%s", from != NULL ? from : "");
		d->line = 0;
		return diag_error(d, "no kernel trace (trace.dat) in this log: "
		    "%s", j->format == FMT_FUNCTIONS ? FUNCTIONS_HOW :
		    TRACE_HOW);
	}
	diag_set_file(d, "%s", "");
	if (output_path(c, j->format, from, suffix, path, sizeof(path)) != 0)
		return diag_error_status(d, EXIT_OUTPUT, "output path too "
		    "long");
	if (strcmp(path, "-") == 0 && output_binary(j) &&
	    isatty(STDOUT_FILENO))
		return diag_error_status(d, EXIT_USAGE, "not writing %s to a "
		    "terminal: redirect standard output, or give -o FILE",
		    chart_format_ext(j->verb != NULL ? j->opts->format :
		    j->format));
	if (output_write(j, path, d) != 0)
		return -1;
	if (c->verbose > 0 && strcmp(path, "-") != 0)
		fprintf(stderr, PROG ": wrote %s\n", path);
	return 0;
}

/* Whether an output asked for reads the trace's events again (OF_EVENTS). */
static int
events_again(const struct cli *c)
{
	size_t i;

	for (i = 0; i < c->nout; i++)
		if (output_of(c->out[i])->from & OF_EVENTS)
			return 1;
	return 0;
}

/* Reads the paths into one boot, every stage once (boot.h); 0 or -1 (diag set). */
static int
boot_read(struct boot_read *b, char **paths, size_t npaths,
    const struct cli *c, struct diag *d)
{
	/* An export of the trace alone has nothing to give without it. */
	const struct boot_opts o = { c->tree, { c->threads, c->chart.per_cpu,
	    0, 0, 0, !events_again(c) }, { (int)c->crit_pid, c->crit_comm },
	    !c->compare && (output_of(c->out[0])->from & OF_TRACE) != 0 };

	return boot_read_paths(b, paths, npaths, &o, d);
}

/* The text table or the JSON of two logs, to -o's file or standard output. */
static int
compare_text(const struct cli *c, const struct report *ro,
    const struct report *rn, const struct cmp_match *m, const char *title,
    const struct cmp_regression *reg, struct diag *d)
{
	struct cmp_table_opts o = { c->threshold_us, c->paths[0], c->paths[1],
	    title };
	struct outfile of;
	int ok, rc;

	diag_set_file(d, "%s", "");
	if ((rc = outfile_open(&of, c->output != NULL ? c->output : "-",
	    d)) != 0)
		return rc;
	ok = (c->json ? compare_json_write(ro, rn, m, &o,
	    c->regression_set ? reg : NULL, of.f) :
	    compare_table_write(ro, rn, m, &o, of.f)) == 0;
	if (!ok)
		diag_error_status(d, EXIT_NOMEM, "out of memory");
	return outfile_close(&of, ok, d) != 0 || !ok ? -1 : 0;
}

/* --regression running or runnable judges traces: each log must have one. */
static int
regression_traced(const struct cli *c, const struct report *ro,
    const struct report *rn, struct diag *d)
{
	enum cmp_metric m = (enum cmp_metric)c->regression_metric;

	if (!c->regression_set || c->regression_metric < 0 ||
	    !cmp_metric_traced(m))
		return 0;
	if (ro->x->have && rn->x->have)
		return 0;
	diag_set_file(d, "%s", c->paths[ro->x->have ? 1 : 0]);
	return diag_error(d, "no kernel trace (trace.dat) in this log: "
	    "--regression %s needs both logs traced", cmp_metric_name(m));
}

/* The chart, table or JSON of a matched pair of logs, then --regression's verdict. */
static int
compare_out(const struct cli *c, struct boot_read *old, struct boot_read *new,
    struct cmp_chart *cc, const char *title, struct diag *d)
{
	struct out_job j = { .format = c->chart.format, .opts = &c->chart,
	    .cmp = cc };
	struct report ro, rn;
	struct cmp_regression reg;
	int rc;

	if (report_make(&ro, &old->view, c->chart.show_all, d) != 0)
		return -1;
	if (report_make(&rn, &new->view, c->chart.show_all, d) != 0) {
		report_free(&ro);
		return -1;
	}
	cc->old_r = &ro;
	cc->new_r = &rn;
	compare_regression(cc->match, &ro, &rn, c->regression_metric < 0 ?
	    CMP_WALL : (enum cmp_metric)c->regression_metric, c->regression_us,
	    &reg);
	rc = regression_traced(c, &ro, &rn, d);
	if (rc == 0)
		rc = c->format_set ? write_one(c, &j, c->paths[1], "-compare",
		    d) : compare_text(c, &ro, &rn, cc->match, title, &reg, d);
	if (rc == 0 && c->regression_set && (reg.total || reg.nprocs > 0)) {
		fputs(PROG ": ", stderr);
		compare_regression_say(&reg, cc->match, stderr);
		putc('\n', stderr);
		rc = EXIT_REGRESSION;
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
	struct cmp_match m;
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
	rc = compare_out(c, old, new, &cc, title, d);
	compare_free(&m);
	return rc;
}

/*
 * Where the page's links to relative log paths go through: NULL when the
 * page is written to the current directory (or standard output), where
 * the paths as given work; else the current directory.
 */
static const char *
page_cwd(const char *path, char *buf, size_t cap)
{
	const char *slash = strrchr(path, '/');

	if (strcmp(path, "-") == 0 || slash == NULL ||
	    (slash == path + 1 && path[0] == '.'))
		return NULL;
	return getcwd(buf, cap);
}

/* -f html: the sets' page, to -o's file or ./B-sets.html (B: set B's first path). */
static int
sets_page(const struct cli *c, const struct sets *s,
    const struct boot_opts *bo, struct diag *d)
{
	char path[PATH_MAX], cwd[PATH_MAX];
	struct html_sets_opts ho = { { c->paths[0], c->paths_b[0] },
	    { c->npaths, c->npaths_b }, NULL, bo, &c->chart, c->threshold_us };
	struct outfile of;
	int rc;

	if (output_path(c, FMT_HTML, c->paths_b[0], "-sets", path,
	    sizeof(path)) != 0)
		return diag_error_status(d, EXIT_OUTPUT, "output path too long");
	ho.cwd = page_cwd(path, cwd, sizeof(cwd));
	diag_set_file(d, "%s", "");
	if (outfile_open(&of, path, d) != 0)
		return -1;
	rc = html_sets_write(of.f, s, &ho, d);
	if (outfile_close(&of, rc == 0, d) != 0 || rc != 0)
		return -1;
	if (c->verbose > 0 && strcmp(path, "-") != 0)
		fprintf(stderr, PROG ": wrote %s\n", path);
	return 0;
}

/* Sets' table or JSON Lines, to -o's file or standard output; or the page. */
static int
sets_write(const struct cli *c, const struct sets *s,
    const struct boot_opts *bo, struct diag *d)
{
	const struct sets_table_opts to = { c->verbose > 0,
	    { c->paths[0], c->paths_b[0] }, { c->npaths, c->npaths_b } };
	struct outfile of;
	int ok;

	if (c->format_set)
		return sets_page(c, s, bo, d);
	if (outfile_open(&of, c->output != NULL ? c->output : "-", d) != 0)
		return -1;
	ok = (c->json ? sets_jsonl_write(s, of.f) :
	    sets_table_write(s, &to, of.f)) == 0;
	if (!ok)
		diag_error_status(d, EXIT_OUTPUT, "cannot write the output");
	return outfile_close(&of, ok, d) != 0 || !ok ? -1 : 0;
}

/* A line of --thresholds that names no item of the sets: a typo, said. */
static void
limits_unused(const struct set_limits *ls, const char *path)
{
	size_t i;

	for (i = 0; i < ls->n; i++)
		if (!ls->v[i].used) {
			fprintf(stderr, PROG ": %s: warning: no item %s ", path,
			    item_kind_name(ls->v[i].kind));
			escape_fputs(ls->v[i].name, stderr);
			fprintf(stderr, " (%s) in the sets\n",
			    item_metric_name(ls->v[i].metric));
		}
}

/* --regression or --thresholds over sets: the worst item said in one line, its status. */
static int
sets_verdict(const struct cli *c, const struct sets *s,
    const struct set_limits *ls)
{
	struct sets_regression r;
	const struct set_item *it;

	sets_regression(s, c->regression_set ?
	    (double)c->regression_us / 1000.0 : -1.0, c->regression_metric < 0 ?
	    -1 : c->regression_metric == CMP_CPU, ls, &r);
	if (c->thresholds != NULL && c->verbose >= 0)
		limits_unused(ls, c->thresholds);
	if (r.nslower == 0 && !r.inconclusive)
		return 0;
	if (r.nslower == 0) {
		fputs(PROG ": the end's verdict is \"need more boots\"\n", stderr);
		return EXIT_INCONCLUSIVE;
	}
	it = &s->items[r.worst];
	fprintf(stderr, PROG ": slower: %s ", item_kind_name(it->kind));
	escape_fputs(it->name, stderr);
	fprintf(stderr, " (%s) by %+.1f ms [%+.1f, %+.1f], q %.2g",
	    item_metric_name(it->metric), it->cmp.hl, it->cmp.hl_lo,
	    it->cmp.hl_hi, it->p_adj);
	if (r.nslower > 1)
		fprintf(stderr, " (and %zu more)", r.nslower - 1);
	putc('\n', stderr);
	return EXIT_REGRESSION;
}

/* Sets of logs (docs/sets.md): read one by one, compared, written. */
static int
run_sets(const struct cli *c, struct diag *d)
{
	/* A set's outputs are drawn from each boot's model: none reads events. */
	const struct boot_opts bo = { c->tree, { c->threads, 0, 0, 0, 0, 1 },
	    { 0, NULL }, 0 };
	struct set_limits ls;
	struct sets_opts so;
	struct sets s;
	int rc;

	so.discard_first = (size_t)c->discard_first;
	so.workers = 0;
	so.drop_outliers = c->drop_outliers;
	stats_opts_default(&so.stats, (double)c->floor_us / 1000.0);
	so.stats.floor_rel = (double)c->floor_pct / 100.0;
	so.stats.q = (double)c->fdr_pct / 100.0;
	memset(&ls, 0, sizeof(ls));
	if (c->thresholds != NULL && sets_limits_read(&ls, c->thresholds, d))
		return -1;
	rc = sets_read(&s, c->paths, c->npaths, c->paths_b, c->npaths_b, &so,
	    &bo, d);
	if (rc == 0)
		rc = sets_write(c, &s, &bo, d);
	if (rc == 0 && (c->regression_set || c->thresholds != NULL))
		rc = sets_verdict(c, &s, &ls);
	sets_free(&s);
	sets_limits_free(&ls);
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
 * Whether a path read is kept from others (not world-readable, or
 * standard input, whose origin is unknown): the trace verbs' files show
 * kernel addresses (unnamed functions, stacks, events' fields), which a
 * log readable by root and adm only must not hand to everyone.
 */
static int
log_private(const struct cli *c)
{
	struct stat st;
	size_t i;

	if (c->npaths == 0)
		return stat(DEFAULT_INPUT, &st) != 0 || !(st.st_mode & S_IROTH);
	for (i = 0; i < c->npaths; i++)
		if (strcmp(c->paths[i], "-") == 0 ||
		    stat(c->paths[i], &st) != 0 || !(st.st_mode & S_IROTH))
			return 1;
	return 0;
}

/*
 * A trace verb's row (--dump-events, --wakeups, --wake-graph,
 * --functions, --call-graph, --critical-path): the log's members alone
 * (a trace.dat needs no process samples), the trace's model made once
 * (--dump-events: its reader alone), then the row written as any other.
 */
static int
run_verb(const struct cli *c, struct boot_read *b, struct diag *d)
{
	struct exact_opts xo = { 0, 0, c->out[0] == FMT_EVENTS, 0, 0,
	    !events_again(c) };
	const struct verb_opts v = { (uint32_t)c->min_count,
	    (int64_t)c->min_time_us * 1000, c->wake_graph, c->call_graph,
	    c->format_set, { (int)c->crit_pid, c->crit_comm },
	    c->npaths > 0 ? c->paths[0] : "",
	    c->verbose };
	struct out_job j = { .format = c->out[0], .boot = &b->view,
	    .opts = &c->chart, .verb = &v, .private_out = log_private(c) };

	if (input_read_members(&b->log, &b->tf, c->paths, c->npaths, d) != 0)
		return -1;
	diag_set_file(d, "%s", "");
	xo.own_zero = b->log.ps_source == PS_TRACE;
	xo.scope_pid = exact_scope_pid(&b->log);
	if (exact_open(&b->x, &b->tf, &xo, d) != 0)
		return -1;
	if (b->x.have && cmdprocs_mask(&b->log, &b->x.tb,
	    c->tree.whole_system, &b->mine) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	b->view = (struct boot){ &b->log, &b->x, NULL, NULL, NULL, b->mine };
	return write_one(c, &j, c->npaths > 0 ? c->paths[0] : NULL, "", d);
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
	if (c.sets)
		rc = run_sets(&c, &d);
	else if (c.compare)
		rc = run_compare(&c, &a, &b, &d);
	else if (output_of(c.out[0])->from & OF_VERB)
		rc = run_verb(&c, &a, &d);
	else
		rc = run_one(&c, &a, &d);
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
