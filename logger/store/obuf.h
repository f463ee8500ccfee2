/* obuf.h: a growing output buffer: a log's block or records, built in memory before the store writes them. */
#ifndef BCD_OBUF_H
#define BCD_OBUF_H

#include <stddef.h>

struct obuf {
	char *p;
	size_t len, cap;
};

/* Room for `want` more bytes in b: 0 or -1. */
int obuf_room(struct obuf *, size_t want);
/* Frees the bytes; b is empty after. */
void obuf_free(struct obuf *);

#endif
