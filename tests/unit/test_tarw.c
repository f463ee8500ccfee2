/* test_tarw.c: bootchartd's tar.gz writer, read back with libarchive from memory. */
#include <archive.h>
#include <archive_entry.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "tarw.h"

struct member {
	const char *name;
	mode_t mode;
	unsigned char *data;
	size_t len;
};

/* Deterministic bytes, including NULs and high bytes. */
static unsigned char *
pattern(size_t len, unsigned seed)
{
	unsigned char *p = malloc(len ? len : 1);
	size_t i;

	assert_non_null(p);
	for (i = 0; i < len; i++) {
		seed = seed * 1103515245 + 12345;
		p[i] = (unsigned char)(seed >> 16);
	}
	return p;
}

/* Reads the archive in m back and compares every member with want. */
static void
read_back(const struct tarw_membuf *m, const struct member *want, int n)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	unsigned char *buf;
	la_ssize_t r;
	int i = 0;

	assert_non_null(a);
	archive_read_support_filter_gzip(a);
	archive_read_support_format_tar(a);
	assert_int_equal(archive_read_open_memory(a, m->buf, m->len),
	    ARCHIVE_OK);
	while (archive_read_next_header(a, &e) == ARCHIVE_OK) {
		assert_true(i < n);
		assert_string_equal(archive_entry_pathname(e), want[i].name);
		assert_int_equal(archive_entry_size(e), want[i].len);
		assert_int_equal(archive_entry_filetype(e), AE_IFREG);
		assert_int_equal(archive_entry_perm(e), want[i].mode);
		buf = malloc(want[i].len + 1);
		assert_non_null(buf);
		r = archive_read_data(a, buf, want[i].len + 1);
		assert_int_equal(r, want[i].len);
		assert_memory_equal(buf, want[i].data, want[i].len);
		free(buf);
		i++;
	}
	assert_int_equal(i, n);
	assert_int_equal(archive_filter_code(a, 0), ARCHIVE_FILTER_GZIP);
	archive_read_free(a);
}

static void
memory_members_round_trip(void **state)
{
	struct member m[] = {
		{ "header", 0644, NULL, 100 },
		{ "empty", 0600, NULL, 0 },
		{ "one_block", 0644, NULL, 512 },
		{ "proc_ps.log", 0640, NULL, 300001 },
	};
	struct tarw_membuf out = { NULL, 0, 0 };
	struct tarw t;
	int i;

	(void)state;
	assert_int_equal(tarw_open(&t, 6, tarw_mem_sink, &out), 0);
	for (i = 0; i < 4; i++) {
		m[i].data = pattern(m[i].len, (unsigned)i);
		assert_int_equal(tarw_add_mem(&t, m[i].name, m[i].mode, 1000,
		    m[i].data, m[i].len), 0);
	}
	assert_int_equal(tarw_close(&t), 0);
	/* gzip magic. */
	assert_true(out.len > 2 && out.buf[0] == 0x1f && out.buf[1] == 0x8b);
	read_back(&out, m, 4);
	for (i = 0; i < 4; i++)
		free(m[i].data);
	free(out.buf);
}

static void
file_members_round_trip(void **state)
{
	char path[] = "/tmp/test_tarw.XXXXXX";
	struct member m[] = {
		{ "proc_stat.log", 0644, NULL, 70000 },
	};
	struct tarw_membuf out = { NULL, 0, 0 };
	struct tarw t;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	unlink(path);
	m[0].data = pattern(m[0].len, 7);
	assert_int_equal(write(fd, m[0].data, m[0].len), (ssize_t)m[0].len);
	assert_int_equal(tarw_open(&t, 1, tarw_mem_sink, &out), 0);
	assert_int_equal(tarw_add_fd(&t, m[0].name, 0644, 0, fd, m[0].len), 0);
	assert_int_equal(tarw_close(&t), 0);
	read_back(&out, m, 1);
	/* A file shorter than announced is an error, not a bad archive. */
	free(out.buf);
	memset(&out, 0, sizeof(out));
	assert_int_equal(tarw_open(&t, 1, tarw_mem_sink, &out), 0);
	assert_int_equal(tarw_add_fd(&t, "x", 0644, 0, fd, m[0].len + 1), -1);
	tarw_abort(&t);
	free(out.buf);
	close(fd);
	free(m[0].data);
}

/* A member of pieces (trace.dat): memory, a file's head, zeros, in order. */
static void
piece_members_round_trip(void **state)
{
	char path[] = "/tmp/test_tarw.XXXXXX";
	unsigned char *head = pattern(5000, 3), *file = pattern(9000, 5);
	unsigned char *all = calloc(1, 5000 + 8192 + 4096);
	struct member m[] = { { "trace.dat", 0640, all, 5000 + 8192 + 4096 } };
	struct tarw_membuf out = { NULL, 0, 0 };
	struct tarw t;
	int fd;

	(void)state;
	assert_non_null(all);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	unlink(path);
	assert_int_equal(write(fd, file, 9000), 9000);
	memcpy(all, head, 5000);
	memcpy(all + 5000, file, 8192);
	{
		struct tarw_piece pc[] = {
			{ .mem = head, .fd = -1, .len = 5000 },
			{ .fd = fd, .len = 8192 },
			{ .fd = -1, .len = 0 },
			{ .fd = -1, .len = 4096 },
		};

		assert_int_equal(tarw_open(&t, 1, tarw_mem_sink, &out), 0);
		assert_int_equal(tarw_add_pieces(&t, m[0].name, 0640, 0, pc,
		    4), 0);
		assert_int_equal(tarw_close(&t), 0);
	}
	read_back(&out, m, 1);
	free(out.buf);
	close(fd);
	free(head);
	free(file);
	free(all);
}

/*
 * Inflates the gzip stream in m member by member (zlib, not the
 * writer's library); returns the members and sets *total to the tar
 * bytes they hold.
 */
static int
gzip_members(const struct tarw_membuf *m, uint64_t *total)
{
	unsigned char buf[65536];
	z_stream z = { 0 };
	int members = 0, r;

	assert_int_equal(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = m->buf;
	z.avail_in = (uInt)m->len;
	*total = 0;
	while (z.avail_in > 0) {
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		r = inflate(&z, Z_NO_FLUSH);
		assert_true(r == Z_OK || r == Z_STREAM_END);
		*total += sizeof(buf) - z.avail_out;
		if (r == Z_STREAM_END) {
			members++;
			assert_int_equal(inflateReset(&z), Z_OK);
		}
	}
	inflateEnd(&z);
	return members;
}

/*
 * A file read from its descriptor straight into the member buffer,
 * across member ends: every TARW_MEMBER tar bytes make one gzip member,
 * the last member the rest, and the stream reads back whole.
 */
static void
members_of_fixed_size(void **state)
{
	char path[] = "/tmp/test_tarw.XXXXXX";
	struct member m[] = {
		{ "header", 0644, NULL, 100 },
		{ "proc_ps.log", 0644, NULL, 3 * TARW_MEMBER + 777 },
		/* Its header and data end a member exactly. */
		{ "cmdline2.log", 0644, NULL, 0 },
	};
	struct tarw_membuf out = { NULL, 0, 0 };
	struct tarw t;
	uint64_t total, used;
	int fd, i, n;

	(void)state;
	/* Two headers, the first file padded, the second. */
	used = 512 + 512 + 512 + (m[1].len + 511) / 512 * 512;
	m[2].len = TARW_MEMBER - used % TARW_MEMBER - 512;
	for (i = 0; i < 3; i++)
		m[i].data = pattern(m[i].len, (unsigned)i + 11);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	unlink(path);
	assert_int_equal(write(fd, m[1].data, m[1].len), (ssize_t)m[1].len);
	assert_int_equal(tarw_open(&t, 1, tarw_mem_sink, &out), 0);
	assert_int_equal(tarw_add_mem(&t, m[0].name, 0644, 0, m[0].data,
	    m[0].len), 0);
	assert_int_equal(tarw_add_fd(&t, m[1].name, 0644, 0, fd, m[1].len), 0);
	assert_int_equal(tarw_add_mem(&t, m[2].name, 0644, 0, m[2].data,
	    m[2].len), 0);
	assert_int_equal(t.in_bytes % TARW_MEMBER, 0);
	assert_int_equal(tarw_close(&t), 0);
	read_back(&out, m, 3);
	n = gzip_members(&out, &total);
	assert_int_equal(n, (int)((total + TARW_MEMBER - 1) / TARW_MEMBER));
	assert_true(total > 4 * TARW_MEMBER);
	for (i = 0; i < 3; i++)
		free(m[i].data);
	free(out.buf);
	close(fd);
}

/*
 * An archive whose two zero blocks fill its last member (1 310 720
 * bytes: five members, and 128 records): the end has nothing left to
 * deflate and writes no empty member.
 */
static void
end_fills_a_member(void **state)
{
	/* One file whose header and data leave room for the end blocks. */
	struct member m[] = {
		{ "proc_ps.log", 0644, NULL, 5 * TARW_MEMBER - 3 * 512 },
	};
	struct tarw_membuf out = { NULL, 0, 0 };
	struct tarw t;
	uint64_t total;

	(void)state;
	m[0].data = pattern(m[0].len, 5);
	assert_int_equal(tarw_open(&t, 1, tarw_mem_sink, &out), 0);
	assert_int_equal(tarw_add_mem(&t, m[0].name, 0644, 0, m[0].data,
	    m[0].len), 0);
	assert_int_equal(tarw_close(&t), 0);
	read_back(&out, m, 1);
	assert_int_equal(gzip_members(&out, &total), 5);
	assert_int_equal(total, 5 * TARW_MEMBER);
	/* Closed: what comes after fails instead of writing. */
	assert_int_equal(tarw_add_mem(&t, "late", 0644, 0, "x", 1), -1);
	free(m[0].data);
	free(out.buf);
}

static void
rejects_bad_names(void **state)
{
	char name[TARW_NAME_MAX + 2];
	struct tarw_membuf out = { NULL, 0, 0 };
	struct tarw t;

	(void)state;
	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	assert_int_equal(tarw_open(&t, 6, tarw_mem_sink, &out), 0);
	assert_int_equal(tarw_add_mem(&t, name, 0644, 0, "x", 1), -1);
	assert_int_equal(tarw_add_mem(&t, "", 0644, 0, "x", 1), -1);
	tarw_abort(&t);
	free(out.buf);
}

static int
failing_sink(void *arg, const void *buf, size_t len)
{
	(void)arg;
	(void)buf;
	(void)len;
	return -1;
}

static void
sink_errors_propagate(void **state)
{
	struct tarw t;
	unsigned char *big = pattern(1 << 20, 3);

	(void)state;
	assert_int_equal(tarw_open(&t, 1, failing_sink, NULL), 0);
	/* 1 MiB is four members: the sink is called at the first. */
	assert_int_equal(tarw_add_mem(&t, "big", 0644, 0, big, 1 << 20), -1);
	assert_int_equal(tarw_close(&t), -1);
	free(big);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(memory_members_round_trip),
		cmocka_unit_test(file_members_round_trip),
		cmocka_unit_test(piece_members_round_trip),
		cmocka_unit_test(members_of_fixed_size),
		cmocka_unit_test(end_fills_a_member),
		cmocka_unit_test(rejects_bad_names),
		cmocka_unit_test(sink_errors_propagate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
