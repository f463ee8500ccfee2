/* initmode.c: bootchartd as PID 1: exec the real init at once, log in a child. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "diag.h"
#include "initpick.h"
#include "initmode.h"
#include "kmsg.h"
#include "logfiles.h"
#include "pidfile.h"
#include "session.h"
#include "slurp.h"

/* Tells the console (kmsg) that another init runs than the one asked for. */
static void
announce(const char *note)
{
	char line[1024];
	int fd, n;

	/* <3>: an error, so that it shows even with `quiet`. */
	n = snprintf(line, sizeof(line), "<3>" KMSG_FALLBACK "%s\n", note);
	if (n <= 0)
		return;
	if ((size_t)n >= sizeof(line))
		n = sizeof(line) - 1;
	if ((fd = kmsg_open(KMSG_WRITE, NULL)) < 0)
		return;
	if (write(fd, line, (size_t)n) != n)
		n = 0;	/* nothing more to try: the boot goes on */
	close(fd);
}

/* Runs in PID 1 after the fork: must end in an exec whatever happens. */
static int
exec_init(int argc, char **argv, char **envp, const char *argv0)
{
	static struct init_cands c;
	struct stat self;
	char note[1024];
	char *fake[2];
	int i, have_self;

	if (argc < 1) {
		fake[0] = NULL;
		fake[1] = NULL;
		argv = fake;
	}
	init_gather(&c);
	have_self = init_self(argv0, &self) == 0;
	while ((i = init_plan(&c, have_self ? &self : NULL, note,
	    sizeof(note))) >= 0) {
		if (note[0] != '\0')
			announce(note);
		/* Like the kernel, argv[0] names the program; the rest is kept. */
		argv[0] = (char *)c.path[i];
		execve(c.path[i], argv, envp);
		if (i == c.asked)
			snprintf(c.why, sizeof(c.why), "%s", strerror(errno));
		c.failed |= 1u << i;
	}
	fprintf(stderr, "bootchartd: no init could be run: %s\n",
	    strerror(errno));
	return 127;
}

/* The note PID 1 writes, as the logging child sees it (header). */
static const char *
fallback_note(const char *argv0, char *note, size_t nsz)
{
	struct init_cands *c;
	struct stat self;
	int have_self;

	note[0] = '\0';
	if ((c = malloc(sizeof(*c))) == NULL)
		return NULL;
	init_gather(c);
	have_self = init_self(argv0, &self) == 0;
	init_plan(c, have_self ? &self : NULL, note, nsz);
	free(c);
	return note[0] != '\0' ? note : NULL;
}

static FILE *
open_messages(void)
{
	FILE *f;
	int fd;

	fd = kmsg_open(KMSG_WRITE, NULL);
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
logger_child(uint64_t t0_us, const char *argv0)
{
	char note[1024];
	const char *conf = getenv("BOOTCHARTD_CONFIG");
	struct session s = { .mode = MODE_INIT, .ready_fd = -1 };
	struct config *cfg;
	struct diag d;
	int r;

	setsid();
	/* Before anything else, while the file system is as PID 1 sees it. */
	s.init_note = fallback_note(argv0, note, sizeof(note));
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
	const char *argv0 = argc > 0 ? argv[0] : NULL;
	pid_t pid;

	if (logger_running())
		return exec_init(argc, argv, envp, argv0);
	pid = fork();

	if (pid == 0)
		_exit(logger_child(t0_us, argv0));
	/* Parent, or fork failed: either way PID 1 becomes init now. */
	return exec_init(argc, argv, envp, argv0);
}
