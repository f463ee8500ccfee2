/* kmsg.c: the kernel's log, read from /dev/kmsg at the end of a boot, as the dmesg member (dmesg's text format). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "kmsg.h"
#include "logfiles.h"

/* A record is at most about 8 KiB (text and dictionary); read needs room for all of it. */
#define REC_MAX		16384
/* Bytes read in all, kept or not: ends a kernel that logs faster than we read. */
#define RAW_FACTOR	4

/* "PRI,SEQ,USEC,..." up to the ';': the time stamp in µs; -1 if malformed. */
static int
rec_usec(const char *p, const char *semi, uint64_t *usec)
{
	int field = 0, digits = 0;

	*usec = 0;
	for (; p < semi; p++) {
		if (*p == ',') {
			if (++field == 3)
				break;
			continue;
		}
		if (field == 2) {
			if (*p < '0' || *p > '9' || ++digits > 15)
				return -1;
			*usec = *usec * 10 + (uint64_t)(*p - '0');
		} else if (field < 2 && (*p < '0' || *p > '9'))
			return -1;
	}
	return field >= 2 && digits > 0 ? 0 : -1;
}

/* Appends p..end with control bytes as \xHH (the kernel's escape). */
static void
put_escaped(struct kmsg_text *o, const char *p, const char *end)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c;

	for (; p < end; p++) {
		c = (unsigned char)*p;
		if (c >= 0x20 && c != 0x7f) {
			o->p[o->len++] = (char)c;
			continue;
		}
		o->p[o->len++] = '\\';
		o->p[o->len++] = 'x';
		o->p[o->len++] = hex[c >> 4];
		o->p[o->len++] = hex[c & 15];
	}
}

int
kmsg_format(const char *rec, size_t len, struct kmsg_text *out, size_t max)
{
	const char *end = rec + len, *semi, *eol, *p;
	uint64_t usec;
	size_t need;
	int n;

	semi = memchr(rec, ';', len);
	if (semi == NULL || rec_usec(rec, semi, &usec) != 0)
		return 1;
	while (end > semi + 1 && end[-1] == '\n')
		end--;
	/* Each byte may become 4; the stamp and the line ends besides. */
	need = 40 + 4 * (size_t)(end - semi);
	if (out->len + need > max) {
		out->cut = 1;
		return 2;
	}
	if (grow_reserve((void **)&out->p, &out->cap, out->len + need, 1) != 0)
		return -1;
	n = snprintf(out->p + out->len, 40, "[%5llu.%06llu] ",
	    (unsigned long long)(usec / 1000000),
	    (unsigned long long)(usec % 1000000));
	out->len += (size_t)n;
	for (p = semi + 1; p < end; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end;
		/* The record's own lines after the first start with a space. */
		if (p != semi + 1 && *p != ' ')
			out->p[out->len++] = ' ';
		put_escaped(out, p, eol);
		out->p[out->len++] = '\n';
		if (eol == end)
			break;
	}
	return 0;
}

int
kmsg_read_fd(int fd, struct kmsg_text *out, size_t max)
{
	char *rec;
	ssize_t r;
	size_t raw = 0;
	int rc = 0;

	if ((rec = malloc(REC_MAX)) == NULL)
		return -1;
	/* SEEK_SET 0 on /dev/kmsg: the oldest record the ring holds. */
	(void)lseek(fd, 0, SEEK_SET);
	while (raw < RAW_FACTOR * max) {
		r = read(fd, rec, REC_MAX);
		if (r < 0 && (errno == EINTR || errno == EPIPE))
			continue;
		if (r < 0 && errno == EAGAIN)
			break;
		if (r <= 0) {
			rc = r < 0 ? -1 : 0;
			break;
		}
		raw += (size_t)r;
		if ((rc = kmsg_format(rec, (size_t)r, out, max)) == 2 ||
		    rc < 0)
			break;
		rc = 0;
	}
	if (rc > 0)
		rc = 0;
	free(rec);
	return rc;
}

int
kmsg_open(enum kmsg_use use, const char **path)
{
	const char *p = getenv(use == KMSG_WRITE ? "BOOTCHARTD_KMSG" :
	    "BOOTCHARTD_KMSG_READ");

	if (p == NULL)
		p = KMSG_PATH;
	if (path != NULL)
		*path = p;
	return open(p, (use == KMSG_WRITE ? O_WRONLY | O_APPEND :
	    O_RDONLY | O_NONBLOCK) | O_CLOEXEC | O_NOCTTY);
}

int
kmsg_read(struct kmsg_text *out, size_t max, char *why, size_t wsz)
{
	const char *path;
	int fd, err;

	fd = kmsg_open(KMSG_READ, &path);
	if (fd < 0 || kmsg_read_fd(fd, out, max) != 0) {
		err = errno;
		snprintf(why, wsz, "%s: %s", path, strerror(err));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

int
kmsg_find_fallback(const char *text, size_t len, char *out, size_t outsz)
{
	const char *p = text, *end = text + len, *hit = NULL, *eol;
	size_t klen = strlen(KMSG_FALLBACK), n;

	while ((p = memmem(p, (size_t)(end - p), KMSG_FALLBACK, klen)) != NULL) {
		hit = p + klen;
		p = hit;
	}
	if (hit == NULL)
		return -1;
	if ((eol = memchr(hit, '\n', (size_t)(end - hit))) == NULL)
		eol = end;
	n = (size_t)(eol - hit) < outsz - 1 ? (size_t)(eol - hit) : outsz - 1;
	memcpy(out, hit, n);
	out[n] = '\0';
	return 0;
}

void
kmsg_free(struct kmsg_text *t)
{
	free(t->p);
	memset(t, 0, sizeof(*t));
}
