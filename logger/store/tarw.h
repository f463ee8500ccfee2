/* tarw.h: a streaming ustar + gzip writer (the log tarball) to any byte sink. */
#ifndef BCD_TARW_H
#define BCD_TARW_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Receives compressed bytes; returns 0, or -1 to abort (errno kept). */
typedef int (*tarw_sink)(void *arg, const void *buf, size_t len);

/*
 * The gzip stream is a series of members (RFC 1952 allows any number),
 * each TARW_MEMBER bytes of tar deflated whole by libdeflate, which
 * deflates only whole buffers: why libdeflate, why this size and which
 * readers take such a stream are in docs/logger.md, "Ending a run".
 * The two buffers are the logger's largest allocation at its end.
 */
#define TARW_MEMBER	(256 * 1024)

struct libdeflate_compressor;

struct tarw {
	struct libdeflate_compressor *c;
	unsigned char *in;	/* tar bytes not yet deflated */
	size_t in_len;
	unsigned char *out;	/* room for one member deflated */
	size_t out_cap;
	tarw_sink put;
	void *arg;
	int failed;
	uint64_t in_bytes;	/* uncompressed tar bytes so far */
};

#define TARW_NAME_MAX 99	/* ustar name field without the prefix */
#define TARW_BLOCK 512

/* Fills h with the ustar header of a regular file of `size` bytes (below
 * 8 GiB), owner root.  Returns 0, or -1 with errno EINVAL. */
int tarw_header(unsigned char h[TARW_BLOCK], const char *name, mode_t mode,
    time_t mtime, uint64_t size);

/* level: libdeflate's, 1..12.  Returns 0 or -1 (no memory). */
int tarw_open(struct tarw *, int level, tarw_sink, void *arg);
/* Adds a regular file from memory.  Returns 0 or -1. */
int tarw_add_mem(struct tarw *, const char *name, mode_t mode, time_t mtime,
    const void *data, size_t len);
/* Adds `size` bytes of fd read from offset 0 (pread).  Returns 0 or -1. */
int tarw_add_fd(struct tarw *, const char *name, mode_t mode, time_t mtime,
    int fd, uint64_t size);

/*
 * A piece of a member made of several: len bytes of mem, else of fd
 * from offset 0, else (mem NULL, fd -1) zeros.  With packed, fd's first
 * `packed` bytes are chunks (tchunk.h) that unpack to len bytes.
 */
struct tarw_piece {
	const void *mem;
	int fd;
	uint64_t len;
	uint64_t packed;
};
/* Adds a regular file whose bytes are the pieces in order.  0 or -1. */
int tarw_add_pieces(struct tarw *, const char *name, mode_t mode,
    time_t mtime, const struct tarw_piece *, size_t n);
/* Ends the archive and the gzip stream; frees all.  Returns 0 or -1. */
int tarw_close(struct tarw *);
/* Frees without finishing (after an error). */
void tarw_abort(struct tarw *);

/* Sink writing to a file descriptor (arg is an int *). */
int tarw_fd_sink(void *arg, const void *buf, size_t len);

/* Sink growing a malloc'd buffer. */
struct tarw_membuf {
	unsigned char *buf;
	size_t len, cap;
};
int tarw_mem_sink(void *arg, const void *buf, size_t len);

#endif
