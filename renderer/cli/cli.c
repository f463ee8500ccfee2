/* cli.c: bootchart-render's command line: the options read (cli_opts.c's table), then the outputs they ask for and the checks between them. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_opts.h"
#include "outputs.h"
#include "compare_table.h"
#include "sets.h"

/* Whether -f is f. */
static int
is(const struct cli *c, enum chart_format f)
{
	return c->format_set && c->chart.format == f;
}

/*
 * The outputs in order: a trace verb's row, a report option's, or
 * --dump-tree's and -t's, else -f's (png without it).
 */
static void
select_outputs(struct cli *c)
{
	c->nout = 0;
	if (c->dump_events)
		c->out[c->nout++] = FMT_EVENTS;
	else if (c->wakeups || c->wake_graph)
		c->out[c->nout++] = FMT_WAKEUPS;
	else if (c->functions || (c->call_graph != NULL && !is(c, FMT_HTML)))
		c->out[c->nout++] = FMT_FUNCTIONS;
	else if (c->crit)
		c->out[c->nout++] = FMT_CRITPATH;
	else if (c->json)
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

	return why == NULL ? -1 : cli_usage_error("%s", why);
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
		return cli_usage_error("--json, --summary, --compare, "
		    "--dump-events, --wakeups, --wake-graph, --functions, "
		    "--call-graph, --critical-path and --dump-tree/--boot-time "
		    "exclude each other");
	if (c->crit_pid > 0 && c->crit_comm != NULL)
		return cli_usage_error("--critical-path-pid and "
		    "--critical-path-comm exclude each other");
	if ((c->crit_pid > 0 || c->crit_comm != NULL) && !c->crit &&
	    !c->summary && !(c->json && !c->compare) && !(c->format_set &&
	    !c->compare && (output_of(c->chart.format)->from & OF_TRACE)))
		return cli_usage_error("--critical-path-%s goes with "
		    "--critical-path, --json, --summary, -f perfetto or "
		    "-f chrome-json", c->crit_pid > 0 ? "pid" : "comm");
	if (c->min_count_set && !c->wakeups && !c->wake_graph)
		return cli_usage_error("--min-count goes with --wakeups or "
		    "--wake-graph");
	if (c->wake_filter_set && !c->wakeups && !c->wake_graph &&
	    !c->functions)
		return cli_usage_error("--min-time goes with --wakeups, "
		    "--wake-graph or --functions");
	if (c->chart.window && c->compare)
		return cli_usage_error("--window draws part of one log's chart, "
		    "not --compare's");
	if (check_trace_formats(c) >= 0)
		return EXIT_USAGE;
	if (c->compare && !c->sets && c->npaths != 2)
		return cli_usage_error("--compare needs two paths, OLD and NEW "
		    "(got %zu)", c->npaths);
	if (c->threshold_set && !c->compare)
		return cli_usage_error("--threshold goes with --compare");
	if (c->regression_set && !c->compare)
		return cli_usage_error("--regression goes with --compare");
	if (c->compare && c->json && c->format_set)
		return cli_usage_error("--compare writes JSON (--json) or draws a "
		    "chart (-f), not both");
	if (c->compare && c->format_set &&
	    !(output_of(c->chart.format)->from & OF_LAYOUT))
		return cli_usage_error("--compare draws a chart (-f png, svg, "
		    "svgz, eps, pdf or html) or, without -f, a table "
		    "(or JSON with --json)");
	select_outputs(c);
	if (c->nout > 1 && c->output != NULL)
		return cli_usage_error("-o takes one output: --dump-tree and -t "
		    "both write to standard output");
	return -1;
}

/*
 * --compare A... -- B...: what follows the "--" is set B, taken before
 * getopt (which drops a "--" and joins both sides).  The argc left.
 */
static int
split_sets(struct cli *c, int argc, char **argv)
{
	int i, compare = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--compare") == 0)
			compare = 1;
		if (strcmp(argv[i], "--") == 0) {
			if (!compare)
				return argc;
			c->sets = 1;
			c->paths_b = argv + i + 1;
			c->npaths_b = (size_t)(argc - i - 1);
			return i;
		}
	}
	return argc;
}

/* Two directories of logs are sets too (a log's own directory is not). */
static int
check_sets(struct cli *c)
{
	if (c->compare && !c->sets && c->npaths == 2 &&
	    sets_path_is_set(c->paths[0]) && sets_path_is_set(c->paths[1])) {
		c->sets = 1;
		c->paths_b = c->paths + 1;
		c->npaths_b = 1;
		c->npaths = 1;
	}
	if (c->sets_opt_set && !c->sets)
		return cli_usage_error("--discard-first, --floor, --floor-percent, "
		    "--fdr, --thresholds and --drop-outliers go with sets: "
		    "--compare A... -- B...");
	if (!c->sets)
		return -1;
	/* Sets' items are wall times and CPU times (docs/sets.md). */
	if (c->regression_metric >= 0 &&
	    cmp_metric_traced((enum cmp_metric)c->regression_metric))
		return cli_usage_error("--regression over sets judges wall or "
		    "cpu, not %s", cmp_metric_name((enum cmp_metric)
		    c->regression_metric));
	if (c->npaths == 0 || c->npaths_b == 0)
		return cli_usage_error("--compare A... -- B...: each set needs a "
		    "log or a directory of logs");
	if ((c->format_set && !is(c, FMT_HTML)) || c->threshold_set ||
	    c->summary)
		return cli_usage_error("sets write a table, JSON Lines (--json) "
		    "or a page (-f html); not another -f, --threshold or "
		    "--summary");
	return -1;
}

int
cli_parse(struct cli *c, int argc, char **argv)
{
	int rc;

	memset(c, 0, sizeof(*c));
	c->tree = tree_pruned;
	c->chart.format = FMT_PNG;
	c->threshold_us = CMP_THRESHOLD_MS * USEC_PER_MS;
	c->regression_metric = -1;
	c->min_count = 1;
	/* Every --annotate takes an argv slot, so argc bounds them. */
	if ((c->chart.annotate = calloc((size_t)argc, sizeof(char *))) == NULL) {
		fprintf(stderr, PROG ": out of memory\n");
		return EXIT_NOMEM;
	}
	c->floor_us = SETS_FLOOR_MS * USEC_PER_MS;
	c->floor_pct = SETS_FLOOR_PCT;
	c->fdr_pct = SETS_FDR_PCT;
	argc = split_sets(c, argc, argv);
	if ((rc = cli_options(c, argc, argv)) >= 0)
		return rc;
	c->paths = argv + optind;
	c->npaths = (size_t)(argc - optind);
	format_of_output(c);
	if ((rc = check_sets(c)) >= 0)
		return rc;
	return check_modes(c);
}

void
cli_free(struct cli *c)
{
	free(c->chart.annotate);
	c->chart.annotate = NULL;
}
