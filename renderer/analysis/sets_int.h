/* sets_int.h: the pieces of reading sets shared by sets.c (one log after another) and sets_workers.c (logs read by worker processes). */
#ifndef BC_SETS_INT_H
#define BC_SETS_INT_H

#include "sets.h"

/*
 * Reads one log into its items (l, sorted by key) and fills sb's
 * idents and kind: 0; 1 when the log did not read (sb->error set, said
 * as a warning: it is left out); -1 on another error (d set).
 */
int sets_read_items(struct set_boot *sb, const struct boot_opts *,
    struct item_list *l, struct diag *d);
/* Merges a log's items into s's table, taking their names: 0 or -1 (no memory). */
int sets_merge(struct sets *s, struct item_list *l, int side, size_t boot);
/*
 * Reads s's logs (those not discarded) in nworkers processes, merging
 * each one's items as it arrives: 0, or -1 with d set.
 */
int sets_workers_read(struct sets *s, unsigned nworkers,
    const struct boot_opts *, struct diag *d);

/* One item's sets summarised and, where both have values, compared: 0 or -1 (no memory). */
int sets_compare_item(struct set_item *, const struct sets_opts *);
/* Every item so, in nw worker processes: 0, or -1 with d set. */
int sets_workers_compare(struct sets *s, unsigned nw, struct diag *d);

#endif
