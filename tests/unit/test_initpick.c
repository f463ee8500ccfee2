/* test_initpick.c: which init PID 1 runs: the one asked for, the fallback and its note, bootchartd itself never. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "initpick.h"

struct dir {
	char d[64];
	char good[128], plain[128], self[128], link[128];
};

static void
mkfile(const char *path, int mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "#!/bin/sh\n", 10), 10);
	close(fd);
	assert_int_equal(chmod(path, (mode_t)mode), 0);
}

static void
dir_make(struct dir *t)
{
	snprintf(t->d, sizeof(t->d), "/tmp/test_initpick.XXXXXX");
	assert_non_null(mkdtemp(t->d));
	snprintf(t->good, sizeof(t->good), "%s/init", t->d);
	snprintf(t->plain, sizeof(t->plain), "%s/notexec", t->d);
	snprintf(t->self, sizeof(t->self), "%s/bootchartd", t->d);
	snprintf(t->link, sizeof(t->link), "%s/sbin-init", t->d);
	mkfile(t->good, 0755);
	mkfile(t->plain, 0644);
	mkfile(t->self, 0755);
	/* /sbin/init may be a link to what runs: it is the same file. */
	assert_int_equal(symlink(t->self, t->link), 0);
}

static void
dir_free(struct dir *t)
{
	unlink(t->good);
	unlink(t->plain);
	unlink(t->self);
	unlink(t->link);
	rmdir(t->d);
}

static void
checks_candidates(void **state)
{
	struct dir t;
	struct stat self;
	char why[128];

	(void)state;
	dir_make(&t);
	assert_int_equal(stat(t.self, &self), 0);
	assert_int_equal(init_check(t.good, &self, why, sizeof(why)), 0);
	assert_int_equal(init_check("/no/such/init", &self, why, sizeof(why)), -1);
	assert_string_equal(why, "No such file or directory");
	assert_int_equal(init_check(t.plain, &self, why, sizeof(why)), -1);
	assert_string_equal(why, "not executable");
	assert_int_equal(init_check(t.d, &self, why, sizeof(why)), -1);
	assert_string_equal(why, "not a regular file");
	assert_int_equal(init_check(t.self, &self, why, sizeof(why)), -1);
	assert_string_equal(why, "is bootchartd itself");
	assert_int_equal(init_check(t.link, &self, why, sizeof(why)), -1);
	assert_string_equal(why, "is bootchartd itself");
	/* Identity unknown (no /proc yet): only the file's own checks. */
	assert_int_equal(init_check(t.self, NULL, why, sizeof(why)), 0);
	dir_free(&t);
}

/* Candidates: [0] asked (bootchart_init), [1] INIT, [2], [3] the kernel's list. */
static void
cands(struct init_cands *c, const char *a, const char *b, const char *x,
    const char *y)
{
	memset(c, 0, sizeof(*c));
	c->path[0] = a;
	c->path[1] = b;
	c->path[2] = x;
	c->path[3] = y;
	c->n = 4;
	c->asked = a != NULL ? 0 : b != NULL ? 1 : -1;
}

static void
plans_and_notes(void **state)
{
	struct init_cands c;
	struct dir t;
	struct stat self;
	char note[1024], want[1024];

	(void)state;
	dir_make(&t);
	assert_int_equal(stat(t.self, &self), 0);
	/* The asked one runs: no note. */
	cands(&c, t.good, NULL, t.plain, t.good);
	assert_int_equal(init_plan(&c, &self, note, sizeof(note)), 0);
	assert_string_equal(note, "");
	/* Missing: the next that can run, and why. */
	cands(&c, "/no/such/init", NULL, t.plain, t.good);
	assert_int_equal(init_plan(&c, &self, note, sizeof(note)), 3);
	snprintf(want, sizeof(want), "asked /no/such/init, ran %s (No such "
	    "file or directory)", t.good);
	assert_string_equal(note, want);
	/* bootchart_init=/sbin/bootchartd: skipped, never exec'd again. */
	cands(&c, t.self, NULL, t.link, t.good);
	assert_int_equal(init_plan(&c, &self, note, sizeof(note)), 3);
	snprintf(want, sizeof(want), "asked %s, ran %s (is bootchartd itself)",
	    t.self, t.good);
	assert_string_equal(note, want);
	/* Nothing asked: the kernel's list without a note, ourselves skipped. */
	cands(&c, NULL, NULL, t.link, t.good);
	assert_int_equal(init_plan(&c, &self, note, sizeof(note)), 3);
	assert_string_equal(note, "");
	/* An exec that failed: the caller marks it, the plan moves on. */
	cands(&c, t.good, NULL, NULL, t.good);
	snprintf(c.why, sizeof(c.why), "Exec format error");
	c.failed = 1u << 0;
	assert_int_equal(init_plan(&c, &self, note, sizeof(note)), 3);
	snprintf(want, sizeof(want), "asked %s, ran %s (Exec format error)",
	    t.good, t.good);
	assert_string_equal(note, want);
	/* None at all. */
	cands(&c, "/no/such", NULL, t.plain, t.self);
	assert_int_equal(init_plan(&c, &self, note, sizeof(note)), -1);
	dir_free(&t);
}

static void
gathers_in_order(void **state)
{
	struct init_cands c;
	char conf[] = "/tmp/test_initpick_conf.XXXXXX";
	char cmd[] = "/tmp/test_initpick_cmd.XXXXXX";
	int fd;

	(void)state;
	fd = mkstemp(conf);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "INIT=/conf/init\n", 16), 16);
	close(fd);
	fd = mkstemp(cmd);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "quiet bootchart_init=/cmd/init\n", 31), 31);
	close(fd);
	setenv("BOOTCHARTD_CONFIG", conf, 1);
	setenv("BOOTCHARTD_CMDLINE", cmd, 1);
	unsetenv("bootchart_init");
	init_gather(&c);
	assert_int_equal(c.asked, 1);
	assert_string_equal(c.path[1], "/cmd/init");
	assert_string_equal(c.path[2], "/conf/init");
	assert_string_equal(c.path[3], "/sbin/init");
	setenv("bootchart_init", "/env/init", 1);
	init_gather(&c);
	assert_int_equal(c.asked, 0);
	assert_string_equal(c.path[0], "/env/init");
	unsetenv("bootchart_init");
	unsetenv("BOOTCHARTD_CONFIG");
	unsetenv("BOOTCHARTD_CMDLINE");
	unlink(conf);
	unlink(cmd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(checks_candidates),
		cmocka_unit_test(plans_and_notes),
		cmocka_unit_test(gathers_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
