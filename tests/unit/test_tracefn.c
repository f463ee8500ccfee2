/* test_tracefn.c: start --functions' loan of the top-level tracing buffer (logger/sources/tracefn.c) on a directory laid out as tracefs: what it refuses, what it sets, that everything goes back as it was. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "slurp.h"
#include "tracefn.h"

/* A tracefs as a free top-level buffer of a 6.1 kernel reads. */
static const char *const files[][2] = {
	{ "available_tracers", "blk function_graph wakeup_dl function nop\n" },
	{ "current_tracer", "nop\n" },
	{ "set_event", "" },
	{ "tracing_on", "1\n" },
	{ "trace_clock", "[local] global counter uptime perf mono\n" },
	{ "options/record-tgid", "0\n" },
	{ "options/overwrite", "1\n" },
	{ "buffer_size_kb", "7 (expanded: 1408)\n" },
	{ "set_graph_function", "#### all functions enabled ####\n" },
	{ "max_graph_depth", "0\n" },
	{ "tracing_thresh", "0\n" },
};
#define NFILES	(sizeof(files) / sizeof(files[0]))

struct fake {
	char dir[64];
	int fd;
};

static void
put(int fd, const char *path, const char *text)
{
	int f = openat(fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	assert_true(f >= 0);
	assert_int_equal(write(f, text, strlen(text)), (ssize_t)strlen(text));
	close(f);
}

/* A file's text; slurp_at leaves its last newline out. */
static char *
get(int fd, const char *path)
{
	size_t len;
	char *s = slurp_at(fd, path, 1 << 16, &len);

	assert_non_null(s);
	return s;
}

static void
assert_file(int fd, const char *path, const char *want)
{
	char *s = get(fd, path);

	if (strcmp(s, want) != 0)
		fail_msg("%s: got \"%s\", want \"%s\"", path, s, want);
	free(s);
}

static void
make(struct fake *f)
{
	size_t i;

	snprintf(f->dir, sizeof(f->dir), "/tmp/test_tracefn.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	f->fd = open(f->dir, O_RDONLY | O_DIRECTORY);
	assert_true(f->fd >= 0);
	assert_int_equal(mkdirat(f->fd, "options", 0700), 0);
	for (i = 0; i < NFILES; i++)
		put(f->fd, files[i][0], files[i][1]);
}

static void
gone(struct fake *f)
{
	char cmd[128];

	close(f->fd);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	assert_int_equal(system(cmd), 0);
}

/*
 * Taken: function_graph below the roots, the depth and threshold set,
 * tracing off; given back: every file as the kernel would show it
 * again (the clock and the size as written back), events off.
 */
static void
take_and_give_back(void **state)
{
	struct tracefn fn = { .roots = "ksys_read,vfs_*", .depth = 6,
	    .thresh_us = 50 };
	struct fake f;
	char why[160] = "";

	(void)state;
	make(&f);
	assert_int_equal(tracefn_take(&fn, f.fd, why, sizeof(why)), 0);
	assert_string_equal(why, "");
	assert_true(fn.taken);
	assert_file(f.fd, "current_tracer", "function_graph");
	/* Each root written alone: the kernel names the one it refuses. */
	assert_file(f.fd, "set_graph_function", "ksys_read\nvfs_*");
	assert_file(f.fd, "max_graph_depth", "6");
	assert_file(f.fd, "tracing_thresh", "50");
	assert_file(f.fd, "tracing_on", "0");
	/* What traceinst.c's configure then sets, to see it undone. */
	put(f.fd, "trace_clock", "local");
	put(f.fd, "options/record-tgid", "1");
	put(f.fd, "options/overwrite", "0");
	put(f.fd, "buffer_size_kb", "4096");
	put(f.fd, "set_event", "sched:sched_switch\n");
	put(f.fd, "tracing_on", "1");
	tracefn_give_back(&fn, f.fd);
	assert_false(fn.taken);
	assert_file(f.fd, "current_tracer", "nop");
	/* Written whole (the kernel turns every event off first): none. */
	assert_file(f.fd, "set_event", "");
	assert_file(f.fd, "tracing_on", "1");
	assert_file(f.fd, "trace_clock", "local");
	assert_file(f.fd, "options/record-tgid", "0");
	assert_file(f.fd, "options/overwrite", "1");
	/* The size the kernel expands to on first use, not its stub. */
	assert_file(f.fd, "buffer_size_kb", "1408");
	/* "all functions enabled": none set, so none written back. */
	assert_file(f.fd, "set_graph_function", "");
	assert_file(f.fd, "max_graph_depth", "0");
	assert_file(f.fd, "tracing_thresh", "0");
	/* Twice is once. */
	tracefn_give_back(&fn, f.fd);
	assert_file(f.fd, "current_tracer", "nop");
	gone(&f);
}

/*
 * Another user's graph functions, clock and depth are theirs again; a
 * boot's events left enabled with tracing off are taken and enabled
 * again.
 */
static void
others_settings_back(void **state)
{
	struct tracefn fn = { .roots = "ksys_read", .depth = 6,
	    .thresh_us = 50 };
	struct fake f;
	char why[160] = "";

	(void)state;
	make(&f);
	put(f.fd, "set_graph_function", "do_one_initcall\n");
	put(f.fd, "trace_clock", "local [global] counter\n");
	put(f.fd, "max_graph_depth", "3\n");
	put(f.fd, "tracing_on", "0\n");
	put(f.fd, "set_event", "sched:sched_switch\ninitcall:initcall_start\n");
	assert_int_equal(tracefn_take(&fn, f.fd, why, sizeof(why)), 0);
	put(f.fd, "trace_clock", "local");
	put(f.fd, "set_event", "sched:sched_waking\n");
	tracefn_give_back(&fn, f.fd);
	assert_file(f.fd, "set_event",
	    "sched:sched_switch\ninitcall:initcall_start");
	assert_file(f.fd, "set_graph_function", "do_one_initcall");
	assert_file(f.fd, "trace_clock", "global");
	assert_file(f.fd, "max_graph_depth", "3");
	assert_file(f.fd, "tracing_on", "0");
	gone(&f);
}

/* No function_graph, a tracer or an event in use: 1, why, nothing changed. */
static void
refused(void **state)
{
	struct tracefn fn = { .roots = "ksys_read", .depth = 6,
	    .thresh_us = 50 };
	struct fake f;
	char why[160];

	(void)state;
	make(&f);
	put(f.fd, "available_tracers", "blk wakeup function nop\n");
	assert_int_equal(tracefn_take(&fn, f.fd, why, sizeof(why)), 1);
	assert_string_equal(why, "this kernel has no function_graph tracer "
	    "(CONFIG_FUNCTION_GRAPH_TRACER)");
	put(f.fd, "available_tracers", "function_graph_x function nop\n");
	assert_int_equal(tracefn_take(&fn, f.fd, why, sizeof(why)), 1);
	put(f.fd, "available_tracers", files[0][1]);
	put(f.fd, "current_tracer", "function\n");
	assert_int_equal(tracefn_take(&fn, f.fd, why, sizeof(why)), 1);
	assert_string_equal(why, "the top-level tracing buffer is in use "
	    "(tracer function): not borrowed");
	put(f.fd, "current_tracer", "nop\n");
	put(f.fd, "set_event", "sched:sched_switch\n");
	assert_int_equal(tracefn_take(&fn, f.fd, why, sizeof(why)), 1);
	assert_string_equal(why, "the top-level tracing buffer is in use "
	    "(tracer nop, events recorded): not borrowed");
	assert_false(fn.taken);
	assert_file(f.fd, "tracing_on", "1");
	assert_file(f.fd, "max_graph_depth", "0");
	/*
	 * A setting it cannot read (an older kernel's missing file): the
	 * file named, nothing changed, nothing kept (SAN=1: no leak).
	 */
	put(f.fd, "set_event", "");
	assert_int_equal(unlinkat(f.fd, "tracing_thresh", 0), 0);
	assert_int_equal(tracefn_take(&fn, f.fd, why, sizeof(why)), 1);
	assert_string_equal(why, "tracefs tracing_thresh: No such file or "
	    "directory");
	assert_false(fn.taken);
	assert_file(f.fd, "current_tracer", "nop");
	assert_file(f.fd, "tracing_on", "1");
	gone(&f);
}

/* The lists bootchartd start accepts. */
static void
lists(void **state)
{
	char why[200], big[200];

	(void)state;
	assert_int_equal(tracefn_check("ksys_read", why, sizeof(why)), 0);
	assert_int_equal(tracefn_check("vfs_*,do_sys_openat2,a.b", why,
	    sizeof(why)), 0);
	assert_int_equal(tracefn_check("", why, sizeof(why)), -1);
	assert_int_equal(tracefn_check("a,,b", why, sizeof(why)), -1);
	assert_int_equal(tracefn_check("a,", why, sizeof(why)), -1);
	assert_int_equal(tracefn_check("a b", why, sizeof(why)), -1);
	assert_int_equal(tracefn_check("a\nb", why, sizeof(why)), -1);
	assert_int_equal(tracefn_check("!a", why, sizeof(why)), -1);
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(tracefn_check(big, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "--functions: want 1 to 64"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(take_and_give_back),
		cmocka_unit_test(others_settings_back),
		cmocka_unit_test(refused),
		cmocka_unit_test(lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
