/* test_bytes.c: src/bytes.c, the numbers both programs read from traces and kallsyms. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "bytes.h"

/* Each size, each order: the same bytes read both ways. */
static void
uint_orders(void **state)
{
	static const uint8_t b[8] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06,
	    0x07, 0x08 };

	(void)state;
	assert_int_equal(bytes_uint(b, 2, 0), 0x0201);
	assert_int_equal(bytes_uint(b, 2, 1), 0x0102);
	assert_int_equal(bytes_uint(b, 4, 0), 0x04030201);
	assert_int_equal(bytes_uint(b, 4, 1), 0x01020304);
	assert_true(bytes_uint(b, 8, 0) == 0x0807060504030201ULL);
	assert_true(bytes_uint(b, 8, 1) == 0x0102030405060708ULL);
	assert_int_equal(bytes_uint(b, 1, 0), 0x01);
	assert_int_equal(bytes_uint(b, 1, 1), 0x01);
	/* A size without a load of its own goes byte by byte. */
	assert_int_equal(bytes_uint(b + 1, 3, 0), 0x040302);
	assert_int_equal(bytes_uint(b + 1, 3, 1), 0x020304);
	/* Unaligned. */
	assert_int_equal(bytes_uint(b + 1, 4, 0), 0x05040302);
	assert_int_equal(bytes_uint(b + 1, 4, 1), 0x02030405);
	assert_int_equal(bytes_uint(b, 0, 0), 0);
}

/* This machine's order: a number in memory read back as it. */
static void
host_order(void **state)
{
	uint32_t v = 0x11223344;
	uint8_t b[4];

	(void)state;
	memcpy(b, &v, 4);
	assert_int_equal(bytes_uint(b, 4, bytes_host_big()), v);
}

/* kallsyms' addresses: lower or upper case, stopping at the first other byte. */
static void
hex_fields(void **state)
{
	static const char line[] = "ffffffff81000000 T _stext";
	static const char up[] = "DEADbeef";
	static const char long17[] = "12345678901234567";
	uint64_t v;

	(void)state;
	assert_int_equal(bytes_hex(line, line + sizeof(line) - 1, &v), 16);
	assert_true(v == 0xffffffff81000000ULL);
	assert_int_equal(bytes_hex(up, up + 8, &v), 8);
	assert_true(v == 0xdeadbeefULL);
	assert_int_equal(bytes_hex(line + 16, line + 17, &v), 0);
	assert_int_equal(v, 0);
	/* More than 16 digits: the caller refuses it. */
	assert_int_equal(bytes_hex(long17, long17 + 17, &v), 17);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(uint_orders),
		cmocka_unit_test(host_order),
		cmocka_unit_test(hex_fields),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
