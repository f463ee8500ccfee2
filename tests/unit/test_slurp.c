/* test_slurp.c: bootchartd's whole-file reader (/proc files, os-release, the pid file): its byte cap, no FIFO. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil_impl.h"
#include "slurp.h"

/* Byte i of the test files: 63 letters and a newline per line. */
static char
pattern(size_t i)
{
	return i % 64 == 63 ? '\n' : (char)('a' + i % 26);
}

/* Writes len bytes of the pattern to a new temporary file. */
static void
make_file(char *path, size_t len)
{
	char *buf = malloc(len);
	size_t i;
	int fd;

	assert_non_null(buf);
	for (i = 0; i < len; i++)
		buf[i] = pattern(i);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	close(fd);
	free(buf);
}

/* /proc/cpuinfo takes about 1.2 KB per CPU: more than 4 KiB from 4 CPUs. */
static void
reads_past_4k(void **state)
{
	char path[] = "/tmp/test_slurp.XXXXXX";
	char *buf;
	size_t len = 0;

	(void)state;
	make_file(path, 10000 * 64);
	buf = slurp_at(AT_FDCWD, path, 1 << 20, &len);
	unlink(path);
	assert_non_null(buf);
	/* The last line's newline is cut. */
	assert_int_equal(len, 10000 * 64 - 1);
	assert_int_equal(strlen(buf), len);
	assert_int_equal(buf[0], pattern(0));
	assert_int_equal(buf[len - 1], pattern(len - 1));
	assert_int_equal(buf[5000], pattern(5000));
	free(buf);
}

static void
keeps_at_most_max(void **state)
{
	char path[] = "/tmp/test_slurp.XXXXXX";
	char *buf;
	size_t len = 0;

	(void)state;
	make_file(path, 100000);
	buf = slurp_at(AT_FDCWD, path, 5000, &len);
	unlink(path);
	assert_non_null(buf);
	assert_int_equal(len, 5000);
	assert_int_equal(strlen(buf), 5000);
	free(buf);
}

static void
missing_file_is_null(void **state)
{
	size_t len = 7;

	(void)state;
	assert_null(slurp_at(AT_FDCWD, "/nonexistent/x", 100, &len));
	assert_int_equal(len, 7);
}

/* A FIFO without a writer would block a read for ever: refused at once. */
static void
fifo_is_not_read(void **state)
{
	char dir[] = "/tmp/test_slurp.XXXXXX", path[64];
	size_t len = 0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	alarm(10);
	assert_null(slurp_at(AT_FDCWD, path, 100, &len));
	assert_int_equal(open_regular_at(AT_FDCWD, path), -1);
	alarm(0);
	unlink(path);
	rmdir(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_past_4k),
		cmocka_unit_test(keeps_at_most_max),
		cmocka_unit_test(missing_file_is_null),
		cmocka_unit_test(fifo_is_not_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
