/* test_input.c: archives in memory (written by libarchive) through input_read_memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "treeutil.h"
#include "memtar.h"

#include "input.h"
#include "parse.h"
#include "proctree.h"
#include "bootlog.h"

#define EX1 "data/bootchart-0.9/example1/"

/* proctree_dump of what input_read_memory made of buf; NULL on error. */
static char *
dump_of(const void *buf, size_t len, struct diag *d)
{
	struct bootlog t;
	struct proctree tree;
	char *out;

	bootlog_init(&t);
	memset(&tree, 0, sizeof(tree));
	diag_init(d, "test");
	d->out = NULL;
	if (read_memory_log(&t, buf, len, "mem.tgz", d) != 0) {
		bootlog_free(&t);
		return NULL;
	}
	assert_int_equal(proctree_make(&tree, &t, &tree_pruned, d), 0);
	out = dump_text(&tree);
	proctree_free(&tree);
	bootlog_free(&t);
	return out;
}

static char *
expected_dump(void)
{
	size_t len;
	char *s = read_file(shared_path(EX1 "extract.processtree.5.log"), &len);

	assert_non_null(s);
	return s;
}

/* Same pids and names in the same order as the Java extract. */
static void
assert_same_tree(const char *got, const char *want)
{
	char a[64], b[64];
	long pa, pb;
	int na, nb;

	while (*want != '\0') {
		assert_true(*got != '\0');
		assert_int_equal(sscanf(got, "%ld\t%63[^\t]%n", &pa, a, &na), 2);
		assert_int_equal(sscanf(want, "%ld\t%63[^\t]%n", &pb, b, &nb), 2);
		assert_int_equal(pa, pb);
		assert_string_equal(a, b);
		got = strchr(got, '\n') + 1;
		want = strchr(want, '\n') + 1;
	}
	assert_true(*got == '\0');
}

static void
members_in_subdirs_and_extras(void **state)
{
	const struct tar_member m[] = {
		{ "./bootchart/", .type = AE_IFDIR },
		{ "./bootchart/header", .src = EX1 "header" },
		{ "./bootchart/README", .text = "not a log\n" },
		{ "./bootchart/proc_ps.log", .src = EX1 "proc_ps.log" },
		{ "log/proc_stat.log", .src = EX1 "proc_stat.log" },
		{ "proc_diskstats.log", .src = EX1 "proc_diskstats.log" },
	};
	struct tar_blob b = memtar_make(m, sizeof(m) / sizeof(m[0]),
	    8 << 20);
	struct diag d;
	char *got = dump_of(b.buf, b.len, &d), *want = expected_dump();

	(void)state;
	assert_non_null(got);
	assert_same_tree(got, want);
	assert_int_equal(d.nwarn, 0);
	free(got);
	free(want);
	free(b.buf);
}

static void
empty_archive(void **state)
{
	struct tar_blob b = memtar_make(NULL, 0, 8 << 20);
	struct diag d;

	(void)state;
	assert_null(dump_of(b.buf, b.len, &d));
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_string_equal(d.msg, "mem.tgz: no proc_ps.log (nor "
	    "taskstats.log) found");
	free(b.buf);
}

static void
truncated_archive(void **state)
{
	const struct tar_member m[] = {
		{ "header", .src = EX1 "header" },
		{ "proc_ps.log", .src = EX1 "proc_ps.log" },
	};
	struct tar_blob b = memtar_make(m, 2, 8 << 20);
	struct diag d;

	(void)state;
	assert_null(dump_of(b.buf, b.len / 2, &d));
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "mem.tgz:proc_ps.log: "));
	assert_null(strchr(d.msg, '\n'));
	free(b.buf);
}

static void
junk_is_not_an_archive(void **state)
{
	static const char junk[] = "this is not an archive at all\n";
	static const char zeros[1024];
	struct diag d;

	(void)state;
	assert_null(dump_of(junk, sizeof(junk) - 1, &d));
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "mem.tgz: not a log archive"));
	assert_null(dump_of(zeros, 0, &d));
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_null(dump_of(zeros, 100, &d));
	assert_int_equal(d.status, EXIT_BADINPUT);
}

/* Errors inside a member name the archive, the member and the line. */
static void
member_error_has_line(void **state)
{
	const struct tar_member m[] = {
		{ "proc_stat.log", .text = "100\ncpu 1 2 3 4\n\nabc\n" },
	};
	struct tar_blob b = memtar_make(m, 1, 8 << 20);
	struct diag d;

	(void)state;
	assert_null(dump_of(b.buf, b.len, &d));
	assert_non_null(strstr(d.msg, "mem.tgz:proc_stat.log:4: "));
	free(b.buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(members_in_subdirs_and_extras),
		cmocka_unit_test(empty_archive),
		cmocka_unit_test(truncated_archive),
		cmocka_unit_test(junk_is_not_an_archive),
		cmocka_unit_test(member_error_has_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
