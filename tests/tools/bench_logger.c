/* bench_logger.c: bench tool: bootchartd's sampling cost against the floor and the naive way. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_logger.h"
#include "clocks.h"

/*
 * usage: bench_logger BOOTCHARTD OUT.tgz [NPROC [HZ [SECONDS]]]
 *
 * Starts NPROC sleeping processes, then in the same run measures, each
 * for SECONDS at HZ samples per second on a steady schedule:
 *   floor  - pread of every already-open /proc/PID/stat once per sample
 *   naive  - open/read/close of every /proc/PID/stat per sample
 *   bootchartd start -p 1/HZ -- sleep SECONDS (its own CPU accounting
 *            of the sampling phase, printed with -v), alone and beside
 *            a process that forks every 5 ms
 *   bootchart2's bootchart-collector, when BENCH_COLLECTOR names one
 *            (bench_logger_collector.c), dumped to OUT.tgz's name + ".bc2"
 * in BENCH_ROUNDS (default 3) interleaved rounds, and prints microseconds
 * of CPU per process-sample and the ratios of the medians.
 */

static double
cpu_us(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e6 +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

static int
spawn_sleepers(struct bench *b)
{
	int i;

	b->sleepers = calloc((size_t)b->nproc, sizeof(pid_t));
	if (b->sleepers == NULL)
		return -1;
	for (i = 0; i < b->nproc; i++) {
		b->sleepers[i] = fork();
		if (b->sleepers[i] < 0)
			return -1;
		/*
		 * Each execs sleep, so its stat line is a real process's: its
		 * own address layout, not a fork's copy of ours (a log of
		 * copies deflated 36 to 1, a real one 5 to 1).
		 */
		if (b->sleepers[i] == 0) {
			execl("/bin/sleep", "sleep", "1000000", (char *)NULL);
			for (;;)
				pause();
		}
	}
	return 0;
}

static void
kill_sleepers(struct bench *b)
{
	int i;

	for (i = 0; i < b->nproc; i++)
		if (b->sleepers[i] > 0)
			kill(b->sleepers[i], SIGKILL);
	for (i = 0; i < b->nproc; i++)
		if (b->sleepers[i] > 0)
			waitpid(b->sleepers[i], NULL, 0);
}

static int
list_pids(struct bench *b)
{
	struct dirent *e;
	DIR *d = opendir("/proc");
	int cap = 4096;
	char *end;
	long v;

	if (d == NULL || (b->pids = malloc((size_t)cap * sizeof(int))) == NULL)
		return -1;
	b->npids = 0;
	while ((e = readdir(d)) != NULL && b->npids < cap) {
		v = strtol(e->d_name, &end, 10);
		if (*end == '\0' && v > 0)
			b->pids[b->npids++] = (int)v;
	}
	closedir(d);
	return 0;
}

/* Sleeps until the k-th deadline after start (absolute: no drift). */
static void
tick(const struct timespec *start, int k, int hz)
{
	struct timespec t = *start;
	long long ns = (long long)k * 1000000000LL / hz;

	t.tv_sec += (time_t)(ns / 1000000000LL);
	t.tv_nsec += (long)(ns % 1000000000LL);
	if (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) ==
	    EINTR)
		;
}

static int
open_stat(int pid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	return open(path, O_RDONLY | O_CLOEXEC);
}

/* Returns CPU microseconds per process-sample; *nps gets the count. */
static double
run_floor(struct bench *b, double *nps)
{
	struct timespec start;
	int *fds = malloc((size_t)b->npids * sizeof(int));
	int i, k, n = b->hz * b->secs;
	double c0, c1, count = 0;

	if (fds == NULL)
		return -1;
	for (i = 0; i < b->npids; i++)
		fds[i] = open_stat(b->pids[i]);
	clock_gettime(CLOCK_MONOTONIC, &start);
	c0 = cpu_us();
	for (k = 0; k < n; k++) {
		for (i = 0; i < b->npids; i++)
			if (fds[i] >= 0 && pread(fds[i], b->buf,
			    sizeof(b->buf), 0) > 0)
				count++;
		tick(&start, k + 1, b->hz);
	}
	c1 = cpu_us();
	for (i = 0; i < b->npids; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(fds);
	*nps = count;
	return count > 0 ? (c1 - c0) / count : -1;
}

static double
run_naive(struct bench *b, double *nps)
{
	struct timespec start;
	int i, k, fd, n = b->hz * b->secs;
	double c0, c1, count = 0;

	clock_gettime(CLOCK_MONOTONIC, &start);
	c0 = cpu_us();
	for (k = 0; k < n; k++) {
		for (i = 0; i < b->npids; i++) {
			if ((fd = open_stat(b->pids[i])) < 0)
				continue;
			if (read(fd, b->buf, sizeof(b->buf)) > 0)
				count++;
			close(fd);
		}
		tick(&start, k + 1, b->hz);
	}
	c1 = cpu_us();
	*nps = count;
	return count > 0 ? (c1 - c0) / count : -1;
}

/* A process forking a short-lived child every 5 ms, as a boot does. */
static pid_t
start_forker(void)
{
	struct timespec ts = { 0, 5000000 };
	pid_t pid = fork(), c;

	if (pid != 0)
		return pid;
	for (;;) {
		if ((c = fork()) == 0)
			_exit(0);
		if (c > 0)
			waitpid(c, NULL, 0);
		nanosleep(&ts, NULL);
	}
}

/* Runs bootchartd; parses its "stats:" line.  Returns µs per sample. */
static double
run_logger(struct bench *b, const char *bcd, const char *out, double *nps,
    double *total_us, double *sampling_us, long *rss_kb, double *nscans,
    double *nsamples)
{
	const char *conf = getenv("BENCH_CONF");
	char period[32], secs[32], line[512];
	double samples, cpu, total, scans;
	int p[2], st;
	pid_t pid;
	FILE *f;
	long rss;
	double psamp = 0, per = -1;

	/* bootchartd reads regular files only (no /dev/null). */
	if (conf == NULL) {
		fprintf(stderr, "bench_logger: set BENCH_CONF to a config "
		    "file\n");
		return -1;
	}
	snprintf(period, sizeof(period), "%.6f", 1.0 / b->hz);
	snprintf(secs, sizeof(secs), "%d", b->secs);
	if (pipe(p) != 0 || (pid = fork()) < 0)
		return -1;
	if (pid == 0) {
		dup2(p[1], 2);
		close(p[0]);
		close(p[1]);
		execl(bcd, "bootchartd", "start", "-v", "-c", conf,
		    "-p", period, "--no-acct", "-o", out, "--", "sleep", secs,
		    (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	if ((f = fdopen(p[0], "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (sscanf(line, "bootchartd: stats: samples %lf process-samples"
		    " %lf sampling-cpu-us %lf total-cpu-us %lf maxrss-kb %ld scans %lf",
		    &samples, &psamp, &cpu, &total, &rss, &scans) == 6) {
			per = cpu / psamp;
			*nps = psamp;
			*total_us = total;
			*sampling_us = cpu;
			*rss_kb = rss;
			*nscans = scans;
			*nsamples = samples;
		} else
			fputs(line, stderr);
	}
	fclose(f);
	waitpid(pid, &st, 0);
	return per;
}

/* The median of n values (n <= ROUNDS_MAX); sorts v. */
static double
median(double *v, int n)
{
	int i, j;
	double x;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			x = v[j];
			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define ROUNDS_MAX 15

/* Issue 26: bootchartd's sampling costs no more than bootchart2's collector. */
static void
print_collector(double us, double n, double bcd_us)
{
	printf("bootchart2 collector:     %7.3f us/process-sample (%.0f; "
	    "its own pace: a sleep after each sample)\n", us, n);
	printf("bootchartd / bootchart2 collector = %.2f (target <= 1)\n",
	    bcd_us / us);
}

/* One bootchartd run's figures. */
struct logrun {
	double us, n, total, sampling, scans, samples;
	long rss;
};

/* bootchartd alone, or with a process forking every 5 ms beside it. */
static double
logger_round(struct bench *b, const char *bcd, const char *out, int forks,
    struct logrun *lr)
{
	pid_t forker = forks ? start_forker() : 0;

	lr->us = run_logger(b, bcd, out, &lr->n, &lr->total, &lr->sampling,
	    &lr->rss, &lr->scans, &lr->samples);
	if (forker > 0) {
		kill(forker, SIGKILL);
		waitpid(forker, NULL, 0);
	}
	return lr->us;
}

/*
 * The four measurements run in rounds, interleaved, and the ratios come
 * from the medians: on a shared host the CPU a phase gets drifts over a
 * minute, and one slow phase would otherwise decide a ratio.
 */
int
main(int argc, char **argv)
{
	struct bench b;
	struct logrun lr, lf;
	double fl[ROUNDS_MAX], nv[ROUNDS_MAX], bc[ROUNDS_MAX], fk[ROUNDS_MAX];
	double c2[ROUNDS_MAX];
	double floor_us, naive_us, bcd_us, fork_us, nf = 0, nn = 0, n2 = 0;
	const char *e = getenv("BENCH_ROUNDS");
	const char *coll = getenv("BENCH_COLLECTOR");
	char dump[4096];
	int r, rounds = e ? atoi(e) : 3;
	long rss = 0, frss = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: bench_logger BOOTCHARTD OUT.tgz "
		    "[NPROC [HZ [SECONDS]]]\n");
		return 1;
	}
	memset(&b, 0, sizeof(b));
	b.nproc = argc > 3 ? atoi(argv[3]) : 1000;
	b.hz = argc > 4 ? atoi(argv[4]) : 50;
	b.secs = argc > 5 ? atoi(argv[5]) : 10;
	if (b.nproc < 0 || b.hz <= 0 || b.secs <= 0 || rounds < 1 ||
	    rounds > ROUNDS_MAX)
		return 1;
	raise_nofile();
	snprintf(dump, sizeof(dump), "%s.bc2", argv[2]);
	if (spawn_sleepers(&b) != 0 || list_pids(&b) != 0) {
		perror("bench_logger");
		kill_sleepers(&b);
		return 1;
	}
	printf("processes: %d sleeping + others = %d; %d Hz for %d s per "
	    "measurement, %d interleaved rounds\n", b.nproc, b.npids, b.hz,
	    b.secs, rounds);
	for (r = 0; r < rounds; r++) {
		fl[r] = run_floor(&b, &nf);
		nv[r] = run_naive(&b, &nn);
		bc[r] = logger_round(&b, argv[1], argv[2], 0, &lr);
		fk[r] = logger_round(&b, argv[1], argv[2], 1, &lf);
		c2[r] = coll ? run_collector(&b, coll, dump, &n2) : 1;
		if (fl[r] <= 0 || nv[r] <= 0 || bc[r] <= 0 || fk[r] <= 0 ||
		    c2[r] <= 0)
			break;
		if (lr.rss > rss)
			rss = lr.rss;
		if (lf.rss > frss)
			frss = lf.rss;
		printf("round %d: floor %.3f, naive %.3f, bootchartd %.3f, "
		    "with forks %.3f us/process-sample (bootchartd / floor "
		    "%.2f)\n", r + 1, fl[r], nv[r], bc[r], fk[r],
		    bc[r] / fl[r]);
	}
	kill_sleepers(&b);
	free(b.sleepers);
	free(b.pids);
	if (r < rounds) {
		fprintf(stderr, "bench_logger: round %d measured nothing\n",
		    r + 1);
		return 1;
	}
	floor_us = median(fl, rounds);
	naive_us = median(nv, rounds);
	bcd_us = median(bc, rounds);
	fork_us = median(fk, rounds);
	printf("medians of %d rounds:\n", rounds);
	printf("floor (pread, open fds):  %7.3f us/process-sample (%.0f)\n",
	    floor_us, nf);
	printf("naive (open/read/close):  %7.3f us/process-sample (%.0f)\n",
	    naive_us, nn);
	printf("bootchartd sampling:      %7.3f us/process-sample (%.0f)\n",
	    bcd_us, lr.n);
	printf("bootchartd / floor = %.2f (target <= 1.3)\n", bcd_us / floor_us);
	printf("bootchartd / naive = %.2f (target <= 0.6)\n", bcd_us / naive_us);
	printf("bootchartd whole run incl. tar.gz (last round): %.0f us CPU "
	    "(%.3f us/process-sample)\n", lr.total, lr.total / lr.n);
	/* What the end costs: the tarball (gzip) and the rest after sampling. */
	printf("bootchartd end (tar.gz and the rest) / sampling (last round) = "
	    "%.2f (target <= 0.25): %.0f us against %.0f us\n",
	    (lr.total - lr.sampling) / lr.sampling, lr.total - lr.sampling,
	    lr.sampling);
	printf("bootchartd listed /proc in %.0f of %.0f samples (the others: "
	    "no fork since the last listing)\n", lr.scans, lr.samples);
	printf("bootchartd peak RSS: %ld KiB (target <= 4096)\n", rss);
	printf("with a fork every 5 ms (a boot): bootchartd sampling "
	    "%.3f us/process-sample = %.2f x floor, %.2f x naive; /proc "
	    "listed in %.0f of %.0f samples; peak RSS %ld KiB\n", fork_us,
	    fork_us / floor_us, fork_us / naive_us, lf.scans, lf.samples,
	    frss);
	if (coll != NULL)
		print_collector(median(c2, rounds), n2, bcd_us);
	return 0;
}
