/* sets_table.c: two sets of logs compared, as a text table read top down: the sets, what their boots differ in, the headline items (phases, critical path), then what changed, the largest change first (docs/sets.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "sets_out.h"

#define NAME_COLS 44	/* an item's column; longer names are cut */

/* Columns of UTF-8 text: one per character (its continuation bytes none). */
static size_t
cols(const char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

/* The bytes of s's first k characters. */
static size_t
first_chars(const char *s, size_t len, size_t k)
{
	size_t i = 0;

	while (i < len && (k > 0 || ((unsigned char)s[i] & 0xc0) == 0x80)) {
		if (((unsigned char)s[i] & 0xc0) != 0x80) {
			if (k == 0)
				break;
			k--;
		}
		i++;
	}
	return i;
}

/*
 * "unit ssh.service (start)", escaped; a name too long for the column
 * is cut in its middle ("sh -c /usr/...fx-nap"), so that both its ends
 * and the metric stay: the rows of one long name differ by the metric.
 */
static void
put_name(const struct set_item *it, FILE *f)
{
	const char *kind = item_kind_name(it->kind);
	const char *metric = item_metric_name(it->metric);
	size_t cap = 4 * strlen(it->name) + 1, len, w, head, tail;
	size_t room = NAME_COLS - strlen(kind) - strlen(metric) - 4;
	char *esc = malloc(cap);

	if (esc == NULL) {
		fprintf(f, "%-*s", NAME_COLS, kind);
		return;
	}
	len = escape_text(esc, cap, it->name);
	if ((w = cols(esc, len)) > room) {
		head = first_chars(esc, len, (room - 3) / 2);
		tail = first_chars(esc, len, w - (room - 3 - (room - 3) / 2));
		fprintf(f, "%s %.*s...%s (%s)", kind, (int)head, esc,
		    esc + tail, metric);
		w = room;
	} else
		fprintf(f, "%s %s (%s)", kind, esc, metric);
	fprintf(f, "%*s", (int)(room - w), "");
	free(esc);
}

static void
put_side(const struct set_item *it, int side, FILE *f)
{
	if (it->n[side] == 0)
		fprintf(f, " %4s %11s", "0", "-");
	else
		fprintf(f, " %4zu %11.1f", it->sum[side].n, it->sum[side].median);
}

static void
put_verdict(const struct set_item *it, unsigned cap, FILE *f)
{
	char ci[64];

	if (!it->tested) {
		fprintf(f, "   only in %s\n", it->n[SET_A] > 0 ? "A" : "B");
		return;
	}
	snprintf(ci, sizeof(ci), "[%+.1f, %+.1f]", it->cmp.hl_lo,
	    it->cmp.hl_hi);
	fprintf(f, " %+10.1f", it->cmp.dmedian);
	/* A's median 0: no share of it. */
	if (isfinite(it->cmp.dmedian_pct))
		fprintf(f, " %+7.1f", it->cmp.dmedian_pct);
	else
		fprintf(f, " %7s", "-");
	fprintf(f, " %+10.1f %-22s %8.2g %8.2g  %s", it->cmp.hl, ci,
	    it->cmp.p, it->p_adj, stats_verdict_name(it->dec.verdict));
	/* 0: no set has two values, no spread to size the sets by. */
	if (it->dec.verdict == STATS_MORE_BOOTS && it->dec.boots == 0)
		fputs(" (no spread known yet)", f);
	else if (it->dec.verdict == STATS_MORE_BOOTS)
		fprintf(f, " (about %u%s a side)", it->dec.boots,
		    it->dec.boots >= cap ? " or more" : "");
	putc('\n', f);
}

/* cap: the boots-needed estimate's (said "or more"). */
static void
put_row(const struct set_item *it, unsigned cap, FILE *f)
{
	put_name(it, f);
	put_side(it, SET_A, f);
	put_side(it, SET_B, f);
	put_verdict(it, cap, f);
}

/* Values left out by --drop-outliers, all items together. */
static size_t
dropped(const struct sets *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->nitems; i++)
		n += s->items[i].dropped[SET_A] + s->items[i].dropped[SET_B];
	return n;
}

/* The sets: how many boots each, which did not read, what they differ in. */
static void
put_sets(const struct sets *s, const struct sets_table_opts *o, FILE *f)
{
	size_t i, n, given[SET_SIDES] = { 0, 0 };
	int side, k;

	for (i = 0; i < s->nboots; i++)
		given[s->boots[i].side]++;
	for (side = 0; side < SET_SIDES; side++) {
		fprintf(f, "# set %s: %zu %s%s of %zu (", set_name(side),
		    s->used[side], s->profile ? "profile" : "boot",
		    s->used[side] == 1 ? "" : "s", given[side]);
		escape_fputs(o->label[side], f);
		if (o->nlabels[side] > 1)
			fprintf(f, " and %zu more", o->nlabels[side] - 1);
		fprintf(f, ")");
		if (s->opts.discard_first > 0)
			fprintf(f, ", the first %zu discarded",
			    s->opts.discard_first);
		if (s->failed[side] > 0)
			fprintf(f, ", %zu did not read", s->failed[side]);
		fputs("\n", f);
	}
	for (i = 0; i < s->nboots; i++)
		if (s->boots[i].error != NULL) {
			fprintf(f, "# left out of %s: ", set_name(s->boots[i].side));
			escape_fputs(s->boots[i].error, f);
			fputs("\n", f);
		}
	if (s->opts.drop_outliers)
		fprintf(f, "# outliers dropped: %zu values beyond Tukey's fences "
		    "of their set (--drop-outliers)\n", dropped(s));
	for (k = 0, n = 0; k < SID_COUNT; k++)
		if (s->differ[k])
			fprintf(f, "%s%s", n++ == 0 ? "# the sets' boots differ "
			    "in: " : ", ", set_ident_name(k));
	if (n > 0)
		fputs(" (--json's boot rows say how)\n", f);
}

/* What was tested and how, and the verdicts counted. */
static void
put_counts(const struct sets *s, size_t shown, FILE *f)
{
	const size_t *n = s->nverdict, untested = s->nuntested;

	fprintf(f, "# %zu items tested (the smaller p of Mann-Whitney and "
	    "Kolmogorov-Smirnov, Benjamini-Hochberg q %g); %zu in one set "
	    "only\n", s->ntested, s->opts.stats.q, untested);
	fprintf(f, "# %zu slower, %zu faster, %zu same (within the floor: "
	    "max(%g %% of A's median, %g ms)), %zu need more boots; "
	    "%zu shown (-v: all)\n", n[STATS_SLOWER], n[STATS_FASTER],
	    n[STATS_SAME], s->opts.stats.floor_rel * 100,
	    s->opts.stats.floor_abs, n[STATS_MORE_BOOTS], shown);
	fprintf(f, "# times in ms; shift: Hodges-Lehmann of B - A, its "
	    "bootstrap 95 %% CI; p before, q after the correction\n");
	fprintf(f, "%-*s %4s %11s %4s %11s %10s %7s %10s %-22s %8s %8s  %s\n",
	    NAME_COLS, "item", "n A", "median A", "n B", "median B",
	    "dmedian", "d%", "shift", "[95 % CI]", "p", "q", "verdict");
}

int
sets_table_write(const struct sets *s, const struct sets_table_opts *o,
    FILE *f)
{
	struct sets_row *v;
	size_t i, n;

	if ((v = sets_rank(s, o->all, &n)) == NULL)
		return -1;
	put_sets(s, o, f);
	put_counts(s, n, f);
	for (i = 0; i < n; i++)
		put_row(v[i].it, s->opts.stats.max_boots, f);
	free(v);
	return ferror(f) ? -1 : 0;
}
