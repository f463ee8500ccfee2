/* tarw.c: a streaming ustar + gzip writer (the log tarball) to any byte sink. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libdeflate.h>

#include "fdio.h"
#include "grow.h"
#include "tarw.h"
#include "tchunk.h"

#define RECORD (20 * TARW_BLOCK)	/* GNU tar's default blocking factor */

int
tarw_open(struct tarw *t, int level, tarw_sink put, void *arg)
{
	memset(t, 0, sizeof(*t));
	t->put = put;
	t->arg = arg;
	t->c = libdeflate_alloc_compressor(level);
	if (t->c != NULL) {
		t->out_cap = libdeflate_gzip_compress_bound(t->c, TARW_MEMBER);
		t->in = malloc(TARW_MEMBER);
		t->out = malloc(t->out_cap);
	}
	if (t->c == NULL || t->in == NULL || t->out == NULL) {
		tarw_abort(t);
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/* Deflates the tar bytes held as one gzip member and sinks it. */
static int
flush_member(struct tarw *t)
{
	size_t n;

	if (t->in_len == 0)
		return 0;
	n = libdeflate_gzip_compress(t->c, t->in, t->in_len, t->out,
	    t->out_cap);
	/* The bound makes room for any input: 0 cannot happen. */
	if (n == 0) {
		t->failed = 1;
		errno = EIO;
		return -1;
	}
	t->in_len = 0;
	if (t->put(t->arg, t->out, n) != 0) {
		t->failed = 1;
		return -1;
	}
	return 0;
}

/* Takes len more tar bytes just put at in + in_len. */
static int
took(struct tarw *t, size_t len)
{
	t->in_len += len;
	t->in_bytes += len;
	return t->in_len == TARW_MEMBER ? flush_member(t) : 0;
}

/* Adds len bytes to the tar stream. */
static int
feed(struct tarw *t, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t n;

	if (t->failed)
		return -1;
	while (len > 0) {
		n = TARW_MEMBER - t->in_len;
		if (n > len)
			n = len;
		memcpy(t->in + t->in_len, p, n);
		if (took(t, n) != 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

/* width includes the terminating NUL; callers keep v in range. */
static void
octal(char *field, size_t width, uint64_t v)
{
	size_t i;

	field[width - 1] = '\0';
	for (i = width - 1; i > 0; i--) {
		field[i - 1] = (char)('0' + (v & 7));
		v >>= 3;
	}
}

int
tarw_header(unsigned char h[TARW_BLOCK], const char *name, mode_t mode,
    time_t mtime, uint64_t size)
{
	unsigned sum = 0;
	size_t i, n = strlen(name);

	/* 11 octal digits hold sizes below 8 GiB. */
	if (n == 0 || n > TARW_NAME_MAX || size >= (1ULL << 33) || mtime < 0) {
		errno = EINVAL;
		return -1;
	}
	memset(h, 0, TARW_BLOCK);
	memcpy(h, name, n);
	octal((char *)h + 100, 8, mode & 07777);
	octal((char *)h + 108, 8, 0);
	octal((char *)h + 116, 8, 0);
	octal((char *)h + 124, 12, size);
	octal((char *)h + 136, 12, (uint64_t)mtime);
	memset(h + 148, ' ', 8);
	h[156] = '0';
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	memcpy(h + 265, "root", 4);
	memcpy(h + 297, "root", 4);
	for (i = 0; i < TARW_BLOCK; i++)
		sum += h[i];
	octal((char *)h + 148, 7, sum);
	h[155] = ' ';
	return 0;
}

static int
header(struct tarw *t, const char *name, mode_t mode, time_t mtime,
    uint64_t size)
{
	unsigned char h[TARW_BLOCK];

	if (tarw_header(h, name, mode, mtime, size) != 0) {
		t->failed = 1;
		return -1;
	}
	return feed(t, h, sizeof(h));
}

/* One block of zeros for every padding: the logger's size counts. */
static const unsigned char zero[TARW_BLOCK];

static int
pad(struct tarw *t, uint64_t size)
{
	size_t rest = (size_t)(size % TARW_BLOCK);

	if (rest == 0)
		return 0;
	return feed(t, zero, TARW_BLOCK - rest);
}

/*
 * Feeds len bytes of fd from offset 0, read straight into the member
 * buffer; a file that shrank fails.
 */
static int
feed_fd(struct tarw *t, int fd, uint64_t size)
{
	uint64_t off = 0;
	ssize_t r;
	size_t want;

	if (t->failed)
		return -1;
	while (off < size) {
		want = TARW_MEMBER - t->in_len;
		if (size - off < want)
			want = (size_t)(size - off);
		r = pread(fd, t->in + t->in_len, want, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			/* A file that shrank would break the archive. */
			if (r == 0)
				errno = EIO;
			t->failed = 1;
			return -1;
		}
		if (took(t, (size_t)r) != 0)
			return -1;
		off += (uint64_t)r;
	}
	return 0;
}

/* Where a packed piece's chunks go, and how much of it is left. */
struct chunk_feed {
	struct tarw *t;
	uint64_t left;
};

/* tchunk_each's hand: one chunk's bytes into the member, counted. */
static int
feed_chunk(void *arg, const uint8_t *p, size_t n)
{
	struct chunk_feed *f = arg;

	if (n > f->left) {
		errno = EIO;
		return -1;
	}
	f->left -= n;
	return feed(f->t, p, n);
}

/* The chunks of fd's first `packed` bytes, which unpack to size. */
static int
feed_chunks(struct tarw *t, int fd, uint64_t packed, uint64_t size)
{
	struct chunk_feed f = { t, size };
	struct tchunk z;
	int r;

	if (t->failed)
		return -1;
	memset(&z, 0, sizeof(z));
	r = tchunk_each(&z, fd, packed, feed_chunk, &f);
	tchunk_free(&z);
	/* Short of what the header said would break the archive. */
	if (r != 0 || f.left != 0) {
		if (r == 0)
			errno = EIO;
		t->failed = 1;
		return -1;
	}
	return 0;
}

/* Feeds len zero bytes. */
static int
feed_zeros(struct tarw *t, uint64_t len)
{
	size_t n;

	for (; len > 0; len -= n) {
		n = len < sizeof(zero) ? (size_t)len : sizeof(zero);
		if (feed(t, zero, n) != 0)
			return -1;
	}
	return 0;
}

int
tarw_add_pieces(struct tarw *t, const char *name, mode_t mode,
    time_t mtime, const struct tarw_piece *pc, size_t n)
{
	uint64_t size = 0;
	size_t i;
	int r = 0;

	for (i = 0; i < n; i++)
		size += pc[i].len;
	if (header(t, name, mode, mtime, size) != 0)
		return -1;
	for (i = 0; i < n && r == 0; i++) {
		if (pc[i].len == 0)
			continue;
		if (pc[i].mem != NULL)
			r = feed(t, pc[i].mem, (size_t)pc[i].len);
		else if (pc[i].fd >= 0 && pc[i].packed > 0)
			r = feed_chunks(t, pc[i].fd, pc[i].packed, pc[i].len);
		else if (pc[i].fd >= 0)
			r = feed_fd(t, pc[i].fd, pc[i].len);
		else
			r = feed_zeros(t, pc[i].len);
	}
	return r != 0 ? -1 : pad(t, size);
}

int
tarw_add_mem(struct tarw *t, const char *name, mode_t mode, time_t mtime,
    const void *data, size_t len)
{
	struct tarw_piece p = { .mem = data, .fd = -1, .len = len };

	return tarw_add_pieces(t, name, mode, mtime, &p, 1);
}

int
tarw_add_fd(struct tarw *t, const char *name, mode_t mode, time_t mtime,
    int fd, uint64_t size)
{
	struct tarw_piece p = { .fd = fd, .len = size };

	return tarw_add_pieces(t, name, mode, mtime, &p, 1);
}

int
tarw_close(struct tarw *t)
{
	uint64_t end;
	int r = 0;

	/* Two zero blocks end the archive; pad to a whole record. */
	if (feed(t, zero, TARW_BLOCK) != 0 || feed(t, zero, TARW_BLOCK) != 0)
		r = -1;
	end = t->in_bytes;
	while (r == 0 && end % RECORD != 0) {
		if (feed(t, zero, TARW_BLOCK) != 0)
			r = -1;
		end += TARW_BLOCK;
	}
	if (r == 0 && flush_member(t) != 0)
		r = -1;
	tarw_abort(t);
	return r;
}

void
tarw_abort(struct tarw *t)
{
	libdeflate_free_compressor(t->c);
	free(t->in);
	free(t->out);
	t->c = NULL;
	t->in = t->out = NULL;
	t->in_len = 0;
	/* What is fed after the end fails, as it did with zlib. */
	t->failed = 1;
}

int
tarw_fd_sink(void *arg, const void *buf, size_t len)
{
	return write_full(*(int *)arg, buf, len);
}

int
tarw_mem_sink(void *arg, const void *buf, size_t len)
{
	struct tarw_membuf *m = arg;

	if (len > SIZE_MAX - m->len ||
	    grow_reserve((void **)&m->buf, &m->cap, m->len + len, 1) != 0)
		return -1;
	memcpy(m->buf + m->len, buf, len);
	m->len += len;
	return 0;
}
