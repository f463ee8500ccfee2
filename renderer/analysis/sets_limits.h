/* sets_limits.h: --thresholds FILE, each item's own regression threshold for sets of logs: one line per item, as the table names it (docs/sets.md). */
#ifndef BC_SETS_LIMITS_H
#define BC_SETS_LIMITS_H

#include <stddef.h>

#include "diag.h"
#include "sets.h"

/* A file of more lines than this is refused (a typo, not a list). */
#define SETS_LIMITS_MAX 100000

/* One line: "KIND NAME (METRIC) MS", MS the largest shift let pass. */
struct set_limit {
	int kind, metric;
	char *name;
	double ms;
	int used;		/* an item of the sets matched it */
};

struct set_limits {
	struct set_limit *v;
	size_t n, cap;
};

/*
 * Parses a thresholds file held in memory (label names it in errors):
 * 0, or -1 with d set ("LABEL:LINE: ...", EXIT_BADINPUT).
 */
int sets_limits_parse(struct set_limits *, const char *buf, size_t len,
    const char *label, struct diag *d);
/* Reads and parses the file: 0 or -1 (d set). */
int sets_limits_read(struct set_limits *, const char *path, struct diag *d);
/* The line for an item, or NULL. */
struct set_limit *sets_limit_of(const struct set_limits *,
    const struct set_item *);
void sets_limits_free(struct set_limits *);

#endif
