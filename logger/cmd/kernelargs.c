/* kernelargs.c: `bootchartd kernel-args`: a boot entry's words with exact mode's merged in (docs/trace.md). */
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "kargs.h"
#include "kernelargs.h"
#include "options.h"

int
kernel_args_main(int argc, char **argv)
{
	struct config cfg;
	struct diag d;
	struct opts o;
	int i, r;

	if ((i = opts_parse(argc, argv, &o)) < 0)
		return EXIT_USAGE;
	diag_init(&d, "bootchartd");
	if ((r = opts_load(&o, &cfg, &d)) != 0)
		return r;
	if (kargs_merge(&cfg, argv + i, (size_t)(argc - i), stdout) != 0) {
		fprintf(stderr, "bootchartd: kernel-args: a word holds a "
		    "newline or the line passes %d bytes\n",
		    KARGS_CMDLINE_MAX - 1);
		return EXIT_USAGE;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "bootchartd: kernel-args: cannot write\n");
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}
