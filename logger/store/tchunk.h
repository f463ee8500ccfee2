/* tchunk.h: a CPU's trace pages packed in the store, {u32 packed size, u32 size, zlib data} chunks (the shape trace.dat v7 gives them), and read back. */
#ifndef BCD_TCHUNK_H
#define BCD_TCHUNK_H

#include <stddef.h>
#include <stdint.h>

/* Pages per chunk: 64 KiB of 4 KiB pages, what one inflate holds. */
#define TCHUNK_PAGES	16
/* A chunk's head: u32 packed size, u32 size, in the host's order. */
#define TCHUNK_HEAD	8

struct libdeflate_compressor;
struct libdeflate_decompressor;

struct tchunk {
	struct libdeflate_compressor *c;
	struct libdeflate_decompressor *u;
	uint8_t *out;		/* one chunk packed, behind its head */
	size_t out_cap;
	uint8_t *raw;		/* one chunk unpacked (reading back) */
	size_t raw_cap;
};

/* Ready to pack chunks of up to `most` bytes.  0, or -1 (no memory). */
int tchunk_open(struct tchunk *, size_t most);
/* The bytes one chunk of n bytes can take in the store, head included. */
size_t tchunk_bound(const struct tchunk *, size_t n);
/*
 * n bytes (n <= the `most` of tchunk_open) packed: the chunk, head
 * included, at *out, *len bytes, valid until the next call.  0 or -1.
 */
int tchunk_pack(struct tchunk *, const void *raw, size_t n,
    const uint8_t **out, size_t *len);
/*
 * Each chunk of fd's first `size` bytes unpacked, handed to fn in order
 * (valid during the call); fn's non-zero return stops the walk and is
 * returned.  0, or -1 (a read, a chunk that does not unpack, memory).
 * z needs no tchunk_open: zeroed is enough to read.
 */
int tchunk_each(struct tchunk *, int fd, uint64_t size,
    int (*fn)(void *, const uint8_t *, size_t), void *arg);
void tchunk_free(struct tchunk *);

#endif
