/* compare_json.h: two logs compared, as JSON (docs/compare.md, docs/compare.schema.json). */
#ifndef BC_COMPARE_JSON_H
#define BC_COMPARE_JSON_H

#include <stdio.h>

#include "compare.h"
#include "compare_table.h"
#include "report.h"

/* The version of the output's layout: raised when a field changes meaning or goes. */
#define COMPARE_JSON_SCHEMA_VERSION 1

/*
 * The whole document: title, threshold, each log's zero, milestones
 * (from its zero) and totals, their differences, the count of each
 * status, --regression's verdict (reg NULL: not asked), and every pair
 * with its old and new start, duration and CPU and their differences.
 * 0, or -1 when out of memory; write errors are left in ferror(f).
 */
int compare_json_write(const struct report *old, const struct report *new,
    const struct cmp_match *, const struct cmp_table_opts *,
    const struct cmp_regression *reg, FILE *f);

#endif
