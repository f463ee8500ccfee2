/* svg_tip.h: a process row's tooltip in the SVG painter's documents: what the report knows of the process (docs/html.md). */
#ifndef BC_SVG_TIP_H
#define BC_SVG_TIP_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* <title>name, pid, command, unit, times, CPU, the traced states</title>; -1 on no memory. */
int svg_tip(FILE *f, const struct report_proc *);

/*
 * The report's entry for a row's node.  Rows and report are both the
 * tree in pre-order, rows only the drawn nodes, so one cursor (0 at the
 * first row) serves them all; NULL when the node is not in the report.
 */
const struct report_proc *svg_row_proc(const struct report *,
    const struct pnode *, size_t *cursor);

#endif
