/* html_sets_rows.c: the sets' page's items, one table row each in the text table's order (sets_rank.c): the values drawn, each set's min, median and max linked to the log that gave it, the shift with its CI, p, q and the verdict. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "html_sets.h"
#include "sets_out.h"
#include "xmltext.h"

/* "slower", "faster", "same", "more": the verdict's CSS class. */
static const char *
verdict_class(const struct set_item *it)
{
	static const char *const cls[] = {
		[STATS_SLOWER] = "slower", [STATS_FASTER] = "faster",
		[STATS_SAME] = "same", [STATS_MORE_BOOTS] = "more",
	};

	return it->tested ? cls[it->dec.verdict] : "one";
}

/* A number in ms, or a dash where there is none (NaN: n = 1's SD, say). */
static void
put_ms(FILE *f, const char *fmt, double v)
{
	if (isfinite(v))
		fprintf(f, fmt, v);
	else
		fputs("&#8211;", f);
}

/* A value of side linked to the log it came from. */
static void
put_link(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    const struct set_item *it, int side, double v)
{
	size_t b = set_item_boot(it, side, v);
	char text[32];

	snprintf(text, sizeof(text), "%.1f", v);
	if (b == SIZE_MAX)
		fputs(text, f);
	else
		html_sets_link(f, s, o, b, text);
}

/* A set's n, then its min, median and max, each a link to its log. */
static void
put_side(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    const struct set_item *it, int side)
{
	const struct stats_summary *m = &it->sum[side];

	fprintf(f, "<td class=\"n\">%zu</td><td class=\"mm\">", it->n[side]);
	if (it->n[side] == 0) {
		fputs("&#8211;</td>", f);
		return;
	}
	put_link(f, s, o, it, side, m->min);
	fputs(" <b>", f);
	put_link(f, s, o, it, side, m->median);
	fputs("</b> ", f);
	put_link(f, s, o, it, side, m->max);
	fputs("</td>", f);
}

/* Δmedian (and %), the shift [CI], p, q and the verdict. */
static void
put_cmp(FILE *f, const struct set_item *it, unsigned cap)
{
	const struct stats_cmp *c = &it->cmp;

	if (!it->tested) {
		fprintf(f, "<td colspan=\"4\"></td><td class=\"v one\">only in "
		    "%s</td>", it->n[SET_A] > 0 ? "A" : "B");
		return;
	}
	fputs("<td class=\"n\">", f);
	put_ms(f, "%+.1f", c->dmedian);
	if (isfinite(c->dmedian_pct))
		fprintf(f, "<br><small>%+.1f&#160;%%</small>", c->dmedian_pct);
	fputs("</td><td class=\"n\">", f);
	put_ms(f, "%+.1f", c->hl);
	fputs("<br><small>[", f);
	put_ms(f, "%+.1f", c->hl_lo);
	fputs(", ", f);
	put_ms(f, "%+.1f", c->hl_hi);
	fputs("]</small></td><td class=\"n\">", f);
	put_ms(f, "%.2g", c->p);
	fputs("</td><td class=\"n\">", f);
	put_ms(f, "%.2g", it->p_adj);
	fprintf(f, "</td><td class=\"v %s\">%s", verdict_class(it),
	    stats_verdict_name(it->dec.verdict));
	/* 0: no set has two values, no spread to size the sets by. */
	if (it->dec.verdict == STATS_MORE_BOOTS && it->dec.boots > 0)
		fprintf(f, "<br><small>about %u%s a side</small>", it->dec.boots,
		    it->dec.boots >= cap ? " or more" : "");
	fputs("</td>", f);
}

static void
put_row(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    const struct set_item *it)
{
	fprintf(f, "<tr class=\"%s%s\"><td class=\"it\"><span class=\"k\">%s"
	    "</span> ", verdict_class(it), sets_item_shown(it) ? "" : " extra",
	    item_kind_name(it->kind));
	xml_puts_log(f, it->name);
	fprintf(f, " <span class=\"k\">(%s)</span></td><td class=\"plot\">",
	    item_metric_name(it->metric));
	html_sets_plot(f, s, it);
	fputs("</td>", f);
	put_side(f, s, o, it, SET_A);
	put_side(f, s, o, it, SET_B);
	put_cmp(f, it, s->opts.stats.max_boots);
	fputs("</tr>\n", f);
}

/* The legend of the plots and the columns. */
static void
legend(FILE *f, size_t shown, size_t all)
{
	fputs("<p class=\"legend\">Times in ms.  Each row's values on one "
	    "axis (its ends: the smallest and largest value): "
	    "<span class=\"setA\">&#9679; A</span> above, "
	    "<span class=\"setB\">&#9650; B</span> below, each set's box from "
	    "q1 to q3 with its median a bar; a value outside Tukey's fences "
	    "(q1 &#8722; 1.5 IQR, q3 + 1.5 IQR) is ringed in red, never "
	    "dropped.  Min, <b>median</b>, max: links to the log that gave "
	    "them.  Shift: Hodges&#8211;Lehmann of B &#8722; A and its "
	    "bootstrap 95&#160;% CI; p before, q after the correction.</p>\n",
	    f);
	fprintf(f, "<input type=\"checkbox\" id=\"all\"><label for=\"all\"> "
	    "show all %zu items (%zu shown: the headline items and the "
	    "changed)</label>\n", all, shown);
}

int
html_sets_items(FILE *f, const struct sets *s, const struct html_sets_opts *o)
{
	struct sets_row *v;
	size_t i, n, shown = 0;

	if ((v = sets_rank(s, 1, &n)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		shown += sets_item_shown(v[i].it);
	fputs("<section id=\"items\">\n<h2>Items</h2>\n", f);
	legend(f, shown, n);
	fputs("<table class=\"items\">\n<thead><tr><th>item</th>"
	    "<th>values</th><th>n A</th><th>A: min <b>median</b> max</th>"
	    "<th>n B</th><th>B: min <b>median</b> max</th>"
	    "<th>&#916; median</th><th>shift [95&#160;% CI]</th><th>p</th>"
	    "<th>q</th><th>verdict</th></tr></thead>\n<tbody>\n", f);
	for (i = 0; i < n; i++)
		put_row(f, s, o, v[i].it);
	fputs("</tbody>\n</table>\n</section>\n", f);
	free(v);
	return 0;
}
