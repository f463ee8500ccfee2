/* traceout.h: exact mode's trace.dat member: the buffer's formats and texts and the drained pages laid out by tdatw.c and handed to the store as pieces. */
#ifndef BCD_TRACEOUT_H
#define BCD_TRACEOUT_H

#include "obuf.h"
#include "store.h"
#include "tarw.h"
#include "tracedrain.h"
#include "traceinst.h"

/* What the member's pieces point into until the tarball is written. */
struct traceout {
	char *texts[4];		/* kallsyms, printk formats, cmdlines, clock */
	struct obuf prefix;	/* the layout before CPU 0's pages */
	struct tarw_piece *pieces;
};

void traceout_init(struct traceout *);
/*
 * Registers trace.dat with the store (an end member): the layout from
 * ti's formats (its list of events is cut into names in place), the
 * kernel's texts with the sampler's names, and d's pages.  procfd: for
 * /proc/kallsyms.  0, or -1 with why (TRACE_WHY bytes).
 */
int traceout_build(struct traceout *, struct traceinst *ti,
    const struct tracedrain *d, const struct obuf *names, struct store *,
    int procfd, char *why);
void traceout_free(struct traceout *);

#endif
