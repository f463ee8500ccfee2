/* memtar.h: gzip'd tar archives written in memory by libarchive, for the input tests. */
#ifndef BC_MEMTAR_H
#define BC_MEMTAR_H

#include <stddef.h>

#include <archive_entry.h>	/* AE_IF* for tar_member.type */

struct tar_member {
	const char *path;	/* name inside the archive */
	const char *text;	/* data of a regular file */
	unsigned type;		/* AE_IFREG (0), AE_IFLNK, AE_IFDIR, AE_IFCHR, ... */
	const char *link;	/* symlink target, or hardlink target */
	int hard;		/* link is a hard link */
	const char *src;	/* data from this file under ../shared instead */
	size_t len;		/* text's length when it holds NULs, else 0 */
};

struct tar_blob {
	char *buf;
	size_t len;
};

/*
 * A gzip'd archive of the n members in at most cap bytes (malloc'd, the
 * caller frees b.buf); a failure fails the running cmocka test.
 */
struct tar_blob memtar_make(const struct tar_member *m, size_t n,
    size_t cap);
/* The same with gzip's compression level (1 to 9; 0: libarchive's). */
struct tar_blob memtar_make_level(const struct tar_member *m, size_t n,
    size_t cap, int level);

#endif
