/* deflate_floor.c: what the compression libraries alone cost a render, for bench_trace_render.sh's floors: zlib's inflate of a gzip file (the log's tarball, every member), and the deflate of a PNG's rows as our encoder filters them, by zlib at the renderer's level 1 and by libdeflate at its fastest, the best CPU time of some runs each. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libdeflate.h>
#include <png.h>
#include <zlib.h>

#include "slurp.h"

#define RUNS_DEFAULT	9

static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Every member of a gzip file inflated; the bytes out, or 0 on error. */
static size_t
inflate_all(const unsigned char *in, size_t n)
{
	static unsigned char out[1 << 16];
	z_stream z;
	size_t total = 0;
	int r = Z_OK;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	while (z.avail_in > 0 && (r == Z_OK || r == Z_STREAM_END)) {
		if (r == Z_STREAM_END && inflateReset(&z) != Z_OK)
			break;
		do {
			z.next_out = out;
			z.avail_out = sizeof(out);
			r = inflate(&z, Z_NO_FLUSH);
			total += sizeof(out) - z.avail_out;
		} while (r == Z_OK && z.avail_out == 0);
		if (r == Z_OK && z.avail_in == 0)
			break;
	}
	inflateEnd(&z);
	return r == Z_STREAM_END ? total : 0;
}

/* The image's rows as pngout.c hands them to deflate: "Up", filter byte first. */
static unsigned char *
filtered_rows(const char *path, size_t *len)
{
	png_image pi;
	unsigned char *rgb, *f;
	size_t row, y, x;

	memset(&pi, 0, sizeof(pi));
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&pi, path))
		return NULL;
	pi.format = PNG_FORMAT_RGB;
	row = (size_t)pi.width * 3;
	rgb = malloc(PNG_IMAGE_SIZE(pi));
	f = malloc((row + 1) * pi.height);
	if (rgb == NULL || f == NULL ||
	    !png_image_finish_read(&pi, NULL, rgb, 0, NULL)) {
		png_image_free(&pi);
		free(rgb);
		free(f);
		return NULL;
	}
	for (y = 0; y < pi.height; y++) {
		f[y * (row + 1)] = 2;
		for (x = 0; x < row; x++)
			f[y * (row + 1) + 1 + x] = (unsigned char)(rgb[y * row +
			    x] - (y > 0 ? rgb[(y - 1) * row + x] : 0));
	}
	free(rgb);
	*len = (row + 1) * pi.height;
	return f;
}

/* zlib at the level and strategy of pngout.c. */
static size_t
zlib_deflate(const unsigned char *in, size_t n, unsigned char *out,
    size_t cap)
{
	z_stream z;
	size_t got;

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, 1, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		return 0;
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	got = deflate(&z, Z_FINISH) == Z_STREAM_END ? z.total_out : 0;
	deflateEnd(&z);
	return got;
}

static size_t
libdeflate_deflate(const unsigned char *in, size_t n, unsigned char *out,
    size_t cap)
{
	struct libdeflate_compressor *c = libdeflate_alloc_compressor(1);
	size_t got;

	if (c == NULL)
		return 0;
	got = libdeflate_zlib_compress(c, in, n, out, cap);
	libdeflate_free_compressor(c);
	return got;
}

static int
png_floor(const char *path, int runs)
{
	unsigned char *f, *out;
	size_t n, cap, zgot = 0, lgot = 0;
	double zbest = 1e9, lbest = 1e9, t, dt;
	int i;

	if ((f = filtered_rows(path, &n)) == NULL) {
		fprintf(stderr, "deflate_floor: %s: not a PNG libpng reads\n",
		    path);
		return 1;
	}
	cap = n + n / 8 + 1024;
	if ((out = malloc(cap)) == NULL) {
		free(f);
		return 1;
	}
	for (i = 0; i < runs; i++) {
		t = cpu_ms();
		zgot = zlib_deflate(f, n, out, cap);
		if ((dt = cpu_ms() - t) < zbest)
			zbest = dt;
		t = cpu_ms();
		lgot = libdeflate_deflate(f, n, out, cap);
		if ((dt = cpu_ms() - t) < lbest)
			lbest = dt;
	}
	free(out);
	free(f);
	if (zgot == 0 || lgot == 0)
		return 1;
	printf("rows_bytes=%zu zlib1_ms=%.2f zlib1_bytes=%zu "
	    "libdeflate1_ms=%.2f libdeflate1_bytes=%zu\n", n, zbest, zgot,
	    lbest, lgot);
	return 0;
}

static int
gzip_floor(const char *path, int runs)
{
	unsigned char *in;
	size_t n, got = 0;
	double best = 1e9, t, dt;
	int i;

	if ((in = (unsigned char *)slurp_exact_at(AT_FDCWD, path,
	    (size_t)1 << 30, &n)) == NULL) {
		fprintf(stderr, "deflate_floor: %s: cannot read\n", path);
		return 1;
	}
	for (i = 0; i < runs; i++) {
		t = cpu_ms();
		got = inflate_all(in, n);
		if ((dt = cpu_ms() - t) < best)
			best = dt;
	}
	free(in);
	if (got == 0) {
		fprintf(stderr, "deflate_floor: %s: not gzip\n", path);
		return 1;
	}
	printf("gzip_bytes=%zu out_bytes=%zu zlib_inflate_ms=%.2f\n", n, got,
	    best);
	return 0;
}

int
main(int argc, char **argv)
{
	int runs = RUNS_DEFAULT, c;
	const char *png = NULL, *gz = NULL;

	while ((c = getopt(argc, argv, "r:p:g:")) != -1)
		switch (c) {
		case 'r': runs = atoi(optarg); break;
		case 'p': png = optarg; break;
		case 'g': gz = optarg; break;
		default: goto usage;
		}
	if (runs < 1 || optind != argc || (png == NULL && gz == NULL))
		goto usage;
	if (gz != NULL && gzip_floor(gz, runs) != 0)
		return 1;
	if (png != NULL && png_floor(png, runs) != 0)
		return 1;
	return 0;
usage:
	fprintf(stderr, "usage: deflate_floor [-r RUNS] [-g FILE.gz] "
	    "[-p FILE.png]\n");
	return 2;
}
