/* procinfo.c: what a process runs, logged when it is first seen and after each exec: its command line (cmdline2.log) and cgroup (cgroup.log). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "pidstat.h"
#include "procinfo.h"

/*
 * Reads at most cap bytes of /proc/PID/WHAT into buf, with the stat
 * reads' discipline: relative to our procfs, close-on-exec, a read from
 * offset 0 retried on EINTR, closed at once.  Returns the length; 0
 * when the process is gone or the file unreadable.
 */
static size_t
read_file(int procfd, int pid, const char *what, char *buf, size_t cap)
{
	char path[48];
	ssize_t r;
	int fd;

	snprintf(path, sizeof(path), "%d/%s", pid, what);
	if ((fd = openat(procfd, path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	do
		r = pread(fd, buf, cap, 0);
	while (r < 0 && errno == EINTR);
	close(fd);
	return r < 0 ? 0 : (size_t)r;
}

void
procinfo_read(int procfd, int pid, struct procraw *raw)
{
	char path[48], status[PIDSTAT_STATUS_ROOM];
	ssize_t ne;
	size_t n;

	raw->pid = pid;
	raw->uid = -1;
	raw->nexe = raw->nargs = raw->ncg = 0;
	snprintf(path, sizeof(path), "%d/exe", pid);
	ne = readlinkat(procfd, path, raw->exe, sizeof(raw->exe));
	raw->nexe = ne > 0 ? (size_t)ne : 0;
	raw->nargs = read_file(procfd, pid, "cmdline", raw->args,
	    sizeof(raw->args));
	/* Kernel threads (no command line) all sit in the root cgroup. */
	if (raw->nexe == 0 && raw->nargs == 0)
		return;
	raw->ncg = read_file(procfd, pid, "cgroup", raw->cg, sizeof(raw->cg));
	n = read_file(procfd, pid, "status", status, sizeof(status));
	raw->uid = pidstat_uid(status, n);
}

/*
 * Appends n bytes of text escaped for a log (room made by the caller),
 * at most PROCINFO_ROOM of them: cut before an escape that would cross
 * it (every backslash written begins a 4-byte escape).
 */
static void
put_escaped(struct obuf *b, const char *p, size_t n, int keep_nul)
{
	char *s = b->p + b->len;
	size_t k = log_escape(s, p, n, keep_nul), i;

	if (k > PROCINFO_ROOM) {
		k = PROCINFO_ROOM;
		for (i = k - 1; i > 0 && i + 4 > k; i--)
			if (s[i] == '\\') {
				k = i;
				break;
			}
	}
	b->len += k;
}

static void
put_text(struct obuf *b, const char *text)
{
	size_t n = strlen(text);

	memcpy(b->p + b->len, text, n);
	b->len += n;
}

/* cmdline2.log, bootchart2's record: "PID\n:EXE\n:ARG0\0ARG1\0...\n\n". */
static int
record_cmdline(struct procinfo *pi, const struct procraw *raw)
{
	char num[16];

	snprintf(num, sizeof(num), "%d\n:", raw->pid);
	if (obuf_room(&pi->cmd, sizeof(num) + 4 * (raw->nexe + raw->nargs) +
	    8) != 0)
		return -1;
	put_text(&pi->cmd, num);
	put_escaped(&pi->cmd, raw->exe, raw->nexe, 0);
	put_text(&pi->cmd, "\n:");
	put_escaped(&pi->cmd, raw->args, raw->nargs, 1);
	put_text(&pi->cmd, "\n\n");
	pi->infos++;
	return 0;
}

/*
 * cgroup.log: "PID PATH\n", PATH from the cgroup v2 line ("0::PATH") of
 * /proc/PID/cgroup.  Without cgroup v2 there is no such line: no record.
 */
static int
record_cgroup(struct procinfo *pi, const struct procraw *raw)
{
	const char *p = raw->cg, *end = raw->cg + raw->ncg, *eol = end;
	char num[16];

	while (p < end) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (eol == NULL)
			eol = end;	/* cut at PROCINFO_ROOM: the path as read */
		if (eol - p >= 3 && memcmp(p, "0::", 3) == 0)
			break;
		p = eol + 1;
	}
	if (p >= end)
		return 0;
	p += 3;
	snprintf(num, sizeof(num), "%d ", raw->pid);
	if (obuf_room(&pi->cg, sizeof(num) + 4 * (size_t)(eol - p) + 2) != 0)
		return -1;
	put_text(&pi->cg, num);
	put_escaped(&pi->cg, p, (size_t)(eol - p), 0);
	put_text(&pi->cg, "\n");
	return 0;
}

void
procinfo_init(struct procinfo *pi, uint64_t budget)
{
	memset(pi, 0, sizeof(*pi));
	pi->burst = budget / 64;
	pi->rate = budget / 2048;
	pi->users = (struct share){ .uid = -1, .tokens = pi->burst };
}

/* uid's share; NULL for root (none), or when no memory (then none). */
static struct share *
share_of(struct procinfo *pi, long uid)
{
	size_t i;

	if (uid == 0)
		return NULL;
	if (uid < 0 || uid > CONFIG_SYSTEM_UID_MAX)
		return &pi->users;
	for (i = 0; i < pi->nsys; i++)
		if (pi->sys[i].uid == uid)
			return &pi->sys[i];
	if (grow_array((void **)&pi->sys, &pi->capsys, pi->nsys,
	    sizeof(*pi->sys)) != 0)
		return NULL;
	pi->sys[pi->nsys] = (struct share){ .uid = uid, .tokens = pi->burst };
	return &pi->sys[pi->nsys++];
}

/* 1 when n bytes fit uid's share at now_us (then taken), else 0. */
static int
share_take(struct procinfo *pi, long uid, size_t n, uint64_t now_us)
{
	struct share *sh = share_of(pi, uid);
	uint64_t add;

	if (sh == NULL)
		return 1;
	if (sh->at_us == 0)
		sh->at_us = now_us;
	if (now_us > sh->at_us) {
		/* An hour refills any share; the product cannot overflow. */
		add = now_us - sh->at_us > 3600000000ULL ? pi->burst :
		    (now_us - sh->at_us) * pi->rate / 1000000;
		sh->tokens = sh->tokens + add > pi->burst ? pi->burst :
		    sh->tokens + add;
		sh->at_us = now_us;
	}
	if (n > sh->tokens)
		return 0;
	sh->tokens -= n;
	return 1;
}

/*
 * A kernel thread has neither executable nor arguments: no record.  An
 * executable without arguments is an exec caught between the new name
 * and the new arguments (the kernel sets the name first).
 */
int
procinfo_add(struct procinfo *pi, const struct procraw *raw, uint64_t now_us)
{
	size_t cmd = pi->cmd.len, cg = pi->cg.len;

	if (raw->nexe == 0 && raw->nargs == 0)
		return 0;
	if (record_cmdline(pi, raw) != 0 || record_cgroup(pi, raw) != 0)
		return -1;
	if (!share_take(pi, raw->uid, pi->cmd.len - cmd + pi->cg.len - cg,
	    now_us)) {
		pi->cmd.len = cmd;
		pi->cg.len = cg;
		pi->infos--;
		pi->left_out++;
		return 0;
	}
	return raw->nexe > 0 && raw->nargs == 0 ? PROCINFO_HALF : 0;
}

void
procinfo_blocks(const struct procinfo *pi, struct iovec blocks[LK_NKINDS])
{
	blocks[LK_CMDLINE2].iov_base = pi->cmd.p;
	blocks[LK_CMDLINE2].iov_len = pi->cmd.len;
	blocks[LK_CGROUP].iov_base = pi->cg.p;
	blocks[LK_CGROUP].iov_len = pi->cg.len;
}

void
procinfo_clear(struct procinfo *pi)
{
	pi->cmd.len = pi->cg.len = 0;
}

void
procinfo_free(struct procinfo *pi)
{
	obuf_free(&pi->cmd);
	obuf_free(&pi->cg);
	free(pi->sys);
	pi->sys = NULL;
	pi->nsys = pi->capsys = 0;
}
