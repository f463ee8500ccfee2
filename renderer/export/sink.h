/* sink.h: bytes to an open file descriptor, straight or through gzip, for writers that do not use stdio (cairo's stream, the svgz document). */
#ifndef BC_SINK_H
#define BC_SINK_H

#include <stddef.h>
#include <stdio.h>

#include <zlib.h>

struct sink {
	int fd;
	int err;		/* first errno seen; 0 when fine */
	int gz;			/* deflating into a gzip member */
	z_stream z;
	unsigned char buf[65536];
};

/* 0, or -1 when zlib cannot start (no memory). */
int sink_init(struct sink *, int fd, int gz);
/* 0, or -1 with s->err set; after an error every write fails. */
int sink_write(struct sink *, const void *p, size_t n);
/* Ends the gzip member (nothing to do straight); 0 or -1 as above. */
int sink_finish(struct sink *);
/* Frees zlib's state; the descriptor stays open. */
void sink_end(struct sink *);
/* A write-only stdio stream into the sink; NULL on no memory. */
FILE *sink_stream(struct sink *);

#endif
