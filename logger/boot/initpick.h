/* initpick.h: which init PID 1 runs: the one asked for, else the next that can run, never bootchartd itself. */
#ifndef BCD_INITPICK_H
#define BCD_INITPICK_H

#include <limits.h>
#include <stddef.h>
#include <sys/stat.h>

#define INIT_CANDS	8

/* Candidates in the order they are tried; NULL or "" ones are passed over. */
struct init_cands {
	const char *path[INIT_CANDS];
	size_t n;
	int asked;		/* index of the init asked for; -1: none */
	unsigned failed;	/* a bit per candidate whose exec failed */
	char why[128];		/* why the asked one cannot run; "" */
	char cmdline[PATH_MAX];	/* storage of bootchart_init= from the command line */
	char conf[PATH_MAX];	/* storage of INIT from the config */
};

/*
 * Fills c: bootchart_init from the environment, then from the command
 * line file, INIT from the config (these three are "asked"), then the
 * kernel's own list.  Reads only files; never blocks.
 */
void init_gather(struct init_cands *c);
/*
 * The identity of the running program (/proc/self/exe, or argv0 when
 * /proc is not mounted yet).  0, or -1 when unknown.
 */
int init_self(const char *argv0, struct stat *self);
/*
 * 0 when path is a regular executable file other than self (may be
 * NULL); else -1 with the reason in why.
 */
int init_check(const char *path, const struct stat *self, char *why,
    size_t wsz);
/*
 * Index of the first candidate that can run; when it is not the one
 * asked for, note gets "asked X, ran Y (reason)" (else "").  -1: none.
 */
int init_plan(struct init_cands *c, const struct stat *self, char *note,
    size_t nsz);

#endif
