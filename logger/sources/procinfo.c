/* procinfo.c: what a process runs, logged when it is first seen and after each exec: its command line (cmdline2.log) and cgroup (cgroup.log). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pidstat.h"
#include "sampler.h"

/* Bytes of /proc/PID/cmdline or /proc/PID/cgroup kept, as bootchart2 (4 KiB). */
#define INFO_ROOM	4096

/*
 * Reads at most INFO_ROOM bytes of /proc/PID/WHAT into s->scratch, with
 * the stat reads' discipline: relative to our procfs, close-on-exec, a
 * read from offset 0 retried on EINTR, closed at once.  Returns the
 * length; 0 when the process is gone or the file unreadable.
 */
static size_t
read_info(struct sampler *s, int pid, const char *what)
{
	char path[48];
	ssize_t r;
	int fd;

	snprintf(path, sizeof(path), "%d/%s", pid, what);
	if ((fd = openat(s->procfd, path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	do
		r = pread(fd, s->scratch, INFO_ROOM, 0);
	while (r < 0 && errno == EINTR);
	close(fd);
	return r < 0 ? 0 : (size_t)r;
}

/* Appends n bytes of text escaped for a log (room made by the caller). */
static void
put_escaped(struct obuf *b, const char *p, size_t n, int keep_nul)
{
	b->len += log_escape(b->p + b->len, p, n, keep_nul);
}

static void
put_text(struct obuf *b, const char *text)
{
	size_t n = strlen(text);

	memcpy(b->p + b->len, text, n);
	b->len += n;
}

/*
 * cmdline2.log, bootchart2's record: "PID\n:EXE\n:ARG0\0ARG1\0...\n\n".
 * A kernel thread has neither: no record.  Sets *half when there is an
 * executable but no argument: an exec caught between the new name and
 * the new arguments (the kernel sets the name first).
 */
static int
record_cmdline(struct sampler *s, int pid, int *half)
{
	char exe[PATH_MAX], path[48], num[16];
	ssize_t ne;
	size_t na;

	snprintf(path, sizeof(path), "%d/exe", pid);
	ne = readlinkat(s->procfd, path, exe, sizeof(exe));
	if (ne < 0)
		ne = 0;
	na = read_info(s, pid, "cmdline");
	if (ne == 0 && na == 0)
		return 0;
	*half = ne > 0 && na == 0;
	snprintf(num, sizeof(num), "%d\n:", pid);
	if (obuf_room(&s->cmd, sizeof(num) + 4 * ((size_t)ne + na) + 8) != 0)
		return -1;
	put_text(&s->cmd, num);
	put_escaped(&s->cmd, exe, (size_t)ne, 0);
	put_text(&s->cmd, "\n:");
	put_escaped(&s->cmd, s->scratch, na, 1);
	put_text(&s->cmd, "\n\n");
	s->infos++;
	return 0;
}

/*
 * cgroup.log: "PID PATH\n", PATH from the cgroup v2 line ("0::PATH") of
 * /proc/PID/cgroup.  Without cgroup v2 there is no such line: no record.
 */
static int
record_cgroup(struct sampler *s, int pid)
{
	size_t n = read_info(s, pid, "cgroup");
	const char *p = s->scratch, *end = s->scratch + n, *eol;
	char num[16];

	while (p < end) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (eol == NULL)
			eol = end;	/* cut at INFO_ROOM: the path as read */
		if (eol - p >= 3 && memcmp(p, "0::", 3) == 0)
			break;
		p = eol + 1;
	}
	if (p >= end)
		return 0;
	p += 3;
	snprintf(num, sizeof(num), "%d ", pid);
	if (obuf_room(&s->cg, sizeof(num) + 4 * (size_t)(eol - p) + 2) != 0)
		return -1;
	put_text(&s->cg, num);
	put_escaped(&s->cg, p, (size_t)(eol - p), 0);
	put_text(&s->cg, "\n");
	return 0;
}

int
procinfo_record(struct sampler *s, int pid)
{
	uint64_t before = s->infos;
	int half = 0;

	if (record_cmdline(s, pid, &half) != 0)
		return -1;
	/* Kernel threads (no command line) all sit in the root cgroup. */
	if (s->infos == before)
		return 0;
	if (record_cgroup(s, pid) != 0)
		return -1;
	return half ? PROCINFO_HALF : 0;
}
