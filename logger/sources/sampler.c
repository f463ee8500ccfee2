/* sampler.c: one sample of /proc (stat, diskstats, meminfo, every PID's stat) as timed blocks. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "grow.h"
#include "pidline.h"
#include "sampler.h"

#define DENTS_SIZE	32768
#define STAT_ROOM	4096	/* a /proc/PID/stat line is about 300 bytes */
#define SCHED_ROOM	128	/* /proc/PID/schedstat: three numbers */
#define FILE_ROOM	65536	/* first guess for /proc/stat, diskstats, meminfo */

struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* Starts a timed block: the time stamp line. */
static int
ob_begin(struct obuf *b, uint64_t jiffies)
{
	b->len = 0;
	if (obuf_room(b, 32) != 0)
		return -1;
	b->len = (size_t)snprintf(b->p, 32, "%llu\n",
	    (unsigned long long)jiffies);
	return 0;
}

/* Ends a block: the data must end in '\n', then an empty line. */
static int
ob_end(struct obuf *b)
{
	if (obuf_room(b, 2) != 0)
		return -1;
	if (b->len > 0 && b->p[b->len - 1] != '\n')
		b->p[b->len++] = '\n';
	b->p[b->len++] = '\n';
	return 0;
}

/* Appends a whole (small) /proc file read with pread from offset 0. */
static int
ob_file(struct obuf *b, int fd)
{
	size_t start = b->len, room = FILE_ROOM;
	ssize_t r;

	for (;;) {
		if (obuf_room(b, room) != 0)
			return -1;
		r = pread(fd, b->p + start, b->cap - start, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return 0;	/* a missing file gives an empty block */
		if ((size_t)r < b->cap - start) {
			b->len = start + (size_t)r;
			return 0;
		}
		room = (b->cap - start) * 2;
	}
}

int
sampler_init(struct sampler *s, int procfd, const struct config *cfg,
    int watch_exit)
{
	memset(s, 0, sizeof(*s));
	s->procfd = procfd;
	s->cfg = cfg;
	s->watch_exit = watch_exit && cfg->nexit > 0;
	s->statfd = openat(procfd, "stat", O_RDONLY | O_CLOEXEC);
	s->diskfd = openat(procfd, "diskstats", O_RDONLY | O_CLOEXEC);
	s->memfd = openat(procfd, "meminfo", O_RDONLY | O_CLOEXEC);
	if ((s->dents = malloc(DENTS_SIZE)) == NULL)
		return -1;
	return 0;
}

/* Closes e's descriptors. */
static void
close_ent(struct pident *e)
{
	if (e->fd >= 0)
		close(e->fd);
	if (e->sfd >= 0)
		close(e->sfd);
	e->fd = e->sfd = -1;
}

void
sampler_free(struct sampler *s)
{
	size_t i;

	for (i = 0; i < s->nents; i++)
		close_ent(&s->ents[i]);
	if (s->statfd >= 0)
		close(s->statfd);
	if (s->diskfd >= 0)
		close(s->diskfd);
	if (s->memfd >= 0)
		close(s->memfd);
	if (s->procfd >= 0)
		close(s->procfd);
	free(s->ents);
	free(s->next);
	free(s->dents);
	free(s->desc);
	obuf_free(&s->stat);
	obuf_free(&s->disk);
	obuf_free(&s->ps);
	obuf_free(&s->ps_last);
	obuf_free(&s->mem);
	obuf_free(&s->names);
	memset(s, 0, sizeof(*s));
	s->procfd = s->statfd = s->diskfd = s->memfd = -1;
}

/* Binary search of the old cache; returns the index or -1. */
static long
find_pid(const struct sampler *s, int pid)
{
	size_t lo = 0, hi = s->nents, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (s->ents[mid].pid == pid)
			return (long)mid;
		if (s->ents[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static int
open_stat(struct sampler *s, int pid)
{
	char path[32];

	snprintf(path, sizeof(path), "%d/stat", pid);
	return openat(s->procfd, path, O_RDONLY | O_CLOEXEC);
}

/* Reads one PID's line into s->ps; returns its length, 0 if gone. */
static ssize_t
read_stat(struct sampler *s, int fd)
{
	ssize_t r;

	do
		r = pread(fd, s->ps.p + s->ps.len, STAT_ROOM - 1, 0);
	while (r < 0 && errno == EINTR);
	return r < 0 ? 0 : r;
}

/*
 * Without a cached descriptor: open/read/close.  When the cache holds
 * every descriptor, one cached in this sample is given back first;
 * otherwise no process past the cache would ever be read.
 */
static ssize_t
read_uncached(struct sampler *s, int pid, size_t nnext)
{
	ssize_t r;
	int fd;

	while ((fd = open_stat(s, pid)) < 0 && (errno == EMFILE ||
	    errno == ENFILE) && nnext > 0) {
		nnext--;
		close_ent(&s->next[nnext]);
	}
	if (fd < 0)
		return 0;
	r = read_stat(s, fd);
	close(fd);
	return r;
}

/*
 * The hash of e's schedstat now, read before its stat line (a run
 * after it shows at the next sample); 0 when e has more than one
 * thread (the file is its leader's alone), or it cannot be read.
 */
static uint64_t
sched_now(struct sampler *s, struct pident *e)
{
	char path[40], buf[SCHED_ROOM];
	ssize_t r;

	if (!e->single)
		return 0;
	if (e->sfd < 0 && !s->nofile) {
		snprintf(path, sizeof(path), "%d/schedstat", e->pid);
		e->sfd = openat(s->procfd, path, O_RDONLY | O_CLOEXEC);
	}
	if (e->sfd < 0)
		return 0;
	do
		r = pread(e->sfd, buf, sizeof(buf), 0);
	while (r < 0 && errno == EINTR);
	/*
	 * A kernel without schedstats or delay accounting (before 5.14,
	 * with nodelayacct) prints "0 0 0" for everyone: a process seen
	 * asleep has run, so a time of 0 says nothing.
	 */
	if (r <= 0 || buf[0] == '0')
		return 0;
	return pidline_hash(buf, (size_t)r);
}

/*
 * Writes e's line of the last sample again when e is a sleeping
 * process of one thread that has not run since (schedstat hash h the
 * same).  1 when written, 0 when its line must be read.
 */
static int
reuse_line(struct sampler *s, struct pident *e, uint64_t h)
{
	if (h == 0 || h != e->sched || !e->asleep || e->len == 0 ||
	    e->again || e->reused >= SAMPLER_FRESH ||
	    (size_t)e->line + e->len > s->ps_last.len ||
	    e->len > s->ps.cap - s->ps.len)
		return 0;
	memcpy(s->ps.p + s->ps.len, s->ps_last.p + e->line, e->len);
	e->line = (uint32_t)s->ps.len;
	s->ps.len += e->len;
	s->nprocs++;
	s->reused++;
	e->reused++;
	return 1;
}

/* Samples one PID into s->ps and records it in s->next. */
static int
one_pid(struct sampler *s, int pid, size_t *nnext)
{
	long i = find_pid(s, pid);
	struct pident e = i >= 0 ? s->ents[i] :
	    (struct pident){ .pid = pid, .fd = -1, .sfd = -1 };
	int fd = -1, known = i >= 0;
	uint64_t sh = 0;
	ssize_t r = 0;

	if (obuf_room(&s->ps, STAT_ROOM) != 0)
		return -1;
	if (i >= 0) {
		/* Moved to the new cache. */
		s->ents[i].fd = s->ents[i].sfd = -1;
		sh = sched_now(s, &e);
		if (reuse_line(s, &e, sh)) {
			s->next[(*nnext)++] = e;
			return 0;
		}
	}
	if (i >= 0 && e.fd >= 0) {
		fd = e.fd;
		r = read_stat(s, fd);
		if (r == 0) {
			/* Gone, or a new process reusing the PID. */
			close_ent(&e);
			fd = -1;
			known = 0;
			sh = 0;
		}
	}
	if (fd < 0 && !s->nofile) {
		fd = open_stat(s, pid);
		if (fd < 0 && (errno == EMFILE || errno == ENFILE))
			s->nofile = 1;
		if (fd >= 0 && (r = read_stat(s, fd)) == 0) {
			close(fd);
			fd = -1;
		}
	}
	if (fd < 0 && s->nofile)
		r = read_uncached(s, pid, *nnext);
	if (r > 0) {
		if (pidline_take(s, &e, (size_t)r, known, sh) != 0) {
			e.fd = fd;
			close_ent(&e);
			return -1;
		}
	}
	/* Without a descriptor (none left) it is still known, by name. */
	if (fd >= 0 || r > 0) {
		if (r <= 0)
			e.name = 0;
		e.fd = fd;
		s->next[(*nnext)++] = e;
	} else if (e.sfd >= 0)
		close(e.sfd);
	return 0;
}

static int
parse_pid(const char *name)
{
	int v = 0;

	if (*name == '\0')
		return -1;
	for (; *name != '\0'; name++) {
		if (*name < '0' || *name > '9' || v > 100000000)
			return -1;
		v = v * 10 + (*name - '0');
	}
	return v > 0 ? v : -1;
}

static int
cmp_pident(const void *a, const void *b)
{
	const struct pident *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

/* Walks the procfs directory; closes cached descriptors of gone PIDs. */
static int
sample_pids(struct sampler *s)
{
	struct linux_dirent64 *d;
	struct pident *tmp;
	size_t nnext = 0, i, sorted = 1;
	long n, off;
	int pid, last = 0;

	if (lseek(s->procfd, 0, SEEK_SET) < 0)
		return -1;
	for (;;) {
		n = syscall(SYS_getdents64, s->procfd, s->dents, DENTS_SIZE);
		if (n <= 0)
			break;
		for (off = 0; off < n; off += d->d_reclen) {
			d = (struct linux_dirent64 *)(s->dents + off);
			if ((pid = parse_pid(d->d_name)) < 0)
				continue;
			if (grow_array((void **)&s->next, &s->capnext, nnext,
			    sizeof(*s->next)) != 0 || one_pid(s, pid, &nnext) != 0)
				return -1;
			if (pid < last)
				sorted = 0;
			last = pid;
		}
	}
	for (i = 0; i < s->nents; i++)
		close_ent(&s->ents[i]);
	if (!sorted)
		qsort(s->next, nnext, sizeof(*s->next), cmp_pident);
	tmp = s->ents;
	s->ents = s->next;
	s->nents = nnext;
	s->next = tmp;
	i = s->capents;
	s->capents = s->capnext;
	s->capnext = i;
	return 0;
}

/*
 * The kernel's fork counter from the /proc/stat text just read, or 0.
 * When it has not moved since the last directory scan, no process can
 * have appeared (nor reused a PID), so the cached list is complete.
 */
static uint64_t
fork_count(const struct obuf *b)
{
	const char *p = b->p, *end = b->p + b->len;
	uint64_t v = 0;

	while ((p = memmem(p, (size_t)(end - p), "\nprocesses ", 11)) != NULL) {
		p += 11;
		while (p < end && *p >= '0' && *p <= '9')
			v = v * 10 + (uint64_t)(*p++ - '0');
		return v;
	}
	return 0;
}

/* Samples only the cached descriptors; drops the processes gone. */
static int
sample_cached(struct sampler *s)
{
	size_t i, n = 0;
	uint64_t sh;
	ssize_t r;

	for (i = 0; i < s->nents; i++) {
		if (obuf_room(&s->ps, STAT_ROOM) != 0)
			return -1;
		sh = sched_now(s, &s->ents[i]);
		if (reuse_line(s, &s->ents[i], sh)) {
			s->ents[n++] = s->ents[i];
			continue;
		}
		r = read_stat(s, s->ents[i].fd);
		if (r <= 0) {
			close_ent(&s->ents[i]);
			continue;
		}
		if (pidline_take(s, &s->ents[i], (size_t)r, 1, sh) != 0)
			return -1;
		s->ents[n++] = s->ents[i];
	}
	s->nents = n;
	return 0;
}

int
sampler_take(struct sampler *s, uint64_t jiffies)
{
	struct obuf tmp;
	uint64_t forks;

	/* A tick served late can fall into the jiffy of the sample before. */
	if (s->last != 0 && jiffies <= s->last)
		return 1;
	s->nprocs = 0;
	s->names.len = 0;
	/* The last block's lines stay where the cache says (reuse_line). */
	tmp = s->ps_last;
	s->ps_last = s->ps;
	s->ps = tmp;
	if (ob_begin(&s->stat, jiffies) != 0 ||
	    ob_begin(&s->disk, jiffies) != 0 ||
	    ob_begin(&s->ps, jiffies) != 0 ||
	    ob_begin(&s->mem, jiffies) != 0)
		return -1;
	s->ndesc = 0;
	if (s->statfd >= 0 && ob_file(&s->stat, s->statfd) != 0)
		return -1;
	if (s->diskfd >= 0 && ob_file(&s->disk, s->diskfd) != 0)
		return -1;
	if (s->memfd >= 0 && ob_file(&s->mem, s->memfd) != 0)
		return -1;
	forks = fork_count(&s->stat);
	if (forks != 0 && forks == s->forks && !s->nofile) {
		if (sample_cached(s) != 0)
			return -1;
	} else {
		if (sample_pids(s) != 0)
			return -1;
		s->forks = forks;
		s->scans++;
	}
	if (ob_end(&s->stat) != 0 || ob_end(&s->disk) != 0 ||
	    ob_end(&s->ps) != 0 || ob_end(&s->mem) != 0)
		return -1;
	s->last = jiffies;
	return 0;
}

void
sampler_blocks(const struct sampler *s, struct iovec blocks[LK_NKINDS])
{
	blocks[LK_PROC_STAT] = (struct iovec){ .iov_base = s->stat.p,
	    .iov_len = s->stat.len };
	blocks[LK_DISKSTATS] = (struct iovec){ .iov_base = s->disk.p,
	    .iov_len = s->disk.len };
	blocks[LK_PROC_PS] = (struct iovec){ .iov_base = s->ps.p,
	    .iov_len = s->ps.len };
	blocks[LK_MEMINFO] = (struct iovec){ .iov_base = s->mem.p,
	    .iov_len = s->mem.len };
}

void
sampler_again(struct sampler *s, int pid)
{
	long i = find_pid(s, pid);

	if (i >= 0)
		s->ents[i].again = 1;
}
