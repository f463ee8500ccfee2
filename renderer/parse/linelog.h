/* linelog.h: the frame shared by logs read one line at a time (header, init_pidname.log, cmdline2.log, paternity.log, dmesg). */
#ifndef BC_LINELOG_H
#define BC_LINELOG_H

#include <stddef.h>

#include "diag.h"
#include "linesplit.h"
#include "bootlog.h"

/*
 * State handed to the kind's line function as its `arg`.  A kind that
 * needs more state puts this first in its own struct, so the functions
 * below work on it as they are.
 */
struct logparse;

struct linelog {
	struct logparse *lp;	/* the parse stage's own state */
	struct bootlog *t;	/* lp's model */
	struct diag *d;
	struct linesplit ls;
	long bad;		/* malformed lines: only the first is named */
};

/*
 * A kind's begin(): a zeroed state of `size` bytes (sizeof(struct linelog)
 * or a struct starting with one) that calls fn for every line; NULL with
 * d set.
 */
void *linelog_open(size_t size, struct logparse *, struct diag *, line_fn fn);
/*
 * linesplit_feed and linesplit_end for parsers that report through a
 * diag: a failure no callback recorded (a line over LINESPLIT_MAX, no
 * memory) becomes the error, with the line number.  0, or -1 with d set.
 */
int linesplit_feed_diag(struct linesplit *, const char *data, size_t len,
    struct diag *);
int linesplit_end_diag(struct linesplit *, struct diag *);
/* The rest of struct logkind_ops, for kinds that need no more; release
 * frees the frame, so a kind frees what it added first. */
int linelog_feed(void *state, const void *buf, size_t len);
int linelog_end(void *state);
void linelog_release(void *state);

#endif
