/* test_tchunk.c: the store's packed trace pages: chunks read back byte-exact and in order, packed far smaller than scheduler-like pages, and a cut or damaged file refused. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "tchunk.h"

#define PAGE	4096

/* Pages that look like a scheduler's: repeated records, varying stamps. */
static void
fill(uint8_t *p, size_t n, unsigned seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = i % 64 < 48 ? (uint8_t)"sched_switch prev=bash next=cc1"[i %
		    31] : (uint8_t)((seed * 2654435761u + (unsigned)i / 64) >> 13);
}

/* What tchunk_each handed over, appended. */
struct got {
	uint8_t *p;
	size_t len, calls;
};

static int
take(void *arg, const uint8_t *p, size_t n)
{
	struct got *g = arg;
	uint8_t *q = realloc(g->p, g->len + n);

	if (q == NULL)
		return -1;
	memcpy(q + g->len, p, n);
	g->p = q;
	g->len += n;
	g->calls++;
	return 0;
}

/* Packs `sizes` chunks of pages into a temporary file; its size in *size. */
static int
packed_file(struct tchunk *z, const uint8_t *raw, const size_t *sizes,
    size_t n, uint64_t *size)
{
	char path[] = "/tmp/test_tchunk.XXXXXX";
	const uint8_t *out;
	size_t i, len, at = 0;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	unlink(path);
	*size = 0;
	for (i = 0; i < n; i++) {
		assert_int_equal(tchunk_pack(z, raw + at, sizes[i], &out, &len),
		    0);
		assert_int_equal(write(fd, out, len), (ssize_t)len);
		*size += len;
		at += sizes[i];
	}
	return fd;
}

static void
round_trip(void **state)
{
	size_t sizes[] = { TCHUNK_PAGES * PAGE, 3 * PAGE, TCHUNK_PAGES * PAGE };
	size_t total = (2 * TCHUNK_PAGES + 3) * PAGE;
	uint8_t *raw = malloc(total);
	struct got g = { 0 };
	struct tchunk z, r;
	uint64_t size;
	int fd;

	(void)state;
	assert_non_null(raw);
	fill(raw, total, 7);
	assert_int_equal(tchunk_open(&z, TCHUNK_PAGES * PAGE), 0);
	fd = packed_file(&z, raw, sizes, 3, &size);
	/* The budget's point: such pages take far less room packed. */
	assert_true(size * 4 < total);
	memset(&r, 0, sizeof(r));
	assert_int_equal(tchunk_each(&r, fd, size, take, &g), 0);
	assert_int_equal(g.calls, 3);
	assert_int_equal(g.len, total);
	assert_memory_equal(g.p, raw, total);
	tchunk_free(&r);
	tchunk_free(&z);
	close(fd);
	free(g.p);
	free(raw);
}

static void
cut_or_damaged_is_refused(void **state)
{
	size_t sizes[] = { TCHUNK_PAGES * PAGE, TCHUNK_PAGES * PAGE };
	uint8_t *raw = malloc(2 * TCHUNK_PAGES * PAGE), junk[64];
	struct got g = { 0 };
	struct tchunk z, r;
	uint64_t size;
	int fd;

	(void)state;
	assert_non_null(raw);
	fill(raw, 2 * TCHUNK_PAGES * PAGE, 3);
	assert_int_equal(tchunk_open(&z, TCHUNK_PAGES * PAGE), 0);
	fd = packed_file(&z, raw, sizes, 2, &size);
	memset(&r, 0, sizeof(r));
	/* Cut inside the second chunk: the first is handed over, then -1. */
	assert_int_equal(tchunk_each(&r, fd, size - 5, take, &g), -1);
	assert_int_equal(g.calls, 1);
	/* Garbage over the first chunk's data: it does not unpack. */
	memset(junk, 0xa5, sizeof(junk));
	assert_int_equal(pwrite(fd, junk, sizeof(junk), 40), sizeof(junk));
	assert_int_equal(tchunk_each(&r, fd, size, take, &g), -1);
	assert_int_equal(g.calls, 1);
	/* Nothing, or more than tchunk_open made room for, is refused. */
	{
		const uint8_t *out;
		size_t len;

		assert_int_equal(tchunk_pack(&z, raw, 0, &out, &len), -1);
		assert_int_equal(tchunk_pack(&z, raw, 2 * TCHUNK_PAGES * PAGE,
		    &out, &len), -1);
	}
	tchunk_free(&r);
	tchunk_free(&z);
	close(fd);
	free(g.p);
	free(raw);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(cut_or_damaged_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
