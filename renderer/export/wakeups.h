/* wakeups.h: the wake-up graph of a traced log as text (--wakeups) or Graphviz DOT (--wake-graph), docs/wakeups.md. */
#ifndef BC_WAKEUPS_H
#define BC_WAKEUPS_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"

struct tdat;

struct wake_opts {
	uint32_t min_count;	/* --min-count: edges and waiters with fewer waits are left out */
	int64_t min_ns;		/* --min-time, in ns: ... and with less time */
	int dot;		/* --wake-graph: DOT, not the text report */
	const char *draw;	/* with dot: "svg" or "png" drawn by Graphviz; NULL the DOT text */
	/* The waiters kept, by process (a profile's command: boot.h); NULL: all */
	const uint8_t *mine;
	int page;		/* the HTML page's graph: short labels, the rest in tooltips */
};

/*
 * The report or the graph of tb's edges to f (drawn: the
 * CAP_WAKE_DRAW_EDGES edges of the most time).  0, or -1 (diag set).
 * The caller checks f for write errors.
 */
struct tboot;
int wakeups_write(const struct tboot *, const struct wake_opts *, FILE *f,
    struct diag *);

/*
 * The DOT of tb's edges, the CAP_WAKE_DRAW_EDGES of the most time,
 * into *dot (*len bytes, the caller frees): for the HTML page's graph.
 * 0, or -1 (no memory).
 */
int wakeups_dot(const struct tboot *, const uint8_t *mine, char **dot,
    size_t *len);

#endif
