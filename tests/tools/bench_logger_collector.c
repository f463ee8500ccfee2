/* bench_logger_collector.c: bench tool part: bootchart2's collector sampling the same processes, for bootchartd's cost side by side. */
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_logger.h"

/*
 * The collector mounts a tmpfs and a proc at its compiled-in PKGLIBDIR
 * (the bench builds it with one under its scratch directory): in a mount
 * namespace of its own, those mounts go when it does.
 */
static pid_t
spawn(const char *collector, const char *a1, const char *a2, const char *a3)
{
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	if (unshare(CLONE_NEWNS) != 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
		fprintf(stderr, "bench_logger: collector: %s\n",
		    strerror(errno));
		_exit(126);
	}
	execl(collector, "bootchart-collector", a1, a2, a3, (char *)NULL);
	_exit(127);
}

/* The CPU ns of every thread of pid (its netlink thread too), from schedstat. */
static double
cpu_ns(pid_t pid)
{
	char path[512];
	struct dirent *e;
	double sum = 0, ns;
	DIR *d;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	if ((d = opendir(path)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task/%s/schedstat",
		    (int)pid, e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		if (fscanf(f, "%lf", &ns) == 1)
			sum += ns;
		fclose(f);
	}
	closedir(d);
	return sum;
}

/*
 * The samples it took: its per-process log (taskstats.log as root,
 * proc_ps.log without taskstats) has a frame per sample, an uptime
 * line, then a line per process -- with taskstats only those whose
 * counts changed, though it asked the kernel for every one.
 */
static double
count_frames(const char *dir)
{
	static const char *const names[] = { "taskstats.log", "proc_ps.log" };
	char path[4096], line[1024];
	double n = 0;
	size_t i;
	FILE *f = NULL;

	for (i = 0; i < 2 && f == NULL; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		f = fopen(path, "r");
	}
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (line[0] >= '0' && line[0] <= '9' &&
		    line[strspn(line, "0123456789")] == '\n')
			n++;
	fclose(f);
	return n;
}

static int
wait_status(pid_t pid)
{
	int st;

	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

double
run_collector(const struct bench *b, const char *collector, const char *dir,
    double *nps)
{
	char hz[16];
	struct timespec t = { b->secs, 0 };
	double ns;
	pid_t pid;
	int rc;

	*nps = 0;
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		return -1;
	snprintf(hz, sizeof(hz), "%d", b->hz);
	/* -c: its messages to the console, not the kernel's log; -r: started by hand. */
	if ((pid = spawn(collector, "-c", "-r", hz)) < 0)
		return -1;
	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
	ns = cpu_ns(pid);
	rc = wait_status(spawn(collector, "-c", "--dump", dir));
	kill(pid, SIGTERM);
	wait_status(pid);
	if (ns < 0 || rc != 0) {
		fprintf(stderr, "bench_logger: %s: no dump (status %d)\n",
		    collector, rc);
		return -1;
	}
	/* Each sample asks about every process, as bootchartd reads each. */
	*nps = count_frames(dir) * b->npids;
	return *nps > 0 ? ns / 1000 / *nps : -1;
}
