/* test_bootlog.c: the proc_ps.log parser and the process model of bootlog.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "feed.h"

#include "logfiles.h"
#include "parse.h"
#include "bootlog.h"

/* Appends a /proc/PID/stat line with the fields the parser reads. */
static void
add_stat(char *text, size_t cap, int pid, const char *comm, char state,
    int ppid, int utime, int stime, int starttime)
{
	size_t n = strlen(text);

	snprintf(text + n, cap - n, "%d (%s) %c %d 0 0 0 -1 4202752 0 0 0 0 "
	    "%d %d 0 0 20 0 1 0 %d 1208320 97 4294967295 0 0\n", pid, comm,
	    state, ppid, utime, stime, starttime);
}

struct run {
	struct bootlog t;
	struct logparse lp;
	struct diag d;
	char *warnings;		/* what diag_warn printed */
	size_t wlen;
	FILE *wf;
	int rc;			/* of feed/end */
};

/* Parses text through ops_proc_ps in chunks of `chunk` bytes. */
static void
run_ps(struct run *r, const char *text, size_t chunk)
{
	memset(r, 0, sizeof(*r));
	bootlog_init(&r->t);
	logparse_init(&r->lp, &r->t);
	diag_init(&r->d, "test");
	r->wf = open_memstream(&r->warnings, &r->wlen);
	assert_non_null(r->wf);
	r->d.out = r->wf;
	diag_set_file(&r->d, "boot.tgz:proc_ps.log");
	r->rc = feed_chunked(&r->lp, &r->d, LK_PROC_PS, text, strlen(text),
	    chunk);
	fflush(r->wf);
}

static void
run_free(struct run *r)
{
	fclose(r->wf);
	free(r->warnings);
	logparse_free(&r->lp);
	bootlog_free(&r->t);
}

/* Two processes over three blocks (jiffies 100, 120, 150). */
static char *
small_log(void)
{
	static char buf[4096];

	buf[0] = '\0';
	strcat(buf, "100\n");
	add_stat(buf, sizeof(buf), 1, "init", 'S', 0, 5, 10, 1);
	add_stat(buf, sizeof(buf), 42, "sh", 'R', 1, 0, 0, 90);
	strcat(buf, "\n120\n");
	add_stat(buf, sizeof(buf), 1, "init", 'S', 0, 5, 10, 1);
	add_stat(buf, sizeof(buf), 42, "sh", 'R', 1, 4, 2, 90);
	strcat(buf, "\n150\n");
	add_stat(buf, sizeof(buf), 1, "init", 'S', 0, 5, 10, 1);
	/* exec renamed the process; 30 ticks of CPU in 30 ticks: clamp */
	add_stat(buf, sizeof(buf), 42, "modprobe", 'D', 1, 34, 12, 90);
	strcat(buf, "\n");
	return buf;
}

static void
parses_blocks_and_samples(void **state)
{
	struct run r;
	struct process *sh, *init;

	run_ps(&r, small_log(), 1 << 20);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.lp.ps_blocks, 3);
	assert_int_equal(r.t.ps_first_us, MS(1000));
	assert_int_equal(r.t.ps_last_us, MS(1500));
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	/* (1500 - 1000) / 3 blocks, integer division as the Java original. */
	assert_int_equal(r.t.sample_period_us, MS(166));
	assert_int_equal(r.t.nprocs, 2);
	init = bootlog_find_pid(&r.t, 1);
	sh = bootlog_find_pid(&r.t, 42);
	assert_non_null(init);
	assert_non_null(sh);
	/* starttime 1 tick = 10 ms is before the first block. */
	assert_int_equal(init->start_us, MS(10));
	assert_int_equal(init->nsamples, 2);
	assert_int_equal(init->duration_us, MS(1500 - 10 + 166));
	assert_false(init->active);
	assert_string_equal(sh->name, "modprobe");
	assert_int_equal(sh->ppid, 1);
	assert_int_equal(sh->nsamples, 2);
	/* 4 ticks user, 2 sys over 200 ms: 40/200 and 20/200. */
	assert_int_equal(sh->samples[0].time_us, MS(1200));
	assert_float_equal(sh->samples[0].user, 0.2, 1e-6);
	assert_float_equal(sh->samples[0].sys, 0.1, 1e-6);
	assert_int_equal(sh->samples[0].state, 'R');
	/* 30 + 10 ticks over 300 ms: 1.0 + 0.333, scaled to sum 1. */
	assert_float_equal(sh->samples[1].user, 0.75, 1e-6);
	assert_float_equal(sh->samples[1].sys, 0.25, 1e-6);
	assert_int_equal(sh->samples[1].state, 'D');
	/* Two busy samples are not "more than two". */
	assert_false(sh->active);
	assert_int_equal(r.d.nwarn, 0);
	run_free(&r);
}

/* Every split of the input gives the same processes and samples. */
static void
chunks_split_anywhere(void **state)
{
	struct run whole, part;
	const char *text = small_log();
	size_t chunk, i, k;
	struct process *a, *b;

	run_ps(&whole, text, 1 << 20);
	assert_int_equal(logparse_finish(&whole.lp, &whole.d), 0);
	for (chunk = 1; chunk < 64; chunk++) {
		run_ps(&part, text, chunk);
		assert_int_equal(part.rc, 0);
		assert_int_equal(logparse_finish(&part.lp, &part.d), 0);
		assert_int_equal(part.t.nprocs, whole.t.nprocs);
		for (i = 0; i < whole.t.nprocs; i++) {
			a = whole.t.procs[i];
			b = part.t.procs[i];
			assert_int_equal(a->pid, b->pid);
			assert_string_equal(a->name, b->name);
			assert_int_equal(a->start_us, b->start_us);
			assert_int_equal(a->nsamples, b->nsamples);
			/* Field by field: the struct's padding is not data. */
			for (k = 0; k < a->nsamples; k++) {
				assert_int_equal(a->samples[k].time_us,
				    b->samples[k].time_us);
				assert_true(a->samples[k].user ==
				    b->samples[k].user);
				assert_true(a->samples[k].sys ==
				    b->samples[k].sys);
				assert_int_equal(a->samples[k].state,
				    b->samples[k].state);
			}
		}
		run_free(&part);
	}
	run_free(&whole);
}

/* A PID seen again with another start time is a second process. */
static void
pid_reuse_makes_two_processes(void **state)
{
	char text[4096];
	struct run r;
	struct process *old = NULL, *young = NULL;
	size_t i;

	text[0] = '\0';
	strcat(text, "100\n");
	add_stat(text, sizeof(text), 300, "udevd", 'S', 1, 3, 1, 95);
	strcat(text, "\n120\n");
	add_stat(text, sizeof(text), 300, "udevd", 'S', 1, 7, 1, 95);
	strcat(text, "\n140\n");
	/* PID 300 again, started at tick 130, by another parent. */
	add_stat(text, sizeof(text), 300, "hwclock", 'R', 250, 1, 0, 130);
	strcat(text, "\n160\n");
	add_stat(text, sizeof(text), 300, "hwclock", 'R', 250, 3, 1, 130);
	strcat(text, "\n");
	run_ps(&r, text, 7);
	assert_int_equal(r.rc, 0);
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	assert_int_equal(r.t.nprocs, 2);
	for (i = 0; i < r.t.nprocs; i++) {
		if (strcmp(r.t.procs[i]->name, "udevd") == 0)
			old = r.t.procs[i];
		else
			young = r.t.procs[i];
	}
	assert_non_null(old);
	assert_non_null(young);
	assert_string_equal(young->name, "hwclock");
	/* PID order, then start: the old one comes first. */
	assert_ptr_equal(r.t.procs[0], old);
	assert_int_equal(old->nsamples, 1);
	assert_int_equal(old->ppid, 1);
	assert_int_equal(young->start_us, MS(1300));
	assert_int_equal(young->ppid, 250);
	/* Its first sample's CPU counts from its own first line, not udevd's. */
	assert_int_equal(young->nsamples, 1);
	assert_float_equal(young->samples[0].user, 0.1, 1e-6);
	assert_float_equal(young->samples[0].sys, 0.05, 1e-6);
	/* The index answers with the newest process of a PID. */
	assert_ptr_equal(bootlog_find_pid(&r.t, 300), young);
	run_free(&r);
}

static void
bad_stamp_is_an_error(void **state)
{
	struct run r;

	/*
	 * Junk where a later stamp is due is taken for the rest of the block
	 * (old logs cut a line at a name's newline): a warning, not an error.
	 */
	run_ps(&r, "100\n1 (init) S 0 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 1\n"
	    "\n12x4\n", 5);
	assert_int_equal(r.rc, 0);
	assert_non_null(strstr(r.warnings, "boot.tgz:proc_ps.log:4: warning: "
	    "blank line inside a block"));
	assert_non_null(strstr(r.warnings, "boot.tgz:proc_ps.log:4: warning: "
	    "unreadable process line skipped"));
	run_free(&r);

	/* Data before any time stamp. */
	run_ps(&r, "1 (init) S 0 0 0 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 1\n", 64);
	assert_int_equal(r.rc, -1);
	assert_non_null(strstr(r.d.msg, "proc_ps.log:1: "));
	run_free(&r);

	/* A stamp too large to hold. */
	run_ps(&r, "99999999999999999999\n", 64);
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.d.status, EXIT_BADINPUT);
	run_free(&r);
}

static void
backwards_block_is_dropped(void **state)
{
	char text[4096];
	struct run r;
	struct process *p;

	text[0] = '\0';
	strcat(text, "100\n");
	add_stat(text, sizeof(text), 7, "a", 'S', 1, 0, 0, 50);
	strcat(text, "\n90\n");
	add_stat(text, sizeof(text), 7, "a", 'S', 1, 50, 0, 50);
	add_stat(text, sizeof(text), 8, "ghost", 'S', 1, 0, 0, 50);
	strcat(text, "\n120\n");
	add_stat(text, sizeof(text), 7, "a", 'S', 1, 2, 0, 50);
	strcat(text, "\n");
	run_ps(&r, text, 3);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.d.nwarn, 1);
	assert_non_null(strstr(r.warnings, "proc_ps.log:4: warning: "));
	assert_int_equal(r.lp.ps_blocks, 2);
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	assert_null(bootlog_find_pid(&r.t, 8));
	p = bootlog_find_pid(&r.t, 7);
	assert_int_equal(p->nsamples, 1);
	/* 2 ticks over 200 ms: the dropped block's counters never counted. */
	assert_float_equal(p->samples[0].user, 0.1, 1e-6);
	run_free(&r);
}

static void
cut_lines_are_skipped_with_a_warning(void **state)
{
	char text[4096];
	struct run r;

	text[0] = '\0';
	strcat(text, "100\n");
	add_stat(text, sizeof(text), 7, "a", 'S', 1, 0, 0, 50);
	strcat(text, "\n120\n");
	add_stat(text, sizeof(text), 7, "a", 'S', 1, 0, 0, 50);
	/* A crash cut the last line, without its newline. */
	strcat(text, "9 (bash) S 1 0 0 0 -1 42");
	run_ps(&r, text, 11);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.d.nwarn, 1);
	assert_non_null(strstr(r.warnings, "proc_ps.log:6: warning: "));
	assert_non_null(strstr(r.warnings, "line cut short"));
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	assert_int_equal(r.t.nprocs, 1);
	run_free(&r);
}

static void
one_block_is_usable(void **state)
{
	char text[4096];
	struct run r;
	struct process *p;

	text[0] = '\0';
	strcat(text, "100\n");
	add_stat(text, sizeof(text), 7, "a", 'S', 1, 0, 0, 50);
	strcat(text, "\n");
	run_ps(&r, text, 100);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.d.nwarn, 1);
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	assert_int_equal(r.t.sample_period_us, MS(0));
	p = bootlog_find_pid(&r.t, 7);
	assert_int_equal(p->nsamples, 0);
	assert_int_equal(p->duration_us, MS(0));
	assert_int_equal(p->start_us, MS(500));
	run_free(&r);
}

static void
empty_log_has_no_processes(void **state)
{
	struct run r;

	run_ps(&r, "", 100);
	assert_int_equal(r.rc, 0);
	assert_int_equal(logparse_finish(&r.lp, &r.d), -1);
	assert_int_equal(r.d.status, EXIT_BADINPUT);
	assert_non_null(strstr(r.d.msg, "no process data"));
	run_free(&r);
}

static void
endless_line_is_an_error(void **state)
{
	size_t n = 2 * 1024 * 1024;
	char *text = malloc(n + 8);
	struct run r;

	assert_non_null(text);
	memcpy(text, "100\n", 4);
	memset(text + 4, '7', n);
	text[n + 4] = '\0';
	run_ps(&r, text, 65536);
	assert_int_equal(r.rc, -1);
	assert_int_equal(r.d.status, EXIT_BADINPUT);
	assert_non_null(strstr(r.d.msg, "line longer"));
	run_free(&r);
	free(text);
}

/* example1's log: 141 time stamp lines (grep -c '^[0-9][0-9]*$'). */
static void
example1_counts(void **state)
{
	struct run r;
	char *text;

	text = read_file(shared_path("data/bootchart-0.9/example1/proc_ps.log"),
	    NULL);
	assert_non_null(text);
	run_ps(&r, text, 65536);
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.lp.ps_blocks, 141);
	assert_int_equal(r.t.ps_first_us, MS(1550));
	assert_int_equal(r.t.ps_last_us, MS(30390));
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	/* 28840 / 141; Java's busybox row: 30390 - 1540 + 204 = 29054. */
	assert_int_equal(r.t.sample_period_us, MS(204));
	assert_int_equal(r.d.nwarn, 0);
	run_free(&r);
	free(text);
}

/*
 * Before bootchartd escaped them, a name with newlines (any user can
 * write "a\n\nJUNK" to /proc/self/comm) went into proc_ps.log as they
 * were, cutting one stat line into three with a blank line between.
 * The log must still read: the cut lines are skipped with warnings, the
 * blank line does not end the block, and the other processes of that
 * block keep their samples.
 */
static void
newline_in_an_old_name_loses_one_line(void **state)
{
	char text[4096];
	struct run r;
	struct process *p;

	text[0] = '\0';
	strcat(text, "100\n");
	add_stat(text, sizeof(text), 1, "init", 'S', 0, 5, 10, 1);
	add_stat(text, sizeof(text), 42, "sh", 'R', 1, 0, 0, 90);
	strcat(text, "\n120\n");
	add_stat(text, sizeof(text), 42, "a\n\nJUNK", 'R', 1, 4, 2, 90);
	add_stat(text, sizeof(text), 1, "init", 'S', 0, 5, 12, 1);
	strcat(text, "\n150\n");
	add_stat(text, sizeof(text), 1, "init", 'S', 0, 6, 14, 1);
	add_stat(text, sizeof(text), 42, "sh", 'R', 1, 9, 3, 90);
	strcat(text, "\n");
	run_ps(&r, text, 7);
	assert_int_equal(r.rc, 0);
	assert_non_null(strstr(r.warnings, "boot.tgz:proc_ps.log:6: warning: "
	    "unreadable process line skipped"));
	assert_non_null(strstr(r.warnings, "boot.tgz:proc_ps.log:8: warning: "
	    "blank line inside a block"));
	assert_int_equal(r.lp.ps_blocks, 3);
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	/* init was read in all three blocks, sh in the first and last. */
	p = bootlog_find_pid(&r.t, 1);
	assert_int_equal(p->nsamples, 2);
	assert_int_equal(p->samples[0].time_us, MS(1200));
	p = bootlog_find_pid(&r.t, 42);
	assert_int_equal(p->nsamples, 1);
	assert_int_equal(p->samples[0].time_us, MS(1500));
	run_free(&r);
}

static void
names_cmdlines_and_header(void **state)
{
	struct run r;

	run_ps(&r, small_log(), 1 << 20);
	assert_int_equal(logparse_add_text(&r.lp.names, 42, "coldplug"), 0);
	assert_int_equal(logparse_add_text(&r.lp.names, 999, "nobody"), 0);
	assert_int_equal(logparse_add_text(&r.lp.cmdlines, 1, "/sbin/init splash"), 0);
	assert_int_equal(bootlog_set_header(&r.t, HDR_CPU,
	    "model name : Intel(R) Core(TM)2 CPU 6600 @ 2.40GHz (2)"), 0);
	assert_int_equal(bootlog_set_header(&r.t, HDR_TITLE, "first"), 0);
	assert_int_equal(bootlog_set_header(&r.t, HDR_TITLE, "second"), 0);
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	assert_string_equal(bootlog_find_pid(&r.t, 42)->name, "coldplug");
	assert_string_equal(bootlog_find_pid(&r.t, 1)->cmdline,
	    "/sbin/init splash");
	assert_null(bootlog_find_pid(&r.t, 42)->cmdline);
	assert_string_equal(bootlog_header(&r.t, HDR_TITLE), "second");
	assert_int_equal(r.t.nheader, 2);
	assert_null(bootlog_header(&r.t, HDR_PROFILE));
	run_free(&r);
}

/* The PID index keeps finding every process as it grows. */
static void
index_holds_many_pids(void **state)
{
	struct bootlog t;
	struct process *p;
	int64_t pid;

	bootlog_init(&t);
	for (pid = 1; pid <= 100000; pid++) {
		p = bootlog_new_process(&t, pid * 7919, "x");
		assert_non_null(p);
	}
	for (pid = 1; pid <= 100000; pid++) {
		p = bootlog_find_pid(&t, pid * 7919);
		assert_non_null(p);
		assert_int_equal(p->pid, pid * 7919);
	}
	assert_null(bootlog_find_pid(&t, 5));
	bootlog_clear_processes(&t);
	assert_null(bootlog_find_pid(&t, 7919));
	assert_int_equal(t.nprocs, 0);
	bootlog_free(&t);
}

/*
 * fuzz_logs: a starttime just above INT64_MAX / 10 overflowed the
 * multiplication to ms (UBSan: signed integer overflow).  The start is
 * then the block's time, as for any start after the first sighting.
 */
static void
proc_ps_huge_starttime(void **state)
{
	static const char log[] =
	    "100\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 "
	    "922337203685477581 0 0\n"
	    "\n"
	    "120\n"
	    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 6 3 0 0 20 0 1 0 "
	    "922337203685477581 0 0\n"
	    "\n";
	struct run r;

	run_ps(&r, log, 1 << 20);
	assert_int_equal(r.rc, 0);
	assert_int_equal(logparse_finish(&r.lp, &r.d), 0);
	assert_int_equal(r.t.nprocs, 1);
	assert_int_equal(r.t.procs[0]->start_us, MS(1000));
	run_free(&r);
}

/*
 * Two rows' exact states folded (a merged node): at each instant the
 * higher of running, runnable, D, sleeping; equal neighbours one span;
 * an empty span changes nothing.
 */
static void
xspans_fold_by_priority(void **state)
{
	static const struct xspan a[] = {
		{ 0, 10, TS_SLEEPING }, { 10, 20, TS_RUNNING },
		{ 20, 20, TS_WAITING }, { 20, 25, TS_SLEEPING },
	};
	static const struct xspan b[] = {
		{ 5, 15, TS_WAITING }, { 15, 30, TS_RUNNABLE },
	};
	static const struct xspan want[] = {
		{ 0, 5, TS_SLEEPING }, { 5, 10, TS_WAITING },
		{ 10, 20, TS_RUNNING }, { 20, 30, TS_RUNNABLE },
	};
	const struct xspans l[2] = { { a, 4 }, { b, 2 } };
	struct xspan *v;
	size_t n, i;

	(void)state;
	assert_int_equal(xspans_fold(l, 2, &v, &n), 0);
	assert_int_equal(n, 4);
	for (i = 0; i < n; i++) {
		assert_int_equal(v[i].start_us, want[i].start_us);
		assert_int_equal(v[i].end_us, want[i].end_us);
		assert_int_equal(v[i].state, want[i].state);
	}
	free(v);
	assert_int_equal(xspans_fold(l, 0, &v, &n), 0);
	assert_int_equal(n, 0);
	assert_null(v);
}

/* The state a list of spans gives instant t (the definition: the highest). */
static int
state_at(const struct xspans *l, size_t nl, usec_t t)
{
	size_t i, j;
	int st = TS_NONE;

	for (i = 0; i < nl; i++)
		for (j = 0; j < l[i].n; j++)
			if (l[i].v[j].start_us <= t && t < l[i].v[j].end_us &&
			    l[i].v[j].state > st)
				st = l[i].v[j].state;
	return st;
}

/*
 * Many lists, each in time order but one (a forged trace's), folded:
 * every instant of the row has the highest state any list gives it, and
 * neighbouring spans differ (the runs of edges are merged, not sorted
 * whole).
 */
static void
xspans_fold_many_lists(void **state)
{
	enum { NL = 9, PER = 40, T = 2000 };
	static struct xspan v[NL][PER];
	struct xspans l[NL];
	struct xspan *out, tmp;
	unsigned seed = 12345;
	size_t n, i, j, k;
	usec_t t, at;

	(void)state;
	for (i = 0; i < NL; i++) {
		at = 0;
		for (j = 0; j < PER; j++) {
			seed = seed * 1103515245u + 12345u;
			at += (seed >> 16) % 20;
			v[i][j].start_us = at;
			at += (seed >> 8) % 30;
			v[i][j].end_us = at;
			v[i][j].state = 1 + (int)((seed >> 4) % (TS_COUNT - 1));
		}
		l[i] = (struct xspans){ v[i], PER };
	}
	for (j = 0; j < PER / 2; j++) {	/* the last list out of order */
		tmp = v[NL - 1][j];
		v[NL - 1][j] = v[NL - 1][PER - 1 - j];
		v[NL - 1][PER - 1 - j] = tmp;
	}
	assert_int_equal(xspans_fold(l, NL, &out, &n), 0);
	assert_true(n > 0);
	for (k = 0; k < n; k++) {
		assert_true(out[k].start_us < out[k].end_us);
		if (k > 0)
			assert_true(out[k - 1].end_us <= out[k].start_us);
		if (k > 0 && out[k - 1].end_us == out[k].start_us)
			assert_int_not_equal(out[k - 1].state, out[k].state);
	}
	for (t = 0, k = 0; t < T; t++) {
		while (k < n && out[k].end_us <= t)
			k++;
		assert_int_equal(k < n && out[k].start_us <= t ?
		    out[k].state : TS_NONE, state_at(l, NL, t));
	}
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_blocks_and_samples),
		cmocka_unit_test(chunks_split_anywhere),
		cmocka_unit_test(pid_reuse_makes_two_processes),
		cmocka_unit_test(bad_stamp_is_an_error),
		cmocka_unit_test(backwards_block_is_dropped),
		cmocka_unit_test(cut_lines_are_skipped_with_a_warning),
		cmocka_unit_test(one_block_is_usable),
		cmocka_unit_test(empty_log_has_no_processes),
		cmocka_unit_test(endless_line_is_an_error),
		cmocka_unit_test(example1_counts),
		cmocka_unit_test(newline_in_an_old_name_loses_one_line),
		cmocka_unit_test(names_cmdlines_and_header),
		cmocka_unit_test(index_holds_many_pids),
		cmocka_unit_test(proc_ps_huge_starttime),
		cmocka_unit_test(xspans_fold_by_priority),
		cmocka_unit_test(xspans_fold_many_lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
