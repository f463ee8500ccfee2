/* fncost.h: what function mode cost the distro test boot in make bench: the one copy of the figures that the flame chart's note and docs/boot-test.md quote. */
#ifndef BC_FNCOST_H
#define BC_FNCOST_H

/*
 * tests/bench/bench_functions.sh (make bench), 2026-11-27, the first of
 * two runs (3 rounds, the quieter host; the second, 5 rounds under more
 * load, measured 2.9 times): the medians of the guest's seconds to
 * multi-user.target, the Debian 12 image of tests/distro under qemu TCG
 * in function mode (EXACT_FUNCTIONS=yes: depth 8, 100 us) and in exact
 * mode as installed.  A new run changes both here and in
 * docs/boot-test.md, "The cost of function mode" (test_kernel's
 * flame_cost_note checks that the page quotes the chart's line).
 */
#define FNCOST_FUNCTIONS_S	90.87
#define FNCOST_EXACT_S		37.64

#endif
