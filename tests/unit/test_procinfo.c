/* test_procinfo.c: what a process runs (cmdline2.log, cgroup.log) as the sampler logs it, on a fake procfs: once per name, once more after an exec caught half done. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "config.h"
#include "sampler.h"

/* A fake /proc: stat, and PID 4242 with stat, exe, cmdline, cgroup. */
struct fake {
	char dir[64];
	int procfd;
};

static void
put(const struct fake *f, const char *name, const char *data, size_t n)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	fp = fopen(path, "w");
	assert_non_null(fp);
	assert_int_equal(fwrite(data, 1, n, fp), n);
	assert_int_equal(fclose(fp), 0);
}

static void
fake_init(struct fake *f, const char *comm)
{
	char path[128], line[128];

	snprintf(f->dir, sizeof(f->dir), "/tmp/test_procinfo.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	snprintf(path, sizeof(path), "%s/4242", f->dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/4242/exe", f->dir);
	assert_int_equal(symlink("/usr/bin/x86_64-linux-gnu-gcc-12", path), 0);
	put(f, "stat", "cpu  1 0 1 10 0 0 0 0\nprocesses 9\n", 33);
	put(f, "4242/cgroup", "0::/build.scope\n", 16);
	put(f, "4242/cmdline", "", 0);
	snprintf(line, sizeof(line), "4242 (%s) R 1 4242 4242 0 -1 0 0 0 0 0 "
	    "3 1 0 0 20 0 1 0 100\n", comm);
	put(f, "4242/stat", line, strlen(line));
	f->procfd = open(f->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	assert_true(f->procfd >= 0);
}

static void
fake_free(struct fake *f)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	assert_int_equal(system(cmd), 0);
}

/* The cmdline2.log records of the last sample, as one string. */
static const char *
records(const struct sampler *s, char *buf, size_t cap)
{
	size_t n = s->cmd.len < cap - 1 ? s->cmd.len : cap - 1;

	memcpy(buf, s->cmd.p, n);
	buf[n] = '\0';
	return buf;
}

/*
 * make's child execs cc: the kernel sets the name "cc" before the new
 * arguments are in place, and a sample in between read an empty
 * command line.  The next sample reads it again, and only that one.
 */
static void
reads_again_after_an_exec_caught_half_done(void **state)
{
	static const char args[] = "cc\0-c\0bcp_f5.c";
	static const char full[] = "4242\n:/usr/bin/x86_64-linux-gnu-gcc-12\n"
	    ":cc\0-c\0bcp_f5.c\0\n\n";
	struct config cfg;
	struct sampler s;
	struct fake f;
	char buf[512];

	(void)state;
	config_defaults(&cfg);
	fake_init(&f, "cc");
	assert_int_equal(sampler_init(&s, f.procfd, &cfg), 0);
	assert_int_equal(sampler_take(&s, 100), 0);
	assert_string_equal(records(&s, buf, sizeof(buf)),
	    "4242\n:/usr/bin/x86_64-linux-gnu-gcc-12\n:\n\n");
	assert_int_equal(s.cg.len, strlen("4242 /build.scope\n"));

	put(&f, "4242/cmdline", args, sizeof(args));
	assert_int_equal(sampler_take(&s, 101), 0);
	/* The arguments keep their NUL separators, as in bootchart2's log. */
	assert_int_equal(s.cmd.len, sizeof(full) - 1);
	assert_memory_equal(s.cmd.p, full, sizeof(full) - 1);

	assert_int_equal(sampler_take(&s, 102), 0);
	assert_int_equal(s.cmd.len, 0);
	sampler_free(&s);
	fake_free(&f);
}

/* A process whose arguments stay empty is read twice, not at every sample. */
static void
reads_an_empty_command_line_only_twice(void **state)
{
	struct config cfg;
	struct sampler s;
	struct fake f;
	int i;

	(void)state;
	config_defaults(&cfg);
	fake_init(&f, "daemon");
	assert_int_equal(sampler_init(&s, f.procfd, &cfg), 0);
	assert_int_equal(sampler_take(&s, 100), 0);
	assert_true(s.cmd.len > 0);
	/* The listing path (the fork counter moved) retries as well. */
	put(&f, "stat", "cpu  1 0 1 10 0 0 0 0\nprocesses 10\n", 34);
	assert_int_equal(sampler_take(&s, 101), 0);
	assert_true(s.cmd.len > 0);
	for (i = 0; i < 3; i++) {
		assert_int_equal(sampler_take(&s, 102 + i), 0);
		assert_int_equal(s.cmd.len, 0);
	}
	assert_int_equal(s.infos, 2);
	sampler_free(&s);
	fake_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_again_after_an_exec_caught_half_done),
		cmocka_unit_test(reads_an_empty_command_line_only_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
