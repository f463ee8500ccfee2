/* cli.c: bootchart-render's options: getopt_long, --help, and the checks between options. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "outputs.h"
#include "compare_table.h"
#include "diag.h"
#include "version.h"

/* --threshold and --regression: up to a day, in ms. */
#define THRESHOLD_MAX_MS 86400000L
/* --window: seconds up to a year. */
#define WINDOW_MAX_S 31536000L
/* --min-count: up to what a u32 count holds and a long parses everywhere. */
#define WAKE_COUNT_MAX 2147483647L

enum {
	OPT_DUMP_TREE = 256, OPT_WIDTH, OPT_SHOW_PID, OPT_SHOW_ALL,
	OPT_CROP_AFTER, OPT_ANNOTATE, OPT_TITLE, OPT_STRICT, OPT_JSON,
	OPT_SUMMARY, OPT_COMPARE, OPT_THRESHOLD, OPT_REGRESSION,
	OPT_GROUP_BY_UNIT, OPT_DUMP_EVENTS, OPT_WHOLE_SYSTEM, OPT_PER_CPU,
	OPT_WAKEUPS, OPT_WAKE_GRAPH, OPT_MIN_COUNT, OPT_MIN_TIME, OPT_FUNCTIONS,
	OPT_CRIT, OPT_CRIT_PID, OPT_THREADS, OPT_WINDOW, OPT_CALL_GRAPH
};

static const struct option longopts[] = {
	{ "dump-tree", no_argument, NULL, OPT_DUMP_TREE },
	{ "dump-events", no_argument, NULL, OPT_DUMP_EVENTS },
	{ "boot-time", no_argument, NULL, 't' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "summary", no_argument, NULL, OPT_SUMMARY },
	{ "wakeups", no_argument, NULL, OPT_WAKEUPS },
	{ "wake-graph", no_argument, NULL, OPT_WAKE_GRAPH },
	{ "functions", no_argument, NULL, OPT_FUNCTIONS },
	{ "call-graph", required_argument, NULL, OPT_CALL_GRAPH },
	{ "min-count", required_argument, NULL, OPT_MIN_COUNT },
	{ "min-time", required_argument, NULL, OPT_MIN_TIME },
	{ "critical-path", no_argument, NULL, OPT_CRIT },
	{ "critical-path-pid", required_argument, NULL, OPT_CRIT_PID },
	{ "compare", no_argument, NULL, OPT_COMPARE },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "regression", required_argument, NULL, OPT_REGRESSION },
	{ "no-prune", no_argument, NULL, 'n' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "show-pid", no_argument, NULL, OPT_SHOW_PID },
	{ "show-all", no_argument, NULL, OPT_SHOW_ALL },
	{ "per-cpu", no_argument, NULL, OPT_PER_CPU },
	{ "threads", no_argument, NULL, OPT_THREADS },
	{ "window", required_argument, NULL, OPT_WINDOW },
	{ "crop-after", required_argument, NULL, OPT_CROP_AFTER },
	{ "annotate", required_argument, NULL, OPT_ANNOTATE },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "group-by-unit", no_argument, NULL, OPT_GROUP_BY_UNIT },
	{ "whole-system", no_argument, NULL, OPT_WHOLE_SYSTEM },
	{ NULL, 0, NULL, 0 }
};

static void
help(void)
{
	printf("usage: " PROG " [OPTIONS] [PATH...]\n"
	    "       " PROG " --compare [OPTIONS] OLD NEW\n"
	    "Draws a chart of a boot from bootchart logs. PATH is a log tarball\n"
	    "(.tgz, .tar.gz, .tar, .tar.bz2, .tar.xz; - for standard input) or a\n"
	    "directory of log files; several are merged. Default:\n"
	    "/var/log/bootchart.tgz.\n"
	    "\n"
	    "  -f, --format FMT      output: png (default), svg, svgz, eps, pdf, html\n"
	    "                        (interactive page: docs/html.md), or json,\n"
	    "                        summary, tree, boot-time (as the options below);\n"
	    "                        perfetto, chrome-json: a traced log's scheduler\n"
	    "                        events, wake-ups, critical path and milestones\n"
	    "                        for Perfetto's UI or chrome://tracing\n"
	    "                        (docs/exports.md);\n"
	    "                        dot, svg or png with --wake-graph, --call-graph;\n"
	    "                        folded, speedscope with --functions, --call-graph\n"
	    "  -o, --output PATH     output file, or existing directory for it\n"
	    "                        (default: ./NAME.FMT, NAME from the first PATH;\n"
	    "                        standard output for --json, --summary and\n"
	    "                        --compare without -f); - for standard output;\n"
	    "                        without -f, a FILE ending in a format's name\n"
	    "                        (.svg, .pdf, .json, .txt: summary...) is written\n"
	    "                        in it\n"
	    "      --width PX        image width in pixels (%d-%d; default from duration)\n"
	    "      --title TEXT      chart title instead of the header's\n"
	    "      --show-pid        show process IDs after the names\n"
	    "      --show-all        show full command lines where logged\n"
	    "      --per-cpu         a strip for each CPU: the tasks it ran\n"
	    "                        (with the kernel's trace: docs/chart.md)\n"
	    "      --window FROM:TO  draw only FROM to TO seconds of the time axis\n"
	    "      --threads         with the kernel's trace, a row for each\n"
	    "                        thread under its process's (its main thread)\n"
	    "      --group-by-unit   rows of one systemd unit together (cgroup.log)\n"
	    "      --crop-after PROC end the chart when idle after PROC starts\n"
	    "      --annotate PROC   mark where PROC starts (repeatable)\n"
	    "  -n, --no-prune        keep every process (no pruning or merging)\n"
	    "      --strict          follow the Java bootchart renderer exactly\n"
	    "                        where this one differs (docs/tree.md)\n"
	    "      --whole-system    a profile (bootchartd start CMD) with the\n"
	    "                        rest of the machine, not only CMD's processes\n"
	    "  -t, --boot-time       print the boot time (M:SS.ss) and exit\n"
	    "      --dump-tree       print the process tree as text and exit\n"
	    "      --dump-events     print every event of the kernel's trace\n"
	    "                        (trace.dat, or PATH a bare trace.dat) and\n"
	    "                        exit (docs/trace.md)\n"
	    "      --json            write milestones, the tree with CPU and I/O\n"
	    "                        times, and the series as JSON (docs/json.md);\n"
	    "                        with --compare, the comparison as JSON\n"
	    "      --summary         write boot time, totals and top processes as text\n"
	    "      --wakeups         the wake-up graph of a traced log as text: each\n"
	    "                        process's blocked time by reason, who woke it, the\n"
	    "                        kernel stacks it blocked on (docs/wakeups.md)\n"
	    "      --wake-graph      the same edges as a Graphviz digraph (-f dot), or\n"
	    "                        laid out by Graphviz and drawn (-f svg, png)\n"
	    "      --min-count N     --wakeups, --wake-graph: edges of N waits or more\n"
	    "                        (default 1)\n"
	    "      --min-time MS     ... and of MS blocked or more (default 0;\n"
	    "                        decimals: 0.25)\n"
	    "      --functions       the kernel's functions of a log traced with\n"
	    "                        function_graph as text: calls, total, average,\n"
	    "                        longest and self time, depths (docs/trace.md);\n"
	    "                        with --min-time MS, calls shorter are left\n"
	    "                        out; -f folded: folded stacks (flamegraph.pl),\n"
	    "                        self time in us; -f speedscope: speedscope's JSON\n"
	    "      --call-graph FUNC every call below the kernel function FUNC as\n"
	    "                        text: per function calls, total and self time,\n"
	    "                        depths, callers, callees; -f dot, svg, png: the\n"
	    "                        graph; -f html: the page with it; -f folded,\n"
	    "                        speedscope: the calls below FUNC (docs/trace.md)\n"
	    "      --critical-path   a traced log's critical path as text: its\n"
	    "                        segments, what it waited on (docs/critical-path.md)\n"
	    "      --critical-path-pid PID  the path to process PID's end, not to\n"
	    "                        the log's (--critical-path, --json, --summary,\n"
	    "                        -f perfetto, -f chrome-json)\n"
	    "      --compare         compare two logs (boots or profiles), OLD and\n"
	    "                        NEW, each timed from its own start: a text\n"
	    "                        table, with --json JSON, or with -f a chart\n"
	    "                        (default ./NEW-compare.FMT; docs/compare.md)\n"
	    "      --threshold MS    smallest start or duration change --compare\n"
	    "                        lists or highlights (default %d)\n"
	    "      --regression MS   with --compare: exit 5 when NEW's total time\n"
	    "                        or a process's duration grew by more than MS\n"
	    "  -q, --quiet           no warnings\n"
	    "  -v, --verbose         say more (repeatable)\n"
	    "  -h, --help            show this help and exit\n"
	    "  -V, --version         show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 usage, 2 bad input, 3 output not written,\n"
	    "4 out of memory, 5 a regression (--regression), 6 no call of\n"
	    "--call-graph's FUNC in the trace.  docs/NAME: in /usr/share/doc/bootchart-render/docs/\n"
	    "(make install: PREFIX/share/doc/bootchart/docs/).\n", CHART_WIDTH_MIN, CHART_WIDTH_MAX,
	    CMP_THRESHOLD_MS);
}

static int usage_error(const char *, ...)
    __attribute__((format(printf, 1, 2)));

static int
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '" PROG " --help' for more information.\n");
	return EXIT_USAGE;
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

/* --window FROM:TO, seconds to six decimals, FROM before TO. */
static int
parse_window(const char *s, struct chart_opts *o)
{
	long a, b;
	char *end;

	if (parse_fixed(s, WINDOW_MAX_S, 1000000, &a, &end) != 0 ||
	    *end != ':' || parse_fixed(end + 1, WINDOW_MAX_S, 1000000, &b,
	    &end) != 0 || *end != '\0' || b <= a)
		return -1;
	o->window = 1;
	o->win_from_us = a;
	o->win_to_us = b;
	return 0;
}

/* One option; returns -1 to go on, or an exit status. */
static int
option(struct cli *c, int ch, const char *arg)
{
	long v;

	switch (ch) {
	case OPT_DUMP_TREE: c->dump_tree = 1; break;
	case OPT_DUMP_EVENTS: c->dump_events = 1; break;
	case 't': c->boot_time = 1; break;
	case OPT_JSON: c->json = 1; break;
	case OPT_SUMMARY: c->summary = 1; break;
	case OPT_WAKEUPS: c->wakeups = 1; break;
	case OPT_WAKE_GRAPH: c->wake_graph = 1; break;
	case OPT_FUNCTIONS: c->functions = 1; break;
	case OPT_CALL_GRAPH:
		if (arg[0] == '\0')
			return usage_error("--call-graph needs a function's "
			    "name");
		c->call_graph = c->chart.call_graph = arg;
		break;
	case OPT_CRIT: c->crit = 1; break;
	case OPT_CRIT_PID:
		if (parse_long(arg, 1, WAKE_COUNT_MAX, &c->crit_pid) != 0)
			return usage_error("bad --critical-path-pid '%s': need "
			    "a process id from 1 to %ld", arg, WAKE_COUNT_MAX);
		break;
	case OPT_MIN_COUNT:
		if (parse_long(arg, 1, WAKE_COUNT_MAX, &c->min_count) != 0)
			return usage_error("bad --min-count '%s': need a "
			    "number of waits from 1 to %ld", arg,
			    WAKE_COUNT_MAX);
		c->min_count_set = 1;
		break;
	case OPT_MIN_TIME:
		if (parse_ms(arg, THRESHOLD_MAX_MS, &c->min_time_us) != 0)
			return usage_error("bad --min-time '%s': need ms from 0 "
			    "to %ld, to three decimals", arg, THRESHOLD_MAX_MS);
		c->wake_filter_set = 1;
		break;
	case OPT_COMPARE: c->compare = 1; break;
	case 'n': c->tree.prune = 0; break;
	case OPT_STRICT: c->tree.strict = c->chart.strict = 1; break;
	case 'q': c->verbose = -1; break;
	case 'v': c->verbose = c->verbose < 0 ? 1 : c->verbose + 1; break;
	case 'h': help(); return EXIT_OK;
	case 'V': version_print(stdout, PROG); return EXIT_OK;
	case 'f':
		if (chart_format_parse(arg, &c->chart.format) != 0)
			return usage_error("unknown format '%s' (%s)", arg,
			    output_names());
		c->format_set = 1;
		break;
	case 'o': c->output = arg; break;
	case OPT_WIDTH:
		if (parse_long(arg, CHART_WIDTH_MIN, CHART_WIDTH_MAX, &v) != 0)
			return usage_error("bad --width '%s': need a number "
			    "of pixels from %d to %d", arg, CHART_WIDTH_MIN,
			    CHART_WIDTH_MAX);
		c->chart.width = (int)v;
		break;
	case OPT_THRESHOLD:
	case OPT_REGRESSION:
		if (parse_long(arg, 0, THRESHOLD_MAX_MS, &v) != 0)
			return usage_error("bad --%s '%s': need a number of "
			    "milliseconds from 0 to %ld", ch == OPT_THRESHOLD ?
			    "threshold" : "regression", arg, THRESHOLD_MAX_MS);
		if (ch == OPT_THRESHOLD) {
			c->threshold_us = (usec_t)v * USEC_PER_MS;
			c->threshold_set = 1;
		} else {
			c->regression_us = (usec_t)v * USEC_PER_MS;
			c->regression_set = 1;
		}
		break;
	case OPT_SHOW_PID: c->chart.show_pid = 1; break;
	case OPT_SHOW_ALL: c->chart.show_all = 1; break;
	case OPT_PER_CPU: c->chart.per_cpu = 1; break;
	case OPT_THREADS: c->threads = 1; break;
	case OPT_WINDOW:
		if (parse_window(arg, &c->chart) != 0)
			return usage_error("bad --window '%s': need FROM:TO in "
			    "seconds of the time axis, FROM before TO (2.5:8)",
			    arg);
		break;
	case OPT_GROUP_BY_UNIT: c->tree.group_by_unit = 1; break;
	case OPT_WHOLE_SYSTEM: c->tree.whole_system = 1; break;
	case OPT_CROP_AFTER: c->chart.crop_after = arg; break;
	case OPT_ANNOTATE:
		c->chart.annotate[c->chart.nannotate++] = arg;
		break;
	case OPT_TITLE: c->chart.title = arg; break;
	case ':':
		return usage_error("option '%s' needs an argument", arg);
	default:
		return usage_error("unknown option '%s'", arg);
	}
	return -1;
}

/*
 * The outputs in order: a report option's, or --dump-tree's and -t's,
 * else -f's (png without it).
 */
static void
select_outputs(struct cli *c)
{
	c->nout = 0;
	if (c->json)
		c->out[c->nout++] = FMT_JSON;
	else if (c->summary)
		c->out[c->nout++] = FMT_SUMMARY;
	else if (c->dump_tree || c->boot_time) {
		if (c->dump_tree)
			c->out[c->nout++] = FMT_TREE;
		if (c->boot_time)
			c->out[c->nout++] = FMT_BOOTTIME;
	} else
		c->out[c->nout++] = c->chart.format;
}

/* Whether -f is f. */
static int
is(const struct cli *c, enum chart_format f)
{
	return c->format_set && c->chart.format == f;
}

/* Whether a trace verb (--wake-graph, --functions, --call-graph) was given. */
static int
is_verb(const struct cli *c)
{
	return c->wake_graph || c->functions || c->call_graph != NULL;
}

/*
 * The -f of the trace verbs: which takes which of the outputs' table's
 * OF_VERB rows (and svg, png, html).  NULL, or what is wrong.
 */
static const char *
trace_format_error(const struct cli *c)
{
	int verb = is_verb(c);
	int stacks = is(c, FMT_FOLDED) || is(c, FMT_SPEEDSCOPE);

	if (c->format_set && !verb &&
	    (output_of(c->chart.format)->from & OF_VERB))
		return "-f dot goes with --wake-graph or --call-graph; -f "
		    "folded and speedscope with --functions or --call-graph";
	if (c->wake_graph && c->format_set && !is(c, FMT_DOT) &&
	    !is(c, FMT_SVG) && !is(c, FMT_PNG))
		return "--wake-graph writes dot, svg or png";
	if (c->functions && c->format_set && !stacks)
		return "--functions writes text, or -f folded or speedscope";
	if (c->call_graph != NULL && c->format_set && !stacks &&
	    !is(c, FMT_DOT) && !is(c, FMT_SVG) && !is(c, FMT_PNG) &&
	    !is(c, FMT_HTML))
		return "--call-graph writes text, or -f dot, svg, png, html, "
		    "folded or speedscope";
	if (c->wake_filter_set && stacks)
		return "--min-time goes with --functions' table, not -f "
		    "folded or speedscope (every call's time counts)";
	return NULL;
}

/* The same, said: -1, or EXIT_USAGE. */
static int
check_trace_formats(const struct cli *c)
{
	const char *why = trace_format_error(c);

	return why == NULL ? -1 : usage_error("%s", why);
}

/*
 * Without -f, -o's file name says the format when it ends in one the
 * run can write (chart.svg, boot.chrome.json, boot.json; a trace verb's
 * graph.dot): a chart's PNG written to chart.svg would be a file its
 * name belies.  The report options write what they write, and a verb
 * what it writes without -f when the name's is not one of its own
 * (--functions -o f.svg: the table), whatever the name.
 */
static void
format_of_output(struct cli *c)
{
	enum chart_format was = c->chart.format;
	int mask = OF_LAYOUT;
	struct stat st;

	if (c->format_set || c->output == NULL ||
	    strcmp(c->output, "-") == 0 || c->json || c->summary ||
	    c->dump_tree || c->boot_time || c->dump_events || c->wakeups ||
	    c->crit || (stat(c->output, &st) == 0 && S_ISDIR(st.st_mode)))
		return;
	if (is_verb(c))
		mask |= OF_VERB;
	else if (!c->compare)
		mask |= OF_TRACE | OF_REPORT;
	if (chart_format_of_path(c->output, mask, &c->chart.format) != 0)
		return;
	c->format_set = 1;
	if (trace_format_error(c) != NULL) {
		c->format_set = 0;
		c->chart.format = was;
	}
}

/* What one run can do: one of the outputs, with what it needs. */
static int
check_modes(struct cli *c)
{
	/* --compare --json is one mode: the comparison as JSON. */
	int modes = (c->json && !c->compare) + c->summary + c->compare +
	    c->dump_events + (c->dump_tree || c->boot_time) + c->wakeups +
	    c->wake_graph + c->functions + (c->call_graph != NULL) + c->crit;

	if (modes > 1)
		return usage_error("--json, --summary, --compare, "
		    "--dump-events, --wakeups, --wake-graph, --functions, "
		    "--call-graph, --critical-path and --dump-tree/--boot-time "
		    "exclude each other");
	if (c->crit_pid > 0 && !c->crit && !c->summary &&
	    !(c->json && !c->compare) && !(c->format_set && !c->compare &&
	    (output_of(c->chart.format)->from & OF_TRACE)))
		return usage_error("--critical-path-pid goes with "
		    "--critical-path, --json, --summary, -f perfetto or "
		    "-f chrome-json");
	if (c->min_count_set && !c->wakeups && !c->wake_graph)
		return usage_error("--min-count goes with --wakeups or "
		    "--wake-graph");
	if (c->wake_filter_set && !c->wakeups && !c->wake_graph &&
	    !c->functions)
		return usage_error("--min-time goes with --wakeups, "
		    "--wake-graph or --functions");
	if (c->chart.window && c->compare)
		return usage_error("--window draws part of one log's chart, "
		    "not --compare's");
	if (check_trace_formats(c) >= 0)
		return EXIT_USAGE;
	if (c->compare && c->npaths != 2)
		return usage_error("--compare needs two paths, OLD and NEW "
		    "(got %zu)", c->npaths);
	if (c->threshold_set && !c->compare)
		return usage_error("--threshold goes with --compare");
	if (c->regression_set && !c->compare)
		return usage_error("--regression goes with --compare");
	if (c->compare && c->json && c->format_set)
		return usage_error("--compare writes JSON (--json) or draws a "
		    "chart (-f), not both");
	if (c->compare && c->format_set &&
	    !(output_of(c->chart.format)->from & OF_LAYOUT))
		return usage_error("--compare draws a chart (-f png, svg, "
		    "svgz, eps, pdf or html) or, without -f, a table "
		    "(or JSON with --json)");
	select_outputs(c);
	if (c->nout > 1 && c->output != NULL)
		return usage_error("-o takes one output: --dump-tree and -t "
		    "both write to standard output");
	return -1;
}

int
cli_parse(struct cli *c, int argc, char **argv)
{
	int ch, rc;

	memset(c, 0, sizeof(*c));
	c->tree = tree_pruned;
	c->chart.format = FMT_PNG;
	c->threshold_us = CMP_THRESHOLD_MS * USEC_PER_MS;
	c->min_count = 1;
	/* Every --annotate takes an argv slot, so argc bounds them. */
	if ((c->chart.annotate = calloc((size_t)argc, sizeof(char *))) == NULL) {
		fprintf(stderr, PROG ": out of memory\n");
		return EXIT_NOMEM;
	}
	opterr = 0;	/* our messages name the program, not argv[0] */
	while ((ch = getopt_long(argc, argv, ":tnqvhVf:o:", longopts,
	    NULL)) != -1) {
		/* On errors, argv[optind - 1] is the offending word. */
		if (ch == '?' || ch == ':')
			optarg = argv[optind - 1];
		if ((rc = option(c, ch, optarg)) >= 0)
			return rc;
	}
	c->paths = argv + optind;
	c->npaths = (size_t)(argc - optind);
	format_of_output(c);
	return check_modes(c);
}

void
cli_free(struct cli *c)
{
	free(c->chart.annotate);
	c->chart.annotate = NULL;
}
