/* cli.h: bootchart-render's command line, parsed into what the run needs. */
#ifndef BC_CLI_H
#define BC_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "chartopts.h"
#include "proctree.h"

#define PROG "bootchart-render"

struct cli {
	int dump_tree;
	int boot_time;
	int json;		/* --json: the report as JSON, no chart */
	int summary;		/* --summary: the report as text */
	int compare;		/* --compare OLD NEW: a table, or a chart with -f */
	usec_t threshold_us;	/* --threshold: smallest change --compare shows */
	int threshold_set;
	struct tree_opts tree;
	int verbose;
	const char *output;	/* -o; "-" is standard output */
	int format_set;		/* -f given: --compare draws a chart */
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
