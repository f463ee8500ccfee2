/* test_proctree.c: the SPEC §3 tree against every Java extract of example1, stage by stage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil_impl.h"

#include "parse.h"
#include "proctree.h"
#include "trace.h"

#define EX1 "data/bootchart-0.9/example1/"

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

/* Feeds a whole file through a parser in odd-sized chunks. */
static void
feed_file(struct trace *t, const struct logkind_ops *ops, const char *rel,
    size_t chunk)
{
	struct diag d;
	char *buf;
	size_t len, off, n;
	void *st;

	diag_init(&d, "test");
	d.out = NULL;
	diag_set_file(&d, "%s", rel);
	buf = read_file(shared_path(rel), &len);
	assert_non_null(buf);
	st = ops->begin(t, &d);
	assert_non_null(st);
	for (off = 0; off < len; off += n) {
		n = len - off < chunk ? len - off : chunk;
		assert_int_equal(ops->feed(st, buf + off, n), 0);
	}
	assert_int_equal(ops->end(st), 0);
	ops->release(st);
	free(buf);
}

static void
load_example(struct trace *t, const char *dir, int with_pacct)
{
	char path[256];
	struct diag d;

	trace_init(t);
	snprintf(path, sizeof(path), "%sproc_ps.log", dir);
	feed_file(t, &ops_proc_ps, path, 4093);
	if (with_pacct) {
		snprintf(path, sizeof(path), "%skernel_pacct", dir);
		feed_file(t, &ops_pacct, path, 1000);
	}
	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(trace_finish(t, &d), 0);
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
	struct trace t;
	struct proctree tree;
	struct diag d;

	load_example(&t, EX1, 0);
	diag_init(&d, "test");
	assert_int_equal(proctree_build(&tree, &t, &d), 0);
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
	trace_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
