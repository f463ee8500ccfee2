/* linesplit.h: cut a byte stream that arrives in chunks into lines. */
#ifndef BC_LINESPLIT_H
#define BC_LINESPLIT_H

#include <stddef.h>

/* Longest line accepted; far above any /proc line (see docs/limits.md). */
#define LINESPLIT_MAX (1024 * 1024)

/*
 * Called once per line, without the '\n' (a trailing '\r' is kept).
 * `lineno` counts from 1.  A non-zero return stops the split and is
 * passed back to the caller of linesplit_feed/linesplit_end.
 */
typedef int (*line_fn)(void *arg, const char *line, size_t len, long lineno);

struct linesplit {
	line_fn fn;
	void *arg;
	char *buf;		/* the part of a line carried across chunks */
	size_t len, cap;
	long lineno;
	int toolong;		/* set when a line exceeded LINESPLIT_MAX */
};

void linesplit_init(struct linesplit *, line_fn, void *arg);
/* Returns 0, the callback's non-zero value, or -1 (line too long or no memory). */
int linesplit_feed(struct linesplit *, const char *data, size_t len);
/* Delivers a last line that had no '\n'. */
int linesplit_end(struct linesplit *);
void linesplit_free(struct linesplit *);

#endif
