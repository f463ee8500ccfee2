/* linelog.h: the frame shared by logs read one line at a time (init_pidname.log, paternity.log). */
#ifndef BC_LINELOG_H
#define BC_LINELOG_H

#include <stddef.h>

#include "diag.h"
#include "linesplit.h"
#include "trace.h"

/* State handed to the kind's line function as its `arg`. */
struct linelog {
	struct trace *t;
	struct diag *d;
	struct linesplit ls;
	long bad;		/* malformed lines: only the first is named */
};

/* A kind's begin(): state that calls fn for every line; NULL with d set. */
void *linelog_open(struct trace *, struct diag *, line_fn fn);
/* The rest of struct logkind_ops, the same for every such kind. */
int linelog_feed(void *state, const void *buf, size_t len);
int linelog_end(void *state);
void linelog_release(void *state);

#endif
