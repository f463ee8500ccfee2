/* pngout.h: a streaming PNG encoder for charts painted in horizontal bands. */
#ifndef BC_PNGOUT_H
#define BC_PNGOUT_H

#include <stddef.h>
#include <stdint.h>

#include <zlib.h>

/* Where encoded bytes go: 0 on success, -1 to stop. */
typedef int (*png_sink)(void *arg, const unsigned char *, size_t);

struct pngout {
	png_sink sink;
	void *arg;
	int width, height, rows_done;
	z_stream z;
	int z_open;
	unsigned char *prev, *cur;	/* RGB rows: the one above, this one */
	unsigned char *out;		/* this one filtered, after its filter byte */
	unsigned char chunk[8 + 65536 + 4];	/* one IDAT chunk being filled */
};

/* Writes the signature and header. 0, or -1 (sink failed or no memory). */
int pngout_begin(struct pngout *, int width, int height, png_sink, void *);
/*
 * Encodes n rows of a cairo RGB24 image (native-endian 0x00RRGGBB
 * words, `stride` bytes apart).  0 or -1.
 */
int pngout_rows(struct pngout *, const unsigned char *data, int stride,
    int n);
/* Finishes the image after the last row. 0 or -1. */
int pngout_end(struct pngout *);
/* Frees the encoder (after end, or instead of it on error). */
void pngout_free(struct pngout *);

#endif
