/* report_json.h: a boot's report as JSON (docs/json.md, docs/bootchart.schema.json). */
#ifndef BC_REPORT_JSON_H
#define BC_REPORT_JSON_H

#include <stdio.h>

#include "report.h"

/* The version of the output's layout: raised when a field changes meaning or goes. */
#define REPORT_JSON_SCHEMA_VERSION 4

/*
 * The milestones object (docs/json.md), times from the report's zero:
 * --json's and each side's of --compare --json.
 */
void report_json_milestones(const struct milestones *, FILE *f);

/* Writes the whole document to f; write errors are left in ferror(f). */
void report_json_write(const struct report *, FILE *f);

#endif
