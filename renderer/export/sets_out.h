/* sets_out.h: the outputs of two sets of logs compared: the text table and the JSON Lines (docs/sets.md). */
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

/* 0, or -1 when f failed. */
int sets_table_write(const struct sets *, const struct sets_table_opts *,
    FILE *f);
int sets_jsonl_write(const struct sets *, FILE *f);

#endif
