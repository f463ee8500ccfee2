/* renamer.c: test tool: a process that renames itself every PERIOD ms until it is killed (to a logger, an exec each time: issue 22, finding 2). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

int
main(int argc, char **argv)
{
	struct timespec ts;
	unsigned long i;
	char name[16];
	long ms;

	if (argc < 2 || (ms = strtol(argv[1], NULL, 10)) <= 0) {
		fprintf(stderr, "usage: renamer PERIOD_MS [ARGS...]\n");
		return 2;
	}
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = ms % 1000 * 1000000;
	/* The other arguments are only there to be read. */
	for (i = 0;; i++) {
		snprintf(name, sizeof(name), "r%lu", i);
		prctl(PR_SET_NAME, name, 0, 0, 0);
		nanosleep(&ts, NULL);
	}
}
