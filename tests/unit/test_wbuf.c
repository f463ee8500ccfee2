/* test_wbuf.c: the large-write text buffer of --dump-events against stdio's own printing and escape_fputs. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "escape.h"
#include "wbuf.h"

/* What a stream got, as a NUL-terminated malloc'd string. */
static char *
drain(FILE *f, size_t *len)
{
	long n;
	char *s;

	assert_int_equal(fflush(f), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	s = malloc((size_t)n + 1);
	assert_non_null(s);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	*len = (size_t)n;
	return s;
}

/* Text of every kind escape_one tells apart, n bytes of it. */
static char *
mixed_text(size_t n)
{
	static const char *const parts[] = {
		"plain ", "a\\b", "\t\n\r", "\x1b[31m", "\x7f", "\xc3\xa9",
		"\xe2\x82\xac", "\xc2\x9b", "\xff", "\xe2\x80\xae", "\xf0\x9f\x98\x80",
		"\xe2\x82",	/* a character cut short */
	};
	char *s = malloc(n + 1);
	size_t o = 0, i = 0, k;

	assert_non_null(s);
	while (o < n) {
		const char *p = parts[(i * 7 + i / 3) % (sizeof(parts) /
		    sizeof(parts[0]))];

		k = strlen(p);
		if (k > n - o)
			k = n - o;
		memcpy(s + o, p, k);
		o += k;
		i++;
	}
	s[n] = '\0';
	return s;
}

/* wbuf_escape's bytes are escape_fputs's, across many flushes. */
static void
escapes_as_escape_fputs(void **state)
{
	static const size_t sizes[] = { 0, 1, 5, 31, 4096, WBUF_SIZE - 3,
	    WBUF_SIZE + 17, 3 * WBUF_SIZE + 1001 };
	FILE *a, *b;
	struct wbuf *w = malloc(sizeof(*w));
	char *s, *got, *want;
	size_t i, glen, wlen;

	assert_non_null(w);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		s = mixed_text(sizes[i]);
		assert_non_null(a = tmpfile());
		assert_non_null(b = tmpfile());
		wbuf_init(w, a);
		/* An odd start, so no escape lines up with the buffer's end. */
		wbuf_str(w, "x=");
		wbuf_escape(w, s, strlen(s));
		assert_int_equal(wbuf_flush(w), 0);
		fputs("x=", b);
		escape_fputs(s, b);
		got = drain(a, &glen);
		want = drain(b, &wlen);
		assert_int_equal(glen, wlen);
		assert_memory_equal(got, want, wlen);
		free(got);
		free(want);
		free(s);
		fclose(a);
		fclose(b);
	}
	free(w);
}

/* A NUL ends the text, as it ends a C string; the length may run past it. */
static void
stops_at_a_nul(void **state)
{
	FILE *f = tmpfile();
	struct wbuf *w = malloc(sizeof(*w));
	size_t len;
	char *got;

	assert_non_null(f);
	assert_non_null(w);
	wbuf_init(w, f);
	wbuf_escape(w, "sh\0junk", 7);
	assert_int_equal(wbuf_flush(w), 0);
	got = drain(f, &len);
	assert_string_equal(got, "sh");
	free(got);
	free(w);
	fclose(f);
}

/* escape_span writes whole escapes only, and says what it consumed. */
static void
span_cuts_at_a_whole_escape(void **state)
{
	char out[8];
	size_t used, n;

	n = escape_span(out, 3, "\x01", 1, &used);
	assert_int_equal(n, 0);
	assert_int_equal(used, 0);
	n = escape_span(out, 5, "ab\x01", 3, &used);
	assert_int_equal(n, 2);
	assert_int_equal(used, 2);
	n = escape_span(out, 6, "ab\x01", 3, &used);
	assert_int_equal(n, 6);
	assert_int_equal(used, 3);
	assert_memory_equal(out, "ab\\x01", 6);
	/* A NUL is a byte like another here: wbuf_escape cuts before. */
	n = escape_span(out, 8, "a\0b", 3, &used);
	assert_int_equal(n, 6);
	assert_memory_equal(out, "a\\x00b", 6);
}

/* Numbers as printf prints them (%" PRIu64 ", %" PRId64 ", 0x%" PRIx64 ", %02x). */
static void
numbers_as_printf(void **state)
{
	static const uint64_t vals[] = { 0, 1, 9, 10, 99, 100, 255, 256,
	    4294967295u, 4294967296u, 1000000000000000000u,
	    9223372036854775807u, 9223372036854775808u,
	    18446744073709551615u, 0xffffffff813ac1b5u };
	FILE *a = tmpfile(), *b = tmpfile();
	struct wbuf *w = malloc(sizeof(*w));
	char *got, *want;
	size_t i, glen, wlen;

	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(w);
	wbuf_init(w, a);
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		wbuf_u64(w, vals[i]);
		wbuf_chr(w, ' ');
		wbuf_i64(w, (int64_t)vals[i]);
		wbuf_chr(w, ' ');
		wbuf_hex(w, vals[i]);
		wbuf_chr(w, ' ');
		wbuf_hex2(w, (uint8_t)vals[i]);
		wbuf_chr(w, '\n');
		fprintf(b, "%" PRIu64 " %" PRId64 " 0x%" PRIx64 " %02x\n",
		    vals[i], (int64_t)vals[i], vals[i],
		    (unsigned)(uint8_t)vals[i]);
	}
	assert_int_equal(wbuf_flush(w), 0);
	got = drain(a, &glen);
	want = drain(b, &wlen);
	assert_string_equal(got, want);
	free(got);
	free(want);
	free(w);
	fclose(a);
	fclose(b);
}

/* A failed write is kept: later puts are dropped and the flush says so. */
static void
a_failed_write_sticks(void **state)
{
	FILE *f = fopen("/dev/full", "w");
	struct wbuf *w = malloc(sizeof(*w));
	size_t i;

	if (f == NULL) {
		free(w);
		skip();
	}
	assert_non_null(w);
	setvbuf(f, NULL, _IONBF, 0);
	wbuf_init(w, f);
	for (i = 0; i < 3 * WBUF_SIZE; i++)
		wbuf_chr(w, 'x');
	assert_true(w->err);
	assert_true(w->n < WBUF_SIZE);
	assert_int_equal(wbuf_flush(w), -1);
	free(w);
	fclose(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(escapes_as_escape_fputs),
		cmocka_unit_test(stops_at_a_nul),
		cmocka_unit_test(span_cuts_at_a_whole_escape),
		cmocka_unit_test(numbers_as_printf),
		cmocka_unit_test(a_failed_write_sticks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
