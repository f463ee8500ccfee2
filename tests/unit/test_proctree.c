/* test_proctree.c: the tree of docs/tree.md against every Java extract of example1 and example2, stage by stage; two trees over one trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "feed.h"
#include "treeutil.h"

#include "parse.h"
#include "proctree.h"
#include "bootlog.h"

#define EX1 "data/bootchart-0.9/example1/"
#define EX2 "data/bootchart-0.9/example2/"

/* One row of an extract file or of proctree_dump. */
struct row {
	long pid;
	char name[64];
	long start, dur, nchild, nsamp;
};

struct rows {
	struct row *v;
	size_t n;
};

static void
parse_rows(const char *text, struct rows *r)
{
	const char *p = text, *nl;
	size_t cap = 0;
	struct row x;

	r->v = NULL;
	r->n = 0;
	while (*p != '\0') {
		nl = strchr(p, '\n');
		memset(&x, 0, sizeof(x));
		assert_int_equal(sscanf(p, "%ld\t%63[^\t]\t%ld\t%ld\t%ld\t%ld",
		    &x.pid, x.name, &x.start, &x.dur, &x.nchild, &x.nsamp), 6);
		if (r->n == cap) {
			cap = cap ? cap * 2 : 256;
			r->v = realloc(r->v, cap * sizeof(*r->v));
			assert_non_null(r->v);
		}
		r->v[r->n++] = x;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
}

/* Feeds a whole file through its parser in odd-sized chunks. */
static void
feed_file(struct logparse *lp, const char *rel, size_t chunk)
{
	struct diag d;
	char *buf;
	size_t len;

	diag_init(&d, "test");
	d.out = NULL;
	diag_set_file(&d, "%s", rel);
	buf = read_file(shared_path(rel), &len);
	assert_non_null(buf);
	assert_int_equal(feed_chunked(lp, &d, logkind_of(rel), buf, len, chunk),
	    0);
	free(buf);
}

static void
load_example(struct bootlog *t, const char *dir, int with_pacct)
{
	struct logparse lp;
	char path[256];
	struct diag d;

	bootlog_init(t);
	logparse_init(&lp, t);
	snprintf(path, sizeof(path), "%sproc_ps.log", dir);
	feed_file(&lp, path, 4093);
	if (with_pacct) {
		snprintf(path, sizeof(path), "%skernel_pacct", dir);
		feed_file(&lp, path, 1000);
	}
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(logparse_finish(&lp, &d), 0);
}

/* Compares the tree with an extract: all fields equal, duration +-5 ms. */
static void
check_stage(const struct proctree *tree, const char *extract)
{
	char *want_text, *got_text = NULL;
	size_t got_len = 0, i;
	struct rows want, got;
	FILE *f;

	want_text = read_file(shared_path(extract), NULL);
	assert_non_null(want_text);
	f = open_memstream(&got_text, &got_len);
	assert_non_null(f);
	proctree_dump(tree, f);
	fclose(f);
	parse_rows(want_text, &want);
	parse_rows(got_text, &got);
	for (i = 0; i < want.n && i < got.n; i++) {
		const struct row *w = &want.v[i], *g = &got.v[i];

		if (w->pid != g->pid || strcmp(w->name, g->name) != 0 ||
		    w->start != g->start || w->nchild != g->nchild ||
		    w->nsamp != g->nsamp || labs(w->dur - g->dur) > 5) {
			print_error("%s row %zu: want %ld %s %ld %ld %ld %ld, "
			    "got %ld %s %ld %ld %ld %ld\n", extract, i + 1,
			    w->pid, w->name, w->start, w->dur, w->nchild,
			    w->nsamp, g->pid, g->name, g->start, g->dur,
			    g->nchild, g->nsamp);
			fail();
		}
	}
	assert_int_equal(got.n, want.n);
	free(want.v);
	free(got.v);
	free(want_text);
	free(got_text);
}

static void
test_stages(void **state)
{
	struct bootlog t;
	struct proctree tree;
	struct diag d;

	load_example(&t, EX1, 0);
	diag_init(&d, "test");
	assert_int_equal(proctree_build(&tree, &t, &tree_pruned, &d), 0);
	check_stage(&tree, EX1 "extract.processtree.1.log");
	assert_int_equal(proctree_merge_logger(&tree), 0);
	check_stage(&tree, EX1 "extract.processtree.2.log");
	assert_int_equal(proctree_prune(&tree), 0);
	check_stage(&tree, EX1 "extract.processtree.3b.log");
	assert_int_equal(proctree_merge_exploders(&tree), 0);
	check_stage(&tree, EX1 "extract.processtree.3c.log");
	assert_int_equal(proctree_merge_siblings(&tree), 0);
	check_stage(&tree, EX1 "extract.processtree.3d.log");
	assert_int_equal(proctree_merge_runs(&tree), 0);
	check_stage(&tree, EX1 "extract.processtree.3e.log");
	proctree_sort(&tree);
	check_stage(&tree, EX1 "extract.processtree.5.log");
	proctree_free(&tree);
	bootlog_free(&t);
}

/* proctree_make() with pruning ends in extract 5, without it in extract 2. */
static void
test_make(void **state)
{
	struct bootlog t;
	struct proctree tree;
	struct diag d;

	diag_init(&d, "test");
	load_example(&t, EX1, 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_pruned, &d), 0);
	check_stage(&tree, EX1 "extract.processtree.5.log");
	/* The chart spans init's start to the latest end (Java: 0:30). */
	assert_int_equal(tree.start_us, MS(290));
	assert_int_equal(tree.end_us, MS(30594));
	assert_int_equal(proctree_count(&tree), 100);
	proctree_free(&tree);
	bootlog_free(&t);

	load_example(&t, EX1, 0);
	assert_int_equal(proctree_make(&tree, &t, &tree_unpruned, &d), 0);
	check_stage(&tree, EX1 "extract.processtree.2.log");
	proctree_free(&tree);
	bootlog_free(&t);
}

/*
 * example2 has kernel_pacct.  initlog (PID 517) is logged in proc_ps.log
 * with ppid 515 (rc.sysinit), which really forked it.  Its accounting
 * record (record 3244) has ac_ppid 1: the kernel fills ac_ppid when the
 * process exits, and rc.sysinit's own record (3241) comes first, so
 * rc.sysinit had exited and initlog had been re-parented to init.  The
 * Java rule takes the first sampled ancestor from the fork records, so
 * its parent becomes init -- and the Java chart of example2
 * (java-png-result.png) indeed draws initlog on init's level, right
 * after the rc.sysinit subtree.  The same happens to the logger's
 * children 533, 535 and 536 (logged ppid 512, ac_ppid 1).
 */
static void
test_pacct_parents(void **state)
{
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	struct pnode *p;

	diag_init(&d, "test");
	load_example(&t, EX2, 0);
	assert_int_equal(proctree_build(&tree, &t, &tree_pruned, &d), 0);
	p = find_in_tree(tree.roots, tree.nroots, 517);
	assert_non_null(p);
	assert_non_null(p->parent);
	assert_int_equal(p->parent->proc->pid, 515);
	p = find_in_tree(tree.roots, tree.nroots, 533);
	assert_int_equal(p->parent->proc->pid, 512);
	proctree_free(&tree);
	bootlog_free(&t);

	load_example(&t, EX2, 1);
	assert_int_equal(t.nforks, 321408 / 64);
	assert_int_equal(proctree_build(&tree, &t, &tree_pruned, &d), 0);
	p = find_in_tree(tree.roots, tree.nroots, 517);
	assert_non_null(p);
	assert_non_null(p->parent);
	assert_int_equal(p->parent->proc->pid, 1);
	p = find_in_tree(tree.roots, tree.nroots, 533);
	assert_int_equal(p->parent->proc->pid, 1);
	proctree_free(&tree);
	bootlog_free(&t);
}

static int
collect_name(const struct pnode *p, int depth, void *arg)
{
	FILE *f = arg;

	fprintf(f, "%s\n", p->name);
	return 0;
}

/*
 * The rows of example2's Java chart (java-png-result.png), top to
 * bottom, read off the image: with accounting, the logger merge (PID
 * 512 bootchartd and its children) and all pruning steps.
 */
static const char *ex2_chart_rows[] = {
	"init", "ksoftirqd/0", "events/0", "khelper", "hotplug",
	"05-wait_for_sys", "usb.agent", "05-wait_for_sys", "usb.agent",
	"05-wait_for_sys", "ieee1394.agent", "logger", "khelper", "modprobe",
	"hotplug", "05-wait_for_sys", "ipw2100/0", "khubd", "kjournald",
	"init", "rc.sysinit", "start_udev", "udevstart", "rc.sysinit",
	"kmodule", "rc.sysinit", "modprobe", "sh", "modprobe", "pccardd",
	"knodemgrd_0", "mount", "initlog", "bootchartd", "sleep", "udevd",
	"minilogd", "udevd", "khpsbpkt", "minilogd", "kjournald", "rc",
	"initlog", "S04readahead_ea", "readahead", "S06cpuspeed", "initlog",
	"cpuspeed", "minilogd", "S08iptables", "iptables-restor",
	"S10network", "initlog", "minilogd", "ifup", "sleep", "syslogd",
	"klogd", "portmap", "rpc.statd", "smartd", "acpid", "xinetd",
	"S85gpm", "initlog", "gpm", "gpm", "crond", "S90xfs", "xfs",
	"anacron", "atd", "readahead", "initlog", "S97messagebus",
	"dbus-daemon-1", "S98cups-config-", "initlog", "cups-config-dae",
	"cups-config-dae", "hald", "50-fstab-sync.h", "S99local",
	"checkdock_x11", "checkdock_eth", "ifup-post", "dhclient",
	"dhclient-script", "sleep", "mingetty", "gdm-binary", "X",
	"xkbcomp", "dhclient",
};

static void
test_example2_chart(void **state)
{
	struct bootlog t;
	struct proctree tree;
	struct diag d;
	char *got = NULL, *want = NULL;
	size_t gotlen = 0, wantlen = 0, i;
	FILE *f;

	diag_init(&d, "test");
	load_example(&t, EX2, 1);
	assert_int_equal(proctree_make(&tree, &t, &tree_pruned, &d), 0);
	f = open_memstream(&got, &gotlen);
	proctree_walk(&tree, collect_name, f);
	fclose(f);
	f = open_memstream(&want, &wantlen);
	for (i = 0; i < sizeof(ex2_chart_rows) / sizeof(*ex2_chart_rows); i++)
		fprintf(f, "%s\n", ex2_chart_rows[i]);
	fclose(f);
	assert_string_equal(got, want);
	/* The Java chart header says "time: 0:53" (52.5 s, rounded). */
	assert_int_equal((tree.duration_us + MS(500)) / MS(1000), 53);
	free(got);
	free(want);
	proctree_free(&tree);
	bootlog_free(&t);
}

/* Everything of the trace's processes a tree could change, as text. */
static char *
trace_text(const struct bootlog *t)
{
	char *buf = NULL;
	size_t len = 0, i, j;
	const struct process *p;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	for (i = 0; i < t->nprocs; i++) {
		p = t->procs[i];
		fprintf(f, "%lld %lld %s %lld %lld %d %zu:", (long long)p->pid,
		    (long long)p->ppid, p->name, (long long)p->start_us,
		    (long long)p->duration_us, p->active, p->nsamples);
		for (j = 0; j < p->nsamples; j++)
			fprintf(f, " %lld/%c", (long long)p->samples[j].time_us,
			    p->samples[j].state);
		fputc('\n', f);
	}
	fclose(f);
	return buf;
}

/*
 * The trace is read-only to the tree: a pruned and an unpruned tree
 * live side by side over one trace, each as it would be alone, and the
 * trace is as parsed afterwards.  example2 with accounting: parents
 * rewritten, the logger merged, every merge step at work.
 */
static void
test_two_trees_one_trace(void **state)
{
	struct bootlog t, t2;
	struct proctree pruned, full, alone;
	struct diag d;
	char *before, *after, *a, *b;

	diag_init(&d, "test");
	load_example(&t, EX2, 1);
	before = trace_text(&t);
	assert_int_equal(proctree_make(&pruned, &t, &tree_pruned, &d), 0);
	assert_int_equal(proctree_make(&full, &t, &tree_unpruned, &d), 0);
	after = trace_text(&t);
	assert_string_equal(before, after);
	assert_true(proctree_count(&full) > proctree_count(&pruned));

	load_example(&t2, EX2, 1);
	assert_int_equal(proctree_make(&alone, &t2, &tree_pruned, &d), 0);
	a = dump_text(&pruned);
	b = dump_text(&alone);
	assert_string_equal(a, b);
	free(a);
	free(b);
	proctree_free(&alone);
	assert_int_equal(proctree_make(&alone, &t2, &tree_unpruned, &d), 0);
	a = dump_text(&full);
	b = dump_text(&alone);
	assert_string_equal(a, b);
	free(a);
	free(b);

	proctree_free(&alone);
	proctree_free(&full);
	proctree_free(&pruned);
	free(before);
	free(after);
	bootlog_free(&t);
	bootlog_free(&t2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stages),
		cmocka_unit_test(test_make),
		cmocka_unit_test(test_pacct_parents),
		cmocka_unit_test(test_example2_chart),
		cmocka_unit_test(test_two_trees_one_trace),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
