/* manual.c: `bootchartd start|stop|init` on a running system. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "diag.h"
#include "manual.h"
#include "pidfile.h"
#include "pidstat.h"
#include "sampler.h"
#include "session.h"

#define STOP_GRACE_US (60 * 1000000ULL)

struct opts {
	const char *conf;
	const char *out;
	const char *period;
	int acct;		/* -1: config decides */
	int verbose;
};

void
usage(FILE *f)
{
	fprintf(f,
	    "usage: bootchartd start [OPTIONS] [--] [CMD [ARGS...]]\n"
	    "       bootchartd stop [-c FILE] [-o FILE]\n"
	    "       bootchartd init [OPTIONS]\n"
	    "       bootchartd -h | -V\n"
	    "options:\n"
	    "  -c FILE         config file (default " CONFIG_PATH ")\n"
	    "  -o FILE         tarball (default BOOTLOG_DEST as root,\n"
	    "                  ./bootchart.tgz otherwise)\n"
	    "  -p, --period S  sample period in seconds (0.01 .. 60)\n"
	    "  --acct          process accounting (root only)\n"
	    "  --no-acct       no process accounting\n"
	    "  -v, --verbose   more messages\n"
	    "  -h, --help      this text\n"
	    "  -V, --version   version\n"
	    "As the kernel's init (init=/sbin/bootchartd) it starts the real\n"
	    "init and logs the boot; see README.logger.\n");
}

/* Parses options; returns the index of CMD, or -1 after a message. */
static int
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ "period", required_argument, NULL, 'p' },
		{ "acct", no_argument, NULL, 'A' },
		{ "no-acct", no_argument, NULL, 'N' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->acct = -1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+c:o:p:vhV", lo, NULL)) != -1) {
		switch (c) {
		case 'c': o->conf = optarg; break;
		case 'o': o->out = optarg; break;
		case 'p': o->period = optarg; break;
		case 'A': o->acct = 1; break;
		case 'N': o->acct = 0; break;
		case 'v': o->verbose++; break;
		case 'h': usage(stdout); exit(EXIT_OK);
		case 'V': printf("bootchartd %s\n", BC_VERSION); exit(EXIT_OK);
		default: usage(stderr); return -1;
		}
	}
	return optind;
}

/* Makes a relative -o absolute: the logger may change directory. */
static int
absolute(const char *in, char *out, size_t len)
{
	char cwd[PATH_MAX];

	if (in[0] == '/') {
		if (strlen(in) >= len)
			return -1;
		snprintf(out, len, "%s", in);
		return 0;
	}
	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return -1;
	if ((size_t)snprintf(out, len, "%s/%s", cwd, in) >= len)
		return -1;
	return 0;
}

/* Config, then options; returns 0 or an exit status. */
static int
configure(struct session *s, struct diag *d, const struct opts *o)
{
	uint64_t us;

	if (config_load(&s->cfg, o->conf != NULL ? o->conf : CONFIG_PATH,
	    o->conf != NULL, d) != 0) {
		fprintf(stderr, "bootchartd: %s\n", d->msg);
		return d->status;
	}
	diag_set_file(d, "%s", "");
	if (o->period != NULL) {
		if (parse_seconds(o->period, &us) != 0 || us < 10000 ||
		    us > 60000000) {
			fprintf(stderr, "bootchartd: bad period %s "
			    "(0.01 to 60 seconds)\n", o->period);
			return EXIT_USAGE;
		}
		s->cfg.period_us = us;
	}
	s->acct_wanted = o->acct >= 0 ? o->acct : s->cfg.acct;
	if (geteuid() != 0)
		s->acct_wanted = 0;	/* ordinary users: no accounting */
	s->want_tmpfs = geteuid() == 0;
	s->verbose = o->verbose;
	d->verbose = o->verbose;
	if (absolute(o->out != NULL ? o->out : geteuid() == 0 ? s->cfg.dest :
	    "bootchart.tgz", s->dest, sizeof(s->dest)) != 0) {
		fprintf(stderr, "bootchartd: output path too long\n");
		return EXIT_USAGE;
	}
	return 0;
}

/* In the logger process: the pid file, then the whole run. */
static int
logger_body(struct session *s, int required)
{
	pid_t other;
	int r;

	pidfile_path(s->pidfile, sizeof(s->pidfile));
	r = pidfile_create(s->pidfile, getpid(), s->dest, &other);
	if (r != 0) {
		if (r == 1 && required)
			diag_warn(s->d, "already running (pid %d)", (int)other);
		else if (required)
			diag_warn(s->d, "%s: %s", s->pidfile, strerror(errno));
		s->pidfile[0] = '\0';
		if (required)
			return EXIT_USAGE;
	}
	return session_run(s);
}

/*
 * Forks the logger; *ready is 1 once it has stored its first sample
 * (it writes one byte), 0 when it gave up first.
 */
static pid_t
spawn_logger(struct session *s, int daemon, int required, int *ready)
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
		if (daemon) {
			setsid();
			devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
			if (devnull >= 0) {
				dup2(devnull, 0);
				dup2(devnull, 1);
				close(devnull);
			}
		}
		_exit(logger_body(s, required));
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

/* `start CMD`: log, run CMD, stop when it exits, pass its status on. */
static int
start_command(struct session *s, char **cmd)
{
	pid_t logger, child;
	int status, lst, ready;

	snprintf(s->profile, sizeof(s->profile), "%s", basename(cmd[0]));
	logger = spawn_logger(s, 0, 0, &ready);
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
	if (lst != 0)
		fprintf(stderr, "bootchartd: no tarball written\n");
	else
		fprintf(stderr, "bootchartd: wrote %s\n", s->dest);
	return status;
}

/* `start` and `init` without CMD: a background logger. */
static int
start_daemon(struct session *s)
{
	int ready;
	pid_t logger = spawn_logger(s, 1, 1, &ready);

	if (logger < 0) {
		fprintf(stderr, "bootchartd: fork: %s\n", strerror(errno));
		return EXIT_OUTPUT;
	}
	if (!ready)
		return wait_child(logger);
	if (s->verbose > 0)
		fprintf(stderr, "bootchartd: logging (pid %d) to %s\n",
		    (int)logger, s->dest);
	return EXIT_OK;
}

static int
start_common(int argc, char **argv, uint64_t t0_us, enum bcd_mode mode)
{
	struct session *s;
	struct diag d;
	struct opts o;
	int cmd, r;

	if ((cmd = parse_opts(argc, argv, &o)) < 0)
		return EXIT_USAGE;
	if (mode == MODE_BOOT && cmd < argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((s = malloc(sizeof(*s))) == NULL) {
		fprintf(stderr, "bootchartd: out of memory\n");
		return EXIT_NOMEM;
	}
	diag_init(&d, "bootchartd");
	session_init(s, &d);
	s->mode = mode;
	s->t0_us = t0_us;
	r = configure(s, &d, &o);
	if (r == 0)
		r = cmd < argc ? start_command(s, argv + cmd) :
		    start_daemon(s);
	free(s);
	return r;
}

int
manual_start(int argc, char **argv, uint64_t t0_us)
{
	return start_common(argc, argv, t0_us, MODE_START);
}

int
manual_init(int argc, char **argv, uint64_t t0_us)
{
	return start_common(argc, argv, t0_us, MODE_BOOT);
}

/* The parent PID of pid, or -1. */
static pid_t
parent_of(pid_t pid)
{
	char path[64], *buf;
	struct pidstat ps;
	const char *why;
	size_t len;
	pid_t ppid = -1;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if ((buf = slurp_at(AT_FDCWD, path, 4096, &len)) == NULL)
		return -1;
	if (pidstat_parse(buf, len, &ps, &why) == 0)
		ppid = (pid_t)ps.ppid;
	free(buf);
	return ppid;
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
 * Without a pid file (init mode writes none): a bootchartd that is
 * init's child and was not started by a command (manual loggers have
 * pid files; a logger of another PID namespace never has PPID 1 here).
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
	struct timespec ts = { 0, 20 * 1000000 };
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
	char pidpath[PATH_MAX], dest[PATH_MAX];
	struct config cfg;
	struct diag d;
	struct opts o;
	struct stat st;
	time_t t_stop = time(NULL);
	pid_t pid;
	char *nl;

	if (parse_opts(argc, argv, &o) != argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	diag_init(&d, "bootchartd");
	config_defaults(&cfg);
	if (config_load(&cfg, o.conf != NULL ? o.conf : CONFIG_PATH,
	    o.conf != NULL, &d) != 0) {
		fprintf(stderr, "bootchartd: %s\n", d.msg);
		return d.status;
	}
	pidfile_path(pidpath, sizeof(pidpath));
	if (pidfile_read(pidpath, &pid, dest, sizeof(dest)) != 0 ||
	    !is_logger(pid)) {
		pid = find_logger();
		snprintf(dest, sizeof(dest), "%s", cfg.dest);
	}
	if ((nl = strchr(dest, '\n')) != NULL)
		*nl = '\0';
	if (o.out != NULL && absolute(o.out, dest, sizeof(dest)) != 0)
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
