/* memtar.c: gzip'd tar archives written in memory by libarchive, for the input tests. */
#include <archive.h>
#include <archive_entry.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memtar.h"
#include "testutil.h"

static void
memtar_add(struct archive *a, const struct tar_member *m)
{
	struct archive_entry *e = archive_entry_new();
	unsigned type = m->type ? m->type : AE_IFREG;
	size_t len = 0;
	char *data = NULL;
	const char *bytes = m->text;

	assert_non_null(e);
	if (m->src != NULL) {
		data = read_file(shared_path(m->src), &len);
		assert_non_null(data);
		bytes = data;
	} else if (m->text != NULL) {
		len = m->len ? m->len : strlen(m->text);
	}
	archive_entry_set_pathname(e, m->path);
	archive_entry_set_filetype(e, type);
	archive_entry_set_perm(e, 0644);
	if (type == AE_IFCHR || type == AE_IFBLK)
		archive_entry_set_rdev(e, 0x0103);	/* like /dev/null */
	if (m->link != NULL && m->hard)
		archive_entry_set_hardlink(e, m->link);
	else if (m->link != NULL)
		archive_entry_set_symlink(e, m->link);
	archive_entry_set_size(e, (la_int64_t)len);
	assert_int_equal(archive_write_header(a, e), ARCHIVE_OK);
	if (len > 0)
		assert_int_equal(archive_write_data(a, bytes, len),
		    (la_ssize_t)len);
	archive_entry_free(e);
	free(data);
}

/*
 * A gzip'd archive of the members in at most cap bytes.  pax_restricted
 * writes plain ustar headers unless a name needs more (long or not ASCII).
 */
struct tar_blob
memtar_make(const struct tar_member *m, size_t n, size_t cap)
{
	return memtar_make_level(m, n, cap, 0);
}

struct tar_blob
memtar_make_level(const struct tar_member *m, size_t n, size_t cap,
    int level)
{
	char lv[16];
	struct tar_blob b;
	struct archive *a;
	size_t used = 0, i;

	/* Before any allocation: a skip must not leave leaks behind. */
	for (i = 0; i < n; i++)
		if (m[i].src != NULL)
			(void)shared_path(m[i].src);
	a = archive_write_new();
	assert_non_null(a);
	b.buf = malloc(cap);
	assert_non_null(b.buf);
	assert_int_equal(archive_write_set_format_pax_restricted(a),
	    ARCHIVE_OK);
	assert_int_equal(archive_write_add_filter_gzip(a), ARCHIVE_OK);
	if (level > 0) {
		snprintf(lv, sizeof(lv), "%d", level);
		assert_int_equal(archive_write_set_filter_option(a, "gzip",
		    "compression-level", lv), ARCHIVE_OK);
	}
	assert_int_equal(archive_write_open_memory(a, b.buf, cap, &used),
	    ARCHIVE_OK);
	for (i = 0; i < n; i++)
		memtar_add(a, &m[i]);
	assert_int_equal(archive_write_close(a), ARCHIVE_OK);
	archive_write_free(a);
	b.len = used;
	return b;
}
