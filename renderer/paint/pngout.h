/* pngout.h: a streaming PNG encoder for charts painted in horizontal bands. */
#ifndef BC_PNGOUT_H
#define BC_PNGOUT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include <zlib.h>

/* Where encoded bytes go: 0 on success, -1 to stop. */
typedef int (*png_sink)(void *arg, const unsigned char *, size_t);

/* Filtered rows handed to the deflating thread (pngout.c). */
struct pngpiece {
	unsigned char *buf;
	size_t len, cap;
	int full;		/* filled, not yet deflated */
};

struct pngout {
	png_sink put;
	void *arg;
	int width, height, rows_done;
	z_stream z;
	int z_open;
	unsigned char *prev, *cur;	/* RGB rows: the one above, this one */
	/*
	 * The rows are filtered by the caller's thread and deflated by
	 * another while the caller paints the next band: two pieces in
	 * turn.  Without the thread (it could not start) the caller
	 * deflates each piece itself.
	 */
	struct pngpiece piece[2];
	int next;		/* the piece the caller fills next */
	int threaded, stop, failed;
	pthread_t th;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned char chunk[8 + 65536 + 4];	/* one IDAT chunk being filled */
};

/* Writes the signature and header. 0, or -1 (sink failed or no memory). */
int pngout_begin(struct pngout *, int width, int height, png_sink, void *);
/*
 * Encodes n rows of a cairo RGB24 image (native-endian 0x00RRGGBB
 * words, `stride` bytes apart).  0 or -1.  The sink may be called from
 * another thread until pngout_end or pngout_free returns.
 */
int pngout_rows(struct pngout *, const unsigned char *data, int stride,
    int n);
/* Finishes the image after the last row. 0 or -1. */
int pngout_end(struct pngout *);
/* Frees the encoder (after end, or instead of it on error). */
void pngout_free(struct pngout *);

#endif
