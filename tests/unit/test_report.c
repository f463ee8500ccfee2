/* test_report.c: the report's numbers on a hand-built boot, JSON string escaping, and the matching of two trees for --compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "synth.h"
#include "compare.h"
#include "logfiles.h"
#include "report.h"
#include "layoutcheck.h"
#include "jsonw.h"
#include "report_json.h"

static char *
json_of(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	json_string(f, s);
	fclose(f);
	return buf;
}

/* RFC 8259 strings that are also safe on a terminal (docs/json.md). */
static void
test_json_string(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "plain", "\"plain\"" },
		{ "q\"b\\s/", "\"q\\\"b\\\\s/\"" },
		{ "\t\n\r\x01\x1b[1m\x7f", "\"\\u0009\\u000a\\u000d\\u0001"
		    "\\u001b[1m\\u007f\"" },
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
		    "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"" },
		{ "c1\xc2\x85", "\"c1\\u0085\"" },
		{ "ls\xe2\x80\xa8ps\xe2\x80\xa9", "\"ls\\u2028ps\\u2029\"" },
		{ "bad\xff", "\"bad\\ufffd\"" },
		{ "cut\xe2\x82", "\"cut\\ufffd\\ufffd\"" },
		{ "over\xc0\xaf", "\"over\\ufffd\\ufffd\"" },
		{ "sur\xed\xa0\x80", "\"sur\\ufffd\\ufffd\\ufffd\"" },
		{ "", "\"\"" },
	};
	size_t i;
	char *got;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = json_of(cases[i].in);
		assert_string_equal(got, cases[i].out);
		free(got);
	}
	got = json_of(NULL);
	assert_string_equal(got, "null");
	free(got);
}

/*
 * init (0-2 s) with "busy" (R, load 1 for 1 s: 0.75 s user, 0.25 s sys)
 * and "io" (D for 0.4 s); kthreadd a second root.  Samples every 100 ms.
 */
static void
small_boot(struct synth *s)
{
	struct process *init;
	int64_t t;

	synth_init(s, 100);
	s->t.ncpus = 2;
	s->t.ps_first_us = MS(300);
	s->t.ps_last_us = MS(1900);
	synth_header(s, HDR_END, "EXIT_PROC done");
	init = synth_proc(s, NULL, 1, "init", 0, 2000, 'S', 0.0);
	synth_proc(s, init, 10, "busy", 500, 1000, 'R', 1.0);
	synth_proc(s, init, 11, "io", 1000, 400, 'D', 0.0);
	synth_proc(s, NULL, 2, "kthreadd", 0, 2000, 'S', 0.0);
	/* 20 CPU samples of 100 ms: user 0.5, sys 0.25, I/O 0.1 of 2 CPUs. */
	for (t = 100; t <= 2000; t += 100) {
		synth_cpu(s, t, 0.5, 0.25, 0.1);
		synth_disk(s, t, 0.5, 1000000.0);
	}
}

static void
test_report_numbers(void **state)
{
	struct synth s;
	struct report r;
	struct diag d;
	const struct report_proc *p;

	diag_init(&d, "test");
	small_boot(&s);
	assert_int_equal(report_make(&r, BOOT_OF(&s.t, &s.tree,
	    ms_of(&s.t, &s.tree)), 0, &d), 0);
	assert_int_equal(r.nprocs, 4);
	/* Pre-order: init, busy, io, kthreadd. */
	p = &r.procs[1];
	assert_string_equal(p->name, "busy");
	assert_int_equal(p->parent, 0);
	assert_int_equal(p->ppid, 1);
	assert_int_equal(p->depth, 1);
	assert_int_equal(p->end_us, MS(1500));
	assert_null(p->unit);
	assert_float_equal(p->user_s, 0.75, 1e-6);
	assert_float_equal(p->sys_s, 0.25, 1e-6);
	assert_float_equal(p->dstate_s, 0.0, 1e-9);
	assert_float_equal(r.procs[2].dstate_s, 0.4, 1e-9);
	assert_int_equal(r.procs[0].nchildren, 2);
	assert_int_equal(r.procs[0].children[0], 1);
	assert_int_equal(r.procs[0].children[1], 2);
	assert_int_equal(r.procs[3].parent, REPORT_NONE);
	assert_int_equal(r.procs[3].ppid, 0);
	/* 2 s of 2 CPUs: user 0.5 x 4 CPU-s, sys 0.25 x 4, I/O 0.1 x 4. */
	assert_float_equal(r.tot.cpu_user_s, 2.0, 1e-9);
	assert_float_equal(r.tot.cpu_sys_s, 1.0, 1e-9);
	assert_float_equal(r.tot.cpu_io_s, 0.4, 1e-9);
	/* 1 MB/s for 2 s, 3/4 of it read. */
	assert_float_equal(r.tot.read_bytes, 1500000.0, 1e-3);
	assert_float_equal(r.tot.write_bytes, 500000.0, 1e-3);
	assert_int_equal(r.ms.start_us, MS(0));
	assert_int_equal(r.ms.end_us, MS(2000));
	assert_int_equal(r.ms.boot_us, MS(2000));
	assert_int_equal(r.ms.log_start_us, MS(300));
	assert_false(r.ms.has_kernel_end);
	assert_false(r.ms.has_switch_root);
	assert_string_equal(r.ms.end_reason, "EXIT_PROC done");
	report_free(&r);
	synth_free(&s);
}

/* "old pid/new pid" of each pair in order, 0 for none, with depths. */
static char *
pairs_text(const struct cmp_match *m)
{
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);
	const struct cmp_pair *p;

	assert_non_null(f);
	for (i = 0; i < m->npairs; i++) {
		p = &m->pairs[i];
		fprintf(f, "%d:%lld/%lld%s", p->depth,
		    p->old ? (long long)p->old->proc->pid : 0LL,
		    p->new ? (long long)p->new->proc->pid : 0LL,
		    i + 1 < m->npairs ? " " : "");
		if (p->parent != CMP_NONE)
			assert_true(p->parent < i &&
			    m->pairs[p->parent].depth == p->depth - 1);
	}
	fclose(f);
	return buf;
}

/*
 * Two sh under init: the first by start pairs with the first; under
 * the second, one sleep pairs, the new one's second sleep appeared;
 * x is gone, y came, kthreadd is only in the old boot.  PIDs differ
 * throughout.
 */
static void
test_compare_match(void **state)
{
	struct synth o, n;
	struct process *init, *sh;
	struct cmp_match m;
	char *got;

	synth_init(&o, 100);
	init = synth_proc(&o, NULL, 1, "init", 0, 5000, 'S', 0);
	synth_proc(&o, init, 2, "a", 10, 1000, 'S', 0);
	sh = synth_proc(&o, init, 6, "sh", 200, 1000, 'S', 0);
	synth_proc(&o, sh, 7, "sleep", 300, 500, 'S', 0);
	synth_proc(&o, init, 5, "sh", 100, 1000, 'S', 0);
	synth_proc(&o, init, 8, "x", 400, 1000, 'S', 0);
	synth_proc(&o, NULL, 3, "kthreadd", 0, 5000, 'S', 0);

	synth_init(&n, 100);
	init = synth_proc(&n, NULL, 100, "init", 0, 5000, 'S', 0);
	synth_proc(&n, init, 102, "a", 10, 1000, 'S', 0);
	synth_proc(&n, init, 150, "sh", 100, 1000, 'S', 0);
	sh = synth_proc(&n, init, 160, "sh", 210, 1000, 'S', 0);
	synth_proc(&n, sh, 171, "sleep", 350, 500, 'S', 0);
	synth_proc(&n, sh, 170, "sleep", 300, 500, 'S', 0);
	synth_proc(&n, init, 180, "y", 420, 1000, 'S', 0);

	assert_int_equal(compare_match(&o.tree, 0, &n.tree, 0, &m), 0);
	got = pairs_text(&m);
	assert_string_equal(got, "0:1/100 1:2/102 1:5/150 1:6/160 2:7/170 "
	    "2:0/171 1:8/0 1:0/180 0:3/0");
	free(got);
	compare_free(&m);
	/* Either way round, the same pairs. */
	assert_int_equal(compare_match(&n.tree, 0, &o.tree, 0, &m), 0);
	got = pairs_text(&m);
	assert_string_equal(got, "0:100/1 1:102/2 1:150/5 1:160/6 2:170/7 "
	    "2:171/0 1:0/8 1:180/0 0:0/3");
	free(got);
	compare_free(&m);
	synth_free(&o);
	synth_free(&n);
}

/*
 * Two profiles of a make building f1..f6: the old one compiled them in
 * order, the new one backwards, each log timed from its own zero (taken
 * hours apart).  Every cc pairs with the cc of its file, not with the
 * k-th to start; sh has no command line and pairs by name.
 */
static void
test_compare_cmdline(void **state)
{
	struct synth o, n;
	struct process *mk[2], *p;
	struct cmp_match m;
	char cmd[64], *got;
	size_t i;
	int k;

	synth_init(&o, 100);
	synth_init(&n, 100);
	mk[0] = synth_proc(&o, NULL, 1, "make", 1000, 2000, 'S', 0);
	mk[1] = synth_proc(&n, NULL, 101, "make", 5001000, 2000, 'S', 0);
	for (k = 1; k <= 6; k++) {
		snprintf(cmd, sizeof(cmd), "cc -c -o f%d.o f%d.c", k, k);
		p = synth_proc(&o, mk[0], 10 + k, "cc", 1000 + 100 * k, 300,
		    'R', 1);
		p->cmdline = xstrdup(cmd);
		p = synth_proc(&n, mk[1], 120 + k, "cc", 5001000 + 100 *
		    (7 - k), 300, 'R', 1);
		p->cmdline = xstrdup(cmd);
	}
	synth_proc(&o, mk[0], 30, "sh", 1050, 100, 'S', 0);
	synth_proc(&n, mk[1], 140, "sh", 5001750, 100, 'S', 0);

	assert_int_equal(compare_match(&o.tree, MS(1000), &n.tree,
	    MS(5001000), &m), 0);
	got = pairs_text(&m);
	assert_string_equal(got, "0:1/101 1:16/126 1:15/125 1:14/124 "
	    "1:13/123 1:12/122 1:11/121 1:30/140");
	free(got);
	/* Starts from each zero: f6 at 0.6 s, then 0.1 s. */
	assert_int_equal(m.pairs[0].old_start_us, 0);
	assert_int_equal(m.pairs[0].new_start_us, 0);
	assert_int_equal(m.pairs[1].old_start_us, MS(600));
	assert_int_equal(m.pairs[1].new_start_us, MS(100));
	assert_int_equal(cmp_start_delta(&m.pairs[1]), -MS(500));
	assert_int_equal(cmp_duration_delta(&m.pairs[1]), 0);
	assert_int_equal(cmp_pair_status(&m.pairs[1], MS(500)), CMP_SAME);
	assert_int_equal(cmp_pair_status(&m.pairs[1], MS(499)), CMP_CHANGED);
	assert_int_equal(cmp_pair_status(&m.pairs[0], 0), CMP_SAME);
	for (i = 0; i < m.npairs; i++)
		assert_true(m.pairs[i].old != NULL && m.pairs[i].new != NULL);
	compare_free(&m);

	/* Without the command lines: the k-th cc by start with the k-th. */
	for (i = 0; i < o.n; i++) {
		free(o.all[i]->cmdline);
		o.all[i]->cmdline = NULL;
	}
	assert_int_equal(compare_match(&o.tree, MS(1000), &n.tree,
	    MS(5001000), &m), 0);
	got = pairs_text(&m);
	assert_string_equal(got, "0:1/101 1:11/126 1:12/125 1:13/124 "
	    "1:14/123 1:15/122 1:16/121 1:30/140");
	free(got);
	compare_free(&m);
	synth_free(&o);
	synth_free(&n);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_string),
		cmocka_unit_test(test_report_numbers),
		cmocka_unit_test(test_compare_match),
		cmocka_unit_test(test_compare_cmdline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
