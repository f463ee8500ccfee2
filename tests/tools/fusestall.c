/* fusestall.c: test tool: a FUSE file system whose reads never return, and a victim whose memory map lock it holds (issue 22, finding 1). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/fuse.h>

/*
 * serve MNT READY: mounts a file system on MNT through fusermount3 (as
 * the calling user, as any user may where /dev/fuse is open to all),
 * holding one file "f" of 64 KiB, and serves it from /dev/fuse with the
 * kernel's protocol (linux/fuse.h): every request is answered but READ,
 * which never is.  READY is created once mounted, READY.read at the
 * first READ.  SIGTERM closes the device, which aborts the requests
 * left and frees whoever waits on them; the caller unmounts.
 *
 * victim FILE READY SEEN: maps FILE; one thread reads the mapping
 * through /proc/self/mem (a remote access: the fault waits for FUSE
 * holding the map's read lock; SEEN, the server's READY.read, says the
 * read arrived), a second asks mmap() for the write lock and queues
 * behind it; then every later reader of the lock queues too, among them
 * whoever reads this process's /proc/PID/cmdline.  READY gets "PID
 * JIFFIES" (CLOCK_BOOTTIME, 1/100 s, as bootchart's logs stamp) once
 * both threads wait; then the process renames itself every 100 ms
 * (an exec, to a logger), until it is killed.
 *
 * probe PID FILE...: reads /proc/PID/FILE for each FILE in a child and
 * says, within one second, "FILE ok" or "FILE blocks".
 */

#define FILE_SIZE	65536
#define WAIT_NS		100000000L

static volatile sig_atomic_t stop;

static void
on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static void
nap(long ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000L,
	    .tv_nsec = ns % 1000000000L };

	nanosleep(&ts, NULL);
}

/* The descriptor fusermount3 opened and mounted, passed back over fd. */
static int
recv_fd(int sock)
{
	char data, cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = &data, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	int fd;

	if (recvmsg(sock, &m, 0) <= 0)
		return -1;
	c = CMSG_FIRSTHDR(&m);
	if (c == NULL || c->cmsg_type != SCM_RIGHTS)
		return -1;
	memcpy(&fd, CMSG_DATA(c), sizeof(fd));
	return fd;
}

static int
mount_fuse(const char *mnt)
{
	char num[16];
	int sv[2], fd, st;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
		return -1;
	if ((pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		close(sv[0]);
		snprintf(num, sizeof(num), "%d", sv[1]);
		setenv("_FUSE_COMMFD", num, 1);
		execlp("fusermount3", "fusermount3", "-o",
		    "nosuid,nodev,noexec,fsname=fusestall,subtype=fusestall",
		    "--", mnt, (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	fd = recv_fd(sv[0]);
	close(sv[0]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static void
reply(int fd, uint64_t unique, int error, const void *p, size_t n)
{
	struct fuse_out_header h = { .len = (uint32_t)(sizeof(h) + n),
	    .error = error, .unique = unique };
	struct iovec v[2] = { { .iov_base = &h, .iov_len = sizeof(h) },
	    { .iov_base = (void *)p, .iov_len = n } };

	if (writev(fd, v, n > 0 ? 2 : 1) < 0 && errno != ENOENT)
		perror("fusestall: reply");
}

static void
attr_of(uint64_t node, struct fuse_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->ino = node;
	a->uid = getuid();
	a->gid = getgid();
	a->blksize = 4096;
	if (node == FUSE_ROOT_ID) {
		a->mode = S_IFDIR | 0755;
		a->nlink = 2;
	} else {
		a->mode = S_IFREG | 0444;
		a->nlink = 1;
		a->size = FILE_SIZE;
		a->blocks = FILE_SIZE / 512;
	}
}

static void
do_init(int fd, const struct fuse_in_header *h, const void *arg)
{
	const struct fuse_init_in *in = arg;
	struct fuse_init_out out = { .major = FUSE_KERNEL_VERSION,
	    .minor = in->minor < FUSE_KERNEL_MINOR_VERSION ? in->minor :
	    FUSE_KERNEL_MINOR_VERSION, .max_readahead = in->max_readahead,
	    .max_background = 16, .congestion_threshold = 12,
	    .max_write = 4096, .time_gran = 1, .max_pages = 1 };

	reply(fd, h->unique, 0, &out, sizeof(out));
}

static void
do_lookup(int fd, const struct fuse_in_header *h, const char *name)
{
	struct fuse_entry_out e = { .nodeid = 2, .entry_valid = 3600,
	    .attr_valid = 3600 };

	if (h->nodeid != FUSE_ROOT_ID || strcmp(name, "f") != 0) {
		reply(fd, h->unique, -ENOENT, NULL, 0);
		return;
	}
	attr_of(2, &e.attr);
	reply(fd, h->unique, 0, &e, sizeof(e));
}

/* Created at the first READ: the reader now waits, holding its lock. */
static const char *read_seen;

static void
one_request(int fd, const char *buf)
{
	const struct fuse_in_header *h = (const void *)buf;
	const char *arg = buf + sizeof(*h);
	struct fuse_attr_out a = { .attr_valid = 3600 };
	struct fuse_open_out o = { .fh = 1 };

	switch (h->opcode) {
	case FUSE_INIT: do_init(fd, h, arg); break;
	case FUSE_LOOKUP: do_lookup(fd, h, arg); break;
	case FUSE_GETATTR:
		attr_of(h->nodeid, &a.attr);
		reply(fd, h->unique, 0, &a, sizeof(a));
		break;
	case FUSE_OPEN: case FUSE_OPENDIR:
		reply(fd, h->unique, 0, &o, sizeof(o));
		break;
	case FUSE_FLUSH: case FUSE_RELEASE: case FUSE_RELEASEDIR:
		reply(fd, h->unique, 0, NULL, 0);
		break;
	/* The point: a read is never answered.  No answer either for these. */
	case FUSE_READ:
		if (read_seen != NULL)
			close(open(read_seen, O_WRONLY | O_CREAT, 0644));
		read_seen = NULL;
		break;
	case FUSE_INTERRUPT: case FUSE_FORGET: case FUSE_BATCH_FORGET:
		break;
	default:
		reply(fd, h->unique, -ENOSYS, NULL, 0);
	}
}

static int
serve(const char *mnt, const char *ready)
{
	static char buf[FUSE_MIN_READ_BUFFER * 16], seen[4096];
	struct sigaction sa = { .sa_handler = on_term };
	struct pollfd p;
	sigset_t term, open_mask;
	ssize_t n;
	int fd, rfd;

	/*
	 * SIGTERM is let in only while ppoll waits: one that came between
	 * the loop's test of stop and a blocking read would leave the
	 * server reading forever (a CI run's cleanup waited on it until
	 * the test's timeout).
	 */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	if ((fd = mount_fuse(mnt)) < 0) {
		fprintf(stderr, "fusestall: cannot mount %s\n", mnt);
		return 77;
	}
	/* After the mount: fusermount3 inherits no blocked signal. */
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigaddset(&term, SIGINT);
	sigprocmask(SIG_BLOCK, &term, &open_mask);
	/* Never block in read: a request seen by ppoll may be gone by then. */
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) {
		fprintf(stderr, "fusestall: %s: cannot make non-blocking\n",
		    mnt);
		close(fd);
		return 77;
	}
	snprintf(seen, sizeof(seen), "%s.read", ready);
	read_seen = seen;
	if ((rfd = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0644)) >= 0)
		close(rfd);
	while (!stop) {
		p = (struct pollfd){ .fd = fd, .events = POLLIN };
		if (ppoll(&p, 1, NULL, &open_mask) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && (errno == EINTR || errno == ENOENT ||
		    errno == EAGAIN))
			continue;
		if (n < (ssize_t)sizeof(struct fuse_in_header))
			break;
		one_request(fd, buf);
	}
	close(fd);
	return 0;
}

/* ---- the victim ---- */

static const char *vmap;

/* Faults on the mapping the way another process's read would: remotely. */
static void *
fault_thread(void *arg)
{
	char c;
	int fd = open("/proc/self/mem", O_RDONLY);

	*(volatile pid_t *)arg = (pid_t)syscall(SYS_gettid);
	if (fd >= 0 && pread(fd, &c, 1, (off_t)(uintptr_t)vmap) < 0)
		perror("fusestall: /proc/self/mem");
	return NULL;
}

/* Told to go (a byte): queues for the write lock behind the stuck reader. */
static int go[2];

static void *
mmap_thread(void *arg)
{
	char c;

	*(volatile pid_t *)arg = (pid_t)syscall(SYS_gettid);
	if (read(go[0], &c, 1) == 1)
		mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return NULL;
}

/* Thread tid's state letter (R, S, D, ...), or 0. */
static char
state(pid_t tid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	if ((fd = open(path, O_RDONLY)) < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p != NULL && p[1] == ' ' ? p[2] : 0;
}

/*
 * Waits up to 10 s for thread *tid to sleep in one of the states of
 * `states` at three looks in a row.  (FUSE waits for its answer
 * interruptibly first, S; the lock's queue is D.)
 */
static int
blocked(volatile pid_t *tid, const char *states)
{
	int i, seen = 0;
	char c;

	for (i = 0; i < 100 && seen < 3; i++) {
		nap(WAIT_NS);
		c = *tid != 0 ? state(*tid) : 0;
		seen = c != 0 && strchr(states, c) != NULL ? seen + 1 : 0;
	}
	return seen == 3 ? 0 : -1;
}

/* Waits up to 10 s for the file seen to exist. */
static int
appears(const char *seen)
{
	int i;

	for (i = 0; i < 100; i++) {
		if (access(seen, F_OK) == 0)
			return 0;
		nap(WAIT_NS);
	}
	return -1;
}

/*
 * Both threads are made first: once the fault holds the lock, making
 * a thread (its stack is an mmap) would queue this one.  The second
 * asks for the lock once the server has the first one's read.
 */
static int
stall(const char *seen)
{
	static volatile pid_t ta, tb;
	pthread_t a, b;

	if (pipe(go) != 0 ||
	    pthread_create(&b, NULL, mmap_thread, (void *)&tb) != 0 ||
	    pthread_create(&a, NULL, fault_thread, (void *)&ta) != 0 ||
	    appears(seen) != 0 || blocked(&ta, "SD") != 0 ||
	    write(go[1], "g", 1) != 1)
		return -1;
	return blocked(&tb, "D");
}

/* Writes "PID JIFFIES\n" to path (no allocation). */
static int
say_ready(const char *path)
{
	struct timespec bt;
	char line[64];
	int fd, n;

	clock_gettime(CLOCK_BOOTTIME, &bt);
	n = snprintf(line, sizeof(line), "%d %llu\n", (int)getpid(),
	    (unsigned long long)bt.tv_sec * 100 +
	    (unsigned long long)bt.tv_nsec / 10000000);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0 ||
	    write(fd, line, (size_t)n) != n)
		return -1;
	return close(fd);
}

/* Touches 256 KiB of stack, so that later calls find it grown. */
static void
grow_stack(void)
{
	volatile char room[256 << 10];
	size_t i;

	for (i = 0; i < sizeof(room); i += 4096)
		room[i] = 1;
}

static int
victim(const char *file, const char *ready, const char *seen)
{
	char name[16];
	unsigned long i;
	int fd;

	if ((fd = open(file, O_RDONLY)) < 0) {
		perror(file);
		return 1;
	}
	/*
	 * Once the lock is held, a fault of this thread that needs it
	 * (growing the stack) queues too: the stack is grown now, and the
	 * calls it will make are made once, before the file is mapped.
	 */
	grow_stack();
	if (say_ready("/dev/null") != 0 || appears("/") != 0 ||
	    prctl(PR_SET_NAME, "stall", 0, 0, 0) != 0)
		perror("fusestall: warning: preparing");
	if ((vmap = mmap(NULL, FILE_SIZE, PROT_READ, MAP_SHARED, fd, 0)) ==
	    MAP_FAILED) {
		perror(file);
		return 1;
	}
	if (stall(seen) != 0) {
		fprintf(stderr, "fusestall: the threads did not block\n");
		return 1;
	}
	if (say_ready(ready) != 0)
		return 1;
	for (i = 0;; i++) {
		snprintf(name, sizeof(name), "stall%lu", i);
		prctl(PR_SET_NAME, name, 0, 0, 0);
		nap(WAIT_NS);
	}
}

/* ---- probe ---- */

static int
probe(const char *pid, char **files, int n)
{
	char path[256], buf[4096];
	int i, st, fd, t;
	pid_t c;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/proc/%s/%s", pid, files[i]);
		if ((c = fork()) == 0) {
			if (strcmp(files[i], "exe") == 0)
				_exit(readlink(path, buf, sizeof(buf)) < 0);
			fd = open(path, O_RDONLY);
			_exit(fd < 0 || read(fd, buf, sizeof(buf)) < 0);
		}
		for (t = 0; t < 10 && waitpid(c, &st, WNOHANG) == 0; t++)
			nap(WAIT_NS);
		printf("%s %s\n", files[i], t < 10 ? "ok" : "blocks");
		if (t == 10) {
			kill(c, SIGKILL);
			waitpid(c, &st, 0);
		}
	}
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "serve") == 0)
		return serve(argv[2], argv[3]);
	if (argc == 5 && strcmp(argv[1], "victim") == 0)
		return victim(argv[2], argv[3], argv[4]);
	if (argc >= 4 && strcmp(argv[1], "probe") == 0)
		return probe(argv[2], argv + 3, argc - 3);
	fprintf(stderr, "usage: fusestall serve MNT READY | victim FILE READY "
	    "SEEN | probe PID FILE...\n");
	return 2;
}
