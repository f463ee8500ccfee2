/* sink.c: bytes to an open file descriptor, straight or through gzip, for writers that do not use stdio (cairo's stream, the svgz document). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "sink.h"

/* gzip -6: svgz and the cairo formats were always written at zlib's default. */
#define SINK_GZ_LEVEL	6

int
sink_init(struct sink *s, int fd, int gz)
{
	memset(s, 0, sizeof(*s));
	s->fd = fd;
	if (!gz)
		return 0;
	/* windowBits 15 + 16: a gzip header and trailer. */
	if (deflateInit2(&s->z, SINK_GZ_LEVEL, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	s->gz = 1;
	return 0;
}

static int
write_all(struct sink *s, const unsigned char *p, size_t n)
{
	ssize_t w;

	while (n > 0 && s->err == 0) {
		w = write(s->fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			s->err = w < 0 ? errno : EIO;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return s->err ? -1 : 0;
}

/* Runs deflate over what is pending and writes what it produced. */
static int
gz_pump(struct sink *s, int flush)
{
	int zr;

	do {
		s->z.next_out = s->buf;
		s->z.avail_out = sizeof(s->buf);
		zr = deflate(&s->z, flush);
		if (zr == Z_STREAM_ERROR) {
			s->err = EIO;
			return -1;
		}
		if (write_all(s, s->buf, sizeof(s->buf) - s->z.avail_out) ==
		    -1)
			return -1;
	} while (s->z.avail_out == 0 || (flush == Z_FINISH &&
	    zr != Z_STREAM_END));
	return 0;
}

int
sink_write(struct sink *s, const void *p, size_t n)
{
	if (s->err)
		return -1;
	if (!s->gz)
		return write_all(s, p, n);
	while (n > 0) {
		/* avail_in is 32 bits wide. */
		s->z.next_in = (unsigned char *)(uintptr_t)p;
		s->z.avail_in = n > UINT32_MAX ? UINT32_MAX : (uInt)n;
		p = (const unsigned char *)p + s->z.avail_in;
		n -= s->z.avail_in;
		if (gz_pump(s, Z_NO_FLUSH) == -1)
			return -1;
	}
	return 0;
}

int
sink_finish(struct sink *s)
{
	if (s->err)
		return -1;
	return s->gz ? gz_pump(s, Z_FINISH) : 0;
}

void
sink_end(struct sink *s)
{
	if (s->gz)
		deflateEnd(&s->z);
	s->gz = 0;
}

static ssize_t
stream_write(void *cookie, const char *p, size_t n)
{
	/* stdio takes a short count as an error: all or nothing. */
	if (sink_write(cookie, p, n) == -1) {
		errno = ((struct sink *)cookie)->err;
		return -1;
	}
	return (ssize_t)n;
}

FILE *
sink_stream(struct sink *s)
{
	static const cookie_io_functions_t io = { .write = stream_write };

	return fopencookie(s, "w", io);
}
