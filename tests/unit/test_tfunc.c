/* test_tfunc.c: function_graph's calls (renderer/exact/tfunc.c) and ftd's table of them (renderer/analysis/functions.c): nesting from exits alone, hostile records left out with one warning, the table derived by hand; and the records read from a hand-built trace.dat through tboot. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "callsfix.h"
#include "tdat_build.h"

#include "functions.h"
#include "tboot.h"
#include "tfunc.h"
#include "trace.h"

/* The call of thread pid starting at call_ns, or NULL. */
static const struct tcall *
find(const struct tcalls *c, int pid, int64_t call_ns)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (c->v[i].pid == pid && c->v[i].call_ns == call_ns)
			return &c->v[i];
	return NULL;
}

static const struct tcall *
parent_of(const struct tcalls *c, int pid, int64_t call_ns)
{
	const struct tcall *t = find(c, pid, call_ns);

	assert_non_null(t);
	return t->parent < 0 ? NULL : &c->v[t->parent];
}

static void
nesting(void **state)
{
	struct tcalls c;
	struct diag d;

	(void)state;
	memset(&c, 0, sizeof(c));
	diag_init(&d, "test");
	d.out = NULL;
	c.d = &d;
	calls_scenario(&c);
	assert_int_equal(tcalls_nest(&c), 0);
	assert_int_equal(c.n, 7);
	assert_int_equal(c.bad[TC_BAD_DEPTH], 1);
	assert_int_equal(c.bad[TC_BAD_ORDER], 1);
	assert_int_equal(c.bad[TC_BAD_OVERLAP], 1);
	assert_int_equal(c.bad[TC_BAD_NEST], 1);
	assert_int_equal(d.nwarn, 1);
	assert_null(parent_of(&c, 1, 1000));
	assert_null(parent_of(&c, 2, 1500));
	assert_int_equal(parent_of(&c, 1, 2000)->call_ns, 1000);
	assert_int_equal(parent_of(&c, 1, 2500)->call_ns, 2000);
	assert_int_equal(parent_of(&c, 1, 4000)->call_ns, 2000);
	assert_int_equal(parent_of(&c, 1, 6000)->call_ns, 1000);
	assert_int_equal(parent_of(&c, 1, 7000)->call_ns, 6000);
	assert_null(find(&c, 1, 8500));
	assert_null(find(&c, 1, 2600));
	tcalls_free(&c);
}

static void
row(const struct fn_row *r, uint64_t func, uint64_t calls, int64_t total,
    int64_t max, int64_t self, uint64_t depths)
{
	assert_int_equal(r->func, func);
	assert_int_equal(r->calls, calls);
	assert_int_equal(r->total_ns, total);
	assert_int_equal(r->max_ns, max);
	assert_int_equal(r->self_ns, self);
	assert_int_equal(r->depths, depths);
}

/*
 * By hand: initcall 8000 + 1000, self (8000 - 3000 - 2000) + 1000; foo
 * 3000 + 2000, self (3000 - 1000 - 500) + (2000 - 900); the leaves'
 * self is their time.  --min-time 1 (1000 µs) leaves out tick and baz,
 * not from their callers' self.
 */
static void
table(void **state)
{
	struct tcalls c;
	struct fn_table t;

	(void)state;
	memset(&c, 0, sizeof(c));
	calls_scenario(&c);
	assert_int_equal(tcalls_nest(&c), 0);
	assert_int_equal(fn_table_make(&c, NULL, 0, &t), 0);
	assert_int_equal(t.n, 5);
	row(&t.v[0], F_INITCALL, 2, 9000, 8000, 4000, 1);
	row(&t.v[1], F_FOO, 2, 5000, 3000, 2600, 2);
	row(&t.v[2], F_BAR, 1, 1000, 1000, 1000, 4);
	row(&t.v[3], F_TICK, 1, 900, 900, 900, 2);
	row(&t.v[4], F_BAZ, 1, 500, 500, 500, 4);
	assert_string_equal(t.v[0].name, "0xffffffff81000000");
	fn_table_free(&t);
	assert_int_equal(fn_table_make(&c, NULL, 1000, &t), 0);
	assert_int_equal(t.n, 3);
	row(&t.v[0], F_INITCALL, 2, 9000, 8000, 4000, 1);
	row(&t.v[1], F_FOO, 2, 5000, 3000, 2600, 2);
	row(&t.v[2], F_BAR, 1, 1000, 1000, 1000, 4);
	fn_table_free(&t);
	tcalls_free(&c);
}

static void
depths(void **state)
{
	char s[64];

	(void)state;
	fn_depths(1, s, sizeof(s));
	assert_string_equal(s, "0");
	fn_depths(0x1d, s, sizeof(s));
	assert_string_equal(s, "0,2-4");
	fn_depths((uint64_t)1 << 63 | 0x60, s, sizeof(s));
	assert_string_equal(s, "5-6,63");
	fn_depths(0, s, sizeof(s));
	assert_string_equal(s, "");
}

/* The same calls through a trace.dat: fields decoded, named by kallsyms. */
static void
from_file(void **state)
{
	static struct tb_file f;
	struct tb_page *pg;
	struct fn_table t;
	struct tboot tb;
	struct tdat *td;
	struct diag d;
	uint8_t *buf;
	size_t len;

	(void)state;
	memset(&f, 0, sizeof(f));
	f.kallsyms = "ffffffff81000000 T do_one_initcall\n"
	    "ffffffff81000100 t foo\nffffffff81000200 t bar\n";
	f.systems = &tb_ftrace;
	f.nsystems = 1;
	pg = tb_page(&f, 0, 10000);
	tb_funcgraph_entry(pg, 0, 1, 0, 0);
	tb_funcgraph_exit(pg, 1000, 1, F_BAR, 2, 2500, 3500);
	tb_funcgraph_exit(pg, 1000, 1, F_FOO, 1, 2000, 5000);
	tb_funcgraph_exit(pg, 1000, 1, F_INITCALL, 0, 1000, 9000);
	tb_funcgraph_exit(pg, 1000, 1, F_BAR + 4, -7, 9100, 9200);
	tb_commit(pg, 0, 0);
	diag_init(&d, "test");
	d.out = NULL;
	diag_set_file(&d, "t.dat");
	buf = tb_write(&f, &len);
	assert_non_null(buf);
	assert_int_equal(tdat_open(&td, buf, len, &d), 0);
	assert_int_equal(tboot_build(td, &tb, 0, 0, &d), 0);
	assert_int_equal(tb.calls.n, 3);
	assert_int_equal(tb.calls.entries, 1);
	assert_int_equal(tb.calls.bad[TC_BAD_DEPTH], 1);
	assert_int_equal(d.nwarn, 1);
	assert_int_equal(fn_table_make(&tb.calls, td, 0, &t), 0);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.v[0].name, "do_one_initcall");
	assert_int_equal(t.v[0].self_ns, 8000 - 3000);
	assert_string_equal(t.v[1].name, "foo");
	assert_int_equal(t.v[1].self_ns, 3000 - 1000);
	assert_string_equal(t.v[2].name, "bar");
	fn_table_free(&t);
	tboot_free(&tb);
	tdat_free(td);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nesting),
		cmocka_unit_test(table),
		cmocka_unit_test(depths),
		cmocka_unit_test(from_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
