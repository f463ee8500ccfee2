/* stop.c: `bootchartd stop`: find the logger, signal it, wait for its tarball. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clocks.h"
#include "config.h"
#include "options.h"
#include "pidfile.h"
#include "pidstat.h"
#include "slurp.h"
#include "stop.h"

#define STOP_GRACE_US (60 * 1000000ULL)

/* The parent PID of pid, or -1. */
static pid_t
parent_of(pid_t pid)
{
	struct pidstat ps;

	return pid_stat(pid, &ps) == 0 ? (pid_t)ps.ppid : -1;
}

/* 1 when pid's argv[1] is one of our subcommands (a manual logger). */
static int
is_manual(pid_t pid)
{
	char path[64], *buf, *arg1;
	size_t len;
	int r;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	if ((buf = slurp_at(AT_FDCWD, path, 4096, &len)) == NULL)
		return 1;
	arg1 = memchr(buf, '\0', len);
	r = arg1 != NULL && arg1 + 1 < buf + len &&
	    (strcmp(arg1 + 1, "start") == 0 || strcmp(arg1 + 1, "init") == 0 ||
	    strcmp(arg1 + 1, "stop") == 0);
	free(buf);
	return r;
}

/*
 * Without a pid file (init mode writes none): a bootchartd of ours
 * (is_logger: our uid, so a user's impostor is never signalled nor its
 * command line read) that is init's child and was not started by a
 * command (manual loggers have pid files; a logger of another PID
 * namespace never has PPID 1 here).
 */
static pid_t
find_logger(void)
{
	struct dirent *e;
	pid_t pid, found = -1;
	DIR *dir;
	char *end;

	if ((dir = opendir("/proc")) == NULL)
		return -1;
	while (found < 0 && (e = readdir(dir)) != NULL) {
		pid = (pid_t)strtol(e->d_name, &end, 10);
		if (*end != '\0' || pid <= 1 || pid == getpid() ||
		    !is_logger(pid))
			continue;
		if (parent_of(pid) == 1 && !is_manual(pid))
			found = pid;
	}
	closedir(dir);
	return found;
}

static int
wait_gone(pid_t pid, uint64_t limit_us)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = 20 * 1000000 };
	uint64_t end = clock_us(CLOCK_MONOTONIC) + limit_us;

	while (is_logger(pid)) {
		if (clock_us(CLOCK_MONOTONIC) >= end)
			return -1;
		nanosleep(&ts, NULL);
	}
	return 0;
}

int
manual_stop(int argc, char **argv)
{
	char pidpath[PATH_MAX], dest[PATH_MAX], why[128];
	struct config cfg;
	struct diag d;
	struct opts o;
	struct stat st;
	time_t t_stop = time(NULL);
	pid_t pid;
	char *nl;
	int r;

	if (opts_parse(argc, argv, &o) != argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	diag_init(&d, "bootchartd");
	if ((r = opts_load(&o, &cfg, &d)) != 0)
		return r;
	if (pidfile_path(pidpath, sizeof(pidpath), 0, why, sizeof(why)) != 0) {
		if (errno != ENOENT)
			fprintf(stderr, "bootchartd: warning: %s %s: not used "
			    "for the pid file\n", pidpath, why);
		pidpath[0] = '\0';
	}
	if (pidpath[0] == '\0' ||
	    pidfile_read(pidpath, &pid, dest, sizeof(dest)) != 0 ||
	    !is_logger(pid)) {
		pid = find_logger();
		snprintf(dest, sizeof(dest), "%s", cfg.dest);
	}
	if ((nl = strchr(dest, '\n')) != NULL)
		*nl = '\0';
	if (o.out != NULL && path_absolute(o.out, dest, sizeof(dest)) != 0)
		return EXIT_USAGE;
	if (pid <= 0) {
		fprintf(stderr, "bootchartd: no logger running\n");
		return EXIT_USAGE;
	}
	if (kill(pid, SIGTERM) != 0) {
		fprintf(stderr, "bootchartd: pid %d: %s\n", (int)pid,
		    strerror(errno));
		return EXIT_USAGE;
	}
	if (wait_gone(pid, cfg.write_wait_us + STOP_GRACE_US) != 0) {
		fprintf(stderr, "bootchartd: pid %d did not finish\n",
		    (int)pid);
		return EXIT_OUTPUT;
	}
	if (stat(dest, &st) != 0 || st.st_mtime + 2 < t_stop) {
		fprintf(stderr, "bootchartd: no new %s was written\n", dest);
		return EXIT_OUTPUT;
	}
	printf("%s\n", dest);
	return EXIT_OK;
}
