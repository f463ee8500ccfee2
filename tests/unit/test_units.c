/* test_units.c: systemd units on the tree: which rows name their unit, and --group-by-unit's order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "parse.h"
#include "proctree.h"
#include "bootlog.h"

/*
 * PID 1 (init.scope) starts, in this order: a (a.service), getty
 * (getty@tty1.service), a-helper (a.service again), b (b.service) with
 * its child b-child (b.service), then an impostor that user 65534 put
 * in a cgroup named a.service of its own delegated subtree: its unit is
 * user@65534.service (issue 22, finding 6).  Three blocks, each process
 * busy.
 */
static void
units_trace(struct bootlog *t, struct diag *d)
{
	struct logparse lp;
	static const struct { int pid, ppid, start; const char *name; } p[] = {
		{ 1, 0, 1, "systemd" }, { 400, 1, 110, "a" },
		{ 410, 1, 120, "getty" }, { 420, 1, 130, "a-helper" },
		{ 430, 1, 140, "b" }, { 431, 430, 150, "b-child" },
		{ 440, 1, 160, "impostor" },
	};
	static const char cg[] = "1 /init.scope\n"
	    "400 /system.slice/a.service\n"
	    "410 /system.slice/system-getty.slice/getty@tty1.service\n"
	    "420 /system.slice/a.service\n"
	    "430 /system.slice/b.service\n"
	    "431 /system.slice/b.service/control\n"
	    "440 /user.slice/user-65534.slice/user@65534.service/a.service\n";
	char log[4096];
	size_t n = 0, i;
	int b;

	bootlog_init(t);
	logparse_init(&lp, t);
	diag_init(d, "test");
	d->verbose = -1;
	for (b = 0; b < 3; b++) {
		n += (size_t)snprintf(log + n, sizeof(log) - n, "%d\n",
		    200 + 10 * b);
		for (i = 0; i < sizeof(p) / sizeof(p[0]); i++)
			n += (size_t)snprintf(log + n, sizeof(log) - n,
			    "%d (%s) R %d 0 0 0 0 0 0 0 0 0 %d 0 0 0 0 0 0 0 "
			    "%d\n", p[i].pid, p[i].name, p[i].ppid, 5 * b,
			    p[i].start);
		n += (size_t)snprintf(log + n, sizeof(log) - n, "\n");
	}
	assert_int_equal(logstream_buffer(&lp, "proc_ps.log", log, n, d), 0);
	assert_int_equal(logstream_buffer(&lp, "cgroup.log", cg,
	    sizeof(cg) - 1, d), 0);
	assert_int_equal(logparse_finish(&lp, d), 0);
}

static const struct pnode *
child(const struct pnode *p, size_t i)
{
	assert_true(i < p->nchildren);
	return p->children[i];
}

/* Start order; a row names its unit where it changes. */
static void
labels_where_the_unit_changes(void **state)
{
	struct tree_opts to = tree_unpruned;
	struct proctree tree;
	const struct pnode *init;
	struct bootlog t;
	struct diag d;

	(void)state;
	units_trace(&t, &d);
	memset(&tree, 0, sizeof(tree));
	assert_int_equal(proctree_make(&tree, &t, &to, &d), 0);
	assert_int_equal(tree.nroots, 1);
	init = tree.roots[0];
	assert_string_equal(init->proc->unit, "init.scope");
	assert_true(init->unit_label);
	assert_int_equal(child(init, 0)->proc->pid, 400);
	assert_int_equal(child(init, 1)->proc->pid, 410);
	assert_int_equal(child(init, 2)->proc->pid, 420);
	assert_int_equal(child(init, 3)->proc->pid, 430);
	assert_true(child(init, 0)->unit_label);
	assert_true(child(init, 1)->unit_label);
	/* a.service again, after getty: named again. */
	assert_true(child(init, 2)->unit_label);
	assert_true(child(init, 3)->unit_label);
	/* Its parent's unit ("control" is b.service's own sub-cgroup). */
	assert_string_equal(child(child(init, 3), 0)->proc->unit, "b.service");
	assert_false(child(child(init, 3), 0)->unit_label);
	assert_int_equal(child(init, 4)->proc->pid, 440);
	assert_string_equal(child(init, 4)->proc->unit, "user@65534.service");
	assert_true(child(init, 4)->unit_label);
	proctree_free(&tree);
	bootlog_free(&t);
}

/*
 * --group-by-unit: a-helper joins a, before getty; only a is labelled.
 * The impostor does not join them: it stays last, labelled.
 */
static void
group_by_unit_order(void **state)
{
	struct tree_opts to = tree_unpruned;
	struct proctree tree;
	const struct pnode *init;
	struct bootlog t;
	struct diag d;

	(void)state;
	units_trace(&t, &d);
	memset(&tree, 0, sizeof(tree));
	to.group_by_unit = 1;
	assert_int_equal(proctree_make(&tree, &t, &to, &d), 0);
	init = tree.roots[0];
	assert_int_equal(init->nchildren, 5);
	assert_int_equal(child(init, 0)->proc->pid, 400);
	assert_int_equal(child(init, 1)->proc->pid, 420);
	assert_int_equal(child(init, 2)->proc->pid, 410);
	assert_int_equal(child(init, 3)->proc->pid, 430);
	assert_true(child(init, 0)->unit_label);
	assert_false(child(init, 1)->unit_label);
	assert_true(child(init, 2)->unit_label);
	assert_int_equal(child(init, 4)->proc->pid, 440);
	assert_true(child(init, 4)->unit_label);
	proctree_free(&tree);
	bootlog_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(labels_where_the_unit_changes),
		cmocka_unit_test(group_by_unit_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
