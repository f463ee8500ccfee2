/* stop.h: `bootchartd stop`: find the logger, signal it, wait for its tarball. */
#ifndef BCD_STOP_H
#define BCD_STOP_H

/* argv[0] is "stop".  Returns the exit status. */
int manual_stop(int argc, char **argv);

#endif
