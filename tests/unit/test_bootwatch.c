/* test_bootwatch.c: what a boot log watches besides the samples, on a fake procfs: the switch to the real root, systemd with bootchartd-done.service, its done file. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "bootwatch.h"
#include "logfiles.h"

/* A fake /proc: DIR/1/root -> DIR/initramfs (a symbolic link, as the real one acts), DIR/1/comm. */
struct fake {
	char dir[64];
	int procfd;
};

static void
sh(const char *fmt, const char *dir)
{
	char cmd[1024];

	snprintf(cmd, sizeof(cmd), fmt, dir, dir, dir, dir);
	assert_int_equal(system(cmd), 0);
}

static void
fake_init(struct fake *f)
{
	snprintf(f->dir, sizeof(f->dir), "/tmp/test_bootwatch.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	sh("mkdir -p %s/1 %s/initramfs/run %s/real/run/systemd "
	    "%s/real/etc/systemd/system", f->dir);
	sh("ln -s ../initramfs %s/1/root && echo init >%s/1/comm", f->dir);
	f->procfd = open(f->dir, O_RDONLY | O_DIRECTORY);
	assert_true(f->procfd >= 0);
}

static void
fake_free(struct fake *f)
{
	close(f->procfd);
	sh("rm -rf %s", f->dir);
}

/* PID 1 becomes the real root's init: /proc/1/root points elsewhere. */
static void
switch_root(struct fake *f, const char *comm)
{
	char cmd[256];

	sh("ln -sfn ../real %s/1/root.new && mv -T %s/1/root.new %s/1/root",
	    f->dir);
	snprintf(cmd, sizeof(cmd), "echo %s >%%s/1/comm", comm);
	sh(cmd, f->dir);
}

static void
notes_the_switch_root(void **state)
{
	struct bootwatch w;
	struct fake f;

	(void)state;
	fake_init(&f);
	bootwatch_init(&w, f.procfd);
	assert_true(w.root_known);
	bootwatch_sample(&w, 150);
	bootwatch_sample(&w, 170);
	assert_int_equal(w.switch_root, 0);
	switch_root(&f, "systemd");
	bootwatch_sample(&w, 190);
	bootwatch_sample(&w, 210);
	/* The first sample after, not a later one. */
	assert_int_equal(w.switch_root, 190);
	fake_free(&f);
}

/* No /proc/1/root at the start (no procfs): nothing noted, nothing breaks. */
static void
no_root_no_mark(void **state)
{
	struct bootwatch w;
	struct fake f;

	(void)state;
	fake_init(&f);
	sh("rm %s/1/root", f.dir);
	bootwatch_init(&w, f.procfd);
	assert_false(w.root_known);
	switch_root(&f, "init");
	bootwatch_sample(&w, 100);
	assert_int_equal(w.switch_root, 0);
	fake_free(&f);
}

static void
systemd_with_the_unit(void **state)
{
	struct bootwatch w;
	struct fake f;

	(void)state;
	fake_init(&f);
	bootwatch_init(&w, f.procfd);
	/* systemd in the initramfs (dracut) has no unit there. */
	sh("echo systemd >%s/1/comm", f.dir);
	bootwatch_sample(&w, 100);
	assert_false(w.systemd);
	/* A sysvinit real root with the unit file (where the Debian package
	 * puts it): not systemd. */
	sh("mkdir -p %s/real/lib/systemd/system", f.dir);
	sh("touch %s/real/lib/systemd/system/" DONE_UNIT_NAME, f.dir);
	switch_root(&f, "init");
	bootwatch_sample(&w, 120);
	assert_false(w.systemd);
	switch_root(&f, "systemd");
	bootwatch_sample(&w, 140);
	assert_true(w.systemd);
	assert_false(bootwatch_done(&w));
	sh("touch %s/real/" BOOT_DONE_FILE, f.dir);
	assert_true(bootwatch_done(&w));
	fake_free(&f);
}

static void
systemd_without_the_unit(void **state)
{
	struct bootwatch w;
	struct fake f;

	(void)state;
	fake_init(&f);
	bootwatch_init(&w, f.procfd);
	switch_root(&f, "systemd");
	bootwatch_sample(&w, 140);
	assert_false(w.systemd);
	fake_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(notes_the_switch_root),
		cmocka_unit_test(no_root_no_mark),
		cmocka_unit_test(systemd_with_the_unit),
		cmocka_unit_test(systemd_without_the_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
