/* obuf.c: a growing output buffer: a log's block or records, built in memory before the store writes them. */
#include <stdlib.h>

#include "grow.h"
#include "obuf.h"

int
obuf_room(struct obuf *b, size_t want)
{
	return grow_reserve((void **)&b->p, &b->cap, b->len + want, 1);
}

void
obuf_free(struct obuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}
