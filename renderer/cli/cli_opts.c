/* cli_opts.c: bootchart-render's options as one table: each option's names, what it sets and how, its --help lines; getopt_long's lists built from it. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "outputs.h"
#include "compare_table.h"
#include "version.h"

/* --threshold and --regression: up to a day, in ms. */
#define THRESHOLD_MAX_MS 86400000L
/* --window: seconds up to a year. */
#define WINDOW_MAX_S 31536000L
/* --min-count: up to what a u32 count holds and a long parses everywhere. */
#define WAKE_COUNT_MAX 2147483647L

/*
 * A member of struct cli, as its offset plus 1: an entry's fields left
 * out are 0, which must mean none, and offset 0 is a real member.
 */
#define FIELD(m) (offsetof(struct cli, m) + 1)

/* --help's column for the options' text. */
#define HELP_COLUMN 24

/* An option's --help lines, NULL-ended; the first follows its label. */
#define HELP(...) ((const char *const []){ __VA_ARGS__, NULL })

struct opt;

/* Stores an option's argument: -1 to go on, or the exit status. */
typedef int setter(struct cli *, const struct opt *, const char *);

/* One option: its names, what it sets and how, and its --help. */
struct opt {
	const char *name;	/* --name */
	char letter;		/* -x, or 0 */
	const char *arg;	/* the argument's name in --help; NULL: none */
	setter *set;
	size_t to;		/* FIELD() that set stores into */
	size_t given;		/* FIELD() of an int set to 1 too (a *_set, which
				 * the checks ask), or 0 */
	size_t also;		/* FIELD() of a second string given arg, or 0 */
	int value;		/* what set_value stores */
	long min, max;		/* the argument's bounds */
	const char *what;	/* the argument, for its error: "a process id" */
	long help_num[2];	/* what the help lines' %ld print, in order */
	const char *const *help;	/* HELP() */
};

int
cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '" PROG " --help' for more information.\n");
	return EXIT_USAGE;
}

/* Where a FIELD() is in c. */
static void *
field(struct cli *c, size_t at)
{
	return (char *)c + at - 1;
}

/* A whole decimal number from min to max. */
static int
parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/*
 * A number of units from 0 to max with up to log10(per) decimals ("1",
 * "0.25"), as whole 1/per units; *end where it stopped.
 */
static int
parse_fixed(const char *s, long max, long per, long *out, char **endp)
{
	long whole, frac = 0, scale = per / 10;
	const char *p;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	whole = strtol(s, &end, 10);
	if (errno != 0)
		return -1;
	if (*end == '.') {
		for (p = end + 1; *p >= '0' && *p <= '9' && scale > 0; p++) {
			frac += (*p - '0') * scale;
			scale /= 10;
		}
		if (p == end + 1)
			return -1;
		end = (char *)p;
	}
	if (whole > max || (whole == max && frac > 0))
		return -1;
	*out = whole * per + frac;
	*endp = end;
	return 0;
}

/* Milliseconds with up to three decimals from 0 to max_ms, as µs. */
static int
parse_ms(const char *s, long max_ms, long *us)
{
	char *end;

	return parse_fixed(s, max_ms, 1000, us, &end) != 0 || *end != '\0' ?
	    -1 : 0;
}

/* --window FROM:TO, seconds to six decimals up to max_s, FROM before TO. */
static int
parse_window(const char *s, long max_s, struct chart_opts *o)
{
	long a, b;
	char *end;

	if (parse_fixed(s, max_s, 1000000, &a, &end) != 0 || *end != ':' ||
	    parse_fixed(end + 1, max_s, 1000000, &b, &end) != 0 ||
	    *end != '\0' || b <= a)
		return -1;
	o->window = 1;
	o->win_from_us = a;
	o->win_to_us = b;
	return 0;
}

/* The setters, one for each kind of option the table below holds. */

static int
set_flag(struct cli *c, const struct opt *o, const char *arg)
{
	*(int *)field(c, o->to) = 1;
	return -1;
}

/* A flag whose "on" is not 1: --no-prune's 0, --quiet's -1. */
static int
set_value(struct cli *c, const struct opt *o, const char *arg)
{
	*(int *)field(c, o->to) = o->value;
	return -1;
}

/* -v after -q starts from 1: -q's -1 is silence, not one less word. */
static int
count_up(struct cli *c, const struct opt *o, const char *arg)
{
	int *v = field(c, o->to);

	*v = *v < 0 ? 1 : *v + 1;
	return -1;
}

/* A whole number from o->min to o->max, or its error (-1: *v is it). */
static int
whole(const struct opt *o, const char *arg, long *v)
{
	if (parse_long(arg, o->min, o->max, v) == 0)
		return -1;
	return cli_usage_error("bad --%s '%s': need %s from %ld to %ld", o->name,
	    arg, o->what, o->min, o->max);
}

static int
set_long(struct cli *c, const struct opt *o, const char *arg)
{
	long v;
	int rc = whole(o, arg, &v);

	if (rc < 0)
		*(long *)field(c, o->to) = v;
	return rc;
}

/* The same into an int, for a bound that fits one (--width). */
static int
set_int(struct cli *c, const struct opt *o, const char *arg)
{
	long v;
	int rc = whole(o, arg, &v);

	if (rc < 0)
		*(int *)field(c, o->to) = (int)v;
	return rc;
}

/* Whole milliseconds, kept as the µs the comparison counts in. */
static int
set_whole_ms(struct cli *c, const struct opt *o, const char *arg)
{
	long v;
	int rc = whole(o, arg, &v);

	if (rc < 0)
		*(usec_t *)field(c, o->to) = (usec_t)v * USEC_PER_MS;
	return rc;
}

/*
 * --regression [METRIC:]MS: the metric (compare.h's names) before the
 * time, which o's bounds judge as set_whole_ms does.
 */
static int
set_regression(struct cli *c, const struct opt *o, const char *arg)
{
	const char *colon = strchr(arg, ':');
	int m = -1;

	if (colon != NULL &&
	    (m = cmp_metric_named(arg, (size_t)(colon - arg))) < 0)
		return cli_usage_error("bad --regression '%s': the metric is "
		    "wall, cpu, running or runnable", arg);
	c->regression_metric = m;
	return set_whole_ms(c, o, colon != NULL ? colon + 1 : arg);
}

/* Milliseconds to three decimals, kept as µs so that 0.25 is whole. */
static int
set_ms(struct cli *c, const struct opt *o, const char *arg)
{
	if (parse_ms(arg, o->max, field(c, o->to)) == 0)
		return -1;
	return cli_usage_error("bad --%s '%s': need ms from 0 to %ld, to three "
	    "decimals", o->name, arg, o->max);
}

/* --window sets three of chart_opts' fields, so o->to is the chart_opts. */
static int
set_window(struct cli *c, const struct opt *o, const char *arg)
{
	if (parse_window(arg, o->max, field(c, o->to)) == 0)
		return -1;
	return cli_usage_error("bad --%s '%s': need %s", o->name, arg, o->what);
}

static int
set_format(struct cli *c, const struct opt *o, const char *arg)
{
	if (chart_format_parse(arg, field(c, o->to)) == 0)
		return -1;
	return cli_usage_error("unknown format '%s' (%s)", arg, output_names());
}

static int
set_string(struct cli *c, const struct opt *o, const char *arg)
{
	*(const char **)field(c, o->to) = arg;
	if (o->also != 0)
		*(const char **)field(c, o->also) = arg;
	return -1;
}

/* A string that names something, so never empty. */
static int
set_name(struct cli *c, const struct opt *o, const char *arg)
{
	if (arg[0] == '\0')
		return cli_usage_error("--%s needs %s", o->name, o->what);
	return set_string(c, o, arg);
}

/* --annotate, repeatable: cli_parse gave the list a slot per argv word. */
static int
add_annotate(struct cli *c, const struct opt *o, const char *arg)
{
	struct chart_opts *chart = field(c, o->to);

	chart->annotate[chart->nannotate++] = arg;
	return -1;
}

static int
show_version(struct cli *c, const struct opt *o, const char *arg)
{
	version_print(stdout, PROG);
	return EXIT_OK;
}

/* Declared ahead: the table names it, and it prints the table. */
static int show_help(struct cli *, const struct opt *, const char *);

/*
 * Every option, in --help's order.  The help lines are printf formats
 * given help_num (a '%' of the text is "%%").
 */
static const struct opt opts[] = {
	{ .name = "format", .letter = 'f', .arg = "FMT", .set = set_format,
	    .to = FIELD(chart.format), .given = FIELD(format_set),
	    .help = HELP("output: png (default), svg, svgz, eps, pdf, html",
	    "(interactive page: docs/html.md), or json,",
	    "summary, tree, boot-time (as the options below);",
	    "perfetto, chrome-json: a traced log's scheduler",
	    "events, wake-ups, critical path and milestones",
	    "for Perfetto's UI or chrome://tracing",
	    "(docs/exports.md);",
	    "dot, svg or png with --wake-graph, --call-graph;",
	    "folded, speedscope with --functions, --call-graph") },
	{ .name = "output", .letter = 'o', .arg = "PATH", .set = set_string,
	    .to = FIELD(output),
	    .help = HELP("output file, or existing directory for it",
	    "(default: ./NAME.FMT, NAME from the first PATH;",
	    "standard output for --json, --summary and",
	    "--compare without -f); - for standard output;",
	    "without -f, a FILE ending in a format's name",
	    "(.svg, .pdf, .json, .txt: summary...) is written",
	    "in it") },
	{ .name = "width", .arg = "PX", .set = set_int,
	    .to = FIELD(chart.width), .min = CHART_WIDTH_MIN,
	    .max = CHART_WIDTH_MAX, .what = "a number of pixels",
	    .help_num = { CHART_WIDTH_MIN, CHART_WIDTH_MAX },
	    .help = HELP("image width in pixels (%ld-%ld; default from "
	    "duration)") },
	{ .name = "title", .arg = "TEXT", .set = set_string,
	    .to = FIELD(chart.title),
	    .help = HELP("chart title instead of the header's") },
	{ .name = "show-pid", .set = set_flag, .to = FIELD(chart.show_pid),
	    .help = HELP("show process IDs after the names") },
	{ .name = "show-all", .set = set_flag, .to = FIELD(chart.show_all),
	    .help = HELP("show full command lines where logged") },
	{ .name = "per-cpu", .set = set_flag, .to = FIELD(chart.per_cpu),
	    .help = HELP("a strip for each CPU: the tasks it ran",
	    "(with the kernel's trace: docs/chart.md)") },
	{ .name = "window", .arg = "FROM:TO", .set = set_window,
	    .to = FIELD(chart), .max = WINDOW_MAX_S,
	    .what = "FROM:TO in seconds of the time axis, FROM before TO "
	    "(2.5:8)",
	    .help = HELP("draw only FROM to TO seconds of the time axis") },
	{ .name = "threads", .set = set_flag, .to = FIELD(threads),
	    .help = HELP("with the kernel's trace, a row for each",
	    "thread under its process's (its main thread)") },
	{ .name = "group-by-unit", .set = set_flag,
	    .to = FIELD(tree.group_by_unit),
	    .help = HELP("rows of one systemd unit together (cgroup.log)") },
	{ .name = "crop-after", .arg = "PROC", .set = set_string,
	    .to = FIELD(chart.crop_after),
	    .help = HELP("end the chart when idle after PROC starts") },
	{ .name = "annotate", .arg = "PROC", .set = add_annotate,
	    .to = FIELD(chart),
	    .help = HELP("mark where PROC starts (repeatable)") },
	{ .name = "no-prune", .letter = 'n', .set = set_value,
	    .to = FIELD(tree.prune), .value = 0,
	    .help = HELP("keep every process (no pruning or merging)") },
	/* The tree and the chart each follow Java where they differ. */
	{ .name = "strict", .set = set_flag, .to = FIELD(tree.strict),
	    .given = FIELD(chart.strict),
	    .help = HELP("follow the Java bootchart renderer exactly",
	    "where this one differs (docs/tree.md)") },
	{ .name = "whole-system", .set = set_flag,
	    .to = FIELD(tree.whole_system),
	    .help = HELP("a profile (bootchartd start CMD) with the",
	    "rest of the machine, not only CMD's processes", "and their waits") },
	{ .name = "boot-time", .letter = 't', .set = set_flag,
	    .to = FIELD(boot_time),
	    .help = HELP("print the boot time (M:SS.ss) and exit") },
	{ .name = "dump-tree", .set = set_flag, .to = FIELD(dump_tree),
	    .help = HELP("print the process tree as text and exit") },
	{ .name = "dump-events", .set = set_flag, .to = FIELD(dump_events),
	    .help = HELP("print every event of the kernel's trace",
	    "(trace.dat, or PATH a bare trace.dat) and",
	    "exit (docs/trace.md)") },
	{ .name = "json", .set = set_flag, .to = FIELD(json),
	    .help = HELP("write milestones, the tree with CPU and I/O",
	    "times, and the series as JSON (docs/json.md);",
	    "with --compare, the comparison as JSON") },
	{ .name = "summary", .set = set_flag, .to = FIELD(summary),
	    .help = HELP("write boot time, totals and top processes as "
	    "text") },
	{ .name = "wakeups", .set = set_flag, .to = FIELD(wakeups),
	    .help = HELP("the wake-up graph of a traced log as text: each",
	    "process's blocked time by reason, who woke it, the",
	    "kernel stacks it blocked on (docs/wakeups.md)") },
	{ .name = "wake-graph", .set = set_flag, .to = FIELD(wake_graph),
	    .help = HELP("the same edges as a Graphviz digraph (-f dot), or",
	    "laid out by Graphviz and drawn (-f svg, png)") },
	{ .name = "min-count", .arg = "N", .set = set_long,
	    .to = FIELD(min_count), .given = FIELD(min_count_set), .min = 1,
	    .max = WAKE_COUNT_MAX, .what = "a number of waits",
	    .help = HELP("--wakeups, --wake-graph: edges of N waits or more",
	    "(default 1)") },
	{ .name = "min-time", .arg = "MS", .set = set_ms,
	    .to = FIELD(min_time_us), .given = FIELD(wake_filter_set),
	    .max = THRESHOLD_MAX_MS,
	    .help = HELP("... and of MS blocked or more (default 0;",
	    "decimals: 0.25)") },
	{ .name = "functions", .set = set_flag, .to = FIELD(functions),
	    .help = HELP("the kernel's functions of a log traced with",
	    "function_graph as text: calls, total, average,",
	    "longest and self time, depths (docs/trace.md);",
	    "with --min-time MS, calls shorter are left",
	    "out; -f folded: folded stacks (flamegraph.pl),",
	    "self time in us; -f speedscope: speedscope's JSON") },
	/* The HTML page draws the same function's graph. */
	{ .name = "call-graph", .arg = "FUNC", .set = set_name,
	    .to = FIELD(call_graph), .also = FIELD(chart.call_graph),
	    .what = "a function's name",
	    .help = HELP("every call below the kernel function FUNC as",
	    "text: per function calls, total and self time,",
	    "depths, callers, callees; -f dot, svg, png: the",
	    "graph; -f html: the page with it; -f folded,",
	    "speedscope: the calls below FUNC (docs/trace.md)") },
	{ .name = "critical-path", .set = set_flag, .to = FIELD(crit),
	    .help = HELP("a traced log's critical path as text: its",
	    "totals by category, what it waited on most, its",
	    "segments merged (-v: each; docs/critical-path.md)") },
	{ .name = "critical-path-pid", .arg = "PID", .set = set_long,
	    .to = FIELD(crit_pid), .min = 1, .max = WAKE_COUNT_MAX,
	    .what = "a process id",
	    .help = HELP("the path to process PID's end, not to",
	    "the log's (--critical-path, --json, --summary,",
	    "-f perfetto, -f chrome-json)") },
	{ .name = "critical-path-comm", .arg = "NAME", .set = set_name,
	    .to = FIELD(crit_comm), .what = "a process name",
	    .help = HELP("the path to the end of the last process",
	    "named NAME (as --critical-path-pid)") },
	{ .name = "compare", .set = set_flag, .to = FIELD(compare),
	    .help = HELP("compare two logs (boots or profiles), OLD and",
	    "NEW, each timed from its own start: a text",
	    "table, with --json JSON, or with -f a chart",
	    "(default ./NEW-compare.FMT; docs/compare.md);",
	    "sets A... -- B...: a table, --json JSON Lines",
	    "or -f html a page (default ./B-sets.html;",
	    "docs/sets.md)") },
	{ .name = "threshold", .arg = "MS", .set = set_whole_ms,
	    .to = FIELD(threshold_us), .given = FIELD(threshold_set),
	    .max = THRESHOLD_MAX_MS, .what = "a number of milliseconds",
	    .help_num = { CMP_THRESHOLD_MS },
	    .help = HELP("smallest start or duration change --compare",
	    "lists or highlights (default %ld)") },
	{ .name = "regression", .arg = "[METRIC:]MS", .set = set_regression,
	    .to = FIELD(regression_us), .given = FIELD(regression_set),
	    .max = THRESHOLD_MAX_MS, .what = "a number of milliseconds",
	    .help = HELP("with --compare: exit 5 when NEW's total or a",
	    "process's METRIC grew by more than MS: wall",
	    "(the default), cpu, or both traced running or",
	    "runnable (waiting for a CPU)") },
	{ .name = "discard-first", .arg = "K", .set = set_long,
	    .to = FIELD(discard_first), .given = FIELD(sets_opt_set),
	    .max = SETS_DISCARD_MAX, .what = "a number of logs",
	    .help = HELP("sets (--compare A... -- B...): leave out the",
	    "first K logs of each set (docs/sets.md)") },
	{ .name = "floor", .arg = "MS", .set = set_ms, .to = FIELD(floor_us),
	    .given = FIELD(sets_opt_set), .max = THRESHOLD_MAX_MS,
	    .help_num = { SETS_FLOOR_MS },
	    .help = HELP("sets: a change smaller than MS (and the",
	    "--floor-percent share) is \"same\" (default %ld)") },
	{ .name = "floor-percent", .arg = "PCT", .set = set_long,
	    .to = FIELD(floor_pct), .given = FIELD(sets_opt_set), .max = 100,
	    .what = "a percentage", .help_num = { SETS_FLOOR_PCT },
	    .help = HELP("sets: ... of set A's median (default %ld)") },
	{ .name = "fdr", .arg = "PCT", .set = set_long, .to = FIELD(fdr_pct),
	    .given = FIELD(sets_opt_set), .min = 1, .max = 50,
	    .what = "a percentage", .help_num = { SETS_FDR_PCT },
	    .help = HELP("sets: the false discovery rate of the",
	    "verdicts slower and faster (default %ld)") },
	{ .name = "drop-outliers", .set = set_flag, .to = FIELD(drop_outliers),
	    .given = FIELD(sets_opt_set),
	    .help = HELP("sets: leave each set's values beyond Tukey's",
	    "fences out of its summary and test (flagged",
	    "only, by default)") },
	{ .name = "thresholds", .arg = "FILE", .set = set_name,
	    .to = FIELD(thresholds), .given = FIELD(sets_opt_set),
	    .what = "a file",
	    .help = HELP("sets: exit 5 when an item of FILE's lines",
	    "(\"KIND NAME (METRIC) MS\", as the table names",
	    "it) is slower by more than its MS") },
	{ .name = "quiet", .letter = 'q', .set = set_value,
	    .to = FIELD(verbose), .value = -1,
	    .help = HELP("no warnings") },
	{ .name = "verbose", .letter = 'v', .set = count_up,
	    .to = FIELD(verbose),
	    .help = HELP("say more (repeatable)") },
	{ .name = "help", .letter = 'h', .set = show_help,
	    .help = HELP("show this help and exit") },
	{ .name = "version", .letter = 'V', .set = show_version,
	    .help = HELP("show the version and exit") },
};

#define NOPTS (sizeof(opts) / sizeof(opts[0]))

/* "  -f, --format FMT" or "      --width PX"; returns its length. */
static int
print_label(const struct opt *o)
{
	int n;

	if (o->letter != 0)
		n = printf("  -%c, --%s", o->letter, o->name);
	else
		n = printf("      --%s", o->name);
	if (o->arg != NULL)
		n += printf(" %s", o->arg);
	return n;
}

static void
print_option(const struct opt *o)
{
	const char *const *line;
	int n = print_label(o);

	/* One space after a label that reaches the column would join them. */
	printf("%*s", n < HELP_COLUMN ? HELP_COLUMN - n : 2, "");
	for (line = o->help; *line != NULL; line++) {
		if (line != o->help)
			printf("%*s", HELP_COLUMN, "");
		printf(*line, o->help_num[0], o->help_num[1]);
		putchar('\n');
	}
}

static int
show_help(struct cli *c, const struct opt *o, const char *arg)
{
	size_t i;

	printf("usage: " PROG " [OPTIONS] [PATH...]\n"
	    "       " PROG " --compare [OPTIONS] OLD NEW\n"
	    "       " PROG " --compare [OPTIONS] A... -- B...\n"
	    "Draws a chart of a boot from bootchart logs. PATH is a log tarball\n"
	    "(.tgz, .tar.gz, .tar, .tar.bz2, .tar.xz; - for standard input) or a\n"
	    "directory of log files; several are merged. Default:\n"
	    "/var/log/bootchart.tgz.\n"
	    "\n");
	for (i = 0; i < NOPTS; i++)
		print_option(&opts[i]);
	printf("\n"
	    "Exit status: 0 ok, 1 usage, 2 bad input, 3 output not written,\n"
	    "4 out of memory, 5 a regression (--regression), 6 no call of\n"
	    "--call-graph's FUNC in the trace, 7 an output over its cap,\n"
	    "8 sets: the end's verdict is \"need more boots\" (--regression).\n"
	    "docs/NAME: in /usr/share/doc/bootchart-render/docs/\n"
	    "(make install: PREFIX/share/doc/bootchart/docs/).\n");
	return EXIT_OK;
}

/*
 * getopt_long's value for a long option: the entry's index past any
 * letter's value, so it names the entry.
 */
#define OPT_BASE 256

/* getopt_long's lists, built from opts[]. */
struct getopt_lists {
	struct option longs[NOPTS + 1];	/* a zeroed entry ends it */
	char shorts[1 + 2 * NOPTS + 1];	/* ":", then "f:" or "n" each */
};

static void
build_lists(struct getopt_lists *g)
{
	char *s = g->shorts;
	size_t i;

	/* ':' first: a missing argument is told from an unknown option. */
	*s++ = ':';
	for (i = 0; i < NOPTS; i++) {
		g->longs[i] = (struct option){ opts[i].name,
		    opts[i].arg != NULL ? required_argument : no_argument, NULL,
		    OPT_BASE + (int)i };
		if (opts[i].letter == 0)
			continue;
		*s++ = opts[i].letter;
		if (opts[i].arg != NULL)
			*s++ = ':';
	}
	*s = '\0';
	g->longs[NOPTS] = (struct option){ NULL, 0, NULL, 0 };
}

/* The entry getopt_long's ch names, or NULL. */
static const struct opt *
find(int ch)
{
	size_t i;

	if (ch >= OPT_BASE && (size_t)(ch - OPT_BASE) < NOPTS)
		return &opts[ch - OPT_BASE];
	for (i = 0; i < NOPTS; i++)
		if (opts[i].letter == ch)
			return &opts[i];
	return NULL;
}

/* One option; returns -1 to go on, or an exit status. */
static int
option(struct cli *c, int ch, char **argv)
{
	const struct opt *o;
	int rc;

	/* On errors, argv[optind - 1] is the offending word. */
	if (ch == ':')
		return cli_usage_error("option '%s' needs an argument",
		    argv[optind - 1]);
	if (ch == '?' || (o = find(ch)) == NULL)
		return cli_usage_error("unknown option '%s'", argv[optind - 1]);
	if ((rc = o->set(c, o, optarg)) < 0 && o->given != 0)
		*(int *)field(c, o->given) = 1;
	return rc;
}

int
cli_options(struct cli *c, int argc, char **argv)
{
	struct getopt_lists g;
	int ch, rc;

	build_lists(&g);
	opterr = 0;	/* our messages name the program, not argv[0] */
	while ((ch = getopt_long(argc, argv, g.shorts, g.longs, NULL)) != -1)
		if ((rc = option(c, ch, argv)) >= 0)
			return rc;
	return -1;
}
