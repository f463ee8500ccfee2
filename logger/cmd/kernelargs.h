/* kernelargs.h: `bootchartd kernel-args`: the boot entry's kernel command line with exact mode's trace words, for the installer and the boot-loader scripts. */
#ifndef BCD_KERNELARGS_H
#define BCD_KERNELARGS_H

/*
 * argv[0] is "kernel-args"; then [-c FILE] [--] WORD...: prints the
 * words with exact mode's merged in (kargs.h), one per line.  Returns an
 * exit status.
 */
int kernel_args_main(int argc, char **argv);

#endif
