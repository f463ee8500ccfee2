/* test_trace.c: the trace.dat reader on hand-built version 6 files (page and event corner cases) and on the small real recordings in tests/fuzz/trace/ (v6, v7 zstd, v7 uncompressed, made by trace-cmd). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tdat_build.h"

#include "trace.h"
#include "tracedat.h"

/* A built file opened, its events read into ev[]. */
struct opened {
	struct tb_file f;
	uint8_t *buf;
	size_t len;
	struct tdat *t;
	struct diag d;
	struct tevent ev[64];
	char str[64][128];	/* each event's str field */
	int n, rc;
};

static struct opened *
new_file(void)
{
	struct opened *o = calloc(1, sizeof(*o));

	assert_non_null(o);
	diag_init(&o->d, "test");
	o->d.out = NULL;
	diag_set_file(&o->d, "t.dat");
	return o;
}

/* Writes the file, opens it and reads every event (rc: the last tdat_next's). */
static int
open_read(struct opened *o)
{
	const struct tfmt *m;

	o->buf = tb_write(&o->f, &o->len);
	assert_non_null(o->buf);
	if (tdat_open(&o->t, o->buf, o->len, &o->d) != 0)
		return -1;
	m = tdat_format(o->t, "test", "tev");
	while (o->n < 64 && (o->rc = tdat_next(o->t, &o->ev[o->n])) == 1) {
		if (m != NULL)
			tfield_str(tfmt_field(m, "str"), &o->ev[o->n],
			    o->str[o->n], sizeof(o->str[0]));
		o->n++;
	}
	return o->rc;
}

static void
done(struct opened *o)
{
	tdat_free(o->t);
	free(o->buf);
	free(o);
}

/* An event of the test format: pid, val, name, str. */
static void
ev(struct tb_page *pg, uint32_t delta, int pid, int val, const char *str)
{
	uint8_t rec[512];
	size_t n = tb_record(rec, sizeof(rec), pid, val, "nm", str);

	tb_event(pg, delta, rec, n, 0);
}

static void
reads_fields_and_deltas(void **state)
{
	struct opened *o = new_file();
	const struct tfmt *m;
	struct tb_page *pg;

	(void)state;
	o->f.cmdlines = "12 init\n345 a comm\n";
	pg = tb_page(&o->f, 0, 1000);
	ev(pg, 5, 12, -3, "x");
	ev(pg, 7, 345, 99, "hello");
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 2);
	assert_int_equal(o->ev[0].ts_ns, 1005);
	assert_int_equal(o->ev[1].ts_ns, 1012);
	assert_int_equal(o->ev[1].pid, 345);
	m = tdat_format(o->t, "test", "tev");
	assert_non_null(m);
	assert_ptr_equal(o->ev[0].fmt, m);
	assert_string_equal(tfmt_name(m), "tev");
	assert_string_equal(tfmt_system(m), "test");
	assert_int_equal(tfield_int(tfmt_field(m, "val"), &o->ev[0]), -3);
	assert_string_equal(o->str[1], "hello");
	assert_string_equal(tdat_comm(o->t, 345), "a comm");
	assert_null(tdat_comm(o->t, 2));
	assert_int_equal(tdat_version(o->t), 6);
	assert_string_equal(tdat_clock(o->t), "local");
	done(o);
}

static void
time_extend_and_absolute_stamps(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;

	(void)state;
	pg = tb_page(&o->f, 0, 100);
	tb_extend(pg, 5000000000ULL);		/* 5 s: past 27 bits */
	ev(pg, 3, 1, 1, "a");
	tb_stamp(pg, 77777777777ULL);
	ev(pg, 0, 1, 2, "b");
	ev(pg, (1U << 27) - 1, 1, 3, "c");	/* the largest plain delta */
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 3);
	assert_int_equal(o->ev[0].ts_ns, 100 + 5000000000LL + 3);
	assert_int_equal(o->ev[1].ts_ns, 77777777777LL);
	assert_int_equal(o->ev[2].ts_ns, 77777777777LL + (1 << 27) - 1);
	done(o);
}

static void
long_events_have_type_len_0(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;
	uint8_t rec[512];
	char big[300];
	size_t n;

	(void)state;
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	pg = tb_page(&o->f, 0, 0);
	n = tb_record(rec, sizeof(rec), 9, 1, "nm", big);
	tb_event(pg, 10, rec, n, 0);	/* over 112 bytes: type_len 0 */
	n = tb_record(rec, sizeof(rec), 9, 2, "nm", "abc");
	tb_event(pg, 10, rec, n, 1);	/* short, but type_len 0 too */
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 2);
	assert_int_equal(o->ev[0].len, 24 + sizeof(big));
	assert_int_equal(strlen(o->str[0]), sizeof(o->str[0]) - 1);
	assert_int_equal(o->ev[1].len, 24 + 4);
	assert_string_equal(o->str[1], "abc");
	assert_int_equal(o->ev[1].ts_ns, 20);
	done(o);
}

/*
 * A discarded event (padding with a delta) is skipped and its delta
 * counts, as libtraceevent's kbuffer reads it (trace_decode.sh checks
 * this file with trace-cmd); padding with delta 0 ends the page.
 */
static void
padding_is_skipped(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;

	(void)state;
	pg = tb_page(&o->f, 0, 0);
	ev(pg, 10, 1, 1, "a");
	tb_pad(pg, 20, 36);
	ev(pg, 30, 1, 2, "b");
	tb_pad(pg, 0, 40);
	ev(pg, 40, 1, 3, "after the end");
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 2);
	assert_int_equal(o->ev[0].ts_ns, 10);
	assert_int_equal(o->ev[1].ts_ns, 60);
	assert_string_equal(o->str[1], "b");
	done(o);
}

static void
missed_events_are_counted(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;
	uint64_t lost, pages;

	(void)state;
	pg = tb_page(&o->f, 1, 0);
	ev(pg, 1, 1, 1, "a");
	tb_commit(pg, TDAT_MISSED_EVENTS, 0);
	pg = tb_page(&o->f, 1, 100);
	ev(pg, 1, 1, 2, "b");
	tb_commit(pg, TDAT_MISSED_EVENTS | TDAT_MISSED_STORED, 42);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 2);
	assert_int_equal(o->ev[1].cpu, 1);
	tdat_lost(o->t, 1, &lost, &pages);
	assert_int_equal(lost, 42);
	assert_int_equal(pages, 2);
	tdat_lost(o->t, 0, &lost, &pages);
	assert_int_equal(pages, 0);
	done(o);
}

static void
a_commit_past_the_page_skips_it(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;

	(void)state;
	o->d.out = fopen("/dev/null", "w");
	pg = tb_page(&o->f, 0, 0);
	ev(pg, 1, 1, 1, "lost");
	tb_commit_raw(pg, TB_PAGE);	/* more than the 4080 bytes of data */
	pg = tb_page(&o->f, 0, 50);
	ev(pg, 1, 1, 2, "kept");
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 1);
	assert_string_equal(o->str[0], "kept");
	assert_int_equal(o->d.nwarn, 1);
	fclose(o->d.out);
	done(o);
}

/* Equal times: the lower CPU first, as trace-cmd report; a CPU behind in time is merged in order anyway. */
static void
merges_cpus_by_time(void **state)
{
	struct opened *o = new_file();
	struct tb_page *p0, *p1, *p2;

	(void)state;
	p0 = tb_page(&o->f, 0, 100);
	p1 = tb_page(&o->f, 1, 50);
	p2 = tb_page(&o->f, 2, 100);
	ev(p2, 0, 3, 1, "c2");		/* 100 */
	ev(p0, 0, 1, 1, "c0");		/* 100 */
	ev(p1, 10, 2, 1, "c1a");	/* 60 */
	ev(p1, 90, 2, 1, "c1b");	/* 150 */
	ev(p0, 1, 1, 1, "c0b");		/* 101 */
	tb_commit(p0, 0, 0);
	tb_commit(p1, 0, 0);
	tb_commit(p2, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 5);
	assert_string_equal(o->str[0], "c1a");
	assert_string_equal(o->str[1], "c0");
	assert_string_equal(o->str[2], "c2");
	assert_string_equal(o->str[3], "c0b");
	assert_string_equal(o->str[4], "c1b");
	assert_int_equal(tdat_ncpus(o->t), 3);
	done(o);
}

static void
time_going_back_is_a_warning(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;

	(void)state;
	o->d.out = fopen("/dev/null", "w");
	pg = tb_page(&o->f, 0, 1000);
	ev(pg, 1, 1, 1, "a");
	tb_commit(pg, 0, 0);
	pg = tb_page(&o->f, 0, 10);	/* a page out of order */
	ev(pg, 1, 1, 2, "b");
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 2);
	assert_int_equal(o->ev[1].ts_ns, 11);
	assert_int_equal(o->d.nwarn, 1);
	fclose(o->d.out);
	done(o);
}

static void
an_event_past_its_page_is_a_warning(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;

	(void)state;
	o->d.out = fopen("/dev/null", "w");
	pg = tb_page(&o->f, 0, 0);
	ev(pg, 1, 1, 1, "a");
	ev(pg, 1, 1, 2, "b");
	pg->used -= 8;		/* commit cuts the second event */
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	assert_int_equal(o->n, 1);
	assert_int_equal(o->d.nwarn, 1);
	fclose(o->d.out);
	done(o);
}

static void
a_bad_format_is_an_error(void **state)
{
	struct opened *o = new_file();

	(void)state;
	o->f.format = "name: tev\nID: 7\nformat:\n"
	    "\tfield:int common_pid;\toffset:4;\tsignd:1;\n";
	o->f.ncpu = 1;
	assert_int_equal(open_read(o), -1);
	assert_non_null(strstr(o->d.msg, "t.dat: offset "));
	assert_non_null(strstr(o->d.msg, "bad field line"));
	assert_int_equal(o->d.status, EXIT_BADINPUT);
	done(o);
}

/* Every prefix of a file, and every byte changed: an error or events, never a crash. */
static void
truncated_and_flipped_files(void **state)
{
	struct opened *o = new_file();
	struct tb_page *pg;
	struct tdat *t;
	struct tevent e;
	struct diag d;
	size_t n, i;
	uint8_t *copy;

	(void)state;
	pg = tb_page(&o->f, 0, 0);
	ev(pg, 1, 1, 1, "a");
	tb_extend(pg, 1ULL << 40);
	ev(pg, 1, 1, 2, "b");
	tb_commit(pg, 0, 0);
	assert_int_equal(open_read(o), 0);
	diag_init(&d, "test");
	d.out = NULL;
	for (n = 0; n < o->len; n += (n < 9000 ? 1 : 61)) {
		copy = malloc(n + 1);
		memcpy(copy, o->buf, n);
		if (tdat_open(&t, copy, n, &d) == 0) {
			while (tdat_next(t, &e) == 1)
				;
			tdat_free(t);
		}
		free(copy);
	}
	diag_init(&d, "test");	/* the first error stays: a fresh one */
	d.out = NULL;
	assert_int_equal(tdat_open(&t, o->buf, 100, &d), -1);
	assert_non_null(strstr(d.msg, "truncated"));
	copy = malloc(o->len);
	for (i = 0; i < o->len; i += (i < 9000 ? 1 : 17)) {
		memcpy(copy, o->buf, o->len);
		copy[i] ^= 0xa5;
		if (tdat_open(&t, copy, o->len, &d) == 0) {
			while (tdat_next(t, &e) == 1)
				;
			tdat_free(t);
		}
	}
	free(copy);
	done(o);
}

/* The committed recordings: trace-cmd convert's three versions of one, read the same. */
static void
real_recordings_agree(void **state)
{
	static const char *const files[] = {
		"tests/fuzz/trace/sched-v6.dat",
		"tests/fuzz/trace/sched-v7-zstd.dat",
		"tests/fuzz/trace/sched-v7-none.dat",
	};
	int64_t sum[3] = { 0 }, count[3] = { 0 };
	const struct tfield *pid;
	struct tevent e;
	struct tdat *t;
	struct diag d;
	size_t len, i;
	char *buf;

	(void)state;
	diag_init(&d, "test");
	for (i = 0; i < 3; i++) {
		buf = read_file(files[i], &len);
		assert_non_null(buf);
		assert_int_equal(tdat_open(&t, buf, len, &d), 0);
		assert_int_equal(tdat_version(t), i == 0 ? 6 : 7);
		assert_non_null(tdat_format(t, "sched", "sched_switch"));
		assert_null(tdat_format(t, "sched", "no_such_event"));
		while (tdat_next(t, &e) == 1) {
			count[i]++;
			pid = e.fmt ? tfmt_field(e.fmt, "next_pid") : NULL;
			sum[i] += e.ts_ns % 1000003 + e.cpu + e.pid +
			    (pid ? tfield_int(pid, &e) : 0);
		}
		tdat_free(t);
		free(buf);
	}
	/* trace-cmd report -i sched-v6.dat: 162 events. */
	assert_int_equal(count[0], 162);
	assert_int_equal(count[1], count[0]);
	assert_int_equal(count[2], count[0]);
	assert_int_equal(sum[1], sum[0]);
	assert_int_equal(sum[2], sum[0]);
}

/*
 * The first compressed chunk of a CPU in a version 7 file: a page-aligned
 * {u32 count, u32 size, u32 unpacked size} whose unpacked size is whole
 * pages.  Its offset, or 0.
 */
static size_t
first_chunk(const uint8_t *b, size_t len)
{
	size_t off;
	uint32_t count, csize, usize;

	for (off = 4096; off + 12 <= len; off += 4096) {
		memcpy(&count, b + off, 4);
		memcpy(&csize, b + off + 4, 4);
		memcpy(&usize, b + off + 8, 4);
		if (count >= 1 && count < 100 && csize > 0 &&
		    csize <= len - off - 12 && usize > 0 && usize % 4096 == 0 &&
		    usize <= (1 << 20))
			return off;
	}
	return 0;
}

/* A chunk declaring more than it holds, or more than the cap: errors, not memory. */
static void
chunk_sizes_are_checked(void **state)
{
	struct tevent e;
	struct tdat *t;
	struct diag d;
	size_t len, off;
	uint32_t usize;
	char *buf;
	int r;

	(void)state;
	buf = read_file("tests/fuzz/trace/sched-v7-zstd.dat", &len);
	assert_non_null(buf);
	off = first_chunk((uint8_t *)buf, len);
	assert_true(off > 0);
	usize = 32u << 20;	/* over CAP_TRACE_CHUNK */
	memcpy(buf + off + 8, &usize, 4);
	diag_init(&d, "test");
	d.out = NULL;
	r = tdat_open(&t, buf, len, &d);
	if (r == 0) {
		while ((r = tdat_next(t, &e)) == 1)
			;
		tdat_free(t);
	}
	assert_int_equal(r, -1);
	assert_non_null(strstr(d.msg, "a chunk of 33554432 bytes"));
	assert_non_null(strstr(d.msg, "over this program's limit"));
	usize = 1024;		/* less than its zstd frame holds */
	memcpy(buf + off + 8, &usize, 4);
	diag_init(&d, "test");
	d.out = NULL;
	r = tdat_open(&t, buf, len, &d);
	if (r == 0) {
		while ((r = tdat_next(t, &e)) == 1)
			;
		tdat_free(t);
	}
	assert_int_equal(r, -1);
	assert_non_null(strstr(d.msg, "zstd: "));
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_fields_and_deltas),
		cmocka_unit_test(time_extend_and_absolute_stamps),
		cmocka_unit_test(long_events_have_type_len_0),
		cmocka_unit_test(padding_is_skipped),
		cmocka_unit_test(missed_events_are_counted),
		cmocka_unit_test(a_commit_past_the_page_skips_it),
		cmocka_unit_test(merges_cpus_by_time),
		cmocka_unit_test(time_going_back_is_a_warning),
		cmocka_unit_test(an_event_past_its_page_is_a_warning),
		cmocka_unit_test(a_bad_format_is_an_error),
		cmocka_unit_test(truncated_and_flipped_files),
		cmocka_unit_test(real_recordings_agree),
		cmocka_unit_test(chunk_sizes_are_checked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
