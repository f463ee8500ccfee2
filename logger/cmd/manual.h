/* manual.h: `bootchartd start [CMD]` and `bootchartd init` on a running system. */
#ifndef BCD_MANUAL_H
#define BCD_MANUAL_H

/* argv[0] is the subcommand.  Returns the exit status. */
int manual_start(int argc, char **argv);
/* progname: the program's own argv[0] (spare.h), or NULL. */
int manual_init(int argc, char **argv, char *progname);

#endif
