/* functab.h: --functions: the kernel's functions of a traced log as ftd's text table (docs/trace.md). */
#ifndef BC_FUNCTAB_H
#define BC_FUNCTAB_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"

struct fn_table;
struct tboot;
struct tdat;

/* A tab, then ns as fn_ms writes it: a column of the tables. */
void functab_put_ms(FILE *f, int64_t ns);
/* The table as tab-separated lines under a "#" line naming the columns. */
void functab_text(const struct fn_table *, FILE *f);
/*
 * Reads the trace's events (tboot_build) and writes the table of its
 * calls of min_ns or more to f.  0, or -1 (diag set).  The caller
 * checks f for write errors.
 */
int functab_write(struct tdat *, int64_t min_ns, FILE *f, struct diag *);
/*
 * The waits of the calls at depth 1 (what each root ran: the initcalls
 * under do_one_initcall) of a millisecond or min_ns and more, the most
 * first, under their "#" line (callwaits.c); nothing without thread
 * records.  0, or -1: no memory.
 */
int callwaits_text(const struct tboot *, const struct tdat *, int64_t min_ns,
    FILE *f);

#endif
