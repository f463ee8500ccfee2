/* wbuf.c: text put together in memory and handed to stdio in large writes, for outputs of millions of lines (--dump-events). */
#include <string.h>

#include "escape.h"
#include "wbuf.h"

/*
 * The room wbuf_escape makes before each span: more than the longest
 * escape of one character (four bytes as \xHH each), so a span always
 * moves on.
 */
#define WBUF_ATOM	32

static const char hexdig[] = "0123456789abcdef";

void
wbuf_init(struct wbuf *w, FILE *f)
{
	w->f = f;
	w->n = 0;
	w->err = 0;
}

int
wbuf_flush(struct wbuf *w)
{
	if (w->n > 0 && !w->err &&
	    (fwrite(w->b, 1, w->n, w->f) != w->n || ferror(w->f)))
		w->err = 1;
	w->n = 0;
	return w->err ? -1 : 0;
}

/* Room for need bytes (at most WBUF_SIZE): flushes when short. */
static int
room(struct wbuf *w, size_t need)
{
	if (WBUF_SIZE - w->n < need && wbuf_flush(w) != 0)
		return -1;
	return w->err ? -1 : 0;
}

void
wbuf_mem_slow(struct wbuf *w, const void *p, size_t n)
{
	const char *s = p;
	size_t k;

	while (n > 0) {
		if (room(w, 1) != 0)
			return;
		k = WBUF_SIZE - w->n < n ? WBUF_SIZE - w->n : n;
		memcpy(w->b + w->n, s, k);
		w->n += k;
		s += k;
		n -= k;
	}
}

void
wbuf_str(struct wbuf *w, const char *s)
{
	wbuf_mem(w, s, strlen(s));
}

void
wbuf_u64(struct wbuf *w, uint64_t v)
{
	/* Two digits a division: a time stamp has 19 of them. */
	static const char pairs[] =
	    "00010203040506070809101112131415161718192021222324252627282930"
	    "31323334353637383940414243444546474849505152535455565758596061"
	    "62636465666768697071727374757677787980818283848586878889909192"
	    "93949596979899";
	char d[20];
	size_t i = sizeof(d);

	while (v >= 100) {
		memcpy(d + i - 2, pairs + 2 * (v % 100), 2);
		i -= 2;
		v /= 100;
	}
	if (v >= 10) {
		memcpy(d + i - 2, pairs + 2 * v, 2);
		i -= 2;
	} else
		d[--i] = (char)('0' + v);
	wbuf_mem(w, d + i, sizeof(d) - i);
}

void
wbuf_i64(struct wbuf *w, int64_t v)
{
	if (v >= 0) {
		wbuf_u64(w, (uint64_t)v);
		return;
	}
	wbuf_chr(w, '-');
	/* The magnitude of INT64_MIN has no int64_t. */
	wbuf_u64(w, (uint64_t)0 - (uint64_t)v);
}

void
wbuf_hex(struct wbuf *w, uint64_t v)
{
	char d[18];
	size_t i = sizeof(d);

	do {
		d[--i] = hexdig[v & 15];
		v >>= 4;
	} while (v > 0);
	d[--i] = 'x';
	d[--i] = '0';
	wbuf_mem(w, d + i, sizeof(d) - i);
}

void
wbuf_hex2(struct wbuf *w, uint8_t v)
{
	char d[2] = { hexdig[v >> 4], hexdig[v & 15] };

	wbuf_mem(w, d, 2);
}

void
wbuf_escape(struct wbuf *w, const char *s, size_t n)
{
	const char *nul = memchr(s, '\0', n);
	size_t used;

	if (nul != NULL)
		n = (size_t)(nul - s);
	while (n > 0) {
		if (room(w, WBUF_ATOM) != 0)
			return;
		w->n += escape_span(w->b + w->n, WBUF_SIZE - w->n, s, n, &used);
		s += used;
		n -= used;
	}
}
