/* manual.h: `bootchartd start|stop|init` on a running system. */
#ifndef BCD_MANUAL_H
#define BCD_MANUAL_H

#include <stdint.h>

/* argv[0] is the subcommand.  Returns the exit status. */
int manual_start(int argc, char **argv, uint64_t t0_us);
int manual_init(int argc, char **argv, uint64_t t0_us);
int manual_stop(int argc, char **argv);
void usage(FILE *);

#endif
