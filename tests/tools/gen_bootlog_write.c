/* gen_bootlog_write.c: stores the generated logs as a gzip tarball or in a directory. */
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gen_bootlog.h"

static int
write_member(struct archive *a, const struct member *m, time_t mtime)
{
	struct archive_entry *e;
	size_t off = 0;
	la_ssize_t w;
	int ok;

	e = archive_entry_new();
	if (e == NULL)
		return -1;
	archive_entry_set_pathname(e, m->name);
	archive_entry_set_size(e, (la_int64_t)m->b->len);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_mtime(e, mtime, 0);
	archive_entry_set_uname(e, "root");
	archive_entry_set_gname(e, "root");
	ok = archive_write_header(a, e) == ARCHIVE_OK;
	archive_entry_free(e);
	while (ok && off < m->b->len) {
		w = archive_write_data(a, m->b->p + off, m->b->len - off);
		if (w <= 0)
			ok = 0;
		else
			off += (size_t)w;
	}
	return ok ? 0 : -1;
}

/* Written to a temporary name and renamed: never a half-written tarball. */
int
write_tgz(const char *path, const struct member *m, size_t nm, long level,
    time_t mtime)
{
	struct archive *a;
	char tmp[4096], lv[8];
	size_t k;
	int ok;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp%ld", path, (long)getpid()) >=
	    (int)sizeof(tmp))
		return -1;
	snprintf(lv, sizeof(lv), "%ld", level);
	a = archive_write_new();
	if (a == NULL)
		return -1;
	/* No time stamp in the gzip header: same seed, same bytes. */
	ok = archive_write_add_filter_gzip(a) == ARCHIVE_OK &&
	    archive_write_set_format_ustar(a) == ARCHIVE_OK &&
	    archive_write_set_filter_option(a, "gzip", "timestamp", NULL) ==
	    ARCHIVE_OK &&
	    archive_write_set_filter_option(a, "gzip", "compression-level",
	    lv) == ARCHIVE_OK &&
	    archive_write_open_filename(a, tmp) == ARCHIVE_OK;
	for (k = 0; ok && k < nm; k++)
		ok = write_member(a, &m[k], mtime) == 0;
	if (ok)
		ok = archive_write_close(a) == ARCHIVE_OK;
	if (!ok)
		fprintf(stderr, "gen_bootlog: %s: %s\n", path,
		    archive_error_string(a) ? archive_error_string(a) :
		    "write failed");
	archive_write_free(a);
	if (ok && rename(tmp, path) < 0) {
		fprintf(stderr, "gen_bootlog: %s: %s\n", path, strerror(errno));
		ok = 0;
	}
	if (!ok)
		unlink(tmp);
	return ok ? 0 : -1;
}

int
write_dir(const char *dir, const struct member *m, size_t nm)
{
	char path[4096];
	FILE *f;
	size_t k;
	int ok;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "gen_bootlog: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	for (k = 0; k < nm; k++) {
		if (snprintf(path, sizeof(path), "%s/%s", dir, m[k].name) >=
		    (int)sizeof(path))
			return -1;
		f = fopen(path, "wb");
		if (f == NULL) {
			fprintf(stderr, "gen_bootlog: %s: %s\n", path,
			    strerror(errno));
			return -1;
		}
		ok = fwrite(m[k].b->p, 1, m[k].b->len, f) == m[k].b->len;
		if (fclose(f) != 0 || !ok) {
			fprintf(stderr, "gen_bootlog: %s: write failed\n", path);
			return -1;
		}
	}
	return 0;
}
