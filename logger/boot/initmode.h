/* initmode.h: bootchartd as PID 1: exec the real init at once, log in a child. */
#ifndef BCD_INITMODE_H
#define BCD_INITMODE_H

#include <stdint.h>

/* Never returns while an init can be exec'd. */
int init_main(int argc, char **argv, char **envp, uint64_t t0_us);

#endif
