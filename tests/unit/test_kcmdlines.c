/* test_kcmdlines.c: the kernel's saved_cmdlines copied into our trace.dat without a line a task's name made up. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "kcmdlines.h"

/* kcmdlines_keep on a copy of text (with its room for one more byte). */
static char *
keep(const char *text, const char *ours)
{
	size_t len = strlen(text), n;
	char *p = malloc(len + 2);

	assert_non_null(p);
	memcpy(p, text, len + 1);
	n = kcmdlines_keep(p, len, ours, strlen(ours));
	p[n] = '\0';
	return p;
}

static void
keeps_a_real_list(void **state)
{
	/* Lines of this machine's saved_cmdlines: names long enough apart. */
	const char *k = "1209 kworker/u8:3\n17 migration/1\n"
	    "882 systemd-journal\n31044 trace-cmd\n";
	char *p = keep(k, "");

	(void)state;
	assert_string_equal(p, k);
	free(p);
}

static void
drops_a_forged_line(void **state)
{
	/*
	 * A task of pid 4000 named "x\n1 root" (prctl allows a newline):
	 * the kernel prints "4000 x\n1 root\n"; neither line can be trusted.
	 */
	char *p = keep("1209 kworker/u8:3\n4000 x\n1 root\n"
	    "882 systemd-journal\n", "");

	(void)state;
	assert_string_equal(p, "1209 kworker/u8:3\n882 systemd-journal\n");
	free(p);
}

static void
drops_a_chain_of_tails(void **state)
{
	/* "a\n2 b\nc" as one name: three lines, all of it. */
	char *p = keep("1209 kworker/u8:3\n4000 a\n2 b\nc\n"
	    "882 systemd-journal\n", "");

	(void)state;
	assert_string_equal(p, "1209 kworker/u8:3\n882 systemd-journal\n");
	free(p);
}

static void
ours_and_repeats_win(void **state)
{
	/* A pid we named ourselves, and one the kernel names twice. */
	char *p = keep("1209 kworker/u8:3\n31044 trace-cmd\n"
	    "882 systemd-journal\n31044 trace-cmd-2\n17 migration/1\n",
	    "1209 kworker/u8:3\n");

	(void)state;
	assert_string_equal(p, "882 systemd-journal\n17 migration/1\n");
	free(p);
}

static void
ours_outnumber_the_kernels(void **state)
{
	/* Ours count twice each in the check: 100 of them, 1 kernel line. */
	char ours[2000];
	size_t n = 0;
	int i;
	char *p;

	(void)state;
	for (i = 0; i < 100; i++)
		n += (size_t)snprintf(ours + n, sizeof(ours) - n,
		    "%d kworker/%d\n", 1000 + i, i);
	p = keep("882 systemd-journal\n1042 kworker/42\n", ours);
	assert_string_equal(p, "882 systemd-journal\n");
	free(p);
}

static void
ends_every_line(void **state)
{
	/* No last newline, no room past len but the byte promised. */
	char *p = keep("882 systemd-journal", "");

	(void)state;
	assert_string_equal(p, "882 systemd-journal\n");
	free(p);
}

static void
drops_what_is_no_list(void **state)
{
	/* Junk, an empty line, a name longer than the kernel's. */
	char *p = keep("junk line here\n\n12 sixteen-bytes-xx\n"
	    "882 systemd-journal\n", "");

	(void)state;
	assert_string_equal(p, "882 systemd-journal\n");
	free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keeps_a_real_list),
		cmocka_unit_test(drops_a_forged_line),
		cmocka_unit_test(drops_a_chain_of_tails),
		cmocka_unit_test(ours_and_repeats_win),
		cmocka_unit_test(ours_outnumber_the_kernels),
		cmocka_unit_test(ends_every_line),
		cmocka_unit_test(drops_what_is_no_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
