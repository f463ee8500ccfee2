/* test_pngout.c: the charts' PNG encoder: what libpng reads back is what was fed, in any bands, with its deflate beside the caller or (no thread to be had) on it; a sink that fails stops it cleanly at any point. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "testutil.h"
#include "pngout.h"

/*
 * pthread_create, interposed: when no_threads is set it fails as it does
 * when a process may have no more threads, and the encoder deflates on
 * the caller's thread.
 */
static int no_threads;

int
pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *),
    void *arg)
{
	int (*real)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
	    void *);

	if (no_threads)
		return EAGAIN;
	*(void **)&real = dlsym(RTLD_NEXT, "pthread_create");
	return real == NULL ? EAGAIN : real(t, a, fn, arg);
}

/* An image whose rows differ (a diagonal, noise) and repeat (flat runs). */
static uint32_t *
make_image(int w, int h)
{
	uint32_t *px = malloc((size_t)w * (size_t)h * sizeof(*px));
	unsigned seed = 7;
	int x, y;

	assert_non_null(px);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++) {
			seed = seed * 1103515245u + 12345u;
			px[(size_t)y * w + x] = (x + y) % 37 == 0 ? 0x00204080u :
			    y % 50 < 25 ? 0x00f0f0f0u : (seed >> 8) & 0xffffffu;
		}
	return px;
}

/* What the sink keeps, and when it fails (the call that fails, 0: never). */
struct mem {
	unsigned char *p;
	size_t n, cap;
	int calls, fail_at;
};

static int
to_mem(void *arg, const unsigned char *b, size_t n)
{
	struct mem *m = arg;

	if (++m->calls == m->fail_at)
		return -1;
	if (m->n + n > m->cap) {
		m->cap = (m->n + n) * 2;
		m->p = realloc(m->p, m->cap);
		if (m->p == NULL)
			return -1;
	}
	memcpy(m->p + m->n, b, n);
	m->n += n;
	return 0;
}

/* Feeds the image in bands of `band` rows; 0, or -1 where it failed. */
static int
encode(const uint32_t *px, int w, int h, int band, struct mem *m)
{
	struct pngout *p = calloc(1, sizeof(*p));
	int y, n, rc = 0;

	assert_non_null(p);
	if (pngout_begin(p, w, h, to_mem, m) != 0)
		rc = -1;
	for (y = 0; rc == 0 && y < h; y += n) {
		n = h - y < band ? h - y : band;
		rc = pngout_rows(p, (const unsigned char *)(px +
		    (size_t)y * w), w * 4, n);
	}
	if (rc == 0)
		rc = pngout_end(p);
	pngout_free(p);
	free(p);
	return rc;
}

/* A sink failing at each of its calls in turn fails the encoder each time. */
static void
fails_at_each_call(const uint32_t *px, int w, int h, int band, int calls)
{
	struct mem m;
	int k;

	assert_true(calls > 4);
	for (k = 1; k <= calls; k++) {
		memset(&m, 0, sizeof(m));
		m.fail_at = k;
		assert_int_equal(encode(px, w, h, band, &m), -1);
		free(m.p);
	}
}

/* libpng's reading of the PNG equals the image, pixel for pixel. */
static void
check_decodes(const struct mem *m, const uint32_t *px, int w, int h)
{
	png_image pi;
	unsigned char *rgb;
	size_t i;

	memset(&pi, 0, sizeof(pi));
	pi.version = PNG_IMAGE_VERSION;
	assert_true(png_image_begin_read_from_memory(&pi, m->p, m->n));
	assert_int_equal(pi.width, w);
	assert_int_equal(pi.height, h);
	pi.format = PNG_FORMAT_RGB;
	rgb = malloc(PNG_IMAGE_SIZE(pi));
	assert_non_null(rgb);
	assert_true(png_image_finish_read(&pi, NULL, rgb, 0, NULL));
	for (i = 0; i < (size_t)w * h; i++) {
		assert_int_equal(rgb[3 * i], (px[i] >> 16) & 0xff);
		assert_int_equal(rgb[3 * i + 1], (px[i] >> 8) & 0xff);
		assert_int_equal(rgb[3 * i + 2], px[i] & 0xff);
	}
	free(rgb);
}

/*
 * 700 x 1300: a piece of filtered rows holds 499 of them, so the image
 * goes to the deflating thread in three pieces whatever the bands; one
 * row at a time, odd bands and the whole image give the same bytes (one
 * deflate stream, fed in order) and read back as the image.
 */
static void
round_trip_in_any_bands(void **state)
{
	static const int bands[] = { 1, 7, 256, 1300 };
	const int w = 700, h = 1300;
	uint32_t *px = make_image(w, h);
	struct mem first = { 0 }, m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bands) / sizeof(bands[0]); i++) {
		memset(&m, 0, sizeof(m));
		assert_int_equal(encode(px, w, h, bands[i], &m), 0);
		check_decodes(&m, px, w, h);
		if (i == 0) {
			first = m;
			continue;
		}
		assert_int_equal(m.n, first.n);
		assert_memory_equal(m.p, first.p, m.n);
		free(m.p);
	}
	free(first.p);
	free(px);
}

/*
 * The sink fails at each of its calls in turn (the signature, the
 * header, IDAT chunks written by the deflating thread, the last ones and
 * IEND written at the end): the encoder says so, and neither hangs nor
 * leaks (ASan's leak check in the SAN build).
 */
static void
sink_failure_anywhere(void **state)
{
	const int w = 900, h = 600;
	uint32_t *px = make_image(w, h);
	struct mem m = { 0 };

	(void)state;
	assert_int_equal(encode(px, w, h, 64, &m), 0);
	free(m.p);
	fails_at_each_call(px, w, h, 64, m.calls);
	free(px);
}

/*
 * Without the thread (it could not start): the same bytes, and a sink
 * failing anywhere still fails the encoder.
 */
static void
without_the_thread(void **state)
{
	const int w = 700, h = 1300;
	uint32_t *px = make_image(w, h);
	struct mem threaded = { 0 }, m = { 0 };

	(void)state;
	assert_int_equal(encode(px, w, h, 256, &threaded), 0);
	no_threads = 1;
	assert_int_equal(encode(px, w, h, 256, &m), 0);
	assert_int_equal(m.n, threaded.n);
	assert_memory_equal(m.p, threaded.p, m.n);
	free(m.p);
	fails_at_each_call(px, w, h, 256, m.calls);
	no_threads = 0;
	free(threaded.p);
	free(px);
}

/* An encoder given up on midway (the painting failed) is freed at once. */
static void
free_midway(void **state)
{
	const int w = 500, h = 3000;
	uint32_t *px = make_image(w, h);
	struct pngout *p = calloc(1, sizeof(*p));
	struct mem m = { 0 };

	(void)state;
	assert_non_null(p);
	assert_int_equal(pngout_begin(p, w, h, to_mem, &m), 0);
	assert_int_equal(pngout_rows(p, (const unsigned char *)px, w * 4,
	    h / 2), 0);
	pngout_free(p);
	free(p);
	free(m.p);
	free(px);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip_in_any_bands),
		cmocka_unit_test(sink_failure_anywhere),
		cmocka_unit_test(free_midway),
		cmocka_unit_test(without_the_thread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
