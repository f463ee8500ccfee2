/* test_input_hostile.c: crafted archives and logs: odd members, duplicates, caps, PID reuse, 10 000 live processes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"
#include "memtar.h"

#include "caps.h"
#include "input.h"
#include "logfiles.h"
#include "parse.h"
#include "proctree.h"
#include "tarw.h"
#include "bootlog.h"

/* Three blocks, 0.2 s apart: init and one shell that uses CPU. */
static const char ps_small[] =
    "100\n"
    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
    "20 (sh) R 1 20 20 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 50 0 0\n"
    "\n"
    "120\n"
    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 6 3 0 0 20 0 1 0 1 0 0\n"
    "20 (sh) R 1 20 20 0 -1 0 0 0 0 0 9 2 0 0 20 0 1 0 50 0 0\n"
    "\n"
    "140\n"
    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 6 3 0 0 20 0 1 0 1 0 0\n"
    "20 (sh) R 1 20 20 0 -1 0 0 0 0 0 19 3 0 0 20 0 1 0 50 0 0\n"
    "\n";

static const char header_small[] = "title = hostile\n";

/* Reads the blob; returns input_read_memory's result, fills t and d. */
static int
read_blob(struct bootlog *t, struct diag *d, const struct tar_blob *b)
{
	bootlog_init(t);
	diag_init(d, "test");
	d->out = NULL;
	return read_memory_log(t, b->buf, b->len, "mem.tgz", d);
}

static void
expect_error(const struct tar_member *m, size_t n, const char *text)
{
	struct tar_blob b = memtar_make(m, n, 1 << 20);
	struct bootlog t;
	struct diag d;

	assert_int_equal(read_blob(&t, &d, &b), -1);
	assert_int_equal(d.status, EXIT_BADINPUT);
	if (strstr(d.msg, text) == NULL)
		fail_msg("message \"%s\" lacks \"%s\"", d.msg, text);
	bootlog_free(&t);
	free(b.buf);
}

static void
expect_ok(const struct tar_member *m, size_t n, size_t nprocs)
{
	struct tar_blob b = memtar_make(m, n, 1 << 20);
	struct bootlog t;
	struct diag d;

	if (read_blob(&t, &d, &b) != 0)
		fail_msg("unexpected error: %s", d.msg);
	assert_int_equal(t.nprocs, nprocs);
	assert_string_equal(bootlog_header(&t, "title"), "hostile");
	bootlog_free(&t);
	free(b.buf);
}

/*
 * Member names are only matched by their base name: "../" and absolute
 * names are read like any other (nothing is ever extracted; the shell
 * test harden_archives.sh checks that no file appears).
 */
static void
traversal_names_are_just_names(void **state)
{
	const struct tar_member m[] = {
		{ "../../../../tmp/header", .text = header_small },
		{ "/etc/bootchart/proc_ps.log", .text = ps_small },
	};

	(void)state;
	expect_ok(m, 2, 2);
}

/* Symlinks, hard links, devices and FIFOs named like logs are skipped. */
static void
links_and_devices_are_skipped(void **state)
{
	const struct tar_member links[] = {
		{ "header", .text = header_small },
		{ "proc_ps.log", .type = AE_IFLNK, .link = "/etc/passwd" },
		{ "data", .text = ps_small },
		{ "log/proc_ps.log", .link = "data", .hard = 1 },
		{ "dev/proc_ps.log", .type = AE_IFCHR },
		{ "blk/proc_ps.log", .type = AE_IFBLK },
		{ "fifo/proc_ps.log", .type = AE_IFIFO },
	};
	const struct tar_member then_real[] = {
		{ "header", .text = header_small },
		{ "proc_ps.log", .type = AE_IFLNK, .link = "/etc/passwd" },
		{ "dev/proc_ps.log", .type = AE_IFCHR },
		{ "real/proc_ps.log", .text = ps_small },
	};

	(void)state;
	expect_error(links, sizeof(links) / sizeof(links[0]),
	    "no proc_ps.log");
	expect_ok(then_real, sizeof(then_real) / sizeof(then_real[0]), 2);
}

/* A proc_ps.log that is a directory is not a log. */
static void
proc_ps_directory(void **state)
{
	const struct tar_member only_dir[] = {
		{ "header", .text = header_small },
		{ "proc_ps.log", .type = AE_IFDIR },
		{ "proc_ps.log/proc_stat.log", .text = "100\ncpu 1 2 3 4\n\n" },
	};
	const struct tar_member dir_and_file[] = {
		{ "header", .text = header_small },
		{ "a/proc_ps.log/", .type = AE_IFDIR },
		{ "b/proc_ps.log", .text = ps_small },
	};

	(void)state;
	expect_error(only_dir, 3, "no proc_ps.log");
	expect_ok(dir_and_file, 3, 2);
}

/* The same log twice in one archive: an error naming both. */
static void
duplicate_member_is_an_error(void **state)
{
	const struct tar_member same[] = {
		{ "header", .text = header_small },
		{ "proc_ps.log", .text = ps_small },
		{ "proc_ps.log", .text = ps_small },
	};
	const struct tar_member other_dir[] = {
		{ "boot1/proc_ps.log", .text = ps_small },
		{ "boot2/proc_ps.log", .text = ps_small },
	};

	(void)state;
	expect_error(same, 3, "holds this log twice (also as mem.tgz:"
	    "proc_ps.log)");
	expect_error(other_dir, 2, "also as mem.tgz:boot1/proc_ps.log");
}

/* CAP_MEMBERS: empty unknown members past the cap end the read. */
static void
too_many_members(void **state)
{
	struct tar_member *m = calloc(CAP_MEMBERS + 2, sizeof(*m));
	size_t i;

	(void)state;
	assert_non_null(m);
	m[0].path = "proc_ps.log";
	m[0].text = ps_small;
	for (i = 1; i < CAP_MEMBERS + 2; i++)
		m[i].path = "x";
	expect_error(m, CAP_MEMBERS + 2, "more than 10000 archive members");
	/* At the cap itself all is well (no title: check nprocs only). */
	{
		struct tar_blob b = memtar_make(m, CAP_MEMBERS, 8 << 20);
		struct bootlog t;
		struct diag d;

		assert_int_equal(read_blob(&t, &d, &b), 0);
		assert_int_equal(t.nprocs, 2);
		bootlog_free(&t);
		free(b.buf);
	}
	free(m);
}

/* A member declaring 5 GiB is refused from its header, before any data. */
static void
huge_declared_member(void **state)
{
	unsigned char buf[512 + 4096];
	const char *names[] = { "proc_ps.log", "unknown.bin" };
	struct bootlog t;
	struct diag d;
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		memset(buf, 0, sizeof(buf));
		assert_int_equal(tarw_header(buf, names[i], 0644, 0,
		    5ULL << 30), 0);
		bootlog_init(&t);
		diag_init(&d, "test");
		d.out = NULL;
		assert_int_equal(read_memory_log(&t, buf, sizeof(buf),
		    "mem.tar", &d), -1);
		assert_int_equal(d.status, EXIT_BADINPUT);
		assert_non_null(strstr(d.msg, "bytes of log data"));
		bootlog_free(&t);
	}
}

/* Parses a proc_ps.log text alone into a fresh log; logparse_buffer's result. */
static int
parse_ps(struct bootlog *t, struct logparse *lp, struct diag *d,
    const char *text, size_t len)
{
	bootlog_init(t);
	logparse_init(lp, t);
	diag_init(d, "test");
	d->out = NULL;
	return logstream_buffer(lp, LOG_PROC_PS, text, len, d);
}

/* A new starttime under the same PID is a new process, not the same one. */
static void
pid_reuse_gives_two_processes(void **state)
{
	struct logparse lp;
	static const char log[] =
	    "100\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "50 (modprobe) R 1 50 50 0 -1 0 0 0 0 0 4 1 0 0 20 0 1 0 90 0 0\n"
	    "\n"
	    "120\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "50 (modprobe) R 1 50 50 0 -1 0 0 0 0 0 8 1 0 0 20 0 1 0 90 0 0\n"
	    "\n"
	    "140\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "50 (udevd) S 1 50 50 0 -1 0 0 0 0 0 1 0 0 0 20 0 1 0 135 0 0\n"
	    "\n"
	    "160\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "50 (udevd) S 1 50 50 0 -1 0 0 0 0 0 3 0 0 0 20 0 1 0 135 0 0\n"
	    "\n";
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	struct process *a = NULL, *b = NULL;
	size_t i;

	(void)state;
	assert_int_equal(parse_ps(&t, &lp, &d, log, sizeof(log) - 1), 0);
	assert_int_equal(logparse_finish(&lp, &d), 0);
	for (i = 0; i < t.nprocs; i++) {
		if (t.procs[i]->pid != 50)
			continue;
		if (a == NULL)
			a = t.procs[i];
		else
			b = t.procs[i];
	}
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a->name, "modprobe");
	assert_string_equal(b->name, "udevd");
	assert_int_equal(a->start_us, MS(900));
	assert_int_equal(b->start_us, MS(1350));
	assert_int_equal(a->nsamples, 1);
	assert_int_equal(b->nsamples, 1);
	/* Both stay in the tree as init's children, older one first. */
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	assert_int_equal(proctree_count(&tree), 3);
	proctree_free(&tree);
	logparse_free(&lp);
	bootlog_free(&t);
}

/* Appends one /proc/PID/stat line for a child of init. */
static size_t
put_line(char *p, long pid, long utime, long start)
{
	return (size_t)sprintf(p, "%ld (worker/%ld) S 1 %ld %ld 0 -1 0 0 0 0 "
	    "0 %ld 0 0 0 20 0 1 0 %ld 0 0\n", pid, pid, pid, pid, utime,
	    start);
}

/* 10 000 processes alive in every one of three samples. */
static void
ten_thousand_alive(void **state)
{
	struct logparse lp;
	const long n = 10000;
	size_t cap = (size_t)(3 * (n + 2) * 96), len = 0;
	char *log = malloc(cap);
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	long b, pid;
	size_t i;

	(void)state;
	assert_non_null(log);
	for (b = 0; b < 3; b++) {
		len += (size_t)sprintf(log + len, "%ld\n", 100 + 20 * b);
		len += put_line(log + len, 1, b, 1);
		for (pid = 2; pid < n + 2; pid++)
			len += put_line(log + len, pid, b * (pid % 3), 10);
		log[len++] = '\n';
	}
	assert_true(len < cap);
	assert_int_equal(parse_ps(&t, &lp, &d, log, len), 0);
	assert_int_equal(logparse_finish(&lp, &d), 0);
	assert_int_equal(t.nprocs, (size_t)n + 1);
	for (i = 0; i < t.nprocs; i++)
		assert_int_equal(t.procs[i]->nsamples, 2);
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	assert_int_equal(proctree_count(&tree), (size_t)n + 1);
	assert_int_equal(tree.nroots, 1);
	assert_int_equal(tree.roots[0]->nchildren, (size_t)n);
	proctree_free(&tree);
	logparse_free(&lp);
	bootlog_free(&t);
	free(log);
}

/* `blocks` blocks of n children of init, all named "w". */
static char *
siblings_log(long n, long blocks, int all_blocks, size_t *lenp)
{
	size_t cap = (size_t)(n + 2) * (size_t)blocks * 96, len = 0;
	char *log = malloc(cap);
	long b, pid;

	assert_non_null(log);
	for (b = 0; b < blocks; b++) {
		len += (size_t)sprintf(log + len, "%ld\n", 100 + 20 * b);
		len += put_line(log + len, 1, b, 1);
		for (pid = 2; pid < n + 2; pid++) {
			/* Short-lived: each in one block; else in all, busy. */
			if (!all_blocks && pid % blocks != b)
				continue;
			len += (size_t)sprintf(log + len, "%ld (w) R 1 %ld %ld 0 "
			    "-1 0 0 0 0 0 %ld 0 0 0 20 0 1 0 5 0 0\n", pid, pid,
			    pid, all_blocks ? 3 * b : 1);
		}
		log[len++] = '\n';
	}
	assert_true(len < cap);
	*lenp = len;
	return log;
}

/*
 * Pruning 200 000 short-lived siblings and merging 50 000 busy
 * same-named ones were quadratic (8.7 s and 99 s); now linear and
 * n log n.  Here the results are checked; how the time grows with the
 * count is measured by make bench (bench_scaling.sh), not asserted: a
 * test must pass on a busy machine.
 */
static void
many_siblings_prune_and_merge(void **state)
{
	struct logparse lp;
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	size_t len;
	char *log;
	size_t i;
	struct sample_iter it;
	const struct proc_sample *s;
	int64_t prev = 0;

	(void)state;
	log = siblings_log(200000, 4, 0, &len);
	assert_int_equal(parse_ps(&t, &lp, &d, log, len), 0);
	assert_int_equal(logparse_finish(&lp, &d), 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_pruned, &d), 0);
	/* Every child is short-lived and pruned: init alone is left. */
	assert_int_equal(proctree_count(&tree), 1);
	proctree_free(&tree);
	logparse_free(&lp);
	bootlog_free(&t);
	free(log);

	log = siblings_log(50000, 6, 1, &len);
	assert_int_equal(parse_ps(&t, &lp, &d, log, len), 0);
	assert_int_equal(logparse_finish(&lp, &d), 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_pruned, &d), 0);
	/* All 50 000 merge into PID 2 with every sample, in time order. */
	assert_int_equal(proctree_count(&tree), 2);
	assert_int_equal(tree.roots[0]->nchildren, 1);
	assert_int_equal(tree.roots[0]->children[0]->proc->pid, 2);
	assert_int_equal(tree.roots[0]->children[0]->nsamples, 5 * 50000);
	assert_int_equal(sample_iter_init(&it, tree.roots[0]->children[0]), 0);
	for (i = 0; (s = sample_iter_next(&it)) != NULL; i++) {
		if (i > 0)
			assert_true(prev <= s->time_us);
		prev = s->time_us;
	}
	sample_iter_free(&it);
	assert_int_equal(i, 5 * 50000);
	proctree_free(&tree);
	logparse_free(&lp);
	bootlog_free(&t);
	free(log);
}

/* CAP_BLOCKS: one more stamp than the cap is refused, naming the cap. */
static void
too_many_blocks(void **state)
{
	struct logparse lp;
	size_t cap = (size_t)(CAP_BLOCKS + 1) * 12, len = 0;
	char *log = malloc(cap);
	struct bootlog t;
	struct diag d;
	long i;

	(void)state;
	assert_non_null(log);
	for (i = 1; i <= CAP_BLOCKS + 1; i++)
		len += (size_t)sprintf(log + len, "%ld\n\n", i);
	assert_int_equal(parse_ps(&t, &lp, &d, log, len), -1);
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "more than 1000000 sample blocks"));
	assert_int_equal(d.line, 2L * (CAP_BLOCKS + 1) - 1);
	logparse_free(&lp);
	bootlog_free(&t);
	/* The same through the timed-block reader of proc_stat.log. */
	bootlog_init(&t);
	logparse_init(&lp, &t);
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(logstream_buffer(&lp, LOG_PROC_STAT, log, len, &d),
	    -1);
	assert_non_null(strstr(d.msg, "more than 1000000 sample blocks"));
	logparse_free(&lp);
	bootlog_free(&t);
	free(log);
}

/* CAP_PROCS: a million and one distinct processes (about 13 s under ASan). */
static void
too_many_processes(void **state)
{
	struct logparse lp;
	size_t cap = (size_t)(CAP_PROCS + 1) * 80 + 16, len = 0;
	char *log;
	struct bootlog t;
	struct diag d;
	long pid;

	(void)state;
	log = malloc(cap);
	assert_non_null(log);
	len += (size_t)sprintf(log, "100\n");
	for (pid = 1; pid <= CAP_PROCS + 1; pid++)
		len += put_line(log + len, pid, 0, 1);
	assert_true(len < cap);
	assert_int_equal(parse_ps(&t, &lp, &d, log, len), -1);
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "more than 1000000 processes"));
	assert_int_equal(t.nprocs, CAP_PROCS);
	logparse_free(&lp);
	bootlog_free(&t);
	free(log);
}

/* CAP_HEADER_KEYS: distinct keys past the cap; repeating one key is fine. */
static void
too_many_header_keys(void **state)
{
	struct logparse lp;
	size_t cap = (CAP_HEADER_KEYS + 1) * 24, len = 0;
	char *h = malloc(cap);
	struct bootlog t;
	struct diag d;
	int i;

	(void)state;
	assert_non_null(h);
	for (i = 0; i <= CAP_HEADER_KEYS; i++)
		len += (size_t)sprintf(h + len, "title = %d\n", i);
	bootlog_init(&t);
	logparse_init(&lp, &t);
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(logstream_buffer(&lp, LOG_HEADER, h, len, &d), 0);
	assert_string_equal(bootlog_header(&t, "title"), "1000");
	logparse_free(&lp);
	bootlog_free(&t);
	len = 0;
	for (i = 0; i <= CAP_HEADER_KEYS; i++)
		len += (size_t)sprintf(h + len, "k%d = v\n", i);
	bootlog_init(&t);
	logparse_init(&lp, &t);
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(logstream_buffer(&lp, LOG_HEADER, h, len, &d), -1);
	assert_non_null(strstr(d.msg, "more than 1000 header keys"));
	logparse_free(&lp);
	bootlog_free(&t);
	free(h);
}

/* NUL bytes and invalid UTF-8 inside comm: parsed, kept as bytes up to the NUL. */
static void
odd_bytes_in_names(void **state)
{
	struct logparse lp;
	static const char log[] =
	    "100\n"
	    "1 (in\0it) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "7 (\xff\xfe<&>]]\x01) S 1 7 7 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "\n"
	    "120\n"
	    "1 (in\0it) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "7 (\xff\xfe<&>]]\x01) S 1 7 7 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
	    "\n";
	struct bootlog t;
	struct diag d;

	(void)state;
	assert_int_equal(parse_ps(&t, &lp, &d, log, sizeof(log) - 1), 0);
	assert_int_equal(logparse_finish(&lp, &d), 0);
	assert_int_equal(t.nprocs, 2);
	assert_string_equal(t.procs[0]->name, "in");
	assert_string_equal(t.procs[1]->name, "\xff\xfe<&>]]\x01");
	logparse_free(&lp);
	bootlog_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(traversal_names_are_just_names),
		cmocka_unit_test(links_and_devices_are_skipped),
		cmocka_unit_test(proc_ps_directory),
		cmocka_unit_test(duplicate_member_is_an_error),
		cmocka_unit_test(too_many_members),
		cmocka_unit_test(huge_declared_member),
		cmocka_unit_test(pid_reuse_gives_two_processes),
		cmocka_unit_test(ten_thousand_alive),
		cmocka_unit_test(many_siblings_prune_and_merge),
		cmocka_unit_test(too_many_blocks),
		cmocka_unit_test(too_many_processes),
		cmocka_unit_test(too_many_header_keys),
		cmocka_unit_test(odd_bytes_in_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
