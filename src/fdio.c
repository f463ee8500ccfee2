/* fdio.c: write a whole buffer to a descriptor (shared by logger and renderer). */
#include <errno.h>
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
