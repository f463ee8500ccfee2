/* options.h: the command line of `bootchartd start|stop|init`, applied to the config. */
#ifndef BCD_OPTIONS_H
#define BCD_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "diag.h"

struct opts {
	const char *conf;	/* -c */
	const char *out;	/* -o */
	const char *period;	/* -p */
	int acct;		/* --acct 1, --no-acct 0, -1: config decides */
	int verbose;		/* -v count */
	int trace;		/* --trace */
	const char *functions;	/* --functions LIST (implies --trace) */
	const char *fn_depth;	/* --functions-depth N */
	const char *fn_thresh;	/* --functions-threshold US */
};

void usage(FILE *);
/*
 * Parses argv (argv[0] is the subcommand); -h and -V print and exit.
 * Returns the index of CMD (argc when none), or -1 after the usage.
 */
int opts_parse(int argc, char **argv, struct opts *);
/*
 * Loads the config file (-c, else /etc/bootchartd.conf) into cfg.  0,
 * or an exit status after a message on stderr.
 */
int opts_load(const struct opts *, struct config *, struct diag *);
/*
 * opts_load, then the options over it: -p, --acct/--no-acct, -v, and
 * cfg->dest made absolute: -o, else `fallback` (NULL: BOOTLOG_DEST).
 * 0, or an exit status after a message on stderr.
 */
int opts_config(const struct opts *, const char *fallback, struct config *,
    struct diag *);
/* Makes a relative path absolute: the logger may change directory. */
int path_absolute(const char *in, char *out, size_t len);

#endif
