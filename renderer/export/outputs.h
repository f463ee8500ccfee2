/* outputs.h: the table of bootchart-render's outputs (src/outputs.def) and the one way any of them is written. */
#ifndef BC_OUTPUTS_H
#define BC_OUTPUTS_H

#include <stdint.h>

#include "boot.h"
#include "chartopts.h"
#include "diag.h"
#include "milestones.h"
#include "outfrom.h"
#include "outfile.h"
#include "proctree.h"

struct cmp_chart;
struct layout;
struct report;

/* Where it goes without -o. */
enum { OD_FILE, OD_STDOUT };
/* Whether a terminal may show it. */
enum { OK_TEXT, OK_BINARY };

/*
 * What a writer gets: the boot (log, tree, milestones) and what the
 * table row asks to be made from it, or a compare chart's layout (then
 * log, tree and report are NULL: two boots' rows have no one report).
 */
/* What a trace verb's row is asked for (its options; -f's form is opts->format). */
struct verb_opts {
	uint32_t min_count;	/* --min-count */
	int64_t min_ns;		/* --min-time */
	int graph;		/* --wake-graph: the wake-ups' DOT, not their text */
	const char *call_graph;	/* --call-graph FUNC; NULL: --functions */
	int form_set;		/* -f given: the verb writes opts->format */
	struct crit_target crit;	/* the path's end asked for; none: the log's */
	const char *log;	/* the first path, named in errors about the log */
	int verbose;		/* -v's count: --critical-path's every segment */
};

struct out_job {
	enum chart_format format;
	const struct boot *boot;	/* one boot; NULL with cmp */
	const struct chart_opts *opts;
	const struct cmp_chart *cmp;	/* --compare with -f; else NULL */
	const struct verb_opts *verb;	/* a trace verb's row; else NULL */
	int private_out;	/* the file created 0600 (outfile_open_mode) */
	const struct layout *layout;	/* made for OF_LAYOUT rows */
	const struct report *rep;	/* made for OF_REPORT rows */
};

typedef int (*out_writer)(const struct out_job *, struct outfile *,
    struct diag *);

struct output {
	const char *name;	/* -f NAME */
	const char *ext;	/* ./BASE.EXT */
	unsigned from;		/* OF_* */
	int dest;		/* OD_* */
	int kind;		/* OK_* */
	out_writer write;
};

/* The row of an output (f < FMT_COUNT). */
const struct output *output_of(enum chart_format f);
/* "png" -> FMT_PNG (any case); 0, or -1 when no output has that name. */
int chart_format_parse(const char *, enum chart_format *);
/* The row's file name ending ("png"). */
const char *chart_format_ext(enum chart_format);
/*
 * The output of the rows with a `from` in mask whose ending the path
 * has (".svg", any case; the longest ending wins, then the first row):
 * 0, or -1 when none.
 */
int chart_format_of_path(const char *path, int mask, enum chart_format *);
/* Every -f name, ", "-separated, for messages and --help. */
const char *output_names(void);

/*
 * Makes what job->format's row needs (the layout, the report) and
 * writes it to path through outfile.c: a file atomically, or standard
 * output for "-".  0, or -1 with diag set (EXIT_OUTPUT when it cannot
 * be written, EXIT_USAGE for a width out of range, EXIT_NOMEM).
 */
int output_write(const struct out_job *, const char *path, struct diag *);

/* One boot's chart in o->format to path: output_write's shorthand. */
int chart_write(const struct boot *, const struct chart_opts *,
    const char *path, struct diag *);

/* The writers the table names (src/outputs.def). */
int out_chart(const struct out_job *, struct outfile *, struct diag *);
int out_html(const struct out_job *, struct outfile *, struct diag *);
int out_svg(const struct out_job *, struct outfile *, struct diag *);
int out_json(const struct out_job *, struct outfile *, struct diag *);
int out_summary(const struct out_job *, struct outfile *, struct diag *);
int out_tree(const struct out_job *, struct outfile *, struct diag *);
int out_boot_time(const struct out_job *, struct outfile *, struct diag *);
int out_perfetto(const struct out_job *, struct outfile *, struct diag *);
int out_chrome_json(const struct out_job *, struct outfile *, struct diag *);
/* The forms' rows: a verb's row writes them, never this (cli.c refuses -f dot alone). */
int out_form(const struct out_job *, struct outfile *, struct diag *);
/* The trace verbs' rows (verbs.c). */
int out_events(const struct out_job *, struct outfile *, struct diag *);
int out_wakeups(const struct out_job *, struct outfile *, struct diag *);
int out_functions(const struct out_job *, struct outfile *, struct diag *);
int out_critpath(const struct out_job *, struct outfile *, struct diag *);
/*
 * Whether the row's output is binary (never written to a terminal): a
 * verb's is the form it writes.
 */
int output_binary(const struct out_job *);

#endif
