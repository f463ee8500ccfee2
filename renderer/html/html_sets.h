/* html_sets.h: the page of two sets of logs compared (-f html with --compare A... -- B...): the sets, every item with its values drawn, the two median boots' chart (docs/sets.md). */
#ifndef BC_HTML_SETS_H
#define BC_HTML_SETS_H

#include <stdio.h>

#include "boot.h"
#include "chartopts.h"
#include "diag.h"
#include "sets.h"

/* What the page needs besides the sets. */
struct html_sets_opts {
	const char *label[SET_SIDES];	/* each set's first path given */
	size_t nlabels[SET_SIDES];	/* how many were */
	/*
	 * Prefixed to a relative log path in links when the page is not
	 * written to the current directory (there the path as given
	 * works); NULL: every link is the path as given.
	 */
	const char *cwd;
	/* To read the median boots again, as the sets read them. */
	const struct boot_opts *boot;
	const struct chart_opts *chart;
	usec_t threshold_us;	/* the compare chart's highlight */
};

/* The page (html_sets.c); 0, or -1 with d set. */
int html_sets_write(FILE *f, const struct sets *, const struct html_sets_opts *,
    struct diag *d);

/* The pieces the page's files share. */

/* A link to boot b's log (in sets.boots): <a href=... title=PATH>text</a> (html_sets_link.c). */
void html_sets_link(FILE *f, const struct sets *, const struct html_sets_opts *,
    size_t b, const char *text);
/* The items' table (html_sets_rows.c); 0, or -1 on no memory. */
int html_sets_items(FILE *f, const struct sets *, const struct html_sets_opts *);
/* An item's values of both sets on one axis, as inline SVG (html_sets_plot.c). */
void html_sets_plot(FILE *f, const struct sets *, const struct set_item *);
/*
 * The median boots of both sets (by the end of boot) as one compare
 * chart, with the chart's bar, and the page's script (html_sets_chart.c).
 * 0; -1 with d set (no memory); a boot that does not read is said on the
 * page instead.
 */
int html_sets_chart(FILE *f, const struct sets *, const struct html_sets_opts *,
    struct diag *d);

#endif
