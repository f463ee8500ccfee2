/* test_store.c: the log store: its members by kind from the registry (src/members.h), the per-sample set all or nothing, stream members, one budget over all, the tarball in the registry's order. */
#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "testutil.h"
#include "logfiles.h"
#include "store.h"

struct fix {
	char dir[64];
	struct diag d;
	struct store st;
};

static void
fix_open(struct fix *f, uint64_t budget)
{
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_store.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	setenv("TMPDIR", f->dir, 1);
	diag_init(&f->d, "test");
	f->d.out = NULL;
	store_init(&f->st, &f->d, budget);
	assert_int_equal(store_open(&f->st, STORE_DIR, 0), 0);
}

static void
fix_close(struct fix *f)
{
	int mounted = f->st.mounted;

	store_close(&f->st);
	/* As root the store is a tmpfs in the test's own mount namespace. */
	if (mounted) {
		assert_int_equal(umount2(f->st.base, MNT_DETACH), 0);
		assert_int_equal(rmdir(f->st.base), 0);
	}
	assert_int_equal(rmdir(f->dir), 0);
	unsetenv("TMPDIR");
}

/* A block of n bytes for every per-sample member bootchartd writes. */
static void
blocks_of(struct iovec b[LK_NKINDS], char *text, size_t n)
{
	size_t i;

	memset(b, 0, sizeof(struct iovec) * LK_NKINDS);
	for (i = 0; i < nmembers; i++)
		if ((members[i].writers & BY_BOOTCHARTD) &&
		    members[i].form == MF_SAMPLE)
			b[members[i].kind] = (struct iovec){ .iov_base = text,
			    .iov_len = n };
}

/* How many per-sample members bootchartd writes. */
static size_t
nsample(void)
{
	size_t i, n = 0;

	for (i = 0; i < nmembers; i++)
		n += (members[i].writers & BY_BOOTCHARTD) &&
		    members[i].form == MF_SAMPLE;
	return n;
}

/* "name size\n" of every member of a tar.gz in memory, in order. */
static char *
listing(const unsigned char *p, size_t len)
{
	struct archive_entry *e;
	struct archive *a = archive_read_new();
	char *out = calloc(1, 4096);
	size_t n = 0;

	assert_non_null(out);
	archive_read_support_filter_gzip(a);
	archive_read_support_format_tar(a);
	assert_int_equal(archive_read_open_memory(a, p, len), ARCHIVE_OK);
	while (archive_read_next_header(a, &e) == ARCHIVE_OK)
		n += (size_t)snprintf(out + n, 4096 - n, "%s %lld\n",
		    archive_entry_pathname(e),
		    (long long)archive_entry_size(e));
	archive_read_free(a);
	return out;
}

/*
 * The tarball holds the header first and the kernel's log last, the
 * rest in the registry's order; kernel_pacct (written by the kernel,
 * here by the test through its path) in whole 64-byte records.
 */
static void
tarball_follows_the_registry(void **state)
{
	struct tarw_membuf mb = { 0 };
	struct iovec b[LK_NKINDS], end[LK_NKINDS];
	char path[PATH_MAX], want[1024], *got;
	struct tarw t;
	struct fix f;
	size_t i, n = 0;
	int fd;

	(void)state;
	fix_open(&f, 1 << 20);
	blocks_of(b, "12\n", 3);
	assert_int_equal(store_append(&f.st, b), 0);
	assert_int_equal(store_stream_open(&f.st, LK_PATERNITY, SW_LOGGER, 1,
	    NULL, 0), 0);
	assert_int_equal(store_stream_append(&f.st, LK_PATERNITY, "7 1\n", 4),
	    0);
	assert_int_equal(store_stream_open(&f.st, LK_TASKEXIT, SW_LOGGER, 1,
	    NULL, 0), 0);
	assert_int_equal(store_stream_append(&f.st, LK_TASKEXIT,
	    "7 7 1 5 0 0 a\n", 14), 0);
	assert_int_equal(store_stream_open(&f.st, LK_PACCT, SW_KERNEL, 64,
	    path, sizeof(path)), 0);
	fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, want, 100), 100);
	close(fd);
	memset(end, 0, sizeof(end));
	end[LK_HEADER] = (struct iovec){ .iov_base = "h = 1\n", .iov_len = 6 };
	end[LK_DMESG] = (struct iovec){ .iov_base = "[ 0.0] x\n", .iov_len = 9 };
	end[LK_TRACE] = (struct iovec){ .iov_base = "trace", .iov_len = 5 };
	assert_int_equal(tarw_open(&t, 6, tarw_mem_sink, &mb), 0);
	assert_int_equal(store_tar(&f.st, &t, 0, end), 0);
	assert_int_equal(tarw_close(&t), 0);
	for (i = 0; i < nmembers; i++) {
		if (!(members[i].writers & BY_BOOTCHARTD))
			continue;
		n += (size_t)snprintf(want + n, sizeof(want) - n, "%s %d\n",
		    members[i].name, members[i].kind == LK_HEADER ? 6 :
		    members[i].kind == LK_DMESG ? 9 :
		    members[i].kind == LK_TRACE ? 5 :
		    members[i].kind == LK_PACCT ? 64 :
		    members[i].kind == LK_PATERNITY ? 4 :
		    members[i].kind == LK_TASKEXIT ? 14 : 3);
	}
	got = listing(mb.buf, mb.len);
	assert_string_equal(got, want);
	assert_memory_equal(got, "header 6\n", 9);
	free(got);
	free(mb.buf);
	fix_close(&f);
}

/*
 * One budget over every member: a sample or a stream's lines that would
 * pass it are not written (nothing of them), whoever wrote the rest.
 */
static void
one_budget_over_all_members(void **state)
{
	struct iovec b[LK_NKINDS];
	char text[64], path[PATH_MAX];
	uint64_t per = nsample() * 10;
	struct fix f;
	int fd;

	(void)state;
	memset(text, 'a', sizeof(text));
	text[9] = '\n';
	fix_open(&f, per + 20);
	blocks_of(b, text, 10);
	assert_int_equal(store_append(&f.st, b), 0);
	assert_int_equal(f.st.used, per);
	assert_int_equal(store_stream_open(&f.st, LK_PATERNITY, SW_LOGGER, 1,
	    NULL, 0), 0);
	assert_int_equal(store_stream_append(&f.st, LK_PATERNITY, text, 21),
	    -1);
	assert_int_equal(f.st.log[LK_PATERNITY].size, 0);
	assert_int_equal(store_stream_append(&f.st, LK_PATERNITY, text, 10), 0);
	/* The kernel's bytes count too. */
	assert_int_equal(store_stream_open(&f.st, LK_PACCT, SW_KERNEL, 64,
	    path, sizeof(path)), 0);
	fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, 8), 8);
	close(fd);
	assert_int_equal(store_stream_append(&f.st, LK_PATERNITY, text, 3),
	    -1);
	assert_int_equal(store_stream_append(&f.st, LK_PATERNITY, text, 2), 0);
	/* A whole sample does not fit: no member grows. */
	assert_int_equal(store_append(&f.st, b), -1);
	assert_int_equal(f.st.log[LK_PROC_PS].size, 10);
	assert_int_equal(f.st.log[LK_MEMINFO].size, 10);
	assert_int_equal(lseek(f.st.log[LK_PROC_STAT].fd, 0, SEEK_END), 10);
	/* A dropped stream's member is gone; appending to it does nothing. */
	store_stream_drop(&f.st, LK_PATERNITY);
	assert_int_equal(f.st.log[LK_PATERNITY].fd, -1);
	assert_int_equal(store_stream_append(&f.st, LK_PATERNITY, text, 1), 0);
	fix_close(&f);
}

/*
 * The kernel writes its member on after our last look at the room (a
 * fork storm's last exits): the tarball cuts it to what the budget
 * leaves, in whole records, so the logs hold the budget whatever the
 * timing.  harden_logger's tmpfsfull saw 6 KB past it under load.
 */
static void
kernel_member_cut_to_the_budget(void **state)
{
	struct tarw_membuf mb = { 0 };
	struct iovec b[LK_NKINDS], end[LK_NKINDS];
	char text[16], path[PATH_MAX], rec[64 * 10], want[64], *got;
	uint64_t per = nsample() * 10;
	struct tarw t;
	struct fix f;
	int fd;

	(void)state;
	memset(text, 'a', sizeof(text));
	memset(rec, 'r', sizeof(rec));
	/* Room for our sample and two and a half records of the kernel's. */
	fix_open(&f, per + 160);
	blocks_of(b, text, 10);
	assert_int_equal(store_append(&f.st, b), 0);
	assert_int_equal(store_stream_open(&f.st, LK_PACCT, SW_KERNEL, 64,
	    path, sizeof(path)), 0);
	fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, rec, sizeof(rec)), (ssize_t)sizeof(rec));
	close(fd);
	memset(end, 0, sizeof(end));
	assert_int_equal(tarw_open(&t, 6, tarw_mem_sink, &mb), 0);
	assert_int_equal(store_tar(&f.st, &t, 0, end), 0);
	assert_int_equal(tarw_close(&t), 0);
	got = listing(mb.buf, mb.len);
	snprintf(want, sizeof(want), "\n%s 128\n", LOG_PACCT);
	assert_non_null(strstr(got, want));
	free(got);
	free(mb.buf);
	fix_close(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kernel_member_cut_to_the_budget),
		cmocka_unit_test(tarball_follows_the_registry),
		cmocka_unit_test(one_budget_over_all_members),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
