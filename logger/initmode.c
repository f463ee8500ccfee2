/* initmode.c: bootchartd as PID 1: exec the real init at once, log in a child. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "diag.h"
#include "initmode.h"
#include "pidfile.h"
#include "session.h"
#include "slurp.h"

/* The kernel's own fallbacks when no init= is given. */
static const char *const fallback_init[] = {
	"/sbin/init", "/etc/init", "/bin/init", "/bin/sh"
};

static void
try_exec(const char *path, char **argv, char **envp)
{
	if (path == NULL || path[0] == '\0')
		return;
	/* Like the kernel, argv[0] names the program; the rest is kept. */
	argv[0] = (char *)path;
	execve(path, argv, envp);
}

/* bootchart_init= from the command line file, if it can be read. */
static void
cmdline_init(char *out, size_t outsz)
{
	const char *file = getenv("BOOTCHARTD_CMDLINE");
	char buf[4096];
	ssize_t n;
	int fd;

	out[0] = '\0';
	fd = open_regular_at(AT_FDCWD, file != NULL ? file : "/proc/cmdline");
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n > 0 && cmdline_get(buf, (size_t)n, "bootchart_init", out,
	    outsz) != 0)
		out[0] = '\0';
}

/* Runs in PID 1 after the fork: must end in an exec whatever happens. */
static int
exec_init(int argc, char **argv, char **envp)
{
	static char path[PATH_MAX];
	const char *conf = getenv("BOOTCHARTD_CONFIG");
	struct config *cfg;
	struct diag d;
	char *fake[2];
	size_t i;

	if (argc < 1) {
		fake[0] = NULL;
		fake[1] = NULL;
		argv = fake;
	}
	/* The kernel turns bootchart_init=PATH into an environment variable. */
	try_exec(getenv("bootchart_init"), argv, envp);
	cmdline_init(path, sizeof(path));
	try_exec(path, argv, envp);
	if ((cfg = malloc(sizeof(*cfg))) != NULL) {
		diag_init(&d, "bootchartd");
		d.out = NULL;	/* the logging child reports problems */
		config_defaults(cfg);
		config_load(cfg, conf != NULL ? conf : CONFIG_PATH, 0, &d);
		snprintf(path, sizeof(path), "%s", cfg->init);
		free(cfg);
		try_exec(path, argv, envp);
	}
	for (i = 0; i < sizeof(fallback_init) / sizeof(fallback_init[0]); i++)
		try_exec(fallback_init[i], argv, envp);
	fprintf(stderr, "bootchartd: no init could be run: %s\n",
	    strerror(errno));
	return 127;
}

static FILE *
open_messages(void)
{
	const char *path = getenv("BOOTCHARTD_KMSG");
	FILE *f;
	int fd;

	fd = open(path != NULL ? path : KMSG_PATH, O_WRONLY | O_APPEND |
	    O_CLOEXEC);
	if (fd < 0 || (f = fdopen(fd, "a")) == NULL) {
		if (fd >= 0)
			close(fd);
		return stderr;
	}
	/* /dev/kmsg takes one record per write: one line each. */
	setvbuf(f, NULL, _IOLBF, 0);
	return f;
}

static int
logger_child(uint64_t t0_us)
{
	const char *conf = getenv("BOOTCHARTD_CONFIG");
	struct session s = { MODE_INIT, NULL, NULL, -1 };
	struct config *cfg;
	struct diag d;
	int r;

	setsid();
	diag_init(&d, "bootchartd");
	d.out = open_messages();
	d.verbose = 1;
	if ((cfg = malloc(sizeof(*cfg))) == NULL) {
		diag_warn(&d, "out of memory; not logging");
		return EXIT_NOMEM;
	}
	config_defaults(cfg);
	config_load(cfg, conf != NULL ? conf : CONFIG_PATH, 0, &d);
	diag_set_file(&d, "%s", "");
	diag_info(&d, "logging from %llu.%06llu s after boot",
	    (unsigned long long)(t0_us / 1000000),
	    (unsigned long long)(t0_us % 1000000));
	r = session_run(&s, cfg, &d);
	free(cfg);
	if (d.out != stderr)
		fclose(d.out);
	return r;
}

/*
 * 1 when a logger already runs: `bootchartd init` started from the
 * initramfs (scripts/initramfs-tools, scripts/dracut) goes on across the
 * switch to the real root, whose /run the initramfs handed over with the
 * pid file in it.  The boot then has one logger and one log.
 */
static int
logger_running(void)
{
	char path[PATH_MAX], dest[PATH_MAX], why[128];
	pid_t pid;

	return pidfile_path(path, sizeof(path), 0, why, sizeof(why)) == 0 &&
	    pidfile_read(path, &pid, dest, sizeof(dest)) == 0 &&
	    pid != getpid() && is_logger(pid);
}

int
init_main(int argc, char **argv, char **envp, uint64_t t0_us)
{
	pid_t pid;

	if (logger_running())
		return exec_init(argc, argv, envp);
	pid = fork();

	if (pid == 0)
		_exit(logger_child(t0_us));
	/* Parent, or fork failed: either way PID 1 becomes init now. */
	return exec_init(argc, argv, envp);
}
