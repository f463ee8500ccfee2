/* test_outfile.c: an output past its limit (CAP_OUTPUT_BYTES, lowered here) is refused with one line and EXIT_OUTCAP, and no file, temporary or final, is left; under the limit it is written whole. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "caps.h"
#include "outfile.h"

/* Entries of dir other than . and .. */
static int
entries(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* bytes bytes through an outfile at dir/out limited to limit; outfile_close's result. */
static int
write_out(const char *dir, size_t bytes, uint64_t limit, struct diag *d)
{
	char path[256];
	struct outfile of;
	size_t i;

	snprintf(path, sizeof(path), "%s/out", dir);
	diag_init(d, "test");
	d->out = NULL;
	assert_int_equal(outfile_open(&of, path, d), 0);
	assert_int_equal(of.limit, CAP_OUTPUT_BYTES);
	of.limit = limit;
	/* As a writer of events: until a write fails. */
	for (i = 0; i < bytes && !ferror(of.f); i++)
		putc('x', of.f);
	return outfile_close(&of, 1, d);
}

static void
over_the_limit(void **state)
{
	char dir[] = "/tmp/test_outfile.XXXXXX";
	struct diag d;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(write_out(dir, 300000, 100000, &d), -1);
	assert_int_equal(d.status, EXIT_OUTCAP);
	assert_non_null(strstr(d.msg, "out: more than 100000 bytes of "
	    "output: over this program's limit (see docs/limits.md)"));
	assert_null(strchr(d.msg, '\n'));
	/* Neither the output nor its temporary file. */
	assert_int_equal(entries(dir), 0);
	assert_int_equal(rmdir(dir), 0);
}

static void
under_the_limit(void **state)
{
	char dir[] = "/tmp/test_outfile.XXXXXX", path[256];
	struct diag d;
	FILE *f;
	long n;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(write_out(dir, 100000, 100000, &d), 0);
	assert_int_equal(d.failed, 0);
	assert_int_equal(entries(dir), 1);
	snprintf(path, sizeof(path), "%s/out", dir);
	assert_non_null(f = fopen(path, "rb"));
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	fclose(f);
	assert_int_equal(n, 100000);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(over_the_limit),
		cmocka_unit_test(under_the_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
