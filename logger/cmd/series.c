/* series.c: `bootchartd series`: arm a series of N boots, and the step each boot of it runs (bootchartd-series.service): wait for this boot's kept log, count it, reboot; stop at the first boot without a log, at the boot menu's word, or when cancelled. */
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "diag.h"
#include "keep.h"
#include "options.h"
#include "series.h"
#include "slurp.h"

struct series_opts {
	const char *conf;	/* -c: the config (BOOTLOG_DEST, KEEP_BOOTS) */
	const char *state;	/* --state FILE */
	const char *proc;	/* --proc DIR: the boot id and command line */
	const char *reboot;	/* --reboot CMD, run by sh -c */
	unsigned wait_s;	/* --wait S */
	unsigned delay_s;	/* --delay S */
};

/* The state file: how many boots, how many logged, the last one counted. */
struct series_state {
	unsigned total, done;
	char last[64];		/* a boot id: the arming boot's, then each counted's */
};

#define SAY(...) (printf("bootchartd series: " __VA_ARGS__), \
	putchar('\n'), fflush(stdout))

static int
series_usage(void)
{
	fputs("usage: bootchartd series N|status|cancel|step [-c CONF] "
	    "[--state FILE] [--proc DIR]\n"
	    "                         [--reboot CMD] [--wait S] [--delay S]\n",
	    stderr);
	return EXIT_USAGE;
}

static int
parse_uint(const char *s, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || s[0] == '-' || v > max)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* Options after the subcommand; the subcommand's index, or -1. */
static int
parse_opts(int argc, char **argv, struct series_opts *o)
{
	static const struct option lo[] = {
		{ "state", required_argument, NULL, 's' },
		{ "proc", required_argument, NULL, 'P' },
		{ "reboot", required_argument, NULL, 'r' },
		{ "wait", required_argument, NULL, 'w' },
		{ "delay", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	*o = (struct series_opts){ NULL, SERIES_STATE, "/proc",
	    "systemctl reboot", SERIES_WAIT_S, SERIES_DELAY_S };
	optind = 1;
	while ((c = getopt_long(argc, argv, "c:", lo, NULL)) != -1) {
		if (c == 'c')
			o->conf = optarg;
		else if (c == 's')
			o->state = optarg;
		else if (c == 'P')
			o->proc = optarg;
		else if (c == 'r')
			o->reboot = optarg;
		else if ((c != 'w' && c != 'd') || parse_uint(optarg, 86400,
		    c == 'w' ? &o->wait_s : &o->delay_s) != 0)
			return -1;
	}
	return optind == argc - 1 ? optind : -1;
}

/* Reads the state: 1 armed, 0 not, -1 damaged (said). */
static int
state_read(const char *path, struct series_state *st)
{
	char *text, *line, *save = NULL, *v;
	size_t len;
	int have = 0;

	memset(st, 0, sizeof(*st));
	if ((text = slurp_at(AT_FDCWD, path, 4096, &len)) == NULL)
		return errno == ENOENT ? 0 : -1;
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || (v = strchr(line, '=')) == NULL)
			continue;
		*v++ = '\0';
		if (strcmp(line, "total") == 0)
			have |= parse_uint(v, SERIES_MAX, &st->total) == 0;
		else if (strcmp(line, "done") == 0)
			have |= (parse_uint(v, SERIES_MAX, &st->done) == 0) << 1;
		else if (strcmp(line, "last_boot") == 0)
			snprintf(st->last, sizeof(st->last), "%s", v);
	}
	free(text);
	if (have != 3 || st->total == 0 || st->done >= st->total) {
		SAY("%s: not a series' state (total, done, last_boot)", path);
		return -1;
	}
	return 1;
}

/* Writes the state whole (a temporary file renamed over it): 0 or -1. */
static int
state_write(const char *path, const struct series_state *st)
{
	char tmp[PATH_MAX], dir[PATH_MAX];
	FILE *f;
	int ok;

	snprintf(dir, sizeof(dir), "%s", path);
	if (mkdir(dirname(dir), 0755) != 0 && errno != EEXIST)
		return -1;
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.new", path) >= sizeof(tmp) ||
	    (f = fopen(tmp, "w")) == NULL)
		return -1;
	fprintf(f, "# bootchartd series: %u boots to log; removed when done "
	    "(bootchartd(8))\ntotal=%u\ndone=%u\nlast_boot=%s\n", st->total,
	    st->total, st->done, st->last);
	ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
	ok = fclose(f) == 0 && ok;
	if (!ok || rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* Disarms: the file removed, so that nothing reboots again. */
static int
disarm(const struct series_opts *o)
{
	if (unlink(o->state) != 0 && errno != ENOENT) {
		SAY("%s: %s: remove it to stop the series", o->state,
		    strerror(errno));
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

/* This boot's id and whether the boot menu said SERIES_OFF_WORD. */
static int
boot_facts(const struct series_opts *o, char *id, size_t cap, int *off)
{
	char *cmd, *w, *save = NULL;
	size_t len;
	int procfd;

	*off = 0;
	if ((procfd = open(o->proc, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return -1;
	keep_boot_id(procfd, id, cap);
	if ((cmd = slurp_at(procfd, "cmdline", 65536, &len)) != NULL) {
		for (w = strtok_r(cmd, " \t\n", &save); w != NULL;
		    w = strtok_r(NULL, " \t\n", &save))
			*off |= strcmp(w, SERIES_OFF_WORD) == 0;
		free(cmd);
	}
	close(procfd);
	return id[0] != '\0' ? 0 : -1;
}

/* Where the logger keeps each boot's log: bootchart/ beside BOOTLOG_DEST. */
static int
logs_dir(const struct series_opts *o, char *out, size_t cap, unsigned *keep,
    struct diag *d)
{
	struct opts lo;
	struct config cfg;
	char dest[PATH_MAX];
	int r;

	memset(&lo, 0, sizeof(lo));
	lo.conf = o->conf;
	lo.acct = -1;
	if ((r = opts_load(&lo, &cfg, d)) != 0)
		return r;
	snprintf(dest, sizeof(dest), "%s", cfg.dest);
	if (keep_dir(dirname(dest), out, cap) != 0)
		return EXIT_USAGE;
	*keep = cfg.keep_boots;
	return 0;
}

/* Whether dir holds a kept log of boot id (its name's 8 hex digits). */
static int
log_present(const char *dir, const char *id)
{
	char id8[9];
	struct dirent *e;
	DIR *dp;
	int found = 0;

	if (keep_id8(id, id8) < 8 || (dp = opendir(dir)) == NULL)
		return 0;
	while (!found && (e = readdir(dp)) != NULL)
		found = strlen(e->d_name) == KEEP_NAME_LEN &&
		    strncmp(e->d_name + 16, id8, 8) == 0 &&
		    strcmp(e->d_name + 24, ".tgz") == 0;
	closedir(dp);
	return found;
}

/* `series N`: armed from this boot, which is not counted. */
static int
arm(const struct series_opts *o, const char *arg, struct diag *d)
{
	struct series_state st;
	char dir[PATH_MAX];
	unsigned keep;
	int off, r;

	memset(&st, 0, sizeof(st));
	if (parse_uint(arg, SERIES_MAX, &st.total) != 0 || st.total == 0) {
		fprintf(stderr, "bootchartd series: N must be 1 to %d, not "
		    "'%s'\n", SERIES_MAX, arg);
		return EXIT_USAGE;
	}
	if ((r = logs_dir(o, dir, sizeof(dir), &keep, d)) != 0)
		return r;
	if (st.total > keep) {
		fprintf(stderr, "bootchartd series: KEEP_BOOTS=%u keeps fewer "
		    "logs than %u boots make: raise it first\n", keep, st.total);
		return EXIT_USAGE;
	}
	if (state_read(o->state, &(struct series_state){ 0 }) != 0) {
		fprintf(stderr, "bootchartd series: %s: a series is armed "
		    "(bootchartd series cancel)\n", o->state);
		return EXIT_USAGE;
	}
	if (boot_facts(o, st.last, sizeof(st.last), &off) != 0 ||
	    state_write(o->state, &st) != 0) {
		fprintf(stderr, "bootchartd series: %s: %s\n", o->state,
		    strerror(errno));
		return EXIT_OUTPUT;
	}
	SAY("armed for %u boots, logs in %s; reboot to begin. Stop it with "
	    "`bootchartd series cancel`, or with " SERIES_OFF_WORD " at the "
	    "boot menu", st.total, dir);
	return EXIT_OK;
}

static int
status(const struct series_opts *o)
{
	struct series_state st;
	int r = state_read(o->state, &st);

	if (r == 0)
		SAY("none armed");
	else if (r > 0)
		SAY("%u of %u boots logged; last counted boot %s", st.done,
		    st.total, st.last);
	return r < 0 ? EXIT_BADINPUT : EXIT_OK;
}

/* Waits up to wait_s for this boot's log: 1 found, 0 not, -1 cancelled. */
static int
wait_log(const struct series_opts *o, const char *dir, const char *id)
{
	unsigned t;

	for (t = 0;; t++) {
		if (access(o->state, F_OK) != 0)
			return -1;
		if (log_present(dir, id))
			return 1;
		if (t >= o->wait_s)
			return 0;
		sleep(1);
	}
}

/* delay_s seconds in which a cancel is seen: 0, or -1 when cancelled. */
static int
pause_cancellable(const struct series_opts *o)
{
	unsigned t;

	for (t = 0; t < o->delay_s; t++) {
		if (access(o->state, F_OK) != 0)
			return -1;
		sleep(1);
	}
	return access(o->state, F_OK) == 0 ? 0 : -1;
}

static int
run_reboot(const char *cmd)
{
	pid_t pid;
	int st;

	fflush(NULL);
	if ((pid = fork()) < 0)
		return EXIT_OUTPUT;
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0) {
		SAY("'%s' failed: reboot by hand to go on", cmd);
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

/* A step that stops the series: said, the state removed, status st. */
static int
stop(const struct series_opts *o, int st)
{
	int r = disarm(o);

	return r != EXIT_OK ? r : st;
}

/* This boot's log counted; then done, or the next boot. */
static int
count(const struct series_opts *o, struct series_state *st, const char *id,
    const char *dir)
{
	st->done++;
	snprintf(st->last, sizeof(st->last), "%s", id);
	if (st->done >= st->total) {
		SAY("done: %u boots logged in %s", st->total, dir);
		return stop(o, EXIT_OK);
	}
	if (state_write(o->state, st) != 0) {
		SAY("%s: %s: series stopped", o->state, strerror(errno));
		return stop(o, EXIT_OUTPUT);
	}
	SAY("boot %u of %u logged; rebooting in %u s (`bootchartd series "
	    "cancel` stops it)", st->done, st->total, o->delay_s);
	if (pause_cancellable(o) != 0) {
		SAY("cancelled");
		return EXIT_OK;
	}
	return run_reboot(o->reboot);
}

/* `series step`, run once in each boot by bootchartd-series.service. */
static int
step(const struct series_opts *o, struct diag *d)
{
	struct series_state st;
	char dir[PATH_MAX], id[64];
	unsigned keep;
	int off, r;

	if ((r = state_read(o->state, &st)) <= 0)
		return r == 0 ? EXIT_OK : stop(o, EXIT_BADINPUT);
	if (boot_facts(o, id, sizeof(id), &off) != 0) {
		SAY("no boot id under %s: series stopped", o->proc);
		return stop(o, EXIT_BADINPUT);
	}
	if (off) {
		SAY("stopped at the boot menu (" SERIES_OFF_WORD ") after %u of "
		    "%u boots", st.done, st.total);
		return stop(o, EXIT_OK);
	}
	if (strcmp(id, st.last) == 0) {
		SAY("this boot is counted already (or armed the series)");
		return EXIT_OK;
	}
	if ((r = logs_dir(o, dir, sizeof(dir), &keep, d)) != 0)
		return stop(o, r);
	if ((r = wait_log(o, dir, id)) < 0) {
		SAY("cancelled");
		return EXIT_OK;
	}
	if (r == 0) {
		SAY("this boot (%s) left no log in %s within %u s: series "
		    "stopped after %u of %u boots", id, dir, o->wait_s, st.done,
		    st.total);
		return stop(o, EXIT_BADINPUT);
	}
	return count(o, &st, id, dir);
}

int
series_main(int argc, char **argv)
{
	struct series_opts o;
	struct diag d;
	int at = parse_opts(argc, argv, &o);
	const char *cmd;

	if (at < 0)
		return series_usage();
	diag_init(&d, "bootchartd");
	cmd = argv[at];
	if (strcmp(cmd, "status") == 0)
		return status(&o);
	if (strcmp(cmd, "cancel") == 0) {
		if (access(o.state, F_OK) != 0) {
			SAY("none armed");
			return EXIT_OK;
		}
		SAY("cancelled: no more reboots");
		return disarm(&o);
	}
	if (strcmp(cmd, "step") == 0)
		return step(&o, &d);
	return arm(&o, cmd, &d);
}
