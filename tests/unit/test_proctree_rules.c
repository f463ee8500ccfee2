/* test_proctree_rules.c: the tree's rules on small hand-built traces: the logger merge, the profile modes, fork-time parents, hostile parents. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "feed.h"
#include "treeutil.h"

#include "parse.h"
#include "proctree.h"
#include "bootlog.h"

/* A process with samples at `first`, first+100, ... (nsamp of them). */
static struct process *
mkproc(struct bootlog *t, int64_t pid, int64_t ppid, const char *name,
    int64_t start, int64_t first, size_t nsamp)
{
	struct process *p = bootlog_new_process(t, pid, name);
	struct proc_sample s = { 0, 0.5f, 0.1f, 'R', 100 };
	size_t i;

	assert_non_null(p);
	p->ppid = ppid;
	p->start_us = MS(start);
	for (i = 0; i < nsamp; i++) {
		s.time_us = MS(first + 100 * (int64_t)i);
		assert_int_equal(process_add_sample(p, &s), 0);
	}
	return p;
}

/* Blocks every 100 ms from 1000 to 2000: period (2000-1000)/11 = 90. */
static void
synthetic_trace(struct bootlog *t)
{
	bootlog_init(t);
	t->ps_first_us = MS(1000);
	t->ps_last_us = MS(2000);
	t->sample_period_us = MS(90);	/* (2000 - 1000) / 11 blocks */
	mkproc(t, 1, 0, "init", 10, 1100, 10);
	mkproc(t, 100, 1, "bootchartd", 1000, 1100, 10);
	mkproc(t, 101, 100, "sh", 1000, 1100, 5);
	mkproc(t, 102, 101, "sleep", 1200, 1300, 3);
	mkproc(t, 103, 102, "cat", 1300, 1400, 2);
	mkproc(t, 200, 1, "foo", 500, 1100, 10);
	mkproc(t, 201, 200, "bar", 1200, 1300, 4);
}

/* docs/tree.md step 4: below the logger each child absorbs its own children. */
static void
test_logger_merge(void **state)
{
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	struct pnode *sh;
	struct sample_iter it;
	const struct proc_sample *s;
	int64_t times[3];
	size_t i;

	diag_init(&d, "test");
	synthetic_trace(&t);
	assert_int_equal(bootlog_finish(&t, &d), 0);
	assert_int_equal(t.sample_period_us, MS(90));
	assert_int_equal(proctree_build(&tree, &t, &tree_pruned, &d), 0);
	assert_int_equal(proctree_count(&tree), 7);
	assert_int_equal(proctree_merge_logger(&tree), 0);
	sh = find_in_tree(tree.roots, tree.nroots, 101);
	assert_non_null(sh);
	assert_int_equal(sh->nchildren, 0);
	/* sh's 5 samples plus sleep's 3; cat, a grandchild, is dropped. */
	assert_int_equal(sh->nsamples, 8);
	assert_null(find_in_tree(tree.roots, tree.nroots, 102));
	assert_null(find_in_tree(tree.roots, tree.nroots, 103));
	/* sh ran 1000..1590, sleep 1200..1590 (1500 + 90): end stays. */
	assert_int_equal(sh->start_us, MS(1000));
	assert_int_equal(sh->duration_us, MS(590));
	/* The merged samples are read in time order. */
	assert_int_equal(sample_iter_init(&it, sh), 0);
	for (i = 0; i < 3; i++) {
		s = sample_iter_next(&it);
		assert_non_null(s);
		times[i] = s->time_us;
	}
	sample_iter_free(&it);
	assert_int_equal(times[1], MS(1200));
	assert_int_equal(times[2], MS(1300));
	/* Outside the logger nothing changes. */
	assert_non_null(find_in_tree(tree.roots, tree.nroots, 201));
	proctree_sort(&tree);
	assert_int_equal(tree.start_us, MS(10));
	/* init: last sample 2000 plus one period. */
	assert_int_equal(tree.end_us, MS(2090));
	proctree_free(&tree);
	bootlog_free(&t);
}

/*
 * Profile mode, --strict (Java's rule): the profiled command below the
 * logger is kept whole; foo, started before logging began, folds into
 * init (bar moves up); init, a root started earlier, is clipped to the
 * logging span, which is also the chart's span.
 */
static void
test_profile_mode(void **state)
{
	static const struct tree_opts strict = { 1, 1, 0, 0, NULL, 0 };
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	struct pnode *init, *sh, *bar;

	diag_init(&d, "test");
	synthetic_trace(&t);
	assert_int_equal(bootlog_set_header(&t, "profile.process", "sh"), 0);
	assert_int_equal(bootlog_finish(&t, &d), 0);
	assert_int_equal(proctree_build(&tree, &t, &strict, &d), 0);
	assert_int_equal(proctree_merge_logger(&tree), 0);
	sh = find_in_tree(tree.roots, tree.nroots, 101);
	assert_int_equal(sh->nchildren, 1);
	assert_int_equal(sh->nsamples, 5);
	assert_non_null(find_in_tree(tree.roots, tree.nroots, 103));
	assert_null(find_in_tree(tree.roots, tree.nroots, 200));
	init = tree.roots[0];
	assert_int_equal(init->proc->pid, 1);
	assert_int_equal(init->nsamples, 20);
	/* bootchartd, then bar appended at the end of init's list. */
	assert_int_equal(init->nchildren, 2);
	bar = init->children[1];
	assert_int_equal(bar->proc->pid, 201);
	assert_ptr_equal(bar->parent, init);
	assert_int_equal(init->start_us, MS(1000));
	assert_int_equal(init->duration_us, MS(1000));
	proctree_sort(&tree);
	assert_int_equal(tree.start_us, MS(1000));
	assert_int_equal(tree.end_us, MS(2000));
	assert_int_equal(tree.duration_us, MS(1000));
	proctree_free(&tree);
	bootlog_free(&t);
}

/*
 * The readable profile (default): the command's subtree and what started
 * while logging outside the logger; not the command's ancestors (init,
 * bootchartd), not foo (older than logging).  bar, started while logging
 * under foo, is a root of its own.
 */
static void
test_readable_profile(void **state)
{
	static const struct tree_opts whole = { 0, 0, 0, 1, NULL, 0 };
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	char *got;

	diag_init(&d, "test");
	synthetic_trace(&t);
	assert_int_equal(bootlog_set_header(&t, "profile.process", "sh"), 0);
	assert_int_equal(bootlog_finish(&t, &d), 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	assert_true(tree.readable);
	got = dump_text(&tree);
	/* The command's subtree only: bar, another job, is not the command's. */
	assert_string_equal(got,
	    "101\tsh\t1000\t590\t1\t5\n"
	    "102\tsleep\t1200\t390\t1\t3\n"
	    "103\tcat\t1300\t290\t0\t2\n");
	free(got);
	/* The chart spans the logging span. */
	assert_int_equal(tree.start_us, MS(1000));
	assert_int_equal(tree.end_us, MS(2000));
	proctree_free(&tree);
	/* --whole-system: the machine's other work too. */
	assert_int_equal(proctree_make(&tree, &t, &whole, &d), 0);
	got = dump_text(&tree);
	assert_string_equal(got,
	    "101\tsh\t1000\t590\t1\t5\n"
	    "102\tsleep\t1200\t390\t1\t3\n"
	    "103\tcat\t1300\t290\t0\t2\n"
	    "201\tbar\t1200\t490\t0\t4\n");
	free(got);
	proctree_free(&tree);
	bootlog_free(&t);
}

/*
 * Two `bootchartd start -- sh` side by side: the other one (300, its sh
 * 301) started first.  profile.parent names ours (100): its sh (101) is
 * the command; a log without the key (older loggers) takes the earliest
 * sh under a bootchartd, the other one's.
 */
static void
test_profile_parent(void **state)
{
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	char *got;

	(void)state;
	diag_init(&d, "test");
	synthetic_trace(&t);
	mkproc(&t, 300, 1, "bootchartd", 900, 1100, 10);
	mkproc(&t, 301, 300, "sh", 950, 1100, 4);
	assert_int_equal(bootlog_set_header(&t, "profile.process", "sh"), 0);
	assert_int_equal(bootlog_set_header(&t, "profile.parent", "100"), 0);
	assert_int_equal(bootlog_finish(&t, &d), 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	assert_non_null(tree.cmd);
	assert_int_equal(tree.cmd->proc->pid, 101);
	got = dump_text(&tree);
	assert_non_null(strstr(got, "101\tsh\t"));
	assert_null(strstr(got, "301\tsh\t"));
	free(got);
	proctree_free(&tree);
	/* Without the key: the earliest sh under a bootchartd. */
	assert_int_equal(bootlog_set_header(&t, "profile.parent", ""), 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	assert_int_equal(tree.cmd->proc->pid, 301);
	proctree_free(&tree);
	bootlog_free(&t);
}

/* A little-endian BSD acct v3 record: only version, pid and ppid matter. */
static void
pacct_record(unsigned char *r, uint32_t pid, uint32_t ppid)
{
	int i;

	memset(r, 0, 64);
	r[1] = 3;
	for (i = 0; i < 4; i++) {
		r[16 + i] = (unsigned char)(pid >> (8 * i));
		r[20 + i] = (unsigned char)(ppid >> (8 * i));
	}
}

/*
 * The double fork of the qemu boot test: rc (100) runs a starter (110),
 * whose middle process (111, never sampled) forks the daemon (112) and
 * exits, so the daemon is logged with ppid 1.  Accounting has the
 * middle process's exit (ppid 110) and, as the daemon exits after its
 * re-parenting, "112 1".  paternity.log has the forks.  Whatever order
 * the logs come in, the fork-time record must decide: 112 under 110.
 */
static void
forktime_tree(int pat_first, int with_pat, int64_t *daemon_ppid)
{
	struct logparse lp;
	static const char pat[] = "110 100\n111 110\n112 111\n";
	unsigned char acct[2 * 64];
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	struct pnode *p;

	diag_init(&d, "test");
	bootlog_init(&t);
	t.ps_first_us = MS(1000);
	t.ps_last_us = MS(2000);
	t.sample_period_us = MS(90);	/* (2000 - 1000) / 11 blocks */
	logparse_init(&lp, &t);
	mkproc(&t, 1, 0, "init", 1000, 1000, 10);
	mkproc(&t, 100, 1, "rc", 1000, 1100, 8);
	mkproc(&t, 110, 100, "starter", 1200, 1300, 3);
	mkproc(&t, 112, 1, "daemon", 1300, 1400, 6);
	pacct_record(acct, 111, 110);
	pacct_record(acct + 64, 112, 1);
	if (with_pat && pat_first)
		assert_int_equal(feed_chunked(&lp, &d, LK_PATERNITY, pat,
		    sizeof(pat) - 1, sizeof(pat) - 1), 0);
	assert_int_equal(feed_chunked(&lp, &d, LK_PACCT, acct, sizeof(acct),
	    sizeof(acct)), 0);
	if (with_pat && !pat_first)
		assert_int_equal(feed_chunked(&lp, &d, LK_PATERNITY, pat,
		    sizeof(pat) - 1, sizeof(pat) - 1), 0);
	assert_int_equal(logparse_finish(&lp, &d), 0);
	assert_int_equal(proctree_build(&tree, &t, &tree_pruned, &d), 0);
	p = find_in_tree(tree.roots, tree.nroots, 112);
	assert_non_null(p);
	assert_non_null(p->parent);
	*daemon_ppid = p->parent->proc->pid;
	proctree_free(&tree);
	logparse_free(&lp);
	bootlog_free(&t);
}

/*
 * kernel_pacct's CPU time (docs/json.md: cpu_source "accounting"):
 * utime 0x2003 is comp_t 3 << 3 = 24 ticks of 1/100 s, stime 5 ticks,
 * so 0.29 s, big-endian or not.  Not given: to a process alive at the
 * log's end whose samples saw far more than the record (the record is
 * an earlier one's), to one with two records of its PID and name, to
 * one whose record has another name.
 */
static void
acct_record(unsigned char *r, uint32_t pid, unsigned ut, unsigned st,
    const char *comm, int big)
{
	pacct_record(r, pid, 1);
	if (big) {
		r[1] |= 0x80;
		r[16] = (unsigned char)(pid >> 24);
		r[17] = (unsigned char)(pid >> 16);
		r[18] = (unsigned char)(pid >> 8);
		r[19] = (unsigned char)pid;
		r[20] = r[21] = r[22] = 0;
		r[23] = 1;
	}
	/* The low byte first, or last when big-endian. */
	r[32 + big] = (unsigned char)ut;
	r[32 + !big] = (unsigned char)(ut >> 8);
	r[34 + big] = (unsigned char)st;
	r[34 + !big] = (unsigned char)(st >> 8);
	strncpy((char *)r + 48, comm, 16);
}

static void
test_acct_cpu(void **state)
{
	struct logparse lp;
	unsigned char acct[6 * 64];
	struct process *worker, *bigw, *alive, *dup, *other;
	struct bootlog t;
	struct diag d;

	(void)state;
	diag_init(&d, "test");
	bootlog_init(&t);
	t.ps_first_us = MS(1000);
	t.ps_last_us = MS(2000);
	t.sample_period_us = MS(90);
	logparse_init(&lp, &t);
	mkproc(&t, 1, 0, "init", 1000, 1000, 11);
	worker = mkproc(&t, 120, 1, "worker", 1100, 1100, 3);
	bigw = mkproc(&t, 121, 1, "bigworker", 1100, 1100, 3);
	alive = mkproc(&t, 122, 1, "busy", 1100, 1100, 10);
	dup = mkproc(&t, 123, 1, "dup", 1100, 1100, 2);
	other = mkproc(&t, 124, 1, "other", 1100, 1100, 2);
	acct_record(acct, 120, 0x2003, 5, "worker", 0);
	acct_record(acct + 64, 121, 0x2003, 5, "bigworker", 1);
	acct_record(acct + 128, 122, 7, 0, "busy", 0);
	acct_record(acct + 192, 123, 7, 0, "dup", 0);
	acct_record(acct + 256, 123, 9, 0, "dup", 0);
	acct_record(acct + 320, 124, 7, 0, "x", 0);
	assert_int_equal(feed_chunked(&lp, &d, LK_PACCT, acct, sizeof(acct),
	    100), 0);
	assert_int_equal(logparse_finish(&lp, &d), 0);
	assert_true(worker->acct);
	assert_int_equal(worker->acct_cpu_us, MS(290));
	assert_true(bigw->acct);
	assert_int_equal(bigw->acct_cpu_us, MS(290));
	assert_false(alive->acct);
	assert_false(dup->acct);
	assert_false(other->acct);
	logparse_free(&lp);
	bootlog_free(&t);
}

static void
test_forktime_wins(void **state)
{
	int64_t ppid;

	forktime_tree(0, 1, &ppid);
	assert_int_equal(ppid, 110);
	forktime_tree(1, 1, &ppid);
	assert_int_equal(ppid, 110);
	/* Accounting alone: its exit-time "112 1" stands (docs/tree.md step 2). */
	forktime_tree(0, 0, &ppid);
	assert_int_equal(ppid, 1);
}

static int
max_depth(const struct pnode *p, int depth, void *arg)
{
	int *m = arg;

	if (depth > *m)
		*m = depth;
	return 0;
}

/* Hostile parents: a ppid cycle and a chain far deeper than any boot. */
static void
test_cycles_and_depth(void **state)
{
	struct logparse lp;
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	int64_t pid;
	size_t n;
	int depth;

	diag_init(&d, "test");
	bootlog_init(&t);
	t.ps_first_us = MS(1000);
	t.ps_last_us = MS(2000);
	t.sample_period_us = MS(90);	/* (2000 - 1000) / 11 blocks */
	logparse_init(&lp, &t);
	mkproc(&t, 10, 11, "a", 1000, 1100, 3);
	mkproc(&t, 11, 10, "b", 1000, 1100, 3);
	mkproc(&t, 12, 12, "self", 1000, 1100, 3);
	for (pid = 1000; pid < 6000; pid++)
		mkproc(&t, pid, pid - 1, "deep", 1000, 1100, 3);
	/* Fork records in a cycle must not hang the ancestor walk. */
	assert_int_equal(bootlog_add_fork(&t, 500, 501), 0);
	assert_int_equal(bootlog_add_fork(&t, 501, 500), 0);
	assert_int_equal(bootlog_add_fork(&t, 12, 500), 0);
	n = t.nprocs;
	assert_int_equal(logparse_finish(&lp, &d), 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	/* Every process is still in the tree exactly once. */
	assert_int_equal(proctree_count(&tree), n);
	/* The 5000-deep chain is cut at 1000 levels (docs/tree.md). */
	depth = 0;
	proctree_walk(&tree, max_depth, &depth);
	assert_int_equal(depth, 1000);
	proctree_free(&tree);
	assert_int_equal(proctree_make(&tree, &t, &tree_pruned, &d), 0);
	proctree_free(&tree);
	logparse_free(&lp);
	bootlog_free(&t);
}

/*
 * The critical path's processes (tree_opts.keep, by seq): sleep, too
 * short a life for the default chart (docs/tree.md step 5), stays when
 * it is on the path; what the logger merge absorbs or drops is folded
 * into the absorbing row (cat, a grandchild, too), whose bars are theirs.
 */
static void
test_keep_and_fold(void **state)
{
	unsigned char keep[16];
	struct tree_opts o = tree_pruned;
	struct proctree tree;
	struct bootlog t;
	struct diag d;
	struct pnode *sh;
	struct process *p;

	(void)state;
	diag_init(&d, "test");
	bootlog_init(&t);
	t.ps_first_us = MS(1000);
	t.ps_last_us = MS(2000);
	t.sample_period_us = MS(90);
	mkproc(&t, 1, 0, "init", 10, 1100, 10);
	p = mkproc(&t, 300, 1, "sleep", 1300, 1300, 1);
	assert_int_equal(bootlog_finish(&t, &d), 0);
	assert_int_equal(proctree_make(&tree, &t, &o, &d), 0);
	assert_null(find_in_tree(tree.roots, tree.nroots, 300));
	proctree_free(&tree);
	memset(keep, 0, sizeof(keep));
	keep[p->seq] = 1;
	o.keep = keep;
	o.nkeep = t.nprocs;
	assert_int_equal(proctree_make(&tree, &t, &o, &d), 0);
	assert_non_null(find_in_tree(tree.roots, tree.nroots, 300));
	proctree_free(&tree);
	bootlog_free(&t);

	synthetic_trace(&t);
	assert_int_equal(bootlog_finish(&t, &d), 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_pruned, &d), 0);
	sh = find_in_tree(tree.roots, tree.nroots, 101);
	assert_non_null(sh);
	assert_int_equal(PNODE_NFOLDED(sh), 2);
	assert_int_equal(sh->fold->v[0]->pid, 102);
	assert_int_equal(sh->fold->v[1]->pid, 103);
	proctree_free(&tree);
	bootlog_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keep_and_fold),
		cmocka_unit_test(test_logger_merge),
		cmocka_unit_test(test_profile_mode),
		cmocka_unit_test(test_readable_profile),
		cmocka_unit_test(test_profile_parent),
		cmocka_unit_test(test_cycles_and_depth),
		cmocka_unit_test(test_forktime_wins),
		cmocka_unit_test(test_acct_cpu),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
