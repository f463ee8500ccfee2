/* sets_out.h: the outputs of two sets of logs compared: the text table, the JSON Lines and their items' order (docs/sets.md). */
#ifndef BC_SETS_OUT_H
#define BC_SETS_OUT_H

#include <stdio.h>

#include "sets.h"

/* The "schema" of every JSON Lines row; docs/sets.schema.json says the same. */
#define SETS_SCHEMA_VERSION 1

struct sets_table_opts {
	int all;		/* -v: every item, not only the headline and the changed */
	const char *label[SET_SIDES];	/* each set's first path given */
	size_t nlabels[SET_SIDES];	/* how many were */
};

/* An item in the outputs' order; at: its place in sets.items. */
struct sets_row {
	const struct set_item *it;
	size_t at;
};

/*
 * The items in the outputs' order (sets_rank.c): the headline (phases,
 * critical path), then the changed, the largest change first, then the
 * rest; only the first two groups unless all.  Free it; NULL on no
 * memory.
 */
struct sets_row *sets_rank(const struct sets *, int all, size_t *n);
/* Whether an item is among those shown without -v (headline, changed). */
int sets_item_shown(const struct set_item *);

/* 0, or -1 when f failed. */
int sets_table_write(const struct sets *, const struct sets_table_opts *,
    FILE *f);
int sets_jsonl_write(const struct sets *, FILE *f);

#endif
