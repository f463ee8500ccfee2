/* test_exports.c: -f perfetto and -f chrome-json (renderer/export/perfetto.c, chromejson.c) on hand-built trace.dat files: names with a newline, a quote, a bar, spaces and `=` cannot forge a line or a field, a backslash stays one, a thread leader is named as the events name it, not as the stale cmdlines; a group's last thread preempted after its exit is still its group's; the running slices, the wake-up's flow and the ftrace lines derived by hand; an empty trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "tdat_build.h"

#include "bootlog.h"
#include "milestones.h"
#include "outputs.h"
#include "tracexp.h"

#define NS_MS	1000000ULL	/* a millisecond in ns */

/* The kernel's sched formats (6.x, x86-64), as tracefs gives them. */
static const char *const sched[] = {
	"name: sched_switch\nID: 10\nformat:\n" TB_COMMON TB_SWITCH_FIELDS,
	"name: sched_waking\nID: 11\nformat:\n" TB_COMMON TB_WAKE_FIELDS,
	"name: sched_process_exit\nID: 15\nformat:\n" TB_COMMON
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:bool group_dead;\toffset:28;\tsize:1;\tsigned:0;\n",
};
static const char *const task[] = {
	"name: task_newtask\nID: 20\nformat:\n" TB_COMMON
	"\tfield:pid_t pid;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:char comm[16];\toffset:12;\tsize:16;\tsigned:0;\n"
	"\tfield:unsigned long clone_flags;\toffset:28;\tsize:8;\tsigned:0;\n",
};
static const struct tb_system systems[] = {
	{ "sched", sched, 3 }, { "task", task, 1 },
};

/* Names no line may be forged with (cmdlines cannot hold a newline). */
#define BAD_A	"q\"|x y=1"
#define BAD_B	"ev\nil \"b\""

static struct tb_rec
sw(int prev, const char *pc, long long state, int next, const char *nc)
{
	struct tb_rec r = tb_switch(10, prev, pc, state, next, nc);

	tb_put(&r, 2, 0x01, 1);		/* irqs off */
	tb_put(&r, 3, 0x02, 1);		/* preempt depth 2 */
	return r;
}

static struct tb_rec
waking(int waker, int pid, const char *comm)
{
	return tb_waking(11, waker, pid, comm, 1);
}

static struct tb_rec
newtask(int parent, int pid, const char *comm)
{
	struct tb_rec r = tb_rec(20, parent);

	tb_put(&r, 8, (uint32_t)pid, 4);
	tb_put_str(&r, 12, comm);
	tb_put(&r, 28, 0, 8);		/* clone_flags: a process */
	return r;
}

/* Thread pid of parent's group is born (clone_flags: CLONE_THREAD). */
static struct tb_rec
thread(int parent, int pid, const char *comm)
{
	struct tb_rec r = newtask(parent, pid, comm);

	tb_put(&r, 28, 0x00010000, 8);
	return r;
}

static struct tb_rec
exit_ev(int pid, const char *comm, int group_dead)
{
	struct tb_rec r = tb_rec(15, pid);

	tb_put_str(&r, 8, comm);
	tb_put(&r, 24, (uint32_t)pid, 4);
	tb_put(&r, 28, (uint64_t)group_dead, 1);
	return r;
}

/* One writer's output over the file f, as a string (free it). */
static char *
export(struct tb_file *f, int (*writer)(const struct out_job *,
    struct outfile *, struct diag *))
{
	static const struct exact_opts xo;
	struct tracefile tf = { 0 };
	struct bootlog t;
	struct exact x;
	struct critpath cp;
	struct milestones ms;
	struct boot b;
	struct out_job j;
	struct outfile of;
	struct diag d;
	char *out = NULL;
	size_t len = 0, outlen = 0;
	int c, i;

	for (c = 0; c < f->ncpu; c++)
		for (i = 0; i < f->npages[c]; i++)
			tb_commit(&f->pages[c][i], 0, 0);
	f->systems = systems;
	f->nsystems = sizeof(systems) / sizeof(systems[0]);
	bootlog_init(&t);
	diag_init(&d, "test");
	d.out = NULL;
	/* As bootchart-render reads it: the model once, then the path. */
	tf.buf = tb_write(f, &len);
	assert_non_null(tf.buf);
	tf.len = len;
	assert_int_equal(tdat_open(&tf.td, tf.buf, tf.len, &d), 0);
	assert_int_equal(exact_open(&x, &tf, &xo, &d), 0);
	assert_true(critpath_make(&cp, &x, &t, &(struct crit_target){ 0, NULL },
	    &d) >= 0);
	memset(&ms, 0, sizeof(ms));
	ms.profile = 1;
	ms.end_us = 4000;
	b = (struct boot){ &t, &x, NULL, &ms, cp.us.have ? &cp : NULL, NULL };
	memset(&j, 0, sizeof(j));
	j.boot = &b;
	memset(&of, 0, sizeof(of));
	of.f = open_memstream(&out, &outlen);
	assert_non_null(of.f);
	assert_int_equal(writer(&j, &of, &d), 0);
	assert_int_equal(fclose(of.f), 0);
	critpath_free(&cp);
	exact_free(&x);
	bootlog_free(&t);
	return out;
}

/* The lines of s that hold needle. */
static int
lines_with(const char *s, const char *needle)
{
	const char *p = s, *nl;
	int n = 0;

	for (; *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (memmem(p, (size_t)(nl - p), needle, strlen(needle)) != NULL)
			n++;
		if (*nl == '\0')
			break;
	}
	return n;
}

/*
 * 100 runs from 1 ms, wakes 200 at 2 ms, sleeps at 3 ms (S); 200 runs
 * [3, 5) ms and is preempted (R+).  100 is named BAD_A (cmdlines),
 * 200 BAD_B (its birth's comm, the switch's fields).
 */
static void
scene(struct tb_file *f)
{
	struct tb_page *pg;

	memset(f, 0, sizeof(*f));
	f->cmdlines = "100 " BAD_A "\n";
	pg = tb_page(f, 0, 1 * NS_MS);
	tb_emit(pg, 0, sw(0, "swapper/0", 0, 100, BAD_A));
	tb_emit(pg, NS_MS / 2, newtask(100, 200, BAD_B));
	tb_emit(pg, NS_MS / 2, waking(100, 200, BAD_B));
	tb_emit(pg, NS_MS, sw(100, BAD_A, 0x1, 200, BAD_B));
	tb_emit(pg, 2 * NS_MS, sw(200, BAD_B, 0x100, 0, "swapper/0"));
}

/*
 * Every line of the text is a header line or an event's; names are
 * escaped (a newline as \n), a field's space, `=` and `|` made `_`.
 */
static void
perfetto_lines(void **state)
{
	static struct tb_file f;
	char *s;

	(void)state;
	scene(&f);
	s = export(&f, out_perfetto);
	assert_int_equal(strncmp(s, "# tracer: nop\n", 14), 0);
	assert_non_null(strstr(s, "entries-in-buffer/entries-written: 6/6 "));
	/* 3 switches, 1 waking, the milestone's B and E; 12 header lines. */
	assert_int_equal(lines_with(s, ": sched_switch: "), 3);
	assert_int_equal(lines_with(s, ": sched_waking: "), 1);
	assert_int_equal(lines_with(s, ": tracing_mark_write: "), 2);
	assert_int_equal(lines_with(s, "#"), 12);
	assert_int_equal(lines_with(s, ""), 18);
	assert_non_null(strstr(s, "\n        q\"_x_y_1-100     (    100) [000] "
	    "d..2.     0.003000: sched_switch: prev_comm=q\"_x_y_1 "
	    "prev_pid=100 prev_prio=120 prev_state=S ==> "
	    "next_comm=ev\\nil_\"b\" next_pid=200 next_prio=120\n"));
	assert_non_null(strstr(s, "\n        q\"_x_y_1-100     (    100) [000] "
	    ".....     0.002000: sched_waking: comm=ev\\nil_\"b\" pid=200 "
	    "prio=120 target_cpu=001\n"));
	assert_non_null(strstr(s, "prev_state=R+ ==> next_comm=swapper/0"));
	/*
	 * 200 has no cmdlines entry: named as its switch names it (it
	 * was "<...>"), its group from its birth.
	 */
	assert_non_null(strstr(s, "\n      ev\\nil_\"b\"-200     (    200) [000] "));
	assert_int_equal(lines_with(s, "<...>"), 0);
	assert_non_null(strstr(s, "tracing_mark_write: B|4194305|end of the "
	    "profile\n"));
	free(s);
}

/* Slices by hand: 100 [1, 3) ms, 200 [3, 5) ms; the waking's arrow from 100 at 2 ms into 200's slice. */
static void
chrome_events(void **state)
{
	static struct tb_file f;
	char *s;

	(void)state;
	scene(&f);
	s = export(&f, out_chrome_json);
	assert_non_null(strstr(s, "\"traceEvents\": ["));
	assert_non_null(strstr(s, "\"pid\": 200, \"tid\": 200, \"ts\": 0.000, "
	    "\"name\": \"thread_name\", \"args\": {\"name\": "
	    "\"ev\\u000ail \\\"b\\\"\"}}"));
	assert_non_null(strstr(s, "{\"ph\": \"M\", \"pid\": 100, \"tid\": 100, "
	    "\"ts\": 0.000, \"name\": \"thread_name\", \"args\": {\"name\": "
	    "\"q\\\"|x y=1\"}}"));
	assert_non_null(strstr(s, "\"name\": \"process_name\", \"args\": "
	    "{\"name\": \"ev\\u000ail \\\"b\\\"\"}}"));
	assert_non_null(strstr(s, "{\"ph\": \"X\", \"pid\": 100, \"tid\": 100, "
	    "\"ts\": 1000.000, \"dur\": 2000.000, \"cat\": \"sched\", "
	    "\"name\": \"running\"}"));
	assert_non_null(strstr(s, "{\"ph\": \"X\", \"pid\": 200, \"tid\": 200, "
	    "\"ts\": 3000.000, \"dur\": 2000.000,"));
	assert_non_null(strstr(s, "{\"ph\": \"s\", \"pid\": 100, \"tid\": 100, "
	    "\"ts\": 2000.000, \"cat\": \"wakeup\", \"name\": \"wakeup\", "
	    "\"id\": 1}"));
	assert_non_null(strstr(s, "{\"ph\": \"f\", \"pid\": 200, \"tid\": 200, "
	    "\"ts\": 4000.000, \"cat\": \"wakeup\", \"name\": \"wakeup\", "
	    "\"id\": 1, \"bp\": \"e\"}"));
	assert_int_equal(lines_with(s, "\"ph\": \"X\", \"pid\": 1"), 1);
	assert_non_null(strstr(s, "\"ph\": \"i\", \"pid\": 4194305, \"tid\": "
	    "4194306, \"ts\": 4000.000, \"s\": \"g\", \"cat\": \"milestone\", "
	    "\"name\": \"end of the profile\"}"));
	assert_non_null(strstr(s, "\n]}\n"));
	free(s);
}

/* No events: the header alone, and a JSON trace of our own tracks' names. */
static void
empty_trace(void **state)
{
	static struct tb_file f;
	char *s;

	(void)state;
	memset(&f, 0, sizeof(f));
	tb_page(&f, 0, NS_MS);
	s = export(&f, out_perfetto);
	assert_non_null(strstr(s, "entries-in-buffer/entries-written: 2/2 "));
	assert_int_equal(lines_with(s, "sched_"), 0);
	free(s);
	memset(&f, 0, sizeof(f));
	tb_page(&f, 0, NS_MS);
	s = export(&f, out_chrome_json);
	assert_int_equal(lines_with(s, "\"ph\": \"X\""), 0);
	assert_int_equal(lines_with(s, "\"ph\": \"M\""), 2);
	assert_non_null(strstr(s, "\n]}\n"));
	free(s);
}

/*
 * Names as the events give them: 300 is born "new\\name" (a backslash)
 * while the trace's cmdlines, taken at its end, say "old" (a reused
 * pid's, or a name cut at a newline: the file is lines).  Chrome's
 * thread name is the events' (JSON escapes the backslash once), and
 * Perfetto's fields keep the backslash one.
 */
static void
names_from_events(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	char *s;

	(void)state;
	memset(&f, 0, sizeof(f));
	f.cmdlines = "100 parent\n300 old\n";
	pg = tb_page(&f, 0, 1 * NS_MS);
	tb_emit(pg, 0, sw(0, "swapper/0", 0, 100, "parent"));
	tb_emit(pg, NS_MS / 2, newtask(100, 300, "new\\name"));
	tb_emit(pg, NS_MS / 2, sw(100, "parent", 0x1, 300, "new\\name"));
	tb_emit(pg, NS_MS, sw(300, "new\\name", 0x1, 0, "swapper/0"));
	s = export(&f, out_chrome_json);
	assert_non_null(strstr(s, "\"pid\": 300, \"tid\": 300, \"ts\": 0.000, "
	    "\"name\": \"thread_name\", \"args\": {\"name\": "
	    "\"new\\\\name\"}}"));
	assert_null(strstr(s, "\"old\""));
	free(s);
	s = export(&f, out_perfetto);
	assert_non_null(strstr(s, "next_comm=new\\name next_pid=300"));
	assert_non_null(strstr(s, "prev_comm=new\\name prev_pid=300"));
	assert_null(strstr(s, "new\\\\name"));
	free(s);
}

/*
 * A group that outlives its leader (wakeload orphan): 100 exits at
 * 2 ms (Z), its thread 101 runs on, exits at 4 ms, is preempted (R+)
 * then runs again before its last switch (X), as a loaded pass of
 * tests/sh/trace_threads.sh recorded it.  101 is a thread of 100 in
 * both exports to its end: no process 101, no line of group 101.
 */
static void
orphan_group(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	char *s;

	(void)state;
	memset(&f, 0, sizeof(f));
	pg = tb_page(&f, 0, 1 * NS_MS);
	tb_emit(pg, 0, sw(0, "swapper/0", 0, 100, "orphan"));
	tb_emit(pg, NS_MS / 2, thread(100, 101, "spinner"));
	tb_emit(pg, NS_MS / 2, exit_ev(100, "orphan", 0));
	tb_emit(pg, 0, sw(100, "orphan", 0x20, 101, "spinner"));
	tb_emit(pg, 2 * NS_MS, exit_ev(101, "spinner", 1));
	tb_emit(pg, 0, sw(101, "spinner", 0x100, 0, "swapper/0"));
	tb_emit(pg, NS_MS, sw(0, "swapper/0", 0, 101, "spinner"));
	tb_emit(pg, NS_MS, sw(101, "spinner", 0x10, 0, "swapper/0"));
	s = export(&f, out_chrome_json);
	assert_non_null(strstr(s, "\"pid\": 100, \"tid\": 101, \"ts\": 0.000, "
	    "\"name\": \"thread_name\""));
	assert_int_equal(lines_with(s, "\"pid\": 101"), 0);
	assert_int_equal(lines_with(s, "\"pid\": 100, \"tid\": 101, \"ts\": "
	    "5000.000, \"dur\": 1000.000, \"cat\": \"sched\""), 1);
	free(s);
	s = export(&f, out_perfetto);
	assert_int_equal(lines_with(s, "-101     (    100) [000] "), 2);
	assert_int_equal(lines_with(s, "(    101)"), 0);
	free(s);
}

/* A token: escaped, the separators made `_`, "" named, cut whole. */
static void
tokens(void **state)
{
	char out[16];

	(void)state;
	tracexp_token(out, sizeof(out), "a b=c|d\n", TX_FIELD);
	assert_string_equal(out, "a_b_c_d\\n");
	tracexp_token(out, sizeof(out), "a b|c", "|");
	assert_string_equal(out, "a b_c");
	tracexp_token(out, sizeof(out), "</script>", "|");
	assert_string_equal(out, "<_script>");
	tracexp_token(out, sizeof(out), "a\\b", TX_FIELD);
	assert_string_equal(out, "a\\b");
	tracexp_token(out, sizeof(out), "", TX_FIELD);
	assert_string_equal(out, "<...>");
	tracexp_token(out, 4, "\x01\x02", TX_FIELD);
	assert_string_equal(out, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(perfetto_lines),
		cmocka_unit_test(chrome_events),
		cmocka_unit_test(empty_trace),
		cmocka_unit_test(names_from_events),
		cmocka_unit_test(orphan_group),
		cmocka_unit_test(tokens),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
