/* title.h: what a chart or report of a log is called, computed once for the chart, the summary and the page. */
#ifndef BC_TITLE_H
#define BC_TITLE_H

#include <stddef.h>

#include "bootlog.h"
#include "proctree.h"

/* Room for a title: the header's values are cut at 4 KiB. */
#define TITLE_MAX	4608

/*
 * user (--title) when given, else the header's title, else "Boot
 * chart"; a readable profile is titled after its command ("Profile of
 * make -j2 on host (date)" for our logger's "Boot chart for host
 * (date)").  Raw text: the caller escapes it for where it goes.
 */
void log_title(const struct bootlog *, const struct proctree *,
    const char *user, char *buf, size_t len);

#endif
