/* measure.c: runs a command N times and reports wall time, CPU time and peak RSS (benchmarks; no GNU time here). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"

struct run {
	double wall;		/* seconds */
	double cpu;		/* user + system seconds: on a busy machine, what it would take alone */
	long maxrss_kb;		/* the child's (and its waited-for children's) peak */
	int status;		/* exit status, 128 + signal when killed */
};

static void
usage(void)
{
	fprintf(stderr, "usage: measure [-r runs] [-o report] -- command "
	    "[arg ...]\n");
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
run_once(char **argv, struct run *out)
{
	struct rusage ru;
	double t0;
	pid_t pid;
	int st;

	t0 = now();
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "measure: fork: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "measure: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (wait4(pid, &st, 0, &ru) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "measure: wait4: %s\n",
			    strerror(errno));
			return -1;
		}
	}
	out->wall = now() - t0;
	out->cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	out->maxrss_kb = ru.ru_maxrss;
	if (WIFEXITED(st))
		out->status = WEXITSTATUS(st);
	else
		out->status = 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	return 0;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Sorts v and returns its median. */
static double
median_of(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int
report(const char *path, const struct run *runs, int n)
{
	double *w, *c, median, cpu;
	long rss = 0;
	int k, status = 0;
	FILE *f = stderr;

	w = malloc((size_t)n * sizeof(*w));
	c = malloc((size_t)n * sizeof(*c));
	if (w == NULL || c == NULL) {
		fprintf(stderr, "measure: out of memory\n");
		free(w);
		free(c);
		return -1;
	}
	for (k = 0; k < n; k++) {
		w[k] = runs[k].wall;
		c[k] = runs[k].cpu;
		if (runs[k].maxrss_kb > rss)
			rss = runs[k].maxrss_kb;
		if (runs[k].status != 0)
			status = runs[k].status;
	}
	median = median_of(w, n);
	cpu = median_of(c, n);
	free(c);
	if (path != NULL && (f = fopen(path, "w")) == NULL) {
		fprintf(stderr, "measure: %s: %s\n", path, strerror(errno));
		free(w);
		return -1;
	}
	fprintf(f, "runs=%d wall_min_s=%.6f wall_median_s=%.6f "
	    "wall_max_s=%.6f maxrss_kb=%ld status=%d cpu_median_s=%.6f\n", n,
	    w[0], median, w[n - 1], rss, status, cpu);
	free(w);
	if (f != stderr && fclose(f) != 0) {
		fprintf(stderr, "measure: %s: write failed\n", path);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct run *runs;
	const char *out = NULL;
	char *end;
	long nruns = 1;
	int c, k, ret;

	while ((c = getopt(argc, argv, "+r:o:")) != -1) {
		switch (c) {
		case 'r':
			nruns = strtol(optarg, &end, 10);
			if (*end != '\0' || nruns < 1 || nruns > 1000) {
				usage();
				return EXIT_USAGE;
			}
			break;
		case 'o':
			out = optarg;
			break;
		default:
			usage();
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		usage();
		return EXIT_USAGE;
	}
	runs = calloc((size_t)nruns, sizeof(*runs));
	if (runs == NULL) {
		fprintf(stderr, "measure: out of memory\n");
		return EXIT_NOMEM;
	}
	ret = 0;
	for (k = 0; k < nruns && ret == 0; k++)
		ret = run_once(argv + optind, &runs[k]);
	if (ret == 0 && report(out, runs, (int)nruns) < 0)
		ret = -1;
	/* The command's failure is the caller's business: pass it on. */
	if (ret != 0) {
		ret = EXIT_OUTPUT;
	} else {
		for (k = 0; k < nruns; k++)
			if (runs[k].status != 0)
				ret = runs[k].status;
	}
	free(runs);
	return ret;
}
