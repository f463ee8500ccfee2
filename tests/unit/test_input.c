/* test_input.c: archives in memory (written by libarchive) through input_read_memory. */
#include <archive.h>
#include <archive_entry.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil_impl.h"

#include "input.h"
#include "parse.h"
#include "proctree.h"
#include "trace.h"

#define EX1 "data/bootchart-0.9/example1/"

struct member {
	const char *path;	/* name inside the archive */
	const char *src;	/* shared file, or NULL for `text` */
	const char *text;
	int dir;		/* a directory entry instead of a file */
};

struct blob {
	char *buf;
	size_t len;
};

static void
add_member(struct archive *a, const struct member *m)
{
	struct archive_entry *e = archive_entry_new();
	size_t len = 0;
	char *data = NULL;

	assert_non_null(e);
	if (m->src != NULL) {
		data = read_file(shared_path(m->src), &len);
		assert_non_null(data);
	} else if (m->text != NULL) {
		len = strlen(m->text);
	}
	archive_entry_set_pathname(e, m->path);
	archive_entry_set_filetype(e, m->dir ? AE_IFDIR : AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_size(e, m->dir ? 0 : (la_int64_t)len);
	assert_int_equal(archive_write_header(a, e), ARCHIVE_OK);
	if (!m->dir && len > 0)
		assert_int_equal(archive_write_data(a, data ? data : m->text,
		    len), (la_ssize_t)len);
	archive_entry_free(e);
	free(data);
}

/* A gzip'd ustar archive of the members, made with libarchive's writer. */
static struct blob
make_tgz(const struct member *m, size_t n)
{
	struct blob b;
	struct archive *a = archive_write_new();
	size_t used = 0, cap = 8 * 1024 * 1024, i;

	assert_non_null(a);
	b.buf = malloc(cap);
	assert_non_null(b.buf);
	assert_int_equal(archive_write_set_format_ustar(a), ARCHIVE_OK);
	assert_int_equal(archive_write_add_filter_gzip(a), ARCHIVE_OK);
	assert_int_equal(archive_write_open_memory(a, b.buf, cap, &used),
	    ARCHIVE_OK);
	for (i = 0; i < n; i++)
		add_member(a, &m[i]);
	assert_int_equal(archive_write_close(a), ARCHIVE_OK);
	archive_write_free(a);
	b.len = used;
	return b;
}

/* proctree_dump of what input_read_memory made of buf; NULL on error. */
static char *
dump_of(const void *buf, size_t len, struct diag *d)
{
	struct trace t;
	struct proctree tree;
	char *out = NULL;
	size_t outlen = 0;
	FILE *f;

	trace_init(&t);
	memset(&tree, 0, sizeof(tree));
	diag_init(d, "test");
	d->out = NULL;
	if (input_read_memory(&t, buf, len, "mem.tgz", d) != 0) {
		trace_free(&t);
		return NULL;
	}
	assert_int_equal(proctree_make(&tree, &t, 1, d), 0);
	f = open_memstream(&out, &outlen);
	assert_non_null(f);
	proctree_dump(&tree, f);
	fclose(f);
	proctree_free(&tree);
	trace_free(&t);
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
	const struct member m[] = {
		{ "./bootchart/", NULL, NULL, 1 },
		{ "./bootchart/header", EX1 "header", NULL, 0 },
		{ "./bootchart/README", NULL, "not a log\n", 0 },
		{ "./bootchart/proc_ps.log", EX1 "proc_ps.log", NULL, 0 },
		{ "log/proc_stat.log", EX1 "proc_stat.log", NULL, 0 },
		{ "proc_diskstats.log", EX1 "proc_diskstats.log", NULL, 0 },
	};
	struct blob b = make_tgz(m, sizeof(m) / sizeof(m[0]));
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
	struct blob b = make_tgz(NULL, 0);
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
	const struct member m[] = {
		{ "header", EX1 "header", NULL, 0 },
		{ "proc_ps.log", EX1 "proc_ps.log", NULL, 0 },
	};
	struct blob b = make_tgz(m, 2);
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
	const struct member m[] = {
		{ "proc_stat.log", NULL, "100\ncpu 1 2 3 4\n\nabc\n", 0 },
	};
	struct blob b = make_tgz(m, 1);
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
