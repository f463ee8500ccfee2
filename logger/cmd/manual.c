/* manual.c: `bootchartd start [CMD]` and `bootchartd init` on a running system. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "dest.h"
#include "diag.h"
#include "logheader.h"
#include "manual.h"
#include "options.h"
#include "pidfile.h"
#include "pidstat.h"
#include "session.h"

/* In the logger process: the pid file, then the whole run. */
static int
logger_body(struct session *s, const struct config *cfg, struct diag *d,
    int required)
{
	char pidfile[PATH_MAX], why[128];
	pid_t other;
	int r;

	if (pidfile_path(pidfile, sizeof(pidfile), 1, why, sizeof(why)) != 0) {
		if (required) {
			diag_warn(d, "%s %s: not used for the pid file; remove "
			    "it or set XDG_RUNTIME_DIR", pidfile, why);
			return EXIT_OUTPUT;
		}
		r = -1;
	} else
		r = pidfile_create(pidfile, getpid(), cfg->dest, &other);
	if (r != 0 && required) {
		if (r == 1) {
			/* An error, not a warning: nothing was started. */
			fprintf(stderr, "%s: already running (pid %d)\n",
			    d->prog, (int)other);
			return EXIT_USAGE;
		}
		diag_warn(d, "%s: %s", pidfile, strerror(errno));
		return EXIT_OUTPUT;
	}
	/* Without a pid file `start CMD` goes on: CMD's end stops it. */
	if (r != 0)
		pidfile[0] = '\0';
	r = session_run(s, cfg, d);
	if (pidfile[0] != '\0')
		unlink(pidfile);
	return r;
}

/*
 * Forks the logger; *ready is 1 once it has stored its first sample
 * (it writes one byte), 0 when it gave up first.
 */
static pid_t
spawn_logger(struct session *s, const struct config *cfg, struct diag *d,
    int daemon, int *ready)
{
	int p[2], devnull;
	ssize_t r;
	pid_t pid;
	char c;

	*ready = 0;
	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	if ((pid = fork()) < 0) {
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		s->ready_fd = p[1];
		if (daemon && s->mode == MODE_BOOT)
			spare_mark(&s->spare, spare_in_initramfs());
		if (daemon) {
			setsid();
			devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
			if (devnull >= 0) {
				dup2(devnull, 0);
				dup2(devnull, 1);
				close(devnull);
			}
		}
		/* A background logger needs its pid file; `start CMD` not. */
		_exit(logger_body(s, cfg, d, daemon));
	}
	close(p[1]);
	while ((r = read(p[0], &c, 1)) < 0 && errno == EINTR)
		;
	*ready = r == 1;
	close(p[0]);
	return pid;
}

static int
status_of(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return EXIT_OUTPUT;
}

static int
wait_child(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return EXIT_OUTPUT;
	return status_of(st);
}

static pid_t
run_command(char **cmd)
{
	pid_t pid = fork();

	if (pid != 0)
		return pid;
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	execvp(cmd[0], cmd);
	fprintf(stderr, "bootchartd: %s: %s\n", cmd[0], strerror(errno));
	_exit(errno == ENOENT ? 127 : 126);
}

/*
 * profile.command: the arguments joined by spaces, control bytes and
 * backslashes as \ooo, cut after the last whole argument piece that fits
 * (the header writer takes values up to 4 KiB).
 */
static void
join_command(char **cmd, char *out, size_t cap)
{
	size_t len = 0, n;
	int i;

	out[0] = '\0';
	for (i = 0; cmd[i] != NULL; i++) {
		/* Full to the last byte: no room for even a space. */
		if (len + 2 > cap)
			return;
		n = strlen(cmd[i]);
		if (len + 1 + 4 * n >= cap)
			n = (cap - len - 2) / 4;
		if (i > 0 && len + 1 < cap)
			out[len++] = ' ';
		len += log_escape(out + len, cmd[i], n, 0);
		out[len] = '\0';
		if (n < strlen(cmd[i]))
			return;
	}
}

/* `start CMD`: log, run CMD, stop when it exits, pass its status on. */
static int
start_command(struct session *s, const struct config *cfg, struct diag *d,
    char **cmd)
{
	char profile[64], command[PROFILE_CMD_MAX];
	pid_t logger, child;
	int status, lst, ready;

	snprintf(profile, sizeof(profile), "%s", basename(cmd[0]));
	s->profile = profile;
	join_command(cmd, command, sizeof(command));
	s->profile_cmd = command;
	/* This process forks CMD (run_command), after the logger. */
	s->profile_parent = (int)getpid();
	logger = spawn_logger(s, cfg, d, 0, &ready);
	if (logger < 0 || !ready) {
		fprintf(stderr, "bootchartd: logging did not start\n");
		if (logger > 0)
			wait_child(logger);
		return EXIT_OUTPUT;
	}
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	if ((child = run_command(cmd)) < 0) {
		fprintf(stderr, "bootchartd: fork: %s\n", strerror(errno));
		status = EXIT_OUTPUT;
	} else
		status = wait_child(child);
	kill(logger, SIGTERM);
	lst = wait_child(logger);
	if (lst == 0) {
		fprintf(stderr, "bootchartd: wrote %s\n", cfg->dest);
		return status;
	}
	/* The command's own failure says more; else the missing log. */
	fprintf(stderr, "bootchartd: no tarball written\n");
	return status != 0 ? status : EXIT_OUTPUT;
}

/* `start` and `init` without CMD: a background logger. */
static int
start_daemon(struct session *s, const struct config *cfg, struct diag *d)
{
	int ready;
	pid_t logger = spawn_logger(s, cfg, d, 1, &ready);

	if (logger < 0) {
		fprintf(stderr, "bootchartd: fork: %s\n", strerror(errno));
		return EXIT_OUTPUT;
	}
	if (!ready)
		return wait_child(logger);
	if (cfg->verbose > 0)
		fprintf(stderr, "bootchartd: logging (pid %d) to %s\n",
		    (int)logger, cfg->dest);
	return EXIT_OK;
}

/*
 * `start` writes where the user is, now: a destination that cannot take
 * the log is said before anything runs (the command is not started), and
 * the wait for a directory that appears later in a boot (WRITE_TIMEOUT)
 * is the boot's alone.
 */
static int
start_dest(struct config *cfg)
{
	char why[PATH_MAX + 128];

	if (dest_check(cfg->dest, why, sizeof(why)) != 0) {
		fprintf(stderr, "bootchartd: %s: %s; nothing started\n",
		    cfg->dest, why);
		return -1;
	}
	cfg->write_wait_us = 0;
	return 0;
}

static int
start_common(int argc, char **argv, enum bcd_mode mode, char *progname)
{
	struct session s = { .mode = mode, .ready_fd = -1,
	    .spare = { .argv0 = progname } };
	struct config cfg;
	struct diag d;
	struct opts o;
	int cmd, r;

	if ((cmd = opts_parse(argc, argv, &o)) < 0)
		return EXIT_USAGE;
	/* A boot's trace is the kernel command line's (docs/trace.md). */
	if (mode == MODE_BOOT && (cmd < argc || o.trace != 0)) {
		usage(stderr);
		return EXIT_USAGE;
	}
	s.trace = o.trace;
	s.functions = o.functions;
	diag_init(&d, "bootchartd");
	/*
	 * BOOTLOG_DEST holds the last boot's log: only `init` as root
	 * writes it (as init mode does); `start` writes ./bootchart.tgz.
	 */
	r = opts_config(&o, mode == MODE_BOOT && geteuid() == 0 ? NULL :
	    "bootchart.tgz", &cfg, &d);
	if (r != 0)
		return r;
	if (mode == MODE_START && start_dest(&cfg) != 0)
		return EXIT_OUTPUT;
	return cmd < argc ? start_command(&s, &cfg, &d, argv + cmd) :
	    start_daemon(&s, &cfg, &d);
}

int
manual_start(int argc, char **argv)
{
	return start_common(argc, argv, MODE_START, NULL);
}

int
manual_init(int argc, char **argv, char *progname)
{
	return start_common(argc, argv, MODE_BOOT, progname);
}
