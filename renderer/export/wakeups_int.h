/* wakeups_int.h: what wakeups.c (the text report) and wakedot.c (the graph) share. */
#ifndef BC_WAKEUPS_INT_H
#define BC_WAKEUPS_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "wakeups.h"

struct tboot;

#define NAME_MAX_ESC	128	/* a 16-byte comm, every byte escaped */
#define FRAMES_ESC	2100	/* a stack's 512 bytes, every byte escaped */

/* ns as ms with three decimals, truncated to the µs. */
void wk_put_ms(FILE *, int64_t ns);
/* Whether the filters keep count waits of ns in all. */
int wk_kept(const struct wake_opts *, uint64_t count, int64_t ns);
/* Whether the view keeps process proc's waits (a profile: its command's). */
int wk_mine(const struct wake_opts *, uint32_t proc);
/* A node's name, escaped: a process's comm ("?" when none), or a pseudo node's. */
void wk_node_name(const struct tboot *, int32_t, char *out, size_t cap);
/* qsort: the edges of the most time first. */
/* qsort: the stacks of the most time first. */
/* The digraph of the edges kept, at most max of them (0: all); 0, or -1. */
int wk_graph(const struct tboot *, const struct wake_opts *, size_t max,
    FILE *f);
/* The same drawn (o->draw) by graphdraw.c; 0, or -1 (d set). */
int wk_draw(const struct tboot *, const struct wake_opts *, FILE *f,
    struct diag *d);

#endif
