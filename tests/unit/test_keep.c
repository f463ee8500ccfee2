/* test_keep.c: the boots' logs kept beside the destination: a boot's copy linked under bootchart/ by time and boot id, the oldest beyond the count removed, nothing else of the directory touched. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "diag.h"
#include "keep.h"

static void
touch(const char *dir, const char *name)
{
	char p[1100];
	int fd;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	close(fd);
}

static int
exists(const char *dir, const char *name)
{
	char p[1100];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return access(p, F_OK) == 0;
}

static void
prune_keeps_the_newest_and_only_ours(void **state)
{
	char dir[] = "/tmp/test_keep.XXXXXX";

	(void)state;
	assert_non_null(mkdtemp(dir));
	touch(dir, "20261201-090000-0123abcd.tgz");
	touch(dir, "20261202-080000-89abcdef.tgz");
	touch(dir, "20261202-100000-00000000.tgz");
	touch(dir, "20261130-230000-ffffffff.tgz");
	touch(dir, "notes.txt");
	touch(dir, "20261130-230000-FFFFFFFF.tgz");	/* not a name we give */
	assert_int_equal(keep_prune(dir, 2), 2);
	assert_false(exists(dir, "20261130-230000-ffffffff.tgz"));
	assert_false(exists(dir, "20261201-090000-0123abcd.tgz"));
	assert_true(exists(dir, "20261202-080000-89abcdef.tgz"));
	assert_true(exists(dir, "20261202-100000-00000000.tgz"));
	assert_true(exists(dir, "notes.txt"));
	assert_true(exists(dir, "20261130-230000-FFFFFFFF.tgz"));
	assert_int_equal(keep_prune(dir, 5), 0);
	assert_int_equal(keep_prune("/nonexistent/keep", 1), -1);
}

static void
boot_links_its_copy_and_prunes(void **state)
{
	char dir[] = "/tmp/test_keep.XXXXXX", tmp[512], kdir[512];
	struct diag d;
	time_t t0 = 1764665000;	/* 2025-12-02 08:43:20 UTC */
	int i;

	(void)state;
	diag_init(&d, "test_keep");
	assert_non_null(mkdtemp(dir));
	snprintf(tmp, sizeof(tmp), "%s/.bootchart.tgz.tmp", dir);
	snprintf(kdir, sizeof(kdir), "%s/" KEEP_DIR, dir);
	touch(dir, ".bootchart.tgz.tmp");
	for (i = 0; i < 4; i++)
		keep_boot(dir, tmp, "6e3b1f2a-0c4d-4e5f-8a9b-0c1d2e3f4a5b",
		    t0 + i, 3, &d);
	/* Three kept, the first second's gone; the id's first 8 digits. */
	assert_false(exists(kdir, "20251202-084320-6e3b1f2a.tgz"));
	assert_true(exists(kdir, "20251202-084321-6e3b1f2a.tgz"));
	assert_true(exists(kdir, "20251202-084323-6e3b1f2a.tgz"));
	/* KEEP_BOOTS=0: nothing kept. */
	keep_boot(dir, tmp, "x", t0 + 100, 0, &d);
	assert_false(exists(kdir, "20251202-084500-00000000.tgz"));
}

static void
boot_id_is_the_kernels(void **state)
{
	char id[40];
	int procfd = open("/proc", O_RDONLY | O_DIRECTORY);

	(void)state;
	assert_true(procfd >= 0);
	keep_boot_id(procfd, id, sizeof(id));
	close(procfd);
	assert_int_equal(strlen(id), 36);
	keep_boot_id(-1, id, sizeof(id));
	assert_string_equal(id, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(prune_keeps_the_newest_and_only_ours),
		cmocka_unit_test(boot_links_its_copy_and_prunes),
		cmocka_unit_test(boot_id_is_the_kernels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
