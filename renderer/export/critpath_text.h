/* critpath_text.h: --critical-path's text report: the path's segments in time order and what it waited on (docs/critical-path.md). */
#ifndef BC_CRITPATH_TEXT_H
#define BC_CRITPATH_TEXT_H

#include <stdio.h>

#include "critpath.h"

/* The report to f; the caller checks f for write errors. */
void critpath_write(const struct critpath *, const struct tdat *, FILE *f);

#endif
