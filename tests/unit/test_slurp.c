/* test_slurp.c: bootchartd's whole-file reader (/proc files, os-release, the pid file) and its byte cap. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "slurp.h"

/* Byte i of the test files: 63 letters and a newline per line. */
static char
pattern(size_t i)
{
	return i % 64 == 63 ? '\n' : (char)('a' + i % 26);
}

/* Writes `size` bytes of the pattern to a temporary file, slurps it
 * keeping at most `max`, removes it. */
static char *
slurp_pattern(size_t size, size_t max, size_t *len)
{
	char path[] = "/tmp/test_slurp.XXXXXX";
	char *buf = malloc(size);
	size_t i;
	int fd;

	assert_non_null(buf);
	for (i = 0; i < size; i++)
		buf[i] = pattern(i);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, size), (ssize_t)size);
	close(fd);
	free(buf);
	buf = slurp_at(AT_FDCWD, path, max, len);
	unlink(path);
	assert_non_null(buf);
	assert_int_equal(strlen(buf), *len);
	return buf;
}

/*
 * /proc/cpuinfo takes about 1.2 KB per CPU, more than 4 KiB from 4
 * CPUs: the reader once stopped at 4095 bytes.
 */
static void
reads_whole_files(void **state)
{
	size_t len = 0;
	char *buf;

	(void)state;
	buf = slurp_pattern(10000 * 64, 1 << 20, &len);
	/* The last line's newline is cut. */
	assert_int_equal(len, 10000 * 64 - 1);
	assert_int_equal(buf[0], pattern(0));
	assert_int_equal(buf[5000], pattern(5000));
	assert_int_equal(buf[len - 1], pattern(len - 1));
	free(buf);
	buf = slurp_pattern(100000, 5000, &len);
	assert_int_equal(len, 5000);
	free(buf);
}

static void
missing_file_is_null(void **state)
{
	size_t len = 7;

	(void)state;
	assert_null(slurp_at(AT_FDCWD, "/nonexistent/x", 100, &len));
	assert_int_equal(len, 7);
	/* Not a regular file (test_logger_config tries a FIFO). */
	assert_null(slurp_at(AT_FDCWD, "/dev/zero", 100, &len));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_whole_files),
		cmocka_unit_test(missing_file_is_null),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
