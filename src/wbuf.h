/* wbuf.h: text put together in memory and handed to stdio in large writes, for outputs of millions of lines (--dump-events). */
#ifndef BC_WBUF_H
#define BC_WBUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * fprintf and a call per byte cost more than decoding an event: a line
 * of --dump-events is put together here and written with one fwrite per
 * WBUF_SIZE bytes.  Every put is bounded (a put longer than the room is
 * written in pieces), so a line of any length fits.
 */
#define WBUF_SIZE	65536

struct wbuf {
	FILE *f;
	size_t n;
	int err;		/* a write failed: later puts are dropped */
	char b[WBUF_SIZE];
};

void wbuf_init(struct wbuf *, FILE *f);
/* The puts that do not fit the room left: a flush, then the rest. */
void wbuf_mem_slow(struct wbuf *, const void *p, size_t n);
void wbuf_str(struct wbuf *, const char *s);
void wbuf_u64(struct wbuf *, uint64_t v);
void wbuf_i64(struct wbuf *, int64_t v);
/* v in lowercase hex after "0x", as "0x%" PRIx64 prints it. */
void wbuf_hex(struct wbuf *, uint64_t v);
/* A byte as two lowercase hex digits. */
void wbuf_hex2(struct wbuf *, uint8_t v);
/* n bytes of s (a NUL ends them sooner) escaped as escape_text does. */
void wbuf_escape(struct wbuf *, const char *s, size_t n);
/* Writes what is held; 0, or -1 when a write failed (now or before). */
int wbuf_flush(struct wbuf *);

/* Inline: a call per byte or field was a tenth of --dump-events. */
static inline void
wbuf_mem(struct wbuf *w, const void *p, size_t n)
{
	if (n <= WBUF_SIZE - w->n) {
		memcpy(w->b + w->n, p, n);
		w->n += n;
	} else
		wbuf_mem_slow(w, p, n);
}

static inline void
wbuf_chr(struct wbuf *w, char c)
{
	if (w->n < WBUF_SIZE)
		w->b[w->n++] = c;
	else
		wbuf_mem_slow(w, &c, 1);
}

#endif
