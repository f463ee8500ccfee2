/* fdio.c: write a whole buffer to a descriptor, or a text to a file (shared by logger and renderer). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "fdio.h"

int
write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t r;

	while (len > 0) {
		r = write(fd, p, len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			/* A zero-byte write cannot make progress: call it a full disk. */
			if (r == 0)
				errno = ENOSPC;
			return -1;
		}
		p += r;
		len -= (size_t)r;
	}
	return 0;
}

int
write_file_at(int dirfd, const char *path, const char *text, int append)
{
	int fd = openat(dirfd, path, O_WRONLY | O_CLOEXEC |
	    (append ? O_APPEND : O_TRUNC));
	int r, e;

	if (fd < 0)
		return -1;
	r = write_full(fd, text, strlen(text));
	e = errno;
	if (close(fd) != 0)
		r = -1;
	else
		errno = e;
	return r;
}
