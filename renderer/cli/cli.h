/* cli.h: bootchart-render's command line, parsed into what the run needs. */
#ifndef BC_CLI_H
#define BC_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "chartopts.h"
#include "proctree.h"

#define PROG "bootchart-render"

/* Outputs one run writes: one, or --dump-tree's tree and -t's time. */
#define CLI_OUTPUTS 2

/* Sets' defaults (docs/sets.md): the floor of "same", the FDR. */
#define SETS_FLOOR_MS 1
#define SETS_FLOOR_PCT 1
#define SETS_FDR_PCT 5
#define SETS_DISCARD_MAX 1000

struct cli {
	int dump_tree;		/* --dump-tree */
	int dump_events;	/* --dump-events: the trace's events, no tree */
	int boot_time;		/* -t */
	int json;		/* --json; with --compare, the comparison's */
	int summary;		/* --summary */
	int wakeups;		/* --wakeups: the wake-up graph as text */
	int wake_graph;		/* --wake-graph: ... as DOT (-f dot) */
	int crit;		/* --critical-path: the path as text */
	long crit_pid;		/* --critical-path-pid; 0: the log's end */
	const char *crit_comm;	/* --critical-path-comm; NULL: the log's end */
	int threads;		/* --threads: a traced thread's row of its own */
	long min_count;		/* --min-count (default 1) */
	long min_time_us;	/* --min-time MS, in µs (default 0) */
	int wake_filter_set;	/* --min-time given */
	int min_count_set;	/* --min-count given */
	int functions;		/* --functions: the kernel's functions as text */
	const char *call_graph;	/* --call-graph FUNC (also chart.call_graph) */
	enum chart_format out[CLI_OUTPUTS];	/* what to write, in order */
	size_t nout;
	int compare;		/* --compare OLD NEW: a table, or a chart with -f */
	usec_t threshold_us;	/* --threshold: smallest change --compare shows */
	int threshold_set;
	usec_t regression_us;	/* --regression: exit 5 when slower by more */
	int regression_set;
	/* --regression METRIC:MS's enum cmp_metric; -1 not named (wall, and sets' every item) */
	int regression_metric;
	/*
	 * --compare A... -- B... (or two directories of logs): sets of
	 * logs, docs/sets.md.  paths are A's, paths_b B's.
	 */
	int sets;
	char **paths_b;
	size_t npaths_b;
	long discard_first;	/* --discard-first K */
	usec_t floor_us;	/* --floor MS */
	long floor_pct;		/* --floor-percent */
	long fdr_pct;		/* --fdr */
	const char *thresholds;	/* --thresholds FILE: per item, for --regression */
	int drop_outliers;	/* --drop-outliers */
	int sets_opt_set;	/* one of those given: sets only */
	struct tree_opts tree;
	int verbose;
	const char *output;	/* -o; "-" is standard output */
	int format_set;		/* -f given: --compare draws a chart */
				/* (chart.format: -f's, else png) */
	struct chart_opts chart;
	char **paths;
	size_t npaths;
};

/*
 * Parses argv into c (which cli_free() releases).  Returns -1 when the
 * run should go on, else the exit status (after --help, --version, or
 * a usage error already reported).
 */
int cli_parse(struct cli *c, int argc, char **argv);
void cli_free(struct cli *c);

#endif
