/* functab.h: --functions and --call-graph: the kernel's functions of a traced log as ftd's text table, Topo's call graph, folded stacks or speedscope's JSON (docs/trace.md). */
#ifndef BC_FUNCTAB_H
#define BC_FUNCTAB_H

#include <stdint.h>
#include <stdio.h>

#include "chartopts.h"
#include "diag.h"

struct callgraph;
struct exact;
struct fn_names;
struct fn_table;
struct tboot;
struct tcalls;
struct tdat;

/* What to write. */
struct fn_opts {
	int64_t min_ns;		/* --min-time: the table's calls of this or more */
	const char *root;	/* --call-graph FUNC */
	int graph;		/* --call-graph (root NULL: the root function of the most time) */
	int text;		/* the text table; else format */
	enum chart_format format;	/* FMT_DOT, SVG, PNG, FOLDED, SPEEDSCOPE */
	const char *log;	/* its path, for the error of no call of root */
};

/* The table as tab-separated lines under a "#" line naming the columns. */
void functab_text(const struct fn_table *, FILE *f);
/*
 * Writes what o asks of the trace's model to f.
 * 0, or -1 (diag set; EXIT_NOTFOUND: no call of o->root).  The caller
 * checks f for write errors.
 */
int functab_write(const struct exact *, const struct fn_opts *o, FILE *f,
    struct diag *);
/*
 * The waits of the calls at depth 1 (what each root ran: the initcalls
 * under do_one_initcall) of a millisecond or min_ns and more, the most
 * first, under their "#" line (callwaits.c); nothing without thread
 * records.  0, or -1: no memory.
 */
int callwaits_text(const struct exact *, int64_t min_ns, FILE *f);

/* The call graph as text: a row per function (cgraph.c); 0, or -1 (no memory). */
int cgraph_text(const struct callgraph *, FILE *f);
/*
 * Its DOT: the max nodes of the most time (0: all) and the edges
 * between them; 0, or -1 (no memory).
 */
int cgraph_dot(const struct callgraph *, size_t max, FILE *f);
/* Its DOT of at most CAP_CALLGRAPH_DRAW_NODES nodes, malloc'd into *dot; 0, or -1 (no memory). */
int cgraph_dot_text(const struct callgraph *, char **dot, size_t *len);
/* Drawn by graphdraw.c as "svg" or "png"; 0, or -1 (d set). */
int cgraph_draw(const struct callgraph *, const char *format, FILE *f,
    struct diag *d);

/*
 * Brendan Gregg's folded stacks of the calls (fnstacks.c): one line per
 * distinct stack, "root;child;... SELF_US", merged across threads; with
 * level (callgraph.h) only the calls below the root.  0, or -1 (no
 * memory).
 */
int fn_folded(const struct tcalls *, const struct fn_names *,
    const int32_t *level, FILE *f);
/*
 * speedscope's evented profiles, one per thread, its times on the
 * trace's own clock (tb's, as every export); 0, or -1 (no memory).
 */
int fn_speedscope(const struct tboot *tb, const struct fn_names *,
    const int32_t *level, const char *name, FILE *f);

#endif
