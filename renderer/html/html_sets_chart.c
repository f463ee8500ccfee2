/* html_sets_chart.c: the sets' page's last section: each set's median boot (the log whose end of boot is its set's median) read again and drawn with the other as --compare draws two logs, A above B, with the one-log page's bar and script. */
#include <stdint.h>
#include <string.h>

#include "compare.h"
#include "html.h"
#include "html_sets.h"
#include "layout_compare.h"
#include "svg.h"
#include "title.h"
#include "xmltext.h"

/* The end of boot's item ("phase end"), or NULL. */
static const struct set_item *
end_item(const struct sets *s)
{
	size_t i;

	for (i = 0; i < s->nitems; i++)
		if (s->items[i].kind == ITEM_PHASE &&
		    s->items[i].metric == MET_TIME &&
		    strcmp(s->items[i].name, "end") == 0)
			return &s->items[i];
	return NULL;
}

/* The two logs read, matched and laid out as one compare chart. */
struct medians {
	struct boot_read r[SET_SIDES];
	struct cmp_match m;
	struct layout l;
	int matched, laid;
	char title[TITLE_MAX];
};

static int
medians_make(struct medians *md, const struct sets *s, const size_t b[],
    const struct html_sets_opts *o, struct diag *d)
{
	struct cmp_chart cc = { .old_t = &md->r[SET_A].log,
	    .new_t = &md->r[SET_B].log, .old_tree = &md->r[SET_A].tree,
	    .new_tree = &md->r[SET_B].tree, .old_ms = &md->r[SET_A].ms,
	    .new_ms = &md->r[SET_B].ms, .match = &md->m,
	    .old_label = s->boots[b[SET_A]].path,
	    .new_label = s->boots[b[SET_B]].path, .title = md->title,
	    .threshold_us = o->threshold_us };
	int side;

	for (side = 0; side < SET_SIDES; side++)
		if (boot_read_paths(&md->r[side], &s->boots[b[side]].path, 1,
		    o->boot, d) != 0)
			return -1;
	compare_title(&md->r[SET_A].log, &md->r[SET_A].tree,
	    &md->r[SET_B].log, &md->r[SET_B].tree, o->chart->title,
	    md->title, sizeof(md->title));
	if (compare_match(&md->r[SET_A].tree, md->r[SET_A].ms.zero_us,
	    &md->r[SET_B].tree, md->r[SET_B].ms.zero_us, &md->m) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	md->matched = 1;
	if (layout_compare(&md->l, &cc, o->chart, d) != 0)
		return -1;
	md->laid = 1;
	return 0;
}

static void
medians_free(struct medians *md)
{
	int side;

	if (md->laid)
		layout_free(&md->l);
	if (md->matched)
		compare_free(&md->m);
	for (side = 0; side < SET_SIDES; side++)
		boot_read_free(&md->r[side]);
}

/* Which logs are drawn, and why those. */
static void
intro(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    const struct set_item *end, const size_t b[])
{
	int side;

	fputs("<section id=\"medians\">\n<h2>The median boots</h2>\n<p>Each "
	    "set's log whose end of boot (<i>phase end</i>) is its set's "
	    "median (of an even number, the lower middle one):", f);
	for (side = 0; side < SET_SIDES; side++) {
		fprintf(f, "%s <span class=\"set%s\">%s</span> ", side ? ";" : "",
		    set_name(side), set_name(side));
		html_sets_link(f, s, o, b[side], s->boots[b[side]].path);
		fprintf(f, " (%.1f ms)", end->sum[side].median);
	}
	fputs(".  Drawn as <code>--compare</code> draws two logs: in each "
	    "row A's bar above B's.</p>\n", f);
}

/* The chart, or why there is none; the bar and script go with it. */
static int
chart(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    const size_t b[], struct diag *d)
{
	struct medians md;
	char why[sizeof(d->msg)];
	int rc = 0, side;

	memset(&md, 0, sizeof(md));
	for (side = 0; side < SET_SIDES; side++)
		boot_read_init(&md.r[side]);
	if (medians_make(&md, s, b, o, d) != 0) {
		/* A log that read once and not now: said here, not fatal. */
		snprintf(why, sizeof(why), "%s", d->msg);
		if (diag_demote(d, "the median boots are not drawn") != 0)
			rc = -1;
		else {
			fputs("<p class=\"bad\">Not drawn: ", f);
			xml_puts_log(f, why);
			fputs("</p>\n</section>\n", f);
		}
	} else {
		fputs("</section>\n", f);
		html_bar(f, md.title);
		if (svg_write(f, &md.l, NULL, SVG_INLINE) != 0)
			rc = diag_error_status(d, EXIT_NOMEM, "out of memory");
		fputs("</main>\n", f);
	}
	medians_free(&md);
	return rc;
}

int
html_sets_chart(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    struct diag *d)
{
	const struct set_item *end = end_item(s);
	size_t b[SET_SIDES];
	int side, rc = 0;

	for (side = 0; side < SET_SIDES; side++)
		b[side] = end != NULL ? set_item_boot(end, side,
		    end->sum[side].median) : SIZE_MAX;
	if (b[SET_A] == SIZE_MAX || b[SET_B] == SIZE_MAX)
		fputs("<section id=\"medians\">\n<h2>The median boots</h2>\n"
		    "<p>Not drawn: a set has no end of boot.</p>\n</section>\n",
		    f);
	else {
		intro(f, s, o, end, b);
		rc = chart(f, s, o, b, d);
	}
	html_script(f);
	return rc;
}
