/* html_sets.c: the sets' page (-f html with sets): its head, what the sets are and differ in, the options and the verdicts counted; then the items (html_sets_rows.c) and the median boots (html_sets_chart.c). */
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "html_sets.h"
#include "xmltext.h"

/* A set's line: how many logs read of how many, which did not, and why. */
static void
set_line(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    int side)
{
	size_t i, given = 0;

	for (i = 0; i < s->nboots; i++)
		given += s->boots[i].side == side;
	fprintf(f, "<tr><th>set %s</th><td><span class=\"set%s\">%zu %s%s</span>"
	    " read of %zu given (", set_name(side), set_name(side),
	    s->used[side], s->profile ? "profile" : "boot",
	    s->used[side] == 1 ? "" : "s", given);
	xml_puts_log(f, o->label[side]);
	if (o->nlabels[side] > 1)
		fprintf(f, " and %zu more", o->nlabels[side] - 1);
	fputs(")", f);
	if (s->opts.discard_first > 0)
		fprintf(f, ", the first %zu discarded", s->opts.discard_first);
	if (s->failed[side] > 0)
		fprintf(f, ", %zu did not read:", s->failed[side]);
	for (i = 0; i < s->nboots; i++)
		if (s->boots[i].side == side && s->boots[i].error != NULL) {
			fputs("<br><span class=\"bad\">", f);
			xml_puts_log(f, s->boots[i].error);
			fputs("</span>", f);
		}
	fputs("</td></tr>\n", f);
}

/* Whether boot b is one of side's logs read. */
static int
read_of(const struct set_boot *b, int side)
{
	return b->side == side && b->error == NULL && !b->discarded;
}

static int
same_ident(const struct set_boot *a, const struct set_boot *b, int k)
{
	return strcmp(a->ident[k] ? a->ident[k] : "",
	    b->ident[k] ? b->ident[k] : "") == 0;
}

/* One set's distinct values of ident k among its logs read, with counts. */
static void
ident_values(FILE *f, const struct sets *s, int side, int k)
{
	const struct set_boot *b = s->boots;
	size_t i, j, n;

	for (i = 0; i < s->nboots; i++) {
		if (!read_of(&b[i], side))
			continue;
		for (j = 0; j < i; j++)
			if (read_of(&b[j], side) && same_ident(&b[j], &b[i], k))
				break;
		if (j < i)
			continue;	/* said with its first log */
		for (n = 0; j < s->nboots; j++)
			n += read_of(&b[j], side) && same_ident(&b[j], &b[i], k);
		/* The count first: a command line may take lines. */
		fprintf(f, "<div><span class=\"set%s\">%s</span> &#215;%zu: "
		    "<code>", set_name(side), set_name(side), n);
		xml_puts_log(f, b[i].ident[k] ? b[i].ident[k] : "(unknown)");
		fputs("</code></div>", f);
	}
}

/* What the sets' boots differ in, each ident's values per set. */
static void
differ_lines(FILE *f, const struct sets *s)
{
	int k, side;

	for (k = 0; k < SID_COUNT; k++) {
		if (!s->differ[k])
			continue;
		fprintf(f, "<tr><th>differ in %s</th><td>", set_ident_name(k));
		for (side = 0; side < SET_SIDES; side++)
			ident_values(f, s, side, k);
		fputs("</td></tr>\n", f);
	}
}

/* The options the verdicts depend on, and the verdicts counted. */
static void
options_line(FILE *f, const struct sets *s)
{
	const size_t *n = s->nverdict, untested = s->nuntested;

	fprintf(f, "<tr><th>test</th><td>the smaller p of Mann&#8211;Whitney "
	    "and Kolmogorov&#8211;Smirnov; Benjamini&#8211;Hochberg q %g; "
	    "&#8220;same&#8221; within the floor max(%g&#160;%% of A's "
	    "median, %g&#160;ms)</td></tr>\n", s->opts.stats.q,
	    s->opts.stats.floor_rel * 100, s->opts.stats.floor_abs);
	fprintf(f, "<tr><th>verdicts</th><td>%zu items tested, %zu in one set "
	    "only: <span class=\"v slower\">%zu slower</span> <span class=\"v "
	    "faster\">%zu faster</span> <span class=\"v same\">%zu same</span> "
	    "<span class=\"v more\">%zu need more boots</span></td></tr>\n",
	    s->ntested, untested, n[STATS_SLOWER], n[STATS_FASTER],
	    n[STATS_SAME], n[STATS_MORE_BOOTS]);
}

/* Every log given: its set, place, link, whether it read, its idents. */
static void
logs_list(FILE *f, const struct sets *s, const struct html_sets_opts *o)
{
	const struct set_boot *b;
	size_t i;
	int k;

	fprintf(f, "<details><summary>The %zu logs given</summary>\n"
	    "<table class=\"logs\"><tr><th>set</th><th>#</th><th>log</th>"
	    "<th>read</th>", s->nboots);
	for (k = 0; k < SID_COUNT; k++)
		fprintf(f, "<th>%s</th>", set_ident_name(k));
	fputs("</tr>\n", f);
	for (i = 0; i < s->nboots; i++) {
		b = &s->boots[i];
		fprintf(f, "<tr><td class=\"set%s\">%s</td><td class=\"n\">%zu"
		    "</td><td>", set_name(b->side), set_name(b->side), b->index);
		html_sets_link(f, s, o, i, b->path);
		fputs("</td><td>", f);
		xml_puts_log(f, b->error != NULL ? b->error : b->discarded ?
		    "discarded" : "yes");
		for (k = 0; k < SID_COUNT; k++) {
			fputs("</td><td>", f);
			xml_puts_log(f, b->ident[k] != NULL ? b->ident[k] : "");
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n</details>\n", f);
}

int
html_sets_write(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    struct diag *d)
{
	char title[96];
	int side;

	snprintf(title, sizeof(title), "Sets of %s compared: A (%zu) and B "
	    "(%zu)", s->profile ? "profiles" : "boots", s->used[SET_A],
	    s->used[SET_B]);
	html_head(f, title);
	fputs("<section id=\"sets\">\n<h1>", f);
	xml_puts(f, title);
	fputs("</h1>\n<table class=\"about\">\n", f);
	for (side = 0; side < SET_SIDES; side++)
		set_line(f, s, o, side);
	differ_lines(f, s);
	options_line(f, s);
	fputs("</table>\n", f);
	logs_list(f, s, o);
	fputs("</section>\n", f);
	if (html_sets_items(f, s, o) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return html_sets_chart(f, s, o, d);
}
