/* initpick.c: which init PID 1 runs: the one asked for, else the next that can run, never bootchartd itself. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "diag.h"
#include "initpick.h"
#include "slurp.h"

/* The kernel's own fallbacks when no init= is given. */
static const char *const fallback_init[] = {
	"/sbin/init", "/etc/init", "/bin/init", "/bin/sh"
};

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

/* INIT from the config; its warnings are the logging child's to print. */
static void
conf_init(char *out, size_t outsz)
{
	const char *conf = getenv("BOOTCHARTD_CONFIG");
	struct config *cfg;
	struct diag d;

	out[0] = '\0';
	if ((cfg = malloc(sizeof(*cfg))) == NULL)
		return;
	diag_init(&d, "bootchartd");
	d.out = NULL;
	config_defaults(cfg);
	config_load(cfg, conf != NULL ? conf : CONFIG_PATH, 0, &d);
	snprintf(out, outsz, "%s", cfg->init);
	free(cfg);
}

void
init_gather(struct init_cands *c)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	c->asked = -1;
	/* The kernel turns bootchart_init=PATH into an environment variable. */
	c->path[c->n++] = getenv("bootchart_init");
	cmdline_init(c->cmdline, sizeof(c->cmdline));
	c->path[c->n++] = c->cmdline;
	conf_init(c->conf, sizeof(c->conf));
	c->path[c->n++] = c->conf;
	for (i = 0; i < c->n; i++)
		if (c->path[i] != NULL && c->path[i][0] != '\0') {
			c->asked = (int)i;
			break;
		}
	for (i = 0; i < sizeof(fallback_init) / sizeof(fallback_init[0]); i++)
		c->path[c->n++] = fallback_init[i];
}

int
init_self(const char *argv0, struct stat *self)
{
	if (stat("/proc/self/exe", self) == 0)
		return 0;
	/* The kernel runs init by its path, so argv[0] is one. */
	if (argv0 != NULL && argv0[0] == '/' && stat(argv0, self) == 0)
		return 0;
	return -1;
}

int
init_check(const char *path, const struct stat *self, char *why, size_t wsz)
{
	struct stat st;

	if (stat(path, &st) != 0) {
		snprintf(why, wsz, "%s", strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, wsz, "not a regular file");
		return -1;
	}
	if (access(path, X_OK) != 0) {
		snprintf(why, wsz, "not executable");
		return -1;
	}
	/* bootchart_init=/sbin/bootchartd would exec us again and again. */
	if (self != NULL && st.st_dev == self->st_dev &&
	    st.st_ino == self->st_ino) {
		snprintf(why, wsz, "is bootchartd itself");
		return -1;
	}
	return 0;
}

int
init_plan(struct init_cands *c, const struct stat *self, char *note,
    size_t nsz)
{
	char why[128];
	size_t i;

	note[0] = '\0';
	for (i = 0; i < c->n; i++) {
		if (c->path[i] == NULL || c->path[i][0] == '\0' ||
		    (c->failed & (1u << i)))
			continue;
		if (init_check(c->path[i], self, why, sizeof(why)) != 0) {
			if ((int)i == c->asked && c->why[0] == '\0')
				snprintf(c->why, sizeof(c->why), "%s", why);
			continue;
		}
		if (c->asked >= 0 && (int)i != c->asked)
			snprintf(note, nsz, "asked %s, ran %s (%s)",
			    c->path[c->asked], c->path[i], c->why);
		return (int)i;
	}
	return -1;
}
