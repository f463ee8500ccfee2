/* test_sampler.c: bootchartd's sampler on the live /proc: blocks, new and gone processes. */
#include <fcntl.h>
#include <pthread.h>
#include <sys/prctl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "config.h"
#include "pidstat.h"
#include "sampler.h"

/* A sampler of this system's /proc with cfg (the sampler owns the fd). */
static void
open_sampler(struct sampler *s, const struct config *cfg, int watch_exit)
{
	int procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	assert_true(procfd >= 0);
	assert_int_equal(sampler_init(s, procfd, cfg, watch_exit), 0);
}

/* 1 when the ps block holds a parseable line for pid. */
static int
has_pid(const struct obuf *b, pid_t pid)
{
	char want[32];
	const char *p = b->p, *end = b->p + b->len, *eol;
	struct pidstat ps;
	const char *why;
	int n = snprintf(want, sizeof(want), "%d (", (int)pid);

	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (eol == NULL)
			return 0;
		if ((size_t)(eol - p) > (size_t)n && memcmp(p, want, n) == 0)
			return pidstat_parse(p, (size_t)(eol - p), &ps,
			    &why) == 0 && ps.pid == pid;
	}
	return 0;
}

/* A timed block: "<number>\n" ... "\n\n". */
static void
assert_block(const struct obuf *b, uint64_t jiffies)
{
	char head[32];
	int n = snprintf(head, sizeof(head), "%llu\n",
	    (unsigned long long)jiffies);

	assert_true(b->len > (size_t)n + 2);
	assert_memory_equal(b->p, head, n);
	assert_int_equal(b->p[b->len - 1], '\n');
	assert_int_equal(b->p[b->len - 2], '\n');
	/* No empty line inside the block. */
	assert_null(memmem(b->p, b->len - 2, "\n\n", 2));
}

static void
samples_live_proc(void **state)
{
	struct config cfg;
	struct sampler s;
	int p[2];
	pid_t child;
	char c;

	(void)state;
	config_defaults(&cfg);
	open_sampler(&s, &cfg, 0);

	assert_int_equal(sampler_take(&s, 1234), 0);
	assert_block(&s.stat, 1234);
	assert_block(&s.ps, 1234);
	assert_true(s.disk.len >= 6);	/* diskstats may be empty */
	assert_true(has_pid(&s.ps, getpid()));
	assert_true(s.nprocs > 1);

	/* A process that appears between samples is in the next one. */
	assert_int_equal(pipe(p), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		close(p[1]);
		if (read(p[0], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(p[0]);
	assert_int_equal(sampler_take(&s, 1235), 0);
	assert_true(has_pid(&s.ps, child));
	/* Still there with nothing forked in between (cached path). */
	assert_int_equal(sampler_take(&s, 1236), 0);
	assert_true(has_pid(&s.ps, child));

	/* Once reaped it is gone, and its descriptor is dropped. */
	close(p[1]);
	assert_int_equal(waitpid(child, NULL, 0), child);
	assert_int_equal(sampler_take(&s, 1237), 0);
	assert_false(has_pid(&s.ps, child));
	assert_true(has_pid(&s.ps, getpid()));
	sampler_free(&s);
}

/*
 * A tick served late can fall into the jiffy of the sample before (a
 * distro boot log had two blocks stamped 3813): such a sample is not
 * taken, and the blocks of the last one stay as they were.
 */
static void
skips_a_stamp_that_does_not_advance(void **state)
{
	struct config cfg;
	struct sampler s;
	size_t len;

	(void)state;
	config_defaults(&cfg);
	open_sampler(&s, &cfg, 1);
	assert_int_equal(sampler_take(&s, 3813), 0);
	len = s.ps.len;
	assert_int_equal(sampler_take(&s, 3813), 1);
	assert_int_equal(sampler_take(&s, 3812), 1);
	assert_block(&s.ps, 3813);
	assert_int_equal(s.ps.len, len);
	assert_int_equal(sampler_take(&s, 3814), 0);
	assert_block(&s.stat, 3814);
	assert_block(&s.ps, 3814);
	sampler_free(&s);
}

static void
exit_proc_matches_comm(void **state)
{
	struct config cfg;
	struct sampler s;

	(void)state;
	config_defaults(&cfg);
	/* Our own comm is the test program's name, cut to 15 characters. */
	snprintf(cfg.exit_proc[0], sizeof(cfg.exit_proc[0]), "%.15s",
	    "test_sampler");
	cfg.nexit = 1;
	open_sampler(&s, &cfg, 1);
	assert_int_equal(sampler_take(&s, 1), 0);
	assert_true(s.exit_seen);
	assert_string_equal(s.exit_name, "test_sampler");
	sampler_free(&s);
}

/*
 * EXIT_PROC counts the system's processes only (issue 22, finding 5): a
 * process of another user (real uid 65534) with the name does not end
 * the boot; one of root's does.
 */
static void
exit_proc_wants_the_systems_process(void **state)
{
	struct config cfg;
	struct sampler s;
	int p[2];
	pid_t child;
	char c;

	(void)state;
	if (geteuid() != 0)
		skip();
	config_defaults(&cfg);
	snprintf(cfg.exit_proc[0], sizeof(cfg.exit_proc[0]), "fakegetty");
	cfg.nexit = 1;
	assert_int_equal(pipe(p), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		close(p[0]);
		if (setresuid(65534, 65534, 65534) != 0)
			_exit(1);
		prctl(PR_SET_NAME, "fakegetty", 0, 0, 0);
		if (write(p[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(p[1]);
	assert_int_equal(read(p[0], &c, 1), 1);
	open_sampler(&s, &cfg, 1);
	assert_int_equal(sampler_take(&s, 1), 0);
	assert_false(s.exit_seen);
	/* Root's process of that name: this one, renamed. */
	prctl(PR_SET_NAME, "fakegetty", 0, 0, 0);
	assert_int_equal(sampler_take(&s, 2), 0);
	prctl(PR_SET_NAME, "test_sampler", 0, 0, 0);
	assert_true(s.exit_seen);
	assert_string_equal(s.exit_name, "fakegetty");
	sampler_free(&s);
	close(p[0]);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
}

/*
 * A child that has run prep (0: done) and waits to be killed; returned
 * once prep is done.
 */
static pid_t
ready_child(int (*prep)(void))
{
	pid_t child;
	int p[2];
	char c;

	assert_int_equal(pipe(p), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		close(p[0]);
		if (prep() != 0 || write(p[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(p[1]);
	assert_int_equal(read(p[0], &c, 1), 1);
	close(p[0]);
	return child;
}

static void
end_child(pid_t child)
{
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
}

static int
odd_name(void)
{
	return prctl(PR_SET_NAME, "a\n\n12345\n", 0, 0, 0);
}

/* A name with a line break (any process may set one) is logged escaped. */
static void
escapes_line_breaks_in_names(void **state)
{
	struct config cfg;
	struct sampler s;
	char want[64];
	pid_t child;
	size_t n;

	(void)state;
	config_defaults(&cfg);
	child = ready_child(odd_name);
	open_sampler(&s, &cfg, 1);
	assert_int_equal(sampler_take(&s, 77), 0);
	n = (size_t)snprintf(want, sizeof(want), "\n%d (a\\012\\01212345\\012) ",
	    (int)child);
	assert_non_null(memmem(s.ps.p, s.ps.len, want, n));
	assert_block(&s.ps, 77);
	assert_true(has_pid(&s.ps, child));
	sampler_free(&s);
	end_child(child);
}

/* pid's line in a ps block, copied into out (NUL-ended); 0 when absent. */
static size_t
line_of(const struct obuf *b, pid_t pid, char *out, size_t cap)
{
	char want[32];
	const char *p, *eol;
	int n = snprintf(want, sizeof(want), "\n%d (", (int)pid);
	size_t len;

	if ((p = memmem(b->p, b->len, want, (size_t)n)) == NULL)
		return 0;
	p++;
	eol = memchr(p, '\n', (size_t)(b->p + b->len - p));
	assert_non_null(eol);
	len = (size_t)(eol - p);
	assert_true(len < cap);
	memcpy(out, p, len);
	out[len] = '\0';
	return len;
}

/* The cache's entry of pid. */
static const struct pident *
ent_of(const struct sampler *s, pid_t pid)
{
	size_t i;

	for (i = 0; i < s->nents; i++)
		if (s->ents[i].pid == pid)
			return &s->ents[i];
	return NULL;
}

/* pid's /proc/PID/stat line now, into out. */
static void
stat_line(pid_t pid, char *out, size_t cap)
{
	FILE *f;

	snprintf(out, cap, "/proc/%d/stat", (int)pid);
	assert_non_null(f = fopen(out, "r"));
	assert_non_null(fgets(out, (int)cap, f));
	fclose(f);
}

/* utime + stime of a stat line. */
static uint64_t
cpu_of(const char *line)
{
	struct pidstat ps;
	const char *why;

	assert_int_equal(pidstat_parse(line, strlen(line), &ps, &why), 0);
	return ps.utime + ps.stime;
}

/* A child that burns `ms` of CPU for each byte it reads, then sleeps on the pipe. */
static pid_t
burner(int p[2])
{
	struct timespec a, b;
	pid_t child;
	char c;

	assert_int_equal(pipe(p), 0);
	child = fork();
	assert_true(child >= 0);
	if (child != 0)
		return child;
	close(p[1]);
	while (read(p[0], &c, 1) == 1) {
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
		do
			clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
		while ((b.tv_sec - a.tv_sec) * 1000 +
		    (b.tv_nsec - a.tv_nsec) / 1000000 < 60);
	}
	_exit(0);
}

/*
 * A sleeping process of one thread that has not run since its line was
 * read has its line written again, not read (its schedstat unchanged),
 * from its third sample on and at most SAMPLER_FRESH samples in a row;
 * once it has run its line is read again, its new CPU time in it.
 */
/* Field k (1-based, proc(5)) of a stat line, after the name. */
static const char *
field_of(const char *line, int k, char *out, size_t cap)
{
	const char *p = strrchr(line, ')');
	size_t n;
	int f;

	assert_non_null(p);
	for (f = 3, p++; f < k && p != NULL; f++)
		p = strchr(p + 1, ' ');
	assert_non_null(p);
	n = strcspn(p + 1, " \n");
	assert_true(n < cap);
	memcpy(out, p + 1, n);
	out[n] = '\0';
	return out;
}

static int
nothing(void)
{
	return 0;
}

/*
 * The logged line of a process the logger may trace shows its code and
 * stack as the kernel shows them to one who may not (1 and 0), while
 * /proc shows this test their addresses; the other fields are as read.
 */
static void
hides_addresses(void **state)
{
	char logged[4096], raw[4096], v[64], w[64];
	struct config cfg;
	struct sampler s;
	int k;
	pid_t child;

	(void)state;
	config_defaults(&cfg);
	child = ready_child(nothing);
	open_sampler(&s, &cfg, 1);
	assert_int_equal(sampler_take(&s, 77), 0);
	assert_true(line_of(&s.ps, child, logged, sizeof(logged)) > 0);
	stat_line(child, raw, sizeof(raw));
	assert_string_not_equal(field_of(raw, 28, v, sizeof(v)), "0");
	assert_string_equal(field_of(logged, 26, v, sizeof(v)), "1");
	assert_string_equal(field_of(logged, 27, v, sizeof(v)), "1");
	for (k = 28; k <= 30; k++)
		assert_string_equal(field_of(logged, k, v, sizeof(v)), "0");
	for (k = 45; k <= 51; k++)
		assert_string_equal(field_of(logged, k, v, sizeof(v)), "0");
	/* The ppid, start time and rsslim, as read. */
	assert_string_equal(field_of(logged, 4, v, sizeof(v)),
	    field_of(raw, 4, w, sizeof(w)));
	assert_string_equal(field_of(logged, 22, v, sizeof(v)),
	    field_of(raw, 22, w, sizeof(w)));
	assert_string_equal(field_of(logged, 25, v, sizeof(v)),
	    field_of(raw, 25, w, sizeof(w)));
	sampler_free(&s);
	end_child(child);
}

static void
reuses_a_sleepers_line(void **state)
{
	char before[4096], now[4096];
	const struct pident *e;
	struct config cfg;
	struct sampler s;
	uint64_t t = 100, reused, read_again = 0;
	int p[2], i;
	pid_t child;

	(void)state;
	config_defaults(&cfg);
	child = burner(p);
	close(p[0]);
	/* Asleep on the pipe before the first sample. */
	for (i = 0; i < 200; i++) {
		usleep(5000);
		stat_line(child, now, sizeof(now));
		if (strstr(now, ") S ") != NULL)
			break;
	}
	open_sampler(&s, &cfg, 0);
	assert_int_equal(sampler_take(&s, t++), 0);
	assert_int_equal(sampler_take(&s, t++), 0);
	assert_non_null(e = ent_of(&s, child));
	assert_true(e->single && e->asleep);
	assert_int_equal(e->reused, 0);
	assert_true(line_of(&s.ps, child, before, sizeof(before)) > 0);
	for (i = 0; i < SAMPLER_FRESH + 2; i++) {
		reused = s.reused;
		assert_int_equal(sampler_take(&s, t++), 0);
		assert_true(line_of(&s.ps, child, now, sizeof(now)) > 0);
		assert_string_equal(now, before);
		assert_non_null(e = ent_of(&s, child));
		assert_true(e->reused <= SAMPLER_FRESH);
		if (e->reused == 0)
			read_again++;
		else
			assert_true(s.reused > reused);
	}
	/* Read again once past SAMPLER_FRESH, and never more often. */
	assert_int_equal(read_again, 1);

	/* It runs 60 ms of CPU, then sleeps again: its line is read. */
	assert_int_equal(write(p[1], "x", 1), 1);
	for (i = 0; i < 400; i++) {
		usleep(5000);
		stat_line(child, now, sizeof(now));
		if (strstr(now, ") S ") != NULL && cpu_of(now) > cpu_of(before))
			break;
	}
	assert_int_equal(sampler_take(&s, t++), 0);
	assert_true(line_of(&s.ps, child, now, sizeof(now)) > 0);
	assert_true(cpu_of(now) > cpu_of(before));
	assert_int_equal(ent_of(&s, child)->reused, 0);
	sampler_free(&s);
	close(p[1]);
	waitpid(child, NULL, 0);
}

/* A process of two threads is always read: its schedstat is its leader's alone. */
static void *
nap(void *arg)
{
	(void)arg;
	pause();
	return NULL;
}

static int
second_thread(void)
{
	pthread_t th;

	return pthread_create(&th, NULL, nap, NULL);
}

static void
reads_a_process_of_threads(void **state)
{
	const struct pident *e;
	struct config cfg;
	struct sampler s;
	int i;
	pid_t child;

	(void)state;
	config_defaults(&cfg);
	child = ready_child(second_thread);
	open_sampler(&s, &cfg, 0);
	for (i = 0; i < 5; i++) {
		assert_int_equal(sampler_take(&s, (uint64_t)(200 + i)), 0);
		assert_non_null(e = ent_of(&s, child));
		assert_false(e->single);
		assert_int_equal(e->reused, 0);
	}
	sampler_free(&s);
	end_child(child);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(samples_live_proc),
		cmocka_unit_test(skips_a_stamp_that_does_not_advance),
		cmocka_unit_test(exit_proc_matches_comm),
		cmocka_unit_test(exit_proc_wants_the_systems_process),
		cmocka_unit_test(escapes_line_breaks_in_names),
		cmocka_unit_test(hides_addresses),
		cmocka_unit_test(reuses_a_sleepers_line),
		cmocka_unit_test(reads_a_process_of_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
