/* pidline.c: a process's stat line in the sample: kept with its name escaped, what it says (its name, an EXIT_PROC, its threads and state), and whether the process is to be described. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "pidline.h"
#include "pidstat.h"

#define THREADS_FIELD	17	/* num_threads, counted from the state after ')' */

/* The EXIT_PROC name the comm of a stat line just read is, or -1. */
static int
exit_match(const struct sampler *s, const char *line, size_t len)
{
	const char *open, *close;
	size_t n;
	int i;

	open = memchr(line, '(', len < 32 ? len : 32);
	if (open == NULL)
		return -1;
	/* comm is at most 15 bytes, so the ')' is near. */
	close = NULL;
	for (n = 0; n <= CONFIG_COMM_LEN + 1 && open + 1 + n < line + len; n++)
		if (open[1 + n] == ')' && open + 2 + n < line + len &&
		    open[2 + n] == ' ')
			close = open + 1 + n;
	if (close == NULL)
		return -1;
	n = (size_t)(close - open - 1);
	for (i = 0; i < s->cfg->nexit; i++)
		if (strlen(s->cfg->exit_proc[i]) == n &&
		    memcmp(open + 1, s->cfg->exit_proc[i], n) == 0)
			return i;
	return -1;
}

/*
 * 1 when pid is a process of the system: its real uid (not the
 * effective one: a user may run a set-user-ID program under any name)
 * is at most CONFIG_SYSTEM_UID_MAX.  /proc/PID/status does not wait on
 * the process's locks (docs/logger.md).
 */
static int
system_owned(const struct sampler *s, int pid)
{
	char path[32], buf[PIDSTAT_STATUS_ROOM];
	ssize_t r;
	long uid;
	int fd;

	snprintf(path, sizeof(path), "%d/status", pid);
	if ((fd = openat(s->procfd, path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	do
		r = pread(fd, buf, sizeof(buf), 0);
	while (r < 0 && errno == EINTR);
	close(fd);
	uid = r > 0 ? pidstat_uid(buf, (size_t)r) : -1;
	return uid >= 0 && uid <= CONFIG_SYSTEM_UID_MAX;
}

/*
 * e's name is EXIT_PROC's name i: the end of boot when e is the
 * system's process; a process of anyone else is noted (foreign) and not
 * looked at again until it is renamed.
 */
static void
note_exit(struct sampler *s, struct pident *e, int i)
{
	if (s->exit_seen || e->foreign)
		return;
	if (!system_owned(s, e->pid)) {
		e->foreign = 1;
		return;
	}
	s->exit_seen = 1;
	snprintf(s->exit_name, sizeof(s->exit_name), "%s",
	    s->cfg->exit_proc[i]);
}

/* FNV-1a, 64 bits, of n bytes at p; never 0 (0: none). */
uint64_t
pidline_hash(const char *p, size_t n)
{
	uint64_t h = 14695981039346656037ull;

	while (n-- > 0)
		h = (h ^ (unsigned char)*p++) * 1099511628211ull;
	return h != 0 ? h : 1;
}

/* The hash of the name of a stat line (first '(' to last ')'), or 0. */
static uint32_t
name_hash(const char *line, size_t len)
{
	size_t open, close;

	if (pidstat_name_at(line, len, &open, &close) != 0)
		return 0;
	return (uint32_t)pidline_hash(line + open + 1, close - open - 1);
}

/*
 * Keeps the r > 0 bytes of a stat line just read to the end of s->ps as
 * one line of the block (the room was made before the read), its name
 * escaped: a name may hold line breaks, and a log line must not.
 * Returns the hash of the name; *exit_i is the EXIT_PROC name it has,
 * or -1.
 */
static uint32_t
keep_stat(struct sampler *s, size_t r, int *exit_i)
{
	char *line = s->ps.p + s->ps.len;
	uint32_t h;

	if (line[r - 1] != '\n')
		line[r++] = '\n';
	*exit_i = s->watch_exit && !s->exit_seen ? exit_match(s, line, r) : -1;
	h = name_hash(line, r);
	s->line_at = SIZE_MAX;
	/* 0: it cannot fit (never with a real name); the line is left out. */
	if ((r = pidstat_escape(line, r, s->ps.cap - s->ps.len)) == 0)
		return h;
	r = pidstat_hide_addresses(line, r);
	s->line_at = s->ps.len;
	s->ps.len += r;
	s->nprocs++;
	return h;
}

/* "pid comm\n" of the line keep_stat kept (its name escaped). */
static int
note_name(struct sampler *s)
{
	const char *line = s->ps.p + s->line_at;
	size_t n, open, close;

	if (pidstat_name_at(line, s->ps.len - s->line_at, &open, &close) != 0 ||
	    open == 0)
		return 0;
	n = open + (close - open - 1) + 1;
	if (obuf_room(&s->names, n) != 0)
		return -1;
	memcpy(s->names.p + s->names.len, line, open);
	memcpy(s->names.p + s->names.len + open, line + open + 1,
	    close - open - 1);
	s->names.len += n;
	s->names.p[s->names.len - 1] = '\n';
	return 0;
}

/*
 * The process of e was just read, its name's hash h, known when it was
 * in the last sample.  New (known 0) or renamed since the last sample
 * (an exec), it is to be described, at most SAMPLER_DESCRIBE_MAX times
 * in all.  e->again asked for one more look (sampler_again: the
 * description caught an exec half done, the new name and no arguments
 * yet; a compiler started by make was labelled with its bare
 * executable); that look is a retry, which asks for none, since a
 * process may clear its arguments itself.
 */
static int
note_process(struct sampler *s, struct pident *e, int known, uint32_t h,
    int exit_i)
{
	int renamed = !known || h != e->name, retry = known && e->again;

	if (!known)
		e->times = 0;
	if (renamed)
		e->foreign = 0;
	e->name = h;
	e->again = 0;
	if (exit_i >= 0)
		note_exit(s, e, exit_i);
	if (renamed && s->keep_names && s->line_at != SIZE_MAX &&
	    note_name(s) != 0)
		return -1;
	if ((!renamed && !retry) || e->times >= SAMPLER_DESCRIBE_MAX)
		return 0;
	if (grow_array((void **)&s->desc, &s->capdesc, s->ndesc,
	    sizeof(*s->desc)) != 0)
		return -1;
	e->times++;
	s->desc[s->ndesc++] = (struct describe){ .pid = e->pid,
	    .retry = retry };
	return 0;
}

/*
 * After e's line was read (kept at s->line_at, or left out): where it
 * is, the schedstat hash h read before it, and what the line says of
 * e's threads and state.
 */
static void
note_line(struct sampler *s, struct pident *e, uint64_t h)
{
	const char *line, *p, *end;
	unsigned long n = 0;
	int f;

	e->len = 0;
	e->sched = h;
	e->reused = 0;
	e->single = e->asleep = 0;
	if (s->line_at == SIZE_MAX || s->ps.len - s->line_at > UINT32_MAX ||
	    s->line_at > UINT32_MAX)
		return;
	line = s->ps.p + s->line_at;
	end = s->ps.p + s->ps.len;
	e->line = (uint32_t)s->line_at;
	e->len = (uint32_t)(end - line);
	if ((p = memrchr(line, ')', (size_t)(end - line))) == NULL ||
	    end - p < 4)
		return;
	e->asleep = p[2] == 'S' || p[2] == 'I';
	for (p += 2, f = 0; p < end && f < THREADS_FIELD; p++)
		if (*p == ' ')
			f++;
	while (p < end && *p >= '0' && *p <= '9' && n < 1000000)
		n = n * 10 + (unsigned long)(*p++ - '0');
	e->single = f == THREADS_FIELD && n == 1;
}

int
pidline_take(struct sampler *s, struct pident *e, size_t r, int known,
    uint64_t sched)
{
	uint32_t h;
	int exit_i;

	h = keep_stat(s, r, &exit_i);
	note_line(s, e, sched);
	return note_process(s, e, known, h, exit_i);
}
