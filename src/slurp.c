/* slurp.c: read a small file whole (a /proc file, /etc/os-release, the pid file), never blocking on a FIFO or tty. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"
#include "slurp.h"

/* First read size: every file we read this way is smaller. */
#define SLURP_FIRST 4096

int
open_regular_at(int dirfd, const char *path)
{
	struct stat st;
	int fd;

	fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK |
	    O_NOCTTY);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	return fd;
}

char *
slurp_exact_at(int dirfd, const char *path, size_t max, size_t *len)
{
	size_t n = 0, cap = 0;
	char *buf = NULL;
	ssize_t r;
	int fd;

	if ((fd = open_regular_at(dirfd, path)) < 0)
		return NULL;
	for (;;) {
		/* Room to read more, and one byte for the NUL. */
		if (n + 1 >= cap && (n >= max || grow_reserve((void **)&buf,
		    &cap, cap == 0 ? SLURP_FIRST : 2 * cap, 1) != 0))
			break;
		r = read(fd, buf + n, (cap - n - 1 < max - n ? cap - n - 1 :
		    max - n));
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (buf == NULL)
		return NULL;
	buf[n] = '\0';
	*len = n;
	return buf;
}

char *
slurp_at(int dirfd, const char *path, size_t max, size_t *len)
{
	char *buf = slurp_exact_at(dirfd, path, max, len);
	size_t n;

	if (buf == NULL)
		return NULL;
	n = *len;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\0'))
		n--;
	buf[n] = '\0';
	*len = n;
	return buf;
}
