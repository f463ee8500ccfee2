/* title.h: what a chart or report of a log, or a comparison of two, is called, computed once for the chart, the summary and the page. */
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

/*
 * Two logs compared: user when given; "Boot comparison" for two boots;
 * "Comparison of profiles of CMD" for two profiles of one command,
 * "Comparison of profiles: OLD-CMD vs NEW-CMD" of two; "Comparison of
 * a boot with a profile of CMD" (or "of a profile of CMD with a boot")
 * for a mix.  A log is a profile when its header names the process
 * (proctree.profile).  Raw text, as log_title's.
 */
void compare_title(const struct bootlog *old_log,
    const struct proctree *old_tree, const struct bootlog *new_log,
    const struct proctree *new_tree, const char *user, char *buf,
    size_t len);

#endif
