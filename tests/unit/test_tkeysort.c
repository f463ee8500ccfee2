/* test_tkeysort.c: renderer/exact/tkeysort.c, the analyses' linear sort by thread or process, against qsort with the same comparison (the order's definition): times in order, a clock a little behind, a group in reverse (its qsort fallback), records too big. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "tkeysort.h"

/* As tcrit's and tstates' records: a key, a time, the order they came. */
struct rec {
	int64_t at;
	uint32_t key, seq;
};

static size_t
key_of(const void *a)
{
	return ((const struct rec *)a)->key;
}

static int
cmp(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* v sorted by tkeysort equals a copy sorted by qsort. */
static void
same_as_qsort(struct rec *v, size_t n)
{
	struct rec *w = malloc(n * sizeof(*w) + 1);

	assert_non_null(w);
	memcpy(w, v, n * sizeof(*v));
	qsort(w, n, sizeof(*w), cmp);
	assert_int_equal(tkeysort(v, n, sizeof(*v), key_of, cmp), 0);
	assert_memory_equal(v, w, n * sizeof(*v));
	free(w);
}

/* n records of keys keys, time t(i) for the i-th. */
static struct rec *
make(size_t n, uint32_t keys, int64_t (*t)(size_t))
{
	struct rec *v = calloc(n, sizeof(*v));
	size_t i;

	assert_non_null(v);
	for (i = 0; i < n; i++) {
		v[i].key = (uint32_t)((i * 7919) % keys);
		v[i].at = t(i);
		v[i].seq = (uint32_t)i;
	}
	return v;
}

static int64_t
t_rising(size_t i)
{
	return (int64_t)(i / 3);	/* equal times: seq decides */
}

/* Every fifth record stamped by a clock 40 records behind. */
static int64_t
t_skewed(size_t i)
{
	return (int64_t)i - (i % 5 == 4 ? 40 : 0);
}

static int64_t
t_falling(size_t i)
{
	return -(int64_t)i;
}

static void
in_order(void **state)
{
	struct rec *v = make(20000, 97, t_rising);

	(void)state;
	same_as_qsort(v, 20000);
	free(v);
}

static void
clock_behind(void **state)
{
	struct rec *v = make(20000, 13, t_skewed);

	(void)state;
	same_as_qsort(v, 20000);
	free(v);
}

/* Time only going back: each group is reversed, past 8 moves a record. */
static void
reversed(void **state)
{
	struct rec *v = make(5000, 3, t_falling);

	(void)state;
	same_as_qsort(v, 5000);
	free(v);
}

/*
 * The sizes the model sorts (tstates' 24 bytes, tcrit's 32: copies of a
 * known size), megabytes of them, so that the copy gives pages back as
 * it goes: the same order as qsort's, every record's bytes kept.
 */
static void
large_records_given_back(void **state)
{
	static const size_t sizes[] = { 24, 32, 40 };
	size_t n = 200000, i, k, size;
	unsigned char *v, *w;
	struct rec r;

	(void)state;
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		size = sizes[k];
		v = malloc(n * size);
		w = malloc(n * size);
		assert_non_null(v);
		assert_non_null(w);
		for (i = 0; i < n; i++) {
			r.key = (uint32_t)((i * 7919) % 4999);
			r.at = t_skewed(i);
			r.seq = (uint32_t)i;
			/* The bytes past the key, time and order: the record's own. */
			memset(v + i * size, (int)(i * 31 + k), size);
			memcpy(v + i * size, &r, sizeof(r));
		}
		memcpy(w, v, n * size);
		qsort(w, n, size, cmp);
		assert_int_equal(tkeysort(v, n, size, key_of, cmp), 0);
		assert_memory_equal(v, w, n * size);
		free(v);
		free(w);
	}
}

/* None or one record; a key of 0 alone; records over 64 bytes refused. */
static void
edges(void **state)
{
	struct rec one = { 5, 0, 0 };
	struct big {
		char b[72];
	} bv[2];
	struct rec *v = make(100, 1, t_skewed);

	(void)state;
	assert_int_equal(tkeysort(NULL, 0, sizeof(one), key_of, cmp), 0);
	assert_int_equal(tkeysort(&one, 1, sizeof(one), key_of, cmp), 0);
	same_as_qsort(v, 100);
	free(v);
	memset(bv, 0, sizeof(bv));
	assert_int_equal(tkeysort(bv, 2, sizeof(bv[0]), key_of, cmp), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(in_order),
		cmocka_unit_test(clock_behind),
		cmocka_unit_test(large_records_given_back),
		cmocka_unit_test(reversed),
		cmocka_unit_test(edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
