/* loop.h: the run's loop over its sources: descriptors polled together, each with the callback that serves it. */
#ifndef BCD_LOOP_H
#define BCD_LOOP_H

#include <stddef.h>

/*
 * Serves fd, which poll found ready (revents).  Returns 0 to go on, 1
 * to end the loop, -1 on an error (errno) that ends it too.
 */
typedef int (*source_fn)(void *ctx, int fd, short revents);

/* One source: the sampling timer, the signals, fork events, ... */
struct source {
	int fd;			/* -1: removed */
	source_fn ready;
	void *ctx;
};

/*
 * Sources are served in the order they were added (the signals first:
 * a stop wins over a tick that came at the same time); adding one per
 * CPU is adding entries.
 */
struct loop {
	struct source *src;
	size_t n, cap;
	void *pf;		/* struct pollfd[cap], rebuilt at each wait */
	size_t pfcap;
};

void loop_init(struct loop *);
/* Adds a source read when fd is readable.  0, or -1 (no memory). */
int loop_add(struct loop *, int fd, source_fn, void *ctx);
/* Removes fd's source (it may be the one being served). */
void loop_remove(struct loop *, int fd);
/*
 * Waits up to timeout_ms (-1: for ever) for a source to be ready and
 * serves every ready one.  Returns 0, or the first nonzero return of a
 * callback (the rest are left for the next wait), or -1 (errno).
 */
int loop_once(struct loop *, int timeout_ms);
/* loop_once until it returns nonzero; returns that (1 or -1). */
int loop_run(struct loop *);
void loop_free(struct loop *);

#endif
