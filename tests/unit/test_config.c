/* test_config.c: bootchartd's config file parser and kernel command line lookup. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "config.h"
#include "outfrom.h"

static int
parse(struct config *c, const char *text)
{
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	config_defaults(c);
	return config_parse(c, text, strlen(text), &d);
}

static void
defaults_are_documented_values(void **state)
{
	struct config c;
	int i, agetty = 0;

	(void)state;
	config_defaults(&c);
	assert_int_equal(c.period_us, 200000);
	assert_int_equal(c.max_us, 300000000);
	assert_string_equal(c.dest, "/var/log/bootchart.tgz");
	assert_int_equal(c.acct, 0);
	assert_int_equal(c.auto_render, 0);
	assert_string_equal(c.render_format, "png");
	assert_string_equal(c.init, "");
	for (i = 0; i < c.nexit; i++)
		if (strcmp(c.exit_proc[i], "agetty") == 0)
			agetty = 1;
	assert_true(agetty);
}

static void
quotes_comments_and_export(void **state)
{
	struct config c;
	const char *text =
	    "# comment\n"
	    "  SAMPLE_PERIOD=\"0.05\"   # trailing comment\n"
	    "export TMPFS_SIZE='2m'\n"
	    "BOOTLOG_DEST=\"/var/log/with space.tgz\"\n"
	    "PROCESS_ACCOUNTING=yes\r\n"
	    "EXIT_PROC=\"agetty  kdm_greet\"\n"
	    "SETTLE_TIME=1.5\n"
	    "MAX_DURATION=60\n"
	    "INIT=/lib/systemd/systemd\n"
	    "AUTO_RENDER=on\n"
	    "AUTO_RENDER_FORMAT=svg\n"
	    "AUTO_RENDER_DIR=/tmp/x\\\"y\n";

	(void)state;
	assert_int_equal(parse(&c, text), 0);
	assert_int_equal(c.period_us, 50000);
	assert_int_equal(c.tmpfs_size, 2 << 20);
	assert_string_equal(c.dest, "/var/log/with space.tgz");
	assert_int_equal(c.acct, 1);
	assert_int_equal(c.nexit, 2);
	assert_string_equal(c.exit_proc[0], "agetty");
	assert_string_equal(c.exit_proc[1], "kdm_greet");
	assert_int_equal(c.settle_us, 1500000);
	assert_int_equal(c.max_us, 60000000);
	assert_string_equal(c.init, "/lib/systemd/systemd");
	assert_int_equal(c.auto_render, 1);
	assert_string_equal(c.render_format, "svg");
	assert_string_equal(c.render_dir, "/tmp/x\"y");
}

/* Function mode: off by default; depth 1..50, threshold in whole us. */
static void
function_keys(void **state)
{
	struct config c;

	(void)state;
	config_defaults(&c);
	assert_int_equal(c.functions, 0);
	assert_int_equal(c.fn_depth, 8);
	assert_int_equal(c.fn_thresh_us, 100);
	assert_int_equal(parse(&c, "EXACT_FUNCTIONS=yes\nFUNCTIONS_DEPTH=50\n"
	    "FUNCTIONS_THRESHOLD=0\n"), 0);
	assert_int_equal(c.functions, 1);
	assert_int_equal(c.fn_depth, 50);
	assert_int_equal(c.fn_thresh_us, 0);
	assert_int_equal(parse(&c, "FUNCTIONS_DEPTH=0\nFUNCTIONS_DEPTH=51\n"
	    "FUNCTIONS_THRESHOLD=1.5\nFUNCTIONS_THRESHOLD=-1\n"
	    "FUNCTIONS_THRESHOLD=99999999999999999999\n"
	    "FUNCTIONS_THRESHOLD=\n"), 6);
	assert_int_equal(c.fn_depth, 8);
	assert_int_equal(c.fn_thresh_us, 100);
}

/* A profile's trace: the command's tree by default, or the system. */
static void
trace_scope_key(void **state)
{
	struct config c;

	(void)state;
	config_defaults(&c);
	assert_int_equal(c.trace_system, 0);
	assert_int_equal(parse(&c, "TRACE_SCOPE=system\n"), 0);
	assert_int_equal(c.trace_system, 1);
	assert_int_equal(parse(&c, "TRACE_SCOPE=system\nTRACE_SCOPE=command\n"),
	    0);
	assert_int_equal(c.trace_system, 0);
	assert_int_equal(parse(&c, "TRACE_SCOPE=everything\nTRACE_SCOPE=\n"),
	    2);
	assert_int_equal(c.trace_system, 0);
}

static void
bad_values_warn_and_keep_defaults(void **state)
{
	struct config c;
	const char *text =
	    "SAMPLE_PERIOD=0.001\n"	/* below 0.01 s */
	    "TMPFS_SIZE=12q\n"
	    "PROCESS_ACCOUNTING=maybe\n"
	    "BOOTLOG_DEST=relative.tgz\n"
	    "AUTO_RENDER_FORMAT=gif\n"
	    "MAX_DURATION=-5\n"
	    "NO_SUCH_KEY=1\n"
	    "this is not an assignment\n"
	    "SETTLE_TIME=\"unterminated\n";

	(void)state;
	assert_int_equal(parse(&c, text), 9);
	assert_int_equal(c.period_us, 200000);
	assert_int_equal(c.tmpfs_size, 64ULL << 20);
	assert_int_equal(c.acct, 0);
	assert_string_equal(c.dest, "/var/log/bootchart.tgz");
	assert_string_equal(c.render_format, "png");
	assert_int_equal(c.max_us, 300000000);
	assert_int_equal(c.settle_us, 5000000);
}

/*
 * AUTO_RENDER_FORMAT takes exactly the renderer's outputs but the trace
 * verbs' (src/outputs.def, read here as its own table), and the chart's
 * file gets that output's ending: `html` was once "bad value".
 */
static void
render_formats_are_the_renderers_outputs(void **state)
{
	static const struct {
		const char *name, *ext;
		int verb;
	} want[] = {
#define OUTPUT(id, fname, fext, from, dest, kind, writer) \
	{ .name = fname, .ext = fext, .verb = ((from) & OF_VERB) != 0 },
#include "outputs.def"
#undef OUTPUT
	};
	char text[64];
	struct config c;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		snprintf(text, sizeof(text), "AUTO_RENDER_FORMAT=%s\n",
		    want[i].name);
		if (want[i].verb) {
			/* -f dot, folded, speedscope: no chart of a boot. */
			assert_int_not_equal(parse(&c, text), 0);
			continue;
		}
		assert_int_equal(parse(&c, text), 0);
		assert_string_equal(c.render_format, want[i].name);
		assert_string_equal(c.render_ext, want[i].ext);
	}
	assert_int_equal(parse(&c, "AUTO_RENDER_FORMAT=html\n"), 0);
	assert_string_equal(c.render_ext, "html");
	/* Not outputs: a name of another program, a case, a prefix. */
	assert_int_equal(parse(&c, "AUTO_RENDER_FORMAT=gif\n"
	    "AUTO_RENDER_FORMAT=PNG\nAUTO_RENDER_FORMAT=pn\n"
	    "AUTO_RENDER_FORMAT=boot-times\n"), 4);
	assert_string_equal(c.render_format, "png");
	assert_string_equal(c.render_ext, "png");
}

static void
never_executes_shell(void **state)
{
	struct config c;

	(void)state;
	/* Taken literally: no expansion, no command substitution. */
	assert_int_equal(parse(&c, "BOOTLOG_DEST=\"/tmp/$(touch x)\"\n"), 0);
	assert_string_equal(c.dest, "/tmp/$(touch x)");
	/* Unquoted, the blank ends the value and the rest is an error. */
	assert_int_equal(parse(&c, "BOOTLOG_DEST=/tmp/$(touch x)\n"), 1);
	assert_string_equal(c.dest, "/var/log/bootchart.tgz");
	assert_int_equal(parse(&c, "INIT=\"/sbin/$HOME\"\n"), 0);
	assert_string_equal(c.init, "/sbin/$HOME");
}

static void
binary_garbage_is_one_warning(void **state)
{
	struct config c;
	struct diag d;
	const char junk[] = "\x7f" "ELF\0\0\x01SAMPLE_PERIOD=1\n";

	(void)state;
	diag_init(&d, "test");
	d.out = NULL;
	config_defaults(&c);
	assert_int_equal(config_parse(&c, junk, sizeof(junk) - 1, &d), 1);
	assert_int_equal(c.period_us, 200000);
}

static void
long_exit_names_cut_to_comm(void **state)
{
	struct config c;

	(void)state;
	assert_int_equal(parse(&c, "EXIT_PROC=lightdm-gtk-greeter\n"), 0);
	assert_int_equal(c.nexit, 1);
	/* The kernel keeps 15 characters of a command name. */
	assert_string_equal(c.exit_proc[0], "lightdm-gtk-gre");
}

static void
numbers(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_seconds("0.2", &v), 0);
	assert_int_equal(v, 200000);
	assert_int_equal(parse_seconds("10", &v), 0);
	assert_int_equal(v, 10000000);
	assert_int_equal(parse_seconds(".01", &v), 0);
	assert_int_equal(v, 10000);
	assert_int_equal(parse_seconds("1e3", &v), -1);
	assert_int_equal(parse_seconds("", &v), -1);
	assert_int_equal(parse_size("32m", &v), 0);
	assert_int_equal(v, 32 << 20);
	assert_int_equal(parse_size("512K", &v), 0);
	assert_int_equal(v, 512 << 10);
	assert_int_equal(parse_size("m", &v), -1);
	assert_int_equal(parse_bool("YES"), 1);
	assert_int_equal(parse_bool("off"), 0);
	assert_int_equal(parse_bool("2"), -1);
}

static void
kernel_command_line(void **state)
{
	const char *cl = "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro "
	    "bootchart_init=/sbin/first quiet bootchart_init=\"/sbin/my init\""
	    " init=/sbin/bootchartd\n";
	char out[64];

	(void)state;
	assert_int_equal(cmdline_get(cl, strlen(cl), "bootchart_init", out,
	    sizeof(out)), 0);
	assert_string_equal(out, "/sbin/my init");	/* the last one wins */
	assert_int_equal(cmdline_get(cl, strlen(cl), "init", out,
	    sizeof(out)), 0);
	assert_string_equal(out, "/sbin/bootchartd");
	assert_int_equal(cmdline_get(cl, strlen(cl), "root", out,
	    sizeof(out)), 0);
	assert_string_equal(out, "/dev/sda1");
	assert_int_equal(cmdline_get(cl, strlen(cl), "quiet", out,
	    sizeof(out)), -1);
	assert_int_equal(cmdline_get(cl, strlen(cl), "bootchart", out,
	    sizeof(out)), -1);
	assert_int_equal(cmdline_get(cl, 3, "BOOT_IMAGE", out,
	    sizeof(out)), -1);
}

static void
shipped_config_parses_cleanly(void **state)
{
	struct config c, def;
	struct diag d;

	(void)state;
	diag_init(&d, "test");
	d.out = NULL;
	config_defaults(&c);
	config_defaults(&def);
	assert_int_equal(config_load(&c, "scripts/bootchartd.conf", 1, &d), 0);
	assert_int_equal(d.nwarn, 0);
	/* The shipped file spells out the built-in defaults. */
	assert_memory_equal(&c, &def, sizeof(c));
}

/*
 * PID 1 reads the config before it execs init: a FIFO (or a tty) must
 * not block it.  Not a regular file: a warning and the defaults, or
 * bad input (2) for -c.  The alarm turns a hang into a failure.
 */
static void
fifo_is_refused_at_once(void **state)
{
	char dir[] = "/tmp/test_config.XXXXXX", path[64];
	struct config c, def;
	struct diag d;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/conf", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	diag_init(&d, "test");
	d.out = NULL;
	config_defaults(&c);
	config_defaults(&def);
	alarm(10);
	assert_int_equal(config_load(&c, path, 0, &d), 0);
	assert_int_equal(d.nwarn, 1);
	assert_memory_equal(&c, &def, sizeof(c));
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(config_load(&c, path, 1, &d), -1);
	assert_int_equal(d.status, EXIT_BADINPUT);
	assert_non_null(strstr(d.msg, "not a regular file"));
	/* A character device is no config either. */
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(config_load(&c, "/dev/zero", 0, &d), 0);
	assert_int_equal(d.nwarn, 1);
	alarm(0);
	unlink(path);
	rmdir(dir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults_are_documented_values),
		cmocka_unit_test(quotes_comments_and_export),
		cmocka_unit_test(bad_values_warn_and_keep_defaults),
		cmocka_unit_test(function_keys),
		cmocka_unit_test(trace_scope_key),
		cmocka_unit_test(render_formats_are_the_renderers_outputs),
		cmocka_unit_test(never_executes_shell),
		cmocka_unit_test(binary_garbage_is_one_warning),
		cmocka_unit_test(long_exit_names_cut_to_comm),
		cmocka_unit_test(numbers),
		cmocka_unit_test(kernel_command_line),
		cmocka_unit_test(shipped_config_parses_cleanly),
		cmocka_unit_test(fifo_is_refused_at_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
