/* test_kargs.c: exact mode's kernel words (logger/cmd/kargs.c): merged with a boot entry's, never repeated, "--" respected. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config.h"
#include "kargs.h"
#include "trace_events.h"

/* kargs_merge of the NULL-terminated words, as one string. */
static char *
merge(const struct config *c, ...)
{
	char *words[32], *buf = NULL;
	size_t n = 0, len = 0;
	va_list ap;
	FILE *f;

	va_start(ap, c);
	while ((words[n] = va_arg(ap, char *)) != NULL)
		n++;
	va_end(ap);
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	if (kargs_merge(c, words, n, f) != 0) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

/* trace_event= with `first`, then our events but `skip`. */
static void
events_line(char *out, size_t cap, const char *first, const char *skip)
{
	size_t i, n = (size_t)snprintf(out, cap, "trace_event=%s", first);

	for (i = 0; i < tracerec_nevents; i++)
		if (strcmp(tracerec_events[i], skip) != 0)
			n += (size_t)snprintf(out + n, cap - n, "%s%s",
			    *first != '\0' || i > 0 ? "," : "",
			    tracerec_events[i]);
}

/*
 * The events Debian 12's kernel (6.1) and this one name for exact mode
 * (docs/trace.md); sched:* is not used (it pulls sched_stat_runtime).
 */
static void
event_list(void **state)
{
	size_t i;
	int sw = 0, waking = 0, fork = 0;

	(void)state;
	for (i = 0; i < tracerec_nevents; i++) {
		assert_non_null(strchr(tracerec_events[i], ':'));
		assert_null(strchr(tracerec_events[i], '*'));
		sw += strcmp(tracerec_events[i], "sched:sched_switch") == 0;
		waking += strcmp(tracerec_events[i], "sched:sched_waking") == 0;
		fork += strcmp(tracerec_events[i], "sched:sched_process_fork") == 0;
	}
	assert_int_equal(sw + waking + fork, 3);
}

static void
plain_line_gets_our_words(void **state)
{
	struct config c;
	char ev[1024], want[2048], *got;

	(void)state;
	config_defaults(&c);
	events_line(ev, sizeof(ev), "", "");
	snprintf(want, sizeof(want), "ro\nquiet\n%s\n"
	    "trace_options=record-tgid,nooverwrite\n"
	    "trace_buf_size=2048K\ntrace_clock=local\n", ev);
	got = merge(&c, "ro", "quiet", NULL);
	assert_string_equal(got, want);
	free(got);
}

static void
users_words_merged_and_kept(void **state)
{
	struct config c;
	char ev[1024], want[2048], *got;

	(void)state;
	config_defaults(&c);
	c.trace_buffer = 1 << 20;
	events_line(ev, sizeof(ev), "irq:irq_handler_entry,sched:sched_switch",
	    "sched:sched_switch");
	/* sched:sched_switch is the user's already: not twice. */
	assert_non_null(strstr(ev, "sched:sched_switch,sched:sched_waking"));
	assert_null(strstr(ev, "sched_switch,sched:sched_switch"));
	snprintf(want, sizeof(want), "ro\n%s\ntrace_clock=global\n"
	    "trace_options=sym-addr,record-tgid,nooverwrite\n"
	    "trace_buf_size=1024K\n--\ntrace_event=x\n", ev);
	got = merge(&c, "ro", "trace_event=irq:irq_handler_entry,sched:sched_switch",
	    "trace_clock=global", "trace_options=sym-addr,record-tgid",
	    "trace_event=irq:irq_handler_entry", "--", "trace_event=x", NULL);
	assert_string_equal(got, want);
	free(got);
}

static void
exact_mode_off_leaves_words(void **state)
{
	struct config c;
	char *got;

	(void)state;
	config_defaults(&c);
	c.exact = 0;
	got = merge(&c, "ro", "trace_event=a:b", "--", "x", NULL);
	assert_string_equal(got, "ro\ntrace_event=a:b\n--\nx\n");
	free(got);
}

/*
 * Function mode: function_graph below do_one_initcall at the config's
 * depth and threshold; the user's filter merged, their ftrace= and
 * threshold kept; nothing without exact mode (no events, no logger).
 */
static void
function_words(void **state)
{
	struct config c;
	char ev[1024], want[2048], *got;

	(void)state;
	config_defaults(&c);
	c.functions = 1;
	events_line(ev, sizeof(ev), "", "");
	snprintf(want, sizeof(want), "ro\n%s\n"
	    "trace_options=record-tgid,nooverwrite\n"
	    "ftrace_graph_filter=do_one_initcall\n"
	    "trace_buf_size=2048K\ntrace_clock=local\n"
	    "ftrace=function_graph\nftrace_graph_max_depth=8\n"
	    "tracing_thresh=100\n", ev);
	got = merge(&c, "ro", NULL);
	assert_string_equal(got, want);
	free(got);
	c.fn_depth = 3;
	snprintf(want, sizeof(want), "ftrace=function\n"
	    "ftrace_graph_filter=async_run_entry_fn,do_one_initcall\n"
	    "tracing_thresh=7\n%s\n"
	    "trace_options=record-tgid,nooverwrite\n"
	    "trace_buf_size=2048K\ntrace_clock=local\n"
	    "ftrace_graph_max_depth=3\n", ev);
	got = merge(&c, "ftrace=function",
	    "ftrace_graph_filter=async_run_entry_fn", "tracing_thresh=7",
	    NULL);
	assert_string_equal(got, want);
	free(got);
	c.exact = 0;
	got = merge(&c, "ro", NULL);
	assert_string_equal(got, "ro\n");
	free(got);
}

static void
bad_words_refused(void **state)
{
	struct config c;
	char big[KARGS_CMDLINE_MAX];

	(void)state;
	config_defaults(&c);
	assert_null(merge(&c, "a\nb", NULL));
	memset(big, 'x', sizeof(big) - 200);
	big[sizeof(big) - 200] = '\0';
	/* Alone it fits; with our ~600 bytes the line would not. */
	c.exact = 0;
	free(merge(&c, big, NULL));
	c.exact = 1;
	assert_null(merge(&c, big, NULL));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(event_list),
		cmocka_unit_test(plain_line_gets_our_words),
		cmocka_unit_test(users_words_merged_and_kept),
		cmocka_unit_test(exact_mode_off_leaves_words),
		cmocka_unit_test(function_words),
		cmocka_unit_test(bad_words_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
