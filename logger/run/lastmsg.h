/* lastmsg.h: the last words of a run: what it wrote, and with -v its own CPU and memory use. */
#ifndef BCD_LASTMSG_H
#define BCD_LASTMSG_H

#include "config.h"
#include "diag.h"
#include "runstats.h"

/*
 * "wrote DEST (N samples)" when ok, and with cfg->verbose the logger's
 * own CPU and memory use.
 */
void lastmsg_print(const struct run_report *, const struct config *, int ok,
    struct diag *);

#endif
