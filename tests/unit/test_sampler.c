/* test_sampler.c: bootchartd's sampler on the live /proc: blocks, new and gone processes. */
#include <fcntl.h>
#include <sys/prctl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "config.h"
#include "pidstat.h"
#include "sampler.h"

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
	int procfd, p[2];
	pid_t child;
	char c;

	(void)state;
	config_defaults(&cfg);
	procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(procfd >= 0);
	assert_int_equal(sampler_init(&s, procfd, &cfg, 0), 0);

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
	int procfd;

	(void)state;
	config_defaults(&cfg);
	procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(procfd >= 0);
	assert_int_equal(sampler_init(&s, procfd, &cfg, 1), 0);
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
	int procfd;

	(void)state;
	config_defaults(&cfg);
	/* Our own comm is the test program's name, cut to 15 characters. */
	snprintf(cfg.exit_proc[0], sizeof(cfg.exit_proc[0]), "%.15s",
	    "test_sampler");
	cfg.nexit = 1;
	procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(procfd >= 0);
	assert_int_equal(sampler_init(&s, procfd, &cfg, 1), 0);
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
	int procfd, p[2];
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
	procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(procfd >= 0);
	assert_int_equal(sampler_init(&s, procfd, &cfg, 1), 0);
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

/* A name with a line break (any process may set one) is logged escaped. */
static void
escapes_line_breaks_in_names(void **state)
{
	struct config cfg;
	struct sampler s;
	char want[64], c;
	int procfd, p[2];
	pid_t child;
	size_t n;

	(void)state;
	config_defaults(&cfg);
	assert_int_equal(pipe(p), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		close(p[0]);
		prctl(PR_SET_NAME, "a\n\n12345\n", 0, 0, 0);
		/* Renamed: tell the parent, then wait to be killed. */
		if (write(p[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	assert_int_equal(read(p[0], &c, 1), 1);
	procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(procfd >= 0);
	assert_int_equal(sampler_init(&s, procfd, &cfg, 1), 0);
	assert_int_equal(sampler_take(&s, 77), 0);
	n = (size_t)snprintf(want, sizeof(want), "\n%d (a\\012\\01212345\\012) ",
	    (int)child);
	assert_non_null(memmem(s.ps.p, s.ps.len, want, n));
	assert_block(&s.ps, 77);
	assert_true(has_pid(&s.ps, child));
	sampler_free(&s);
	close(p[0]);
	close(p[1]);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
