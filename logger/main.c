/* main.c: bootchartd entry point: init mode as PID 1, else start/stop/init commands. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clocks.h"
#include "diag.h"
#include "initmode.h"
#include "kernelargs.h"
#include "manual.h"
#include "options.h"
#include "series.h"
#include "stop.h"
#include "version.h"

static int
is_command(const char *s)
{
	return strcmp(s, "start") == 0 || strcmp(s, "stop") == 0 ||
	    strcmp(s, "init") == 0 || strcmp(s, "-h") == 0 ||
	    strcmp(s, "--help") == 0 || strcmp(s, "-V") == 0 ||
	    strcmp(s, "--version") == 0 || strcmp(s, "kernel-args") == 0 ||
	    strcmp(s, "series") == 0;
}

int
main(int argc, char **argv, char **envp)
{
	/* Taken first: the delay until init's exec is measured from here. */
	uint64_t t0 = clock_us(CLOCK_BOOTTIME);

	/*
	 * PID 1 is init mode, unless a subcommand is given: then we are
	 * the first process of a container or of `unshare --pid`, where
	 * starting the system's /sbin/init would be wrong.
	 */
	if (getpid() == 1 && !(argc > 1 && is_command(argv[1])))
		return init_main(argc, argv, envp, t0);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "start") == 0)
		return manual_start(argc - 1, argv + 1);
	if (strcmp(argv[1], "stop") == 0)
		return manual_stop(argc - 1, argv + 1);
	if (strcmp(argv[1], "init") == 0)
		return manual_init(argc - 1, argv + 1, argv[0]);
	if (strcmp(argv[1], "series") == 0)
		return series_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "kernel-args") == 0)
		return kernel_args_main(argc - 1, argv + 1);
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
		usage(stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0) {
		version_print(stdout, "bootchartd");
		return EXIT_OK;
	}
	fprintf(stderr, "bootchartd: unknown command %s\n", argv[1]);
	usage(stderr);
	return EXIT_USAGE;
}
