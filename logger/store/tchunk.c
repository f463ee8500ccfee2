/* tchunk.c: a CPU's trace pages packed in the store, {u32 packed size, u32 size, zlib data} chunks (the shape trace.dat v7 gives them), and read back. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libdeflate.h>

#include "tchunk.h"

/*
 * libdeflate's level 6: scheduler pages pack 9 to 16 times (level 1:
 * 7.6 times); 368 MB of a flood's pages cost the drains 1.4 s of CPU,
 * the reads included.  The store's budget is what it buys.
 */
#define TCHUNK_LEVEL	6

int
tchunk_open(struct tchunk *z, size_t most)
{
	memset(z, 0, sizeof(*z));
	if ((z->c = libdeflate_alloc_compressor(TCHUNK_LEVEL)) == NULL)
		return -1;
	z->out_cap = TCHUNK_HEAD + libdeflate_zlib_compress_bound(z->c, most);
	if ((z->out = malloc(z->out_cap)) == NULL)
		return -1;
	return 0;
}

size_t
tchunk_bound(const struct tchunk *z, size_t n)
{
	return TCHUNK_HEAD + libdeflate_zlib_compress_bound(z->c, n);
}

int
tchunk_pack(struct tchunk *z, const void *raw, size_t n, const uint8_t **out,
    size_t *len)
{
	uint32_t head[2];
	size_t k;

	if (n == 0 || n > UINT32_MAX || tchunk_bound(z, n) > z->out_cap)
		return -1;
	k = libdeflate_zlib_compress(z->c, raw, n, z->out + TCHUNK_HEAD,
	    z->out_cap - TCHUNK_HEAD);
	if (k == 0)
		return -1;
	head[0] = (uint32_t)k;
	head[1] = (uint32_t)n;
	memcpy(z->out, head, sizeof(head));
	*out = z->out;
	*len = TCHUNK_HEAD + k;
	return 0;
}

/* Exactly n bytes at off; 0 or -1. */
static int
read_at(int fd, void *p, size_t n, uint64_t off)
{
	ssize_t r;

	while (n > 0) {
		r = pread(fd, p, n, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p = (uint8_t *)p + r;
		n -= (size_t)r;
		off += (uint64_t)r;
	}
	return 0;
}

/* Room for a chunk read back: packed at the front, unpacked after. */
static int
room(struct tchunk *z, size_t packed, size_t size)
{
	uint8_t *p;

	if (packed + size <= z->raw_cap)
		return 0;
	if ((p = realloc(z->raw, packed + size)) == NULL)
		return -1;
	z->raw = p;
	z->raw_cap = packed + size;
	return 0;
}

/* The chunk at off unpacked at z->raw + head[0]; its packed size in head. */
static int
unpack_at(struct tchunk *z, int fd, uint64_t off, uint64_t end,
    uint32_t head[2])
{
	size_t got;

	if (off + TCHUNK_HEAD > end || read_at(fd, head, TCHUNK_HEAD, off) !=
	    0 || head[0] > end - off - TCHUNK_HEAD)
		return -1;
	if (room(z, head[0], head[1]) != 0 || read_at(fd, z->raw, head[0],
	    off + TCHUNK_HEAD) != 0)
		return -1;
	if (z->u == NULL && (z->u = libdeflate_alloc_decompressor()) == NULL)
		return -1;
	if (libdeflate_zlib_decompress(z->u, z->raw, head[0], z->raw +
	    head[0], head[1], &got) != LIBDEFLATE_SUCCESS || got != head[1])
		return -1;
	return 0;
}

int
tchunk_each(struct tchunk *z, int fd, uint64_t size,
    int (*fn)(void *, const uint8_t *, size_t), void *arg)
{
	uint32_t head[2];
	uint64_t off = 0;
	int r;

	while (off < size) {
		if (unpack_at(z, fd, off, size, head) != 0)
			return -1;
		if ((r = fn(arg, z->raw + head[0], head[1])) != 0)
			return r;
		off += TCHUNK_HEAD + head[0];
	}
	return 0;
}

void
tchunk_free(struct tchunk *z)
{
	if (z->c != NULL)
		libdeflate_free_compressor(z->c);
	if (z->u != NULL)
		libdeflate_free_decompressor(z->u);
	free(z->out);
	free(z->raw);
	memset(z, 0, sizeof(*z));
}
