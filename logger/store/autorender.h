/* autorender.h: AUTO_RENDER: run bootchart-render on the tarball just written. */
#ifndef BCD_AUTORENDER_H
#define BCD_AUTORENDER_H

#include "config.h"
#include "diag.h"

/*
 * Runs `bootchart-render -f FORMAT -o DIR/bootchart.EXT DEST` from
 * $PATH or the usual directories and waits for it.  0, or -1 after a
 * message.
 */
int auto_render(const struct config *, struct diag *);

#endif
