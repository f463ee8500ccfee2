/* loop.c: the run's loop over its sources: descriptors polled together, each with the callback that serves it. */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "loop.h"

void
loop_init(struct loop *l)
{
	memset(l, 0, sizeof(*l));
}

int
loop_add(struct loop *l, int fd, source_fn ready, void *ctx)
{
	if (grow_array((void **)&l->src, &l->cap, l->n, sizeof(*l->src)) != 0)
		return -1;
	l->src[l->n++] = (struct source){ .fd = fd, .ready = ready,
	    .ctx = ctx };
	return 0;
}

void
loop_remove(struct loop *l, int fd)
{
	size_t i;

	/* Marked, not moved: loop_once may be walking the array. */
	for (i = 0; i < l->n; i++)
		if (l->src[i].fd == fd)
			l->src[i].fd = -1;
}

/* Drops removed sources and fills the poll array; the count or -1. */
static long
prepare(struct loop *l)
{
	struct pollfd *pf;
	size_t i, n = 0;

	for (i = 0; i < l->n; i++)
		if (l->src[i].fd >= 0)
			l->src[n++] = l->src[i];
	l->n = n;
	if (grow_reserve(&l->pf, &l->pfcap, n > 0 ? n : 1, sizeof(*pf)) != 0)
		return -1;
	pf = l->pf;
	for (i = 0; i < n; i++)
		pf[i] = (struct pollfd){ .fd = l->src[i].fd, .events = POLLIN };
	return (long)n;
}

int
loop_once(struct loop *l, int timeout_ms)
{
	struct pollfd *pf;
	long n, i;
	int r;

	if ((n = prepare(l)) < 0)
		return -1;
	pf = l->pf;
	if (poll(pf, (nfds_t)n, timeout_ms) < 0)
		return errno == EINTR ? 0 : -1;
	for (i = 0; i < n; i++) {
		/* Removed by a callback served before it in this round. */
		if (pf[i].revents == 0 || l->src[i].fd != pf[i].fd)
			continue;
		r = l->src[i].ready(l->src[i].ctx, pf[i].fd, pf[i].revents);
		if (r != 0)
			return r;
	}
	return 0;
}

int
loop_run(struct loop *l)
{
	int r;

	while ((r = loop_once(l, -1)) == 0)
		;
	return r;
}

void
loop_free(struct loop *l)
{
	free(l->src);
	free(l->pf);
	loop_init(l);
}
