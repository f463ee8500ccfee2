/* test_callgraph.c: the call graph below a function (renderer/analysis/callgraph.c), its text (renderer/export/cgraph.c), and the calls as folded stacks and speedscope's events (renderer/export/fnstacks.c), on test_tfunc's scenario, every number derived by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "callsfix.h"

#include "callgraph.h"
#include "functab.h"
#include "functions.h"
#include "tboot.h"
#include "tfunc.h"

#define N_FOO	"0xffffffff81000100"
#define N_BAR	"0xffffffff81000200"
#define N_TICK	"0xffffffff81000300"
#define N_BAZ	"0xffffffff81000400"
#define N_INIT	"0xffffffff81000000"

static void
nested(struct tcalls *c)
{
	memset(c, 0, sizeof(*c));
	calls_scenario(c);
	assert_int_equal(tcalls_nest(c), 0);
}

/* The graph below func of the nested scenario, its size checked. */
static void
graph_of(struct tcalls *c, const char *func, struct callgraph *g, size_t n,
    int64_t root_ns, size_t ne)
{
	nested(c);
	assert_int_equal(callgraph_make(c, NULL, func, g), 0);
	assert_int_equal(g->n, n);
	assert_int_equal(g->root, 0);
	assert_int_equal(g->root_ns, root_ns);
	assert_int_equal(g->ne, ne);
}

static void
node(const struct callgraph *g, size_t k, const char *name, uint64_t calls,
    int64_t total, int64_t self, uint64_t depths)
{
	assert_string_equal(g->names.name[g->v[k].fn], name);
	assert_int_equal(g->v[k].calls, calls);
	assert_int_equal(g->v[k].total_ns, total);
	assert_int_equal(g->v[k].self_ns, self);
	assert_int_equal(g->v[k].depths, depths);
}

static void
edge(const struct cg_edge *e, size_t from, size_t to, uint64_t calls,
    int64_t total)
{
	assert_int_equal(e->from, from);
	assert_int_equal(e->to, to);
	assert_int_equal(e->calls, calls);
	assert_int_equal(e->total_ns, total);
}

/*
 * Below foo: its two calls, 3000 + 2000, self 3000 - 1000 - 500 and
 * 2000 - 900; bar, tick and baz once each, one level down.
 */
static void
below_foo(void **state)
{
	struct callgraph g;
	struct tcalls c;

	(void)state;
	graph_of(&c, N_FOO, &g, 4, 5000, 3);
	node(&g, 0, N_FOO, 2, 5000, 2600, 1);
	node(&g, 1, N_BAR, 1, 1000, 1000, 2);
	node(&g, 2, N_TICK, 1, 900, 900, 2);
	node(&g, 3, N_BAZ, 1, 500, 500, 2);
	edge(&g.e[0], 0, 1, 1, 1000);
	edge(&g.e[1], 0, 2, 1, 900);
	edge(&g.e[2], 0, 3, 1, 500);
	callgraph_free(&g);
	assert_int_equal(callgraph_make(&c, NULL, "nope", &g), -2);
	tcalls_free(&c);
}

/* No function given: the initcall, whose root calls took 8000 + 1000. */
static void
heaviest_root(void **state)
{
	struct callgraph g;
	struct tcalls c;

	(void)state;
	graph_of(&c, NULL, &g, 5, 9000, 4);
	node(&g, 0, N_INIT, 2, 9000, 4000, 1);
	node(&g, 1, N_FOO, 2, 5000, 2600, 2);
	node(&g, 2, N_BAR, 1, 1000, 1000, 4);
	edge(&g.e[0], 0, 1, 2, 5000);
	edge(&g.e[1], 1, 2, 1, 1000);
	callgraph_free(&g);
	tcalls_free(&c);
}

/*
 * foo [0, 100] calls foo [10, 50] (which calls bar [20, 30]) and bar
 * [60, 70]: the root's time is the outer call's; foo's total counts
 * both, self (100 - 40 - 10) + (40 - 10); bar is seen 1 and 2 deep.
 */
static void
recursion(void **state)
{
	struct callgraph g;
	struct tcalls c;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(tcalls_exit(&c, 5, 0, F_BAR, 2, 20, 30, 0), 0);
	assert_int_equal(tcalls_exit(&c, 5, 0, F_FOO, 1, 10, 50, 0), 0);
	assert_int_equal(tcalls_exit(&c, 5, 0, F_BAR, 1, 60, 70, 0), 0);
	assert_int_equal(tcalls_exit(&c, 5, 0, F_FOO, 0, 0, 100, 0), 0);
	assert_int_equal(tcalls_nest(&c), 0);
	assert_int_equal(callgraph_make(&c, NULL, N_FOO, &g), 0);
	assert_int_equal(g.root_ns, 100);
	assert_int_equal(g.n, 2);
	node(&g, 0, N_FOO, 2, 140, 80, 3);
	node(&g, 1, N_BAR, 2, 20, 20, 6);
	assert_int_equal(g.ne, 2);
	edge(&g.e[0], 0, 0, 1, 40);
	edge(&g.e[1], 0, 1, 2, 20);
	callgraph_free(&g);
	tcalls_free(&c);
}

/* What f wrote: its text, the caller frees. */
static char *
text_of(FILE *f, char **buf)
{
	assert_int_equal(fclose(f), 0);
	return *buf;
}

static void
text(void **state)
{
	struct callgraph g;
	struct tcalls c;
	char *buf = NULL;
	size_t len;
	FILE *f;

	(void)state;
	graph_of(&c, N_FOO, &g, 4, 5000, 3);
	assert_non_null(f = open_memstream(&buf, &len));
	assert_int_equal(cgraph_text(&g, f), 0);
	assert_string_equal(text_of(f, &buf),
	    "# call graph below " N_FOO ": 4 functions, 2 calls of it, "
	    "0.005 ms\n"
	    "# function\tname\tcalls\ttotal_ms\tself_ms\tdepths\tcallers"
	    "\tcallees\n"
	    "function\t" N_FOO "\t2\t0.005\t0.002\t0\t-\t" N_BAR ":1,"
	    N_TICK ":1," N_BAZ ":1\n"
	    "function\t" N_BAR "\t1\t0.001\t0.001\t1\t" N_FOO ":1\t-\n"
	    "function\t" N_TICK "\t1\t0.000\t0.000\t1\t" N_FOO ":1\t-\n"
	    "function\t" N_BAZ "\t1\t0.000\t0.000\t1\t" N_FOO ":1\t-\n");
	free(buf);
	callgraph_free(&g);
	tcalls_free(&c);
}

/*
 * The stacks in the order first seen: initcall 3000 + 1000 self, foo
 * 1500 + 1100, bar 1000, baz 500, tick 900.  Running totals rounded to
 * the µs: 4, 7, 8, 8, 9: baz's half µs has no line, the sum is 9 µs.
 */
static void
folded(void **state)
{
	struct fn_names nm;
	struct tcalls c;
	char *buf = NULL;
	size_t len;
	FILE *f;

	(void)state;
	nested(&c);
	assert_int_equal(fn_names_make(&c, NULL, &nm), 0);
	assert_int_equal(nm.n, 5);
	assert_non_null(f = open_memstream(&buf, &len));
	assert_int_equal(fn_folded(&c, &nm, NULL, f), 0);
	assert_string_equal(text_of(f, &buf),
	    N_INIT " 4\n" N_INIT ";" N_FOO " 3\n" N_INIT ";" N_FOO ";" N_BAR
	    " 1\n" N_INIT ";" N_FOO ";" N_TICK " 1\n");
	free(buf);
	fn_names_free(&nm);
	tcalls_free(&c);
}

/* Below foo: thread 1's two foo calls, opened and closed in order. */
static void
speedscope(void **state)
{
	struct callgraph g;
	struct tboot tb;
	struct tcalls c;
	char *buf = NULL;
	const char *p;
	size_t len;
	FILE *f;

	(void)state;
	graph_of(&c, N_FOO, &g, 4, 5000, 3);
	/* A model of the calls alone, on the trace's own clock (no offset). */
	memset(&tb, 0, sizeof(tb));
	tb.calls = c;
	assert_non_null(f = open_memstream(&buf, &len));
	assert_int_equal(fn_speedscope(&tb, &g.names, g.level, "t", f), 0);
	p = text_of(f, &buf);
	assert_non_null(strstr(p, "{\"$schema\": \"https://www.speedscope.app/"
	    "file-format-schema.json\",\n"));
	assert_non_null(strstr(p, "\"shared\": {\"frames\": [\n"
	    "  {\"name\": \"" N_FOO "\"},\n  {\"name\": \"" N_BAR "\"},\n"
	    "  {\"name\": \"" N_BAZ "\"},\n  {\"name\": \"" N_TICK "\"}]}"));
	assert_non_null(strstr(p, "\"profiles\": [\n {\"type\": \"evented\", "
	    "\"name\": \"pid 1\", \"unit\": \"nanoseconds\", \"startValue\": "
	    "2000, \"endValue\": 8000, \"events\": [\n"
	    "   {\"type\": \"O\", \"frame\": 0, \"at\": 2000},\n"
	    "   {\"type\": \"O\", \"frame\": 1, \"at\": 2500},\n"
	    "   {\"type\": \"C\", \"frame\": 1, \"at\": 3500},\n"
	    "   {\"type\": \"O\", \"frame\": 2, \"at\": 4000},\n"
	    "   {\"type\": \"C\", \"frame\": 2, \"at\": 4500},\n"
	    "   {\"type\": \"C\", \"frame\": 0, \"at\": 5000},\n"
	    "   {\"type\": \"O\", \"frame\": 0, \"at\": 6000},\n"
	    "   {\"type\": \"O\", \"frame\": 3, \"at\": 7000},\n"
	    "   {\"type\": \"C\", \"frame\": 3, \"at\": 7900},\n"
	    "   {\"type\": \"C\", \"frame\": 0, \"at\": 8000}]}]}\n"));
	/* Thread 2 has no call below foo: no profile. */
	assert_null(strstr(p, "pid 2"));
	free(buf);
	callgraph_free(&g);
	tcalls_free(&c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(below_foo),
		cmocka_unit_test(heaviest_root),
		cmocka_unit_test(recursion),
		cmocka_unit_test(text),
		cmocka_unit_test(folded),
		cmocka_unit_test(speedscope),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
