/* wakeload.c: small workloads that wait for a known reason (btrace's five and a pipe), for tests/sh/wakeups_reasons.sh; and named threads of known CPU and sleep, and a group that outlives its leader, for tests/sh/trace_threads.sh. */
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

#include <netinet/in.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS	20

struct shared {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int ready, done;
};

static void
nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Busy for ms of CPU time: holding a lock without sleeping. */
static void
spin_ms(long ms)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 <
	    ms);
}

static void *
locker(void *arg)
{
	struct shared *s = arg;
	int i;

	for (i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&s->mu);
		spin_ms(1);
		pthread_mutex_unlock(&s->mu);
		nap_ms(1);
	}
	return NULL;
}

/* Two threads take turns holding a mutex for 5 ms: each blocks on the other's (futex). */
static int
mutex_load(void)
{
	struct shared s = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
	    0, 0 };
	pthread_t th;
	int i;

	if (pthread_create(&th, NULL, locker, &s) != 0)
		return 1;
	for (i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&s.mu);
		spin_ms(5);
		pthread_mutex_unlock(&s.mu);
		nap_ms(1);
	}
	return pthread_join(th, NULL) != 0;
}

static void *
signaller(void *arg)
{
	struct shared *s = arg;
	int i;

	for (i = 0; i < ROUNDS; i++) {
		spin_ms(5);
		pthread_mutex_lock(&s->mu);
		s->ready++;
		pthread_cond_signal(&s->cv);
		pthread_mutex_unlock(&s->mu);
	}
	return NULL;
}

/* A thread waits on a condition variable another signals every 5 ms (futex). */
static int
condvar_load(void)
{
	struct shared s = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
	    0, 0 };
	pthread_t th;

	if (pthread_create(&th, NULL, signaller, &s) != 0)
		return 1;
	pthread_mutex_lock(&s.mu);
	while (s.done < ROUNDS) {
		while (s.ready == 0)
			pthread_cond_wait(&s.cv, &s.mu);
		s.done += s.ready;
		s.ready = 0;
	}
	pthread_mutex_unlock(&s.mu);
	return pthread_join(th, NULL) != 0;
}

/* 16 MB written, fsync'd, dropped from the page cache and read back (disk I/O). */
static int
disk_load(const char *path)
{
	static char buf[1 << 20];
	int fd, i;

	memset(buf, 'x', sizeof(buf));
	if ((fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600)) < 0)
		return 1;
	for (i = 0; i < 16; i++)
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			return 1;
	if (fsync(fd) != 0 ||
	    posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0 ||
	    lseek(fd, 0, SEEK_SET) != 0)
		return 1;
	while ((i = (int)read(fd, buf, sizeof(buf))) > 0)
		;
	close(fd);
	unlink(path);
	return i != 0;
}

/* A child connects over loopback TCP and sends every 10 ms; we block in recv (socket). */
static int
tcp_load(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	int ls, c, i, st;
	char b = 0;
	pid_t pid;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((ls = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    bind(ls, (struct sockaddr *)&a, sizeof(a)) != 0 ||
	    listen(ls, 1) != 0 ||
	    getsockname(ls, (struct sockaddr *)&a, &alen) != 0)
		return 1;
	if ((pid = fork()) < 0)
		return 1;
	if (pid == 0) {
		if ((c = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
		    connect(c, (struct sockaddr *)&a, sizeof(a)) != 0)
			_exit(1);
		for (i = 0; i < ROUNDS; i++) {
			spin_ms(10);
			if (send(c, "x", 1, 0) != 1)
				_exit(1);
		}
		_exit(0);
	}
	if ((c = accept(ls, NULL, NULL)) < 0)
		return 1;
	for (i = 0; i < ROUNDS; i++)
		if (recv(c, &b, 1, 0) != 1)
			return 1;
	return waitpid(pid, &st, 0) != pid || st != 0;
}

/* epoll_wait on a timerfd firing every 10 ms (poll/epoll, woken by the timer). */
static int
epoll_load(void)
{
	struct itimerspec its = { { 0, 10000000 }, { 0, 10000000 } };
	struct epoll_event ev = { .events = EPOLLIN };
	uint64_t n;
	int ep, tf, i;

	if ((tf = timerfd_create(CLOCK_MONOTONIC, 0)) < 0 ||
	    (ep = epoll_create1(0)) < 0 ||
	    epoll_ctl(ep, EPOLL_CTL_ADD, tf, &ev) != 0 ||
	    timerfd_settime(tf, 0, &its, NULL) != 0)
		return 1;
	for (i = 0; i < ROUNDS; i++)
		if (epoll_wait(ep, &ev, 1, -1) != 1 ||
		    read(tf, &n, sizeof(n)) != (ssize_t)sizeof(n))
			return 1;
	return 0;
}

/* A child writes a byte into a pipe every 10 ms; we block in read (pipe). */
static int
pipe_load(void)
{
	int fd[2], i, st;
	char b;
	pid_t pid;

	if (pipe(fd) != 0 || (pid = fork()) < 0)
		return 1;
	if (pid == 0) {
		close(fd[0]);
		for (i = 0; i < ROUNDS; i++) {
			spin_ms(10);
			if (write(fd[1], "x", 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	close(fd[1]);
	for (i = 0; i < ROUNDS; i++)
		if (read(fd[0], &b, 1) != 1)
			return 1;
	return waitpid(pid, &st, 0) != pid || st != 0;
}

/* A thread's id and its CPU time in µs, as the kernel counts them. */
static void
say_thread(const char *name)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	printf("%s %ld %lld\n", name, (long)gettid(),
	    (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
	fflush(stdout);
}

static void *
spinner(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "spinner");
	spin_ms(200);
	say_thread("spinner");
	return NULL;
}

static void *
napper(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "napper");
	nap_ms(300);
	say_thread("napper");
	return NULL;
}

/*
 * A process of three threads: "spinner" busy 200 ms, "napper" asleep
 * 300 ms, the main one waiting for both; each prints NAME TID CPU_US.
 */
static int
threads_load(void)
{
	pthread_t a, b;

	if (pthread_create(&a, NULL, spinner, NULL) != 0 ||
	    pthread_create(&b, NULL, napper, NULL) != 0)
		return 1;
	if (pthread_join(a, NULL) != 0 || pthread_join(b, NULL) != 0)
		return 1;
	say_thread("main");
	return 0;
}

/*
 * The main thread leaves (pthread_exit) while "spinner" runs on 200 ms:
 * the group outlives its leader.  Prints "main TID" first.
 */
static int
orphan_load(void)
{
	pthread_t a;

	printf("main %ld 0\n", (long)gettid());
	fflush(stdout);
	if (pthread_create(&a, NULL, spinner, NULL) != 0)
		return 1;
	pthread_exit(NULL);
}

int
main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";

	if (strcmp(m, "mutex") == 0)
		return mutex_load();
	if (strcmp(m, "condvar") == 0)
		return condvar_load();
	if (strcmp(m, "disk") == 0 && argc > 2)
		return disk_load(argv[2]);
	if (strcmp(m, "tcp") == 0)
		return tcp_load();
	if (strcmp(m, "epoll") == 0)
		return epoll_load();
	if (strcmp(m, "pipe") == 0)
		return pipe_load();
	if (strcmp(m, "threads") == 0)
		return threads_load();
	if (strcmp(m, "orphan") == 0)
		return orphan_load();
	fprintf(stderr, "usage: wakeload mutex|condvar|disk FILE|tcp|epoll|pipe"
	    "|threads|orphan\n");
	return 2;
}
