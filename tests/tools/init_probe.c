/* init_probe.c: test tool: a fake init that records when it was exec'd, then runs a script. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

/*
 * Appends CLOCK_BOOTTIME in microseconds to $PROBE_OUT, then execs
 * $PROBE_EXEC with the same arguments (argv[0] replaced).  With
 * --calibrate it measures its own exec cost instead: it stamps, execs
 * itself, and the second copy stamps again.
 */
static unsigned long long
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return (unsigned long long)ts.tv_sec * 1000000 +
	    (unsigned long long)ts.tv_nsec / 1000;
}

static void
stamp(const char *file, unsigned long long t)
{
	FILE *f;

	if (file == NULL || (f = fopen(file, "a")) == NULL)
		return;
	fprintf(f, "%llu\n", t);
	fclose(f);
}

int
main(int argc, char **argv)
{
	unsigned long long t = now_us();
	const char *out = getenv("PROBE_OUT"), *next = getenv("PROBE_EXEC");
	char *self[3];

	if (argc > 1 && argv[1][0] == '-' && argv[1][1] == '-' &&
	    argv[1][2] == 'c') {
		stamp(out, now_us());
		self[0] = argv[0];
		self[1] = NULL;
		execv("/proc/self/exe", self);
		return 1;
	}
	stamp(out, t);
	if (next == NULL)
		return 0;
	argv[0] = (char *)next;
	execv(next, argv);
	perror(next);
	return 127;
}
