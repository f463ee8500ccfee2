/* test_procinfo.c: what a process runs (cmdline2.log, cgroup.log) as the sampler and procinfo log it, on a fake procfs: once per name, once more after an exec caught half done, at most 8 times; fields capped once escaped; owners' shares. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "config.h"
#include "procinfo.h"
#include "sampler.h"

/* A fake /proc: stat, and PID 4242 with stat, exe, cmdline, cgroup. */
struct fake {
	char dir[64];
	int procfd;
	struct config cfg;
	struct sampler s;
	struct procinfo pi;
	struct procraw raw;
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
	procinfo_init(&f->pi, 64 << 20);
	config_defaults(&f->cfg);
	/* The sampler takes a descriptor of its own over. */
	assert_int_equal(sampler_init(&f->s, dup(f->procfd), &f->cfg, 0), 0);
}

static void
fake_free(struct fake *f)
{
	char cmd[128];

	sampler_free(&f->s);
	procinfo_free(&f->pi);
	close(f->procfd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * One sample stamped `jiffies`, its processes described as the run
 * does it (session.c): the records of the sample are then in f->pi.
 */
static void
take(struct fake *f, uint64_t jiffies)
{
	size_t i;
	int rc;

	procinfo_clear(&f->pi);
	assert_int_equal(sampler_take(&f->s, jiffies), 0);
	for (i = 0; i < f->s.ndesc; i++) {
		procinfo_read(f->procfd, f->s.desc[i].pid, &f->raw);
		rc = procinfo_add(&f->pi, &f->raw, 0);
		assert_true(rc >= 0);
		if (rc == PROCINFO_HALF && !f->s.desc[i].retry)
			sampler_again(&f->s, f->s.desc[i].pid);
	}
}

/* The cmdline2.log records of the last sample, as one string. */
static const char *
records(const struct procinfo *pi, char *buf, size_t cap)
{
	size_t n = pi->cmd.len < cap - 1 ? pi->cmd.len : cap - 1;

	memcpy(buf, pi->cmd.p, n);
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
	struct fake f;
	char buf[512];

	(void)state;
	fake_init(&f, "cc");
	take(&f, 100);
	assert_string_equal(records(&f.pi, buf, sizeof(buf)),
	    "4242\n:/usr/bin/x86_64-linux-gnu-gcc-12\n:\n\n");
	assert_int_equal(f.pi.cg.len, strlen("4242 /build.scope\n"));

	put(&f, "4242/cmdline", args, sizeof(args));
	take(&f, 101);
	/* The arguments keep their NUL separators, as in bootchart2's log. */
	assert_int_equal(f.pi.cmd.len, sizeof(full) - 1);
	assert_memory_equal(f.pi.cmd.p, full, sizeof(full) - 1);

	take(&f, 102);
	assert_int_equal(f.pi.cmd.len, 0);
	fake_free(&f);
}

/* A process whose arguments stay empty is read twice, not at every sample. */
static void
reads_an_empty_command_line_only_twice(void **state)
{
	struct fake f;
	int i;

	(void)state;
	fake_init(&f, "daemon");
	take(&f, 100);
	assert_true(f.pi.cmd.len > 0);
	/* The listing path (the fork counter moved) retries as well. */
	put(&f, "stat", "cpu  1 0 1 10 0 0 0 0\nprocesses 10\n", 34);
	take(&f, 101);
	assert_true(f.pi.cmd.len > 0);
	for (i = 0; i < 3; i++) {
		take(&f, 102 + i);
		assert_int_equal(f.pi.cmd.len, 0);
	}
	assert_int_equal(f.pi.infos, 2);
	fake_free(&f);
}

/*
 * A process renaming itself at every sample is described at most
 * SAMPLER_DESCRIBE_MAX times (issue 22, finding 2: every rename was
 * logged again).
 */
static void
renames_are_described_a_bounded_number_of_times(void **state)
{
	char line[128];
	struct fake f;
	int i, n = 0;

	(void)state;
	fake_init(&f, "r0");
	put(&f, "4242/cmdline", "x", 1);
	for (i = 0; i < 3 * SAMPLER_DESCRIBE_MAX; i++) {
		snprintf(line, sizeof(line), "4242 (r%d) S 1 4242 4242 0 -1 0 "
		    "0 0 0 0 3 1 0 0 20 0 1 0 100\n", i);
		put(&f, "4242/stat", line, strlen(line));
		take(&f, 100 + (uint64_t)i);
		n += f.pi.cmd.len > 0;
	}
	assert_int_equal(n, SAMPLER_DESCRIBE_MAX);
	fake_free(&f);
}

/*
 * A field of control bytes is cut at PROCINFO_ROOM once escaped, at a
 * whole escape, not made 4 times longer (a record was ~47 KB).
 */
static void
escaped_fields_are_capped(void **state)
{
	static struct procraw raw;
	struct procinfo pi;
	const char *p, *eol;
	size_t i;

	(void)state;
	procinfo_init(&pi, 64 << 20);
	raw.pid = 7;
	raw.uid = 0;
	raw.nexe = 3000;
	raw.nargs = PROCINFO_ROOM;
	for (i = 0; i < raw.nexe; i++)
		raw.exe[i] = (char)(i % 2 ? '\001' : 'a');
	for (i = 0; i < raw.nargs; i++)
		raw.args[i] = '\033';
	assert_int_equal(procinfo_add(&pi, &raw, 0), 0);
	/* "7\n:EXE\n:ARGS\n\n": each field line at most the room. */
	p = memchr(pi.cmd.p, ':', pi.cmd.len);
	assert_non_null(p);
	for (i = 0; i < 2; i++) {
		eol = memchr(p, '\n', pi.cmd.len - (size_t)(p - pi.cmd.p));
		assert_non_null(eol);
		assert_true((size_t)(eol - p - 1) <= PROCINFO_ROOM);
		assert_true((size_t)(eol - p - 1) > PROCINFO_ROOM - 4);
		/* Whole escapes only: the field ends with three digits. */
		assert_true(eol[-4] == '\\' || eol[-1] == 'a');
		p = eol + 1;
	}
	procinfo_free(&pi);
}

/*
 * The records of one owner draw on a share: a 64th of the budget at
 * once, a 2048th per second.  Root has none; each system account its
 * own; every other uid one together.
 */
static void
owners_share_the_budget(void **state)
{
	static struct procraw raw;
	struct procinfo pi;
	uint64_t budget = 64 * 4000;	/* a share of 4000 bytes, 125/s */
	int i;

	(void)state;
	procinfo_init(&pi, budget);
	raw.nexe = 1200;
	memset(raw.exe, 'e', raw.nexe);
	/* 1209 bytes a record: three fit a user's 4000 bytes, not four. */
	for (i = 0; i < 4; i++) {
		raw.pid = 100 + i;
		raw.uid = 65534 + i * 100000;	/* users, namespaces: one share */
		assert_int_equal(procinfo_add(&pi, &raw, 1000000),
		    i < 3 ? PROCINFO_HALF : 0);
	}
	assert_int_equal(pi.cmd.len, 3 * 1209);
	assert_int_equal(pi.left_out, 1);
	assert_int_equal(pi.infos, 3);
	/* Root and a system account are not held by the users' share. */
	raw.uid = 0;
	for (i = 0; i < 10; i++)
		procinfo_add(&pi, &raw, 1000000);
	raw.uid = 105;
	procinfo_add(&pi, &raw, 1000000);
	assert_int_equal(pi.left_out, 1);
	assert_int_equal(pi.infos, 14);
	/* Twelve seconds later (1500 bytes more) the users' share holds one more. */
	raw.uid = 65534;
	procinfo_add(&pi, &raw, 13000000);
	assert_int_equal(pi.infos, 15);
	procinfo_add(&pi, &raw, 13000000);
	assert_int_equal(pi.left_out, 2);
	procinfo_free(&pi);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_again_after_an_exec_caught_half_done),
		cmocka_unit_test(reads_an_empty_command_line_only_twice),
		cmocka_unit_test(renames_are_described_a_bounded_number_of_times),
		cmocka_unit_test(escaped_fields_are_capped),
		cmocka_unit_test(owners_share_the_budget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
