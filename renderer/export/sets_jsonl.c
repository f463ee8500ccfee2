/* sets_jsonl.c: two sets of logs compared, as JSON Lines: one row per boot, per boot's item value, per item and set (its summary), per item compared (docs/sets.md, docs/sets.schema.json). */
#include <stdint.h>

#include "jsonw.h"
#include "sets_out.h"

static void
row_start(FILE *f, const char *row)
{
	fprintf(f, "{\"schema\": %d, \"row\": \"%s\"", SETS_SCHEMA_VERSION, row);
}

static void
boot_row(const struct sets *s, const struct set_boot *b, FILE *f)
{
	static const char *const keys[SID_COUNT] = {
		[SID_HOST] = "host",
		[SID_KERNEL] = "kernel", [SID_CMDLINE] = "cmdline",
		[SID_CLOCKSOURCE] = "clocksource", [SID_FIRMWARE] = "firmware",
		[SID_VERSION] = "version", [SID_BOOT_ID] = "boot_id",
	};
	int k;

	row_start(f, "boot");
	json_key_string(f, "set", set_name(b->side));
	fprintf(f, ", \"index\": %zu", b->index);
	json_key_string(f, "path", b->path);
	fprintf(f, ", \"discarded\": %s, \"read\": %s",
	    b->discarded ? "true" : "false",
	    !b->discarded && b->error == NULL ? "true" : "false");
	json_key_string(f, "error", b->error);
	json_key_string(f, "kind", b->discarded || b->error != NULL ? NULL :
	    s->profile ? "profile" : "boot");
	for (k = 0; k < SID_COUNT; k++)
		json_key_string(f, keys[k], b->ident[k]);
	fputs("}\n", f);
}

static void
item_key(const struct set_item *it, FILE *f)
{
	json_key_string(f, "kind", item_kind_name(it->kind));
	json_key_string(f, "name", it->name);
	json_key_string(f, "metric", item_metric_name(it->metric));
}

static void
value_rows(const struct sets *s, const struct set_item *it, FILE *f)
{
	const struct set_boot *b;
	double lo = 0, hi = 0, v;
	size_t i;
	int side;

	for (side = 0; side < SET_SIDES; side++) {
		if (set_item_fences(it, side, &lo, &hi) != 0)
			continue;
		for (i = 0; i < it->n[side]; i++) {
			b = &s->boots[it->v[side][i].boot];
			v = it->v[side][i].ms;
			row_start(f, "item");
			json_key_string(f, "set", set_name(side));
			fprintf(f, ", \"boot\": %zu", b->index);
			item_key(it, f);
			json_key_real(f, "ms", v);
			fprintf(f, ", \"outlier\": %s", v < lo || v > hi ?
			    "true" : "false");
			fputs("}\n", f);
		}
	}
}

/* The index in its set of the boot nearest v, or null. */
static void
boot_link(const struct sets *s, const struct set_item *it, int side,
    const char *key, double v, FILE *f)
{
	size_t b = set_item_boot(it, side, v);

	if (b == SIZE_MAX)
		fprintf(f, ", \"%s\": null", key);
	else
		fprintf(f, ", \"%s\": %zu", key, s->boots[b].index);
}

static void
stat_row(const struct sets *s, const struct set_item *it, int side, FILE *f)
{
	const struct stats_summary *m = &it->sum[side];

	row_start(f, "stat");
	json_key_string(f, "set", set_name(side));
	item_key(it, f);
	fprintf(f, ", \"n\": %zu", m->n);
	json_key_real(f, "median", m->median);
	json_key_real(f, "p10", m->p10);
	json_key_real(f, "p90", m->p90);
	json_key_real(f, "q1", m->q1);
	json_key_real(f, "q3", m->q3);
	json_key_real(f, "iqr", m->iqr);
	json_key_real(f, "mad", m->mad);
	json_key_real(f, "min", m->min);
	json_key_real(f, "max", m->max);
	json_key_real(f, "mean", m->mean);
	json_key_real(f, "sd", m->sd);
	json_key_real(f, "cv", m->cv);
	fprintf(f, ", \"outliers\": %zu, \"dropped\": %zu", m->noutliers,
	    it->dropped[side]);
	boot_link(s, it, side, "min_boot", m->min, f);
	boot_link(s, it, side, "median_boot", m->median, f);
	boot_link(s, it, side, "max_boot", m->max, f);
	fputs("}\n", f);
}

static void
cmp_row(const struct set_item *it, FILE *f)
{
	const struct stats_cmp *c = &it->cmp;

	row_start(f, "cmp");
	item_key(it, f);
	fprintf(f, ", \"n_a\": %zu, \"n_b\": %zu", it->n[SET_A], it->n[SET_B]);
	json_key_real(f, "p_mw", c->mw.p);
	fprintf(f, ", \"mw_exact\": %s", c->mw.exact ? "true" : "false");
	json_key_real(f, "p_ks", c->ks.p);
	fprintf(f, ", \"ks_exact\": %s", c->ks.exact ? "true" : "false");
	json_key_real(f, "p", c->p);
	json_key_real(f, "q", it->p_adj);
	json_key_real(f, "shift", c->hl);
	json_key_real(f, "shift_lo", c->hl_lo);
	json_key_real(f, "shift_hi", c->hl_hi);
	json_key_real(f, "dmedian", c->dmedian);
	json_key_real(f, "dmedian_pct", c->dmedian_pct);
	json_key_real(f, "cliff", c->cliff);
	json_key_string(f, "verdict", stats_verdict_name(it->dec.verdict));
	json_key_real(f, "floor", it->dec.floor);
	if (it->dec.verdict == STATS_MORE_BOOTS)
		fprintf(f, ", \"boots_needed\": %u", it->dec.boots);
	else
		fputs(", \"boots_needed\": null", f);
	fputs("}\n", f);
}

int
sets_jsonl_write(const struct sets *s, FILE *f)
{
	size_t i;
	int side;

	for (i = 0; i < s->nboots; i++)
		boot_row(s, &s->boots[i], f);
	for (i = 0; i < s->nitems; i++) {
		const struct set_item *it = &s->items[i];

		value_rows(s, it, f);
		for (side = 0; side < SET_SIDES; side++)
			if (it->n[side] > 0)
				stat_row(s, it, side, f);
		if (it->tested)
			cmp_row(it, f);
	}
	return ferror(f) ? -1 : 0;
}
