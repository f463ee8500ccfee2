/* test_parse_pacct.c: the kernel_pacct parser (BSD accounting v3) on example2's real file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "feed.h"

#include "parse.h"
#include "bootlog.h"

#define PACCT "data/bootchart-0.9/example2/kernel_pacct"
#define NREC (321408 / 64)

struct run {
	struct bootlog t;
	struct diag d;
	int rc;
};

static void
run_pacct(struct run *r, const unsigned char *buf, size_t len, size_t chunk)
{
	struct logparse lp;
	memset(r, 0, sizeof(*r));
	setup_trace(&r->t, &lp, &r->d);
	diag_set_file(&r->d, "kernel_pacct");
	r->rc = feed_chunked(&lp, &r->d, LK_PACCT, buf, len, chunk);
}

static unsigned char *
load(size_t *len)
{
	unsigned char *buf = (unsigned char *)read_file(shared_path(PACCT), len);

	assert_non_null(buf);
	assert_int_equal(*len, NREC * 64);
	return buf;
}

/*
 * Records checked against an independent decode of the file (Python
 * struct '<BBHIIIIIIf'): record 13 is bootchartd 512 (ppid 1), 17 is
 * sleep 534 forked by 533, 3241 is rc.sysinit 515 forked by 514.
 */
static void
check_forks(const struct bootlog *t)
{
	assert_int_equal(t->nforks, NREC);
	assert_int_equal(t->forks[13].pid, 512);
	assert_int_equal(t->forks[13].ppid, 1);
	assert_int_equal(t->forks[17].pid, 534);
	assert_int_equal(t->forks[17].ppid, 533);
	assert_int_equal(t->forks[3241].pid, 515);
	assert_int_equal(t->forks[3241].ppid, 514);
}

static void
reads_example2(void **state)
{
	struct run r;
	size_t len;
	unsigned char *buf = load(&len);

	run_pacct(&r, buf, len, len);
	assert_int_equal(r.rc, 0);
	assert_true(r.t.have_pacct);
	check_forks(&r.t);
	assert_int_equal(r.d.nwarn, 0);
	bootlog_free(&r.t);
	free(buf);
}

/* Records split anywhere across feeds come out the same. */
static void
splits_anywhere(void **state)
{
	struct run r;
	size_t len, chunk, i;
	unsigned char *buf = load(&len);
	struct run whole;

	run_pacct(&whole, buf, len, len);
	for (chunk = 1; chunk <= 130; chunk += (chunk < 70 ? 1 : 13)) {
		run_pacct(&r, buf, len, chunk);
		assert_int_equal(r.rc, 0);
		assert_int_equal(r.t.nforks, whole.t.nforks);
		for (i = 0; i < r.t.nforks; i++) {
			assert_int_equal(r.t.forks[i].pid, whole.t.forks[i].pid);
			assert_int_equal(r.t.forks[i].ppid,
			    whole.t.forks[i].ppid);
		}
		bootlog_free(&r.t);
	}
	bootlog_free(&whole.t);
	free(buf);
}

static void
swap(unsigned char *p, size_t n)
{
	size_t i;
	unsigned char c;

	for (i = 0; i < n / 2; i++) {
		c = p[i];
		p[i] = p[n - 1 - i];
		p[n - 1 - i] = c;
	}
}

/* The same file as a big-endian machine writes it (0x80 in the version). */
static void
reads_big_endian(void **state)
{
	struct run r;
	size_t len, i, off;
	unsigned char *buf = load(&len), *rec;

	for (i = 0; i < NREC; i++) {
		rec = buf + i * 64;
		rec[1] |= 0x80;
		swap(rec + 2, 2);
		for (off = 4; off < 40; off += 4)
			swap(rec + off, 4);
		for (off = 40; off < 48; off += 2)
			swap(rec + off, 2);
	}
	run_pacct(&r, buf, len, 4096);
	assert_int_equal(r.rc, 0);
	check_forks(&r.t);
	bootlog_free(&r.t);
	free(buf);
}

static void
ignores_a_partial_tail(void **state)
{
	struct run r;
	size_t len;
	unsigned char *buf = load(&len), *big;

	big = calloc(1, len + 10);
	assert_non_null(big);
	memcpy(big, buf, len);
	run_pacct(&r, big, len + 10, 1000);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.d.nwarn, 1);
	check_forks(&r.t);
	bootlog_free(&r.t);
	free(big);
	free(buf);
}

static void
skips_other_versions(void **state)
{
	struct run r;
	size_t len;
	unsigned char *buf = load(&len);

	buf[0 * 64 + 1] = 2;
	buf[5 * 64 + 1] = 2;
	run_pacct(&r, buf, len, 100);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.t.nforks, NREC - 2);
	/* One warning for the first, one count at the end. */
	assert_int_equal(r.d.nwarn, 2);
	bootlog_free(&r.t);
	free(buf);
}

static void
empty_file_is_valid(void **state)
{
	struct run r;

	run_pacct(&r, (const unsigned char *)"", 0, 1);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.t.nforks, 0);
	assert_true(r.t.have_pacct);
	assert_int_equal(r.d.nwarn, 0);
	bootlog_free(&r.t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_example2),
		cmocka_unit_test(splits_anywhere),
		cmocka_unit_test(reads_big_endian),
		cmocka_unit_test(ignores_a_partial_tail),
		cmocka_unit_test(skips_other_versions),
		cmocka_unit_test(empty_file_is_valid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
