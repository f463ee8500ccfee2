/* cli_opts.h: what cli.c reads of the table of options (cli_opts.c): every option applied, and the one way a usage error is said. */
#ifndef BC_CLI_OPTS_H
#define BC_CLI_OPTS_H

#include "cli.h"

/*
 * Every option of argv into c (getopt_long over the table; optind is
 * left at the first path).  -1 to go on, or the exit status (--help,
 * --version, a usage error already said).
 */
int cli_options(struct cli *c, int argc, char **argv);
/*
 * "PROG: MESSAGE" and a hint to --help on standard error; returns
 * EXIT_USAGE.
 */
int cli_usage_error(const char *, ...) __attribute__((format(printf, 1, 2)));

#endif
