/* reader.c: the reads that can wait on another process (its command line waits for its memory map lock), done off the sampling path by a helper process with a deadline. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clocks.h"
#include "config.h"
#include "grow.h"
#include "reader.h"

/* An answer: this head, then the executable, arguments and cgroup text. */
struct answer {
	int32_t pid;
	int32_t uid;
	uint32_t nexe, nargs, ncg;
};

#define MSG_MAX	(sizeof(struct answer) + PATH_MAX + 2 * PROCINFO_ROOM)

/* ---- the helper process ---- */

static void
close_from(unsigned first, unsigned last)
{
	unsigned fd;

	if (first > last)
		return;
	if (syscall(SYS_close_range, first, last, 0) == 0)
		return;
	/* Before Linux 5.9: the descriptors a logger can have early on. */
	for (fd = first; fd <= last && fd < 1024; fd++)
		close((int)fd);
}

/* Keeps 0-2, a and b: nothing else of the logger's stays open here. */
static void
close_others(int a, int b)
{
	unsigned lo = (unsigned)(a < b ? a : b), hi = (unsigned)(a < b ? b : a);

	if (lo < 3)
		lo = hi;	/* cannot be: 0-2 are taken */
	if (lo > 3)
		close_from(3, lo - 1);
	close_from(lo + 1, hi - 1);
	close_from(hi + 1, ~0U);
}

static void
answer(int sock, const struct procraw *raw)
{
	struct answer a = { .pid = raw->pid, .uid = (int32_t)raw->uid,
	    .nexe = (uint32_t)raw->nexe, .nargs = (uint32_t)raw->nargs,
	    .ncg = (uint32_t)raw->ncg };
	struct iovec v[4] = {
		{ .iov_base = &a, .iov_len = sizeof(a) },
		{ .iov_base = (void *)raw->exe, .iov_len = raw->nexe },
		{ .iov_base = (void *)raw->args, .iov_len = raw->nargs },
		{ .iov_base = (void *)raw->cg, .iov_len = raw->ncg },
	};
	struct msghdr m = { .msg_iov = v, .msg_iovlen = 4 };

	if (sendmsg(sock, &m, MSG_NOSIGNAL) < 0)
		_exit(0);
}

/* The helper: one PID asked, one answer, until the logger goes. */
static void
helper(int sock, int procfd, pid_t logger, struct procraw *raw)
{
	int32_t pid;
	ssize_t n;

	/* Gone with the logger, whatever ends it. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	prctl(PR_SET_NAME, READER_NAME);
	if (getppid() != logger)
		_exit(0);
	close_others(sock, procfd);
	for (;;) {
		n = recv(sock, &pid, sizeof(pid), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n != (ssize_t)sizeof(pid))
			_exit(0);
		procinfo_read(procfd, pid, raw);
		answer(sock, raw);
	}
}

/* ---- the logger's side ---- */

static void
reap(struct reader *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->ndead; i++)
		if (waitpid(r->dead[i], NULL, WNOHANG) == 0)
			r->dead[n++] = r->dead[i];
	r->ndead = n;
}

/* Kills the helper; it is reaped when it is gone (never waited for). */
static void
kill_helper(struct reader *r)
{
	if (r->helper <= 0)
		return;
	kill(r->helper, SIGKILL);
	if (waitpid(r->helper, NULL, WNOHANG) == 0 &&
	    grow_array((void **)&r->dead, &r->capdead, r->ndead,
	    sizeof(*r->dead)) == 0)
		r->dead[r->ndead++] = r->helper;
	r->helper = 0;
	reap(r);
}

/* The next look at the helper while an answer is due, or none. */
static void
arm(struct reader *r)
{
	struct itimerspec its;

	memset(&its, 0, sizeof(its));
	if (r->sent > 0) {
		its.it_value.tv_sec = (time_t)(r->look_us / 1000000);
		its.it_value.tv_nsec = (long)(r->look_us % 1000000) * 1000;
	}
	timerfd_settime(r->timerfd, TFD_TIMER_ABSTIME, &its, NULL);
}

/* The answer due first changed (now): its clock starts. */
static void
new_head(struct reader *r)
{
	r->head_us = clock_us(CLOCK_MONOTONIC);
	r->look_us = r->head_us + READER_LOOK_MS * 1000ULL;
	r->asleep = 0;
	arm(r);
}

/* Sends what the socket takes of the queue; never waits. */
static void
send_queued(struct reader *r)
{
	int32_t pid;
	ssize_t n;

	while (r->helper > 0 && r->sent < r->qn) {
		pid = r->q[r->sent].pid;
		n = send(r->sock, &pid, sizeof(pid), MSG_DONTWAIT |
		    MSG_NOSIGNAL);
		if (n != (ssize_t)sizeof(pid))
			break;	/* full, or the helper died: its EOF says */
		if (r->sent++ == 0)
			new_head(r);
	}
}

/* A new helper on a new socket, under the old socket's number. */
static int
spawn(struct reader *r)
{
	pid_t logger = getpid(), pid;
	int sv[2];

	if (r->helpers >= READER_HELPERS_MAX ||
	    socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
		r->off = 1;
		return -1;
	}
	if ((pid = fork()) < 0) {
		close(sv[0]);
		close(sv[1]);
		r->off = 1;
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		helper(sv[1], r->procfd, logger, r->raw);
	}
	close(sv[1]);
	if (r->sock < 0)
		r->sock = sv[0];
	else if (dup3(sv[0], r->sock, O_CLOEXEC) < 0 || close(sv[0]) != 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		r->off = 1;
		return -1;
	}
	fcntl(r->sock, F_SETFL, O_NONBLOCK);
	r->helper = pid;
	r->helpers++;
	r->sent = 0;
	send_queued(r);
	return 0;
}

int
reader_start(struct reader *r, int procfd)
{
	memset(r, 0, sizeof(*r));
	r->procfd = procfd;
	r->sock = -1;
	r->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK |
	    TFD_CLOEXEC);
	if (r->timerfd < 0 || (r->raw = malloc(sizeof(*r->raw))) == NULL ||
	    (r->msg = malloc(MSG_MAX)) == NULL)
		return -1;
	return spawn(r);
}

static long
find_stuck(const struct reader *r, int pid, size_t *at)
{
	size_t lo = 0, hi = r->nstuck, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->stuck[mid] == pid)
			return (long)mid;
		if (r->stuck[mid] < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	return -1;
}

/* 1 when pid's owner (its /proc directory's) is a user's, not the system's. */
static int
users(const struct reader *r, int pid)
{
	char path[16];
	struct stat st;

	snprintf(path, sizeof(path), "%d", pid);
	return fstatat(r->procfd, path, &st, 0) == 0 &&
	    st.st_uid > CONFIG_SYSTEM_UID_MAX;
}

int
reader_ask(struct reader *r, const struct describe *d, size_t n)
{
	size_t i, at;
	int user;

	for (i = 0; i < n; i++) {
		if (find_stuck(r, d[i].pid, &at) >= 0)
			continue;
		user = users(r, d[i].pid);
		if (r->off || r->qn >= READER_QUEUE_MAX ||
		    (user && r->user_stalls >= READER_USER_STALLS)) {
			r->dropped++;
			continue;
		}
		if (grow_array((void **)&r->q, &r->qcap, r->qn,
		    sizeof(*r->q)) != 0)
			return -1;
		r->q[r->qn++] = (struct reader_rq){ .pid = d[i].pid,
		    .retry = (uint8_t)d[i].retry, .user = (uint8_t)user };
	}
	send_queued(r);
	return 0;
}

/* The answer to the head of the queue is in: off the queue. */
static void
pop(struct reader *r)
{
	memmove(r->q, r->q + 1, (r->qn - 1) * sizeof(*r->q));
	r->qn--;
	r->sent--;
	new_head(r);
}

/* The n bytes in r->msg as a description; 0, or -1 when malformed. */
static int
unpack(struct reader *r, size_t n)
{
	struct answer a;
	const char *p = r->msg + sizeof(a);

	if (n < sizeof(a))
		return -1;
	memcpy(&a, r->msg, sizeof(a));
	if (a.nexe > sizeof(r->raw->exe) || a.nargs > PROCINFO_ROOM ||
	    a.ncg > PROCINFO_ROOM || (size_t)a.nexe + a.nargs + a.ncg !=
	    n - sizeof(a) || r->sent == 0 || a.pid != r->q[0].pid)
		return -1;
	r->raw->pid = a.pid;
	r->raw->uid = a.uid;
	r->raw->nexe = a.nexe;
	r->raw->nargs = a.nargs;
	r->raw->ncg = a.ncg;
	memcpy(r->raw->exe, p, a.nexe);
	memcpy(r->raw->args, p + a.nexe, a.nargs);
	memcpy(r->raw->cg, p + a.nexe + a.nargs, a.ncg);
	return 0;
}

/* The helper is gone (or spoke nonsense): a new one is asked again. */
static void
replace(struct reader *r)
{
	kill_helper(r);
	spawn(r);
	if (r->off) {
		r->dropped += r->qn;
		r->qn = r->sent = 0;
		arm(r);
	}
}

int
reader_collect(struct reader *r, reader_fn fn, void *ctx)
{
	ssize_t n;
	int retry;

	while (r->helper > 0) {
		n = recv(r->sock, r->msg, MSG_MAX, MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			break;
		if (n <= 0 || unpack(r, (size_t)n) != 0) {
			replace(r);
			break;
		}
		retry = r->q[0].retry;
		pop(r);
		if (fn(ctx, r->raw, retry) != 0)
			return -1;
	}
	send_queued(r);
	return 0;
}

/*
 * pid's answer is late: it is given up, with every other description of
 * it still asked for, and noted (in order) so that it is never asked
 * again.
 */
static void
give_up(struct reader *r, int pid)
{
	size_t at = 0, i, n = 0, sent = r->sent;

	if (r->qn > 0 && r->q[0].pid == pid && r->q[0].user)
		r->user_stalls++;
	for (i = 0; i < r->qn; i++) {
		if (r->q[i].pid != pid)
			r->q[n++] = r->q[i];
		else if (i < sent)
			r->sent--;
	}
	r->qn = n;
	r->timeouts++;
	if (find_stuck(r, pid, &at) >= 0 || grow_array((void **)&r->stuck,
	    &r->capstuck, r->nstuck, sizeof(*r->stuck)) != 0)
		return;
	memmove(r->stuck + at + 1, r->stuck + at,
	    (r->nstuck - at) * sizeof(*r->stuck));
	r->stuck[at] = pid;
	r->nstuck++;
}

/* 1 when the helper is running or runnable (state R): not stuck. */
static int
helper_runs(const struct reader *r)
{
	char path[32], buf[512], *paren;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%d/stat", (int)r->helper);
	if ((fd = openat(r->procfd, path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	paren = strrchr(buf, ')');
	return paren != NULL && paren[1] == ' ' && paren[2] == 'R';
}

/*
 * A look at the helper (now) while an answer is due: 1 when the process
 * of that answer is to be given up (the helper asleep at
 * READER_ASLEEP_LOOKS looks in a row, or READER_DEADLINE_MS passed).
 */
static int
late(struct reader *r, uint64_t now)
{
	if (r->sent == 0 || now < r->look_us)
		return 0;
	r->asleep = helper_runs(r) ? 0 : r->asleep + 1;
	if (r->asleep >= READER_ASLEEP_LOOKS ||
	    now - r->head_us >= READER_DEADLINE_MS * 1000ULL)
		return 1;
	r->look_us = now + READER_LOOK_MS * 1000ULL;
	arm(r);
	return 0;
}

void
reader_expire(struct reader *r)
{
	uint64_t ticks;

	if (read(r->timerfd, &ticks, sizeof(ticks)) < 0 && errno != EAGAIN)
		return;
	reap(r);
	if (!late(r, clock_us(CLOCK_MONOTONIC)))
		return;
	give_up(r, r->q[0].pid);
	replace(r);
}

int
reader_finish(struct reader *r, reader_fn fn, void *ctx)
{
	struct pollfd pf;
	uint64_t now, due;
	int given = 0;

	while (r->qn > 0 && r->helper > 0) {
		send_queued(r);
		if (r->sent == 0)
			break;
		now = clock_us(CLOCK_MONOTONIC);
		if (late(r, now)) {
			/* The logger's end is held a few deadlines at most. */
			give_up(r, r->q[0].pid);
			if (++given >= READER_END_GIVEUPS)
				break;
			replace(r);
			continue;
		}
		due = r->look_us > now ? r->look_us : now;
		pf = (struct pollfd){ .fd = r->sock, .events = POLLIN };
		if (poll(&pf, 1, (int)((due - now) / 1000) + 1) < 0 &&
		    errno != EINTR)
			break;
		if (reader_collect(r, fn, ctx) != 0)
			return -1;
	}
	r->dropped += r->qn;
	r->qn = r->sent = 0;
	return 0;
}

void
reader_stop(struct reader *r)
{
	struct timespec ts = { .tv_nsec = 5000000 };
	int i;

	if (r->sock >= 0)
		close(r->sock);
	kill_helper(r);
	/*
	 * Reaped if they go within a look (a read waits killably), so that
	 * their CPU counts in the logger's children's; never waited for
	 * longer.
	 */
	for (i = 0; r->ndead > 0 && i < READER_LOOK_MS / 5; i++) {
		nanosleep(&ts, NULL);
		reap(r);
	}
	if (r->timerfd >= 0)
		close(r->timerfd);
	free(r->q);
	free(r->stuck);
	free(r->dead);
	free(r->raw);
	free(r->msg);
	r->q = NULL;
	r->stuck = NULL;
	r->dead = NULL;
	r->raw = NULL;
	r->msg = NULL;
	r->sock = r->timerfd = -1;
	r->qn = r->sent = r->nstuck = r->ndead = 0;
}
