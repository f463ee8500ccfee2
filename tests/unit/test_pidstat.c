/* test_pidstat.c: /proc/[PID]/stat line parsing, name escaping and the line splitter. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "linesplit.h"
#include "pidstat.h"

static void
parses_a_real_line(void **state)
{
	/* A line of example1's proc_ps.log (Ubuntu 8.10, 2008). */
	const char *l = "1 (init) S 0 0 0 0 -1 4202752 593 6281 0 0 0 114 2 2 "
	    "20 0 1 0 29 1208320 97 4294967295 134512640 135460575";
	struct pidstat ps;
	const char *why = NULL;

	(void)state;
	assert_int_equal(pidstat_parse(l, strlen(l), &ps, &why), 0);
	assert_int_equal(ps.pid, 1);
	assert_string_equal(ps.comm, "init");
	assert_int_equal(ps.state, 'S');
	assert_int_equal(ps.ppid, 0);
	assert_int_equal(ps.utime, 0);
	assert_int_equal(ps.stime, 114);
	assert_int_equal(ps.starttime, 29);
}

static void
name_ends_at_last_paren(void **state)
{
	const char *l = "4242 (a) b (c)) R 7 0 0 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 99";
	struct pidstat ps;
	const char *why = NULL;

	(void)state;
	assert_int_equal(pidstat_parse(l, strlen(l), &ps, &why), 0);
	assert_string_equal(ps.comm, "a) b (c)");
	assert_int_equal(ps.state, 'R');
	assert_int_equal(ps.ppid, 7);
	assert_int_equal(ps.utime, 5);
	assert_int_equal(ps.stime, 6);
	assert_int_equal(ps.starttime, 99);
}

static void
sixty_four_bit_pid(void **state)
{
	const char *l = "5000000000 (big) S 4999999999 0 0 0 -1 0 0 0 0 0 1 2 0 0 20 0 1 0 3";
	struct pidstat ps;
	const char *why = NULL;

	(void)state;
	assert_int_equal(pidstat_parse(l, strlen(l), &ps, &why), 0);
	assert_true(ps.pid == 5000000000LL);
	assert_true(ps.ppid == 4999999999LL);
}

static void
rejects_cut_lines(void **state)
{
	const char *cut = "1 (init) S 0 0 0 0 -1 4202752 593";
	const char *noname = "12 init S 0";
	const char *nopid = "(init) S 0 0";
	struct pidstat ps;
	const char *why = NULL;

	(void)state;
	assert_int_equal(pidstat_parse(cut, strlen(cut), &ps, &why), -1);
	assert_string_equal(why, "line cut short");
	assert_int_equal(pidstat_parse(noname, strlen(noname), &ps, &why), -1);
	assert_int_equal(pidstat_parse(nopid, strlen(nopid), &ps, &why), -1);
	assert_string_equal(why, "bad PID");
}

/* The logger's escape of a name with line breaks, and the parser's decoding. */
static void
escaped_name_round_trip(void **state)
{
	const char raw[] = "77 (a\n\n9999\\x) b) S 1 0 0 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 99\n";
	const char want[] = "77 (a\\012\\0129999\\134x) b) S 1 0 0 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 99\n";
	char buf[256];
	struct pidstat ps;
	const char *why = NULL;
	size_t len = strlen(raw), n;

	(void)state;
	memcpy(buf, raw, len);
	n = pidstat_escape(buf, len, sizeof(buf));
	assert_int_equal(n, strlen(want));
	assert_memory_equal(buf, want, n);
	assert_null(memchr(buf, '\n', n - 1));
	assert_int_equal(pidstat_parse(buf, n, &ps, &why), 0);
	assert_string_equal(ps.comm, "a\n\n9999\\x) b");
	assert_int_equal(ps.state, 'S');
	assert_int_equal(ps.starttime, 99);
	/* Too little room: refused, the line unchanged. */
	memcpy(buf, raw, len);
	assert_int_equal(pidstat_escape(buf, len, len + 8), 0);
	assert_memory_equal(buf, raw, len);
	/* Nothing to escape: the same line. */
	memcpy(buf, "5 (sh) S 1", 10);
	assert_int_equal(pidstat_escape(buf, 10, 10), 10);
}

/* Backslashes that are no \ooo escape (older logs) stay as they are. */
static void
decodes_only_octal_escapes(void **state)
{
	const char *l = "9 (a\\q\\41\\400\\101) S 1 0 0 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 3";
	struct pidstat ps;
	const char *why = NULL;

	(void)state;
	assert_int_equal(pidstat_parse(l, strlen(l), &ps, &why), 0);
	assert_string_equal(ps.comm, "a\\q\\41\\400A");
	/* A line read from /proc is taken as the kernel wrote it. */
	assert_int_equal(pidstat_parse_raw(l, strlen(l), &ps, &why), 0);
	assert_string_equal(ps.comm, "a\\q\\41\\400\\101");
}

struct collect {
	char all[256];
	long lines;
};

static int
on_line(void *arg, const char *line, size_t len, long lineno)
{
	struct collect *c = arg;

	c->lines = lineno;
	strncat(c->all, line, len);
	strcat(c->all, "|");
	return 0;
}

static void
splits_across_chunks(void **state)
{
	const char *text = "alpha\nbe\ngamma\n\ntail";
	struct linesplit ls;
	struct collect c;
	size_t i;

	(void)state;
	/* Feed one byte at a time: the worst split there is. */
	memset(&c, 0, sizeof(c));
	linesplit_init(&ls, on_line, &c);
	for (i = 0; i < strlen(text); i++)
		assert_int_equal(linesplit_feed(&ls, text + i, 1), 0);
	assert_int_equal(linesplit_end(&ls), 0);
	linesplit_free(&ls);
	assert_string_equal(c.all, "alpha|be|gamma||tail|");
	assert_int_equal(c.lines, 5);
}

static void
refuses_endless_line(void **state)
{
	struct linesplit ls;
	struct collect c;
	char *junk = malloc(65536);
	int i, rc = 0;

	(void)state;
	memset(junk, 'x', 65536);
	memset(&c, 0, sizeof(c));
	linesplit_init(&ls, on_line, &c);
	for (i = 0; i < 40 && rc == 0; i++)
		rc = linesplit_feed(&ls, junk, 65536);
	assert_int_equal(rc, -1);
	assert_true(ls.toolong);
	linesplit_free(&ls);
	free(junk);
}

/* Android's init logs command lines as names: kept up to 4 KiB - 1 bytes. */
static void
keeps_long_names(void **state)
{
	const char *name = "/vendor/bin/hw/vendor.qti.hardware.automotive."
	    "audiocontrol@1.0-service";
	const char *rest = ") S 1 0 0 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 99";
	size_t big = PIDSTAT_COMM_MAX + 100, n;
	char line[256], *huge;
	struct pidstat *ps;
	const char *why = NULL;

	(void)state;
	ps = malloc(sizeof(*ps));
	assert_non_null(ps);
	snprintf(line, sizeof(line), "445 (%s%s", name, rest);
	assert_int_equal(pidstat_parse(line, strlen(line), ps, &why), 0);
	assert_string_equal(ps->comm, name);
	assert_int_equal(ps->starttime, 99);
	huge = malloc(big + 100);
	assert_non_null(huge);
	n = (size_t)snprintf(huge, 16, "446 (");
	memset(huge + n, 'x', big);
	snprintf(huge + n + big, 100, "%s", rest);
	assert_int_equal(pidstat_parse(huge, strlen(huge), ps, &why), 0);
	assert_int_equal(strlen(ps->comm), PIDSTAT_COMM_MAX - 1);
	assert_int_equal(ps->stime, 6);
	free(huge);
	free(ps);
}

/*
 * A line as this machine's kernel writes it for a process one may
 * trace (52 fields), then as it writes it for one one may not
 * (proc(5); fs/proc/array.c): what pidstat_hide_addresses must give.
 */
static void
hides_addresses_as_the_kernel_does(void **state)
{
	char line[] = "23083 (sl) e) S 22840 22840 31197 0 -1 4194304 137 0 0 "
	    "0 0 0 0 0 20 0 1 0 9030207 2990080 403 18446744073709551615 "
	    "93851846627328 93851846645257 140735191240464 0 0 0 0 6 0 1 0 "
	    "0 17 1 0 0 0 0 0 93851846659344 93851846660608 93851953000448 "
	    "140735191243404 140735191243415 140735191243415 "
	    "140735191244777 0\n";
	const char *want = "23083 (sl) e) S 22840 22840 31197 0 -1 4194304 "
	    "137 0 0 0 0 0 0 0 20 0 1 0 9030207 2990080 403 "
	    "18446744073709551615 1 1 0 0 0 0 0 6 0 1 0 0 17 1 0 0 0 0 0 "
	    "0 0 0 0 0 0 0 0\n";
	/* A kernel thread has no map: its zeros stay zeros. */
	char kthread[] = "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 3 0 0 "
	    "20 0 1 0 1 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 "
	    "0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
	/* An old kernel's shorter line, cut inside the hidden fields. */
	char old[] = "7 (x) S 1 7 7 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 99 4096 "
	    "1 18446744073709551615 4194304 4198400 140000\n";
	struct pidstat st;
	const char *why;
	size_t n;

	(void)state;
	n = pidstat_hide_addresses(line, strlen(line));
	assert_int_equal(n, strlen(want));
	assert_memory_equal(line, want, n);
	/* Still a line every reader parses, to the same values. */
	assert_int_equal(pidstat_parse(line, n, &st, &why), 0);
	assert_int_equal(st.starttime, 9030207);
	assert_string_equal(st.comm, "sl) e");
	n = strlen(kthread);
	assert_int_equal(pidstat_hide_addresses(kthread, n), n);
	n = pidstat_hide_addresses(old, strlen(old));
	assert_memory_equal(old, "7 (x) S 1 7 7 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 "
	    "0 99 4096 1 18446744073709551615 1 1 0\n", n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_a_real_line),
		cmocka_unit_test(name_ends_at_last_paren),
		cmocka_unit_test(sixty_four_bit_pid),
		cmocka_unit_test(rejects_cut_lines),
		cmocka_unit_test(escaped_name_round_trip),
		cmocka_unit_test(keeps_long_names),
		cmocka_unit_test(decodes_only_octal_escapes),
		cmocka_unit_test(splits_across_chunks),
		cmocka_unit_test(refuses_endless_line),
		cmocka_unit_test(hides_addresses_as_the_kernel_does),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
