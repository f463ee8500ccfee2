/* test_dot_escape.c: the DOT of --call-graph -f dot (cgraph.c) and --wake-graph -f dot (wakedot.c) over a trace.dat whose kernel symbols and process names are hostile (a trailing backslash, quotes, a forged statement with a javascript: link, escString escapes): Graphviz reads back just the nodes, edges and attributes written, each label as the name escape_text shows, its tooltips as escape_page's; dot -Tsvg draws no link we did not write, -f svg (graphdraw.c) none, its names only text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <graphviz/cgraph.h>

#include "testutil.h"
#include "tdat_build.h"

#include "chart.h"
#include "escape.h"
#include "exact.h"
#include "functab.h"
#include "graphplace.h"
#include "wakeups.h"

#define NS_MS	1000000ULL	/* a millisecond in ns */
#define FN(k)	(0xffffffff81000000ULL + 0x100 * (k))

/*
 * The symbols below do_one_initcall.  kallsyms ends a name at a space,
 * so the forged statements have none.  Each closes a tooltip whose
 * writer escapes quotes only (its backslash pairs with the one put
 * before its quote), adds a node with a URL and comments out the rest
 * of the line: x's URL is quoted, y's an HTML-string ID, which needs
 * no quote and so forged a node that Graphviz drew as a link.
 */
static const char *const names[] = {
	"do_one_initcall",
	"evil\\",
	"a\"b",
	"x\\\"];n99[URL=\"javascript:alert(1)\"];//",
	"y\\\"];n98[URL=<javascript:alert(2)>];//",
	"\\N\\G\\E\\T\\H\\L\\n\\l\\r",
};
#define NFN	(sizeof(names) / sizeof(names[0]))

/* Process names (comm is 15 bytes): a quote, backslashes, escapes. */
#define BAD_A	"q\\\"]p9[URL=j\\"
#define BAD_B	"w\"\\N\\n\\"

/* The kernel's sched formats (6.x, x86-64), IDs apart from ftrace's. */
static const char *const sched[] = {
	"name: sched_switch\nID: 372\nformat:\n" TB_COMMON TB_SWITCH_FIELDS,
	"name: sched_waking\nID: 375\nformat:\n" TB_COMMON TB_WAKE_FIELDS,
};

static struct tb_rec
sw(int prev, const char *pc, long long state, int next, const char *nc)
{
	return tb_switch(372, prev, pc, state, next, nc);
}

static struct tb_rec
waking(int waker, int pid, const char *comm)
{
	return tb_waking(375, waker, pid, comm, 0);
}

/* kallsyms' text: names[k] at FN(k). */
static char *
kallsyms(void)
{
	static char text[1024];
	size_t k, n = 0;

	for (k = 0; k < NFN; k++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
		    "%llx t %s\n", (unsigned long long)FN(k), names[k]);
	assert_true(n < sizeof(text));
	return text;
}

/*
 * CPU 0: 200 (BAD_B) runs, sleeps; 100 (BAD_A) wakes it and sleeps.
 * CPU 1: pid 1's do_one_initcall calls each other symbol once.
 */
static void
scene(struct tb_file *f)
{
	static struct tb_system systems[2];
	struct tb_page *pg;
	size_t k;

	memset(f, 0, sizeof(*f));
	f->kallsyms = kallsyms();
	f->cmdlines = "100 " BAD_A "\n200 " BAD_B "\n";
	systems[0] = (struct tb_system){ "sched", sched, 2 };
	systems[1] = tb_ftrace;
	f->systems = systems;
	f->nsystems = 2;
	pg = tb_page(f, 0, 1 * NS_MS);
	tb_emit(pg, 0, sw(0, "swapper/0", 0, 200, BAD_B));
	tb_emit(pg, NS_MS, sw(200, BAD_B, 0x1, 100, BAD_A));
	tb_emit(pg, NS_MS, waking(100, 200, BAD_B));
	tb_emit(pg, NS_MS, sw(100, BAD_A, 0x1, 200, BAD_B));
	tb_emit(pg, NS_MS, sw(200, BAD_B, 0x1, 0, "swapper/0"));
	tb_commit(pg, 0, 0);
	pg = tb_page(f, 1, 1 * NS_MS);
	for (k = 1; k < NFN; k++)
		tb_funcgraph_exit(pg, 1000, 1, FN(k), 1, k * NS_MS,
		    k * NS_MS + NS_MS / 2);
	tb_funcgraph_exit(pg, 1000, 1, FN(0), 0, NS_MS / 2, NFN * NS_MS);
	tb_commit(pg, 0, 0);
}

/* The model of the scene, as bootchart-render makes it. */
static void
model(struct exact *x)
{
	static const struct exact_opts xo;
	struct tracefile tf = { 0 };
	struct tb_file *f;
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	assert_non_null(f = calloc(1, sizeof(*f)));
	scene(f);
	assert_non_null(tf.buf = tb_write(f, &tf.len));
	free(f);
	assert_int_equal(tdat_open(&tf.td, tf.buf, tf.len, &d), 0);
	assert_int_equal(exact_open(x, &tf, &xo, &d), 0);
}

/* --call-graph do_one_initcall -f format, or --wake-graph -f dot (wake). */
static char *
output(const struct exact *x, int wake, enum chart_format format)
{
	const struct fn_opts o = { 0, names[0], 1, 0, format, "trace.dat" };
	const struct wake_opts wo = { 0, 0, 1, NULL, NULL, 0 };
	struct diag d;
	char *buf = NULL;
	size_t n = 0;
	FILE *f;

	diag_init(&d, "test");
	d.out = NULL;
	assert_non_null(f = open_memstream(&buf, &n));
	if (wake)
		assert_int_equal(wakeups_write(&x->tb, &wo, f, &d), 0);
	else
		assert_int_equal(functab_write(x, &o, f, &d), 0);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/*
 * Graphviz's reading of dot: nn nodes, ne edges, and no attribute a
 * forged statement would add (a link, its target) on anything.
 */
static void
parsed(const char *dot, int nn, int ne)
{
	static const char *const links[] = { "URL", "href", "target" };
	static const int kinds[] = { AGRAPH, AGNODE, AGEDGE };
	Agraph_t *g;
	size_t i, k;

	assert_non_null(g = agmemread(dot));
	assert_int_equal(agnnodes(g), nn);
	assert_int_equal(agnedges(g), ne);
	for (k = 0; k < 3; k++)
		for (i = 0; i < 3; i++)
			assert_null(agattr(g, kinds[k], (char *)links[i], NULL));
	agclose(g);
}

/* Whether some node's label or tooltip (tip) begins with s then end. */
static int
has_node(const struct gplace *p, int tip, const char *s, const char *end)
{
	size_t i, n = strlen(s);
	const char *t;

	for (i = 0; i < p->nn; i++) {
		t = tip ? p->n[i].tip : p->n[i].label;
		if (strncmp(t, s, n) == 0 && strncmp(t + n, end,
		    strlen(end)) == 0)
			return 1;
	}
	return 0;
}

/* The occurrences of needle in s. */
static int
count(const char *s, const char *needle)
{
	int n = 0;

	for (; (s = strstr(s, needle)) != NULL; s += strlen(needle))
		n++;
	return n;
}

/*
 * dot -Tsvg of dot: nn nodes, ne edges, an <a> per tooltip written
 * (Graphviz's SVG puts a tooltip on a link element) and no link target.
 */
static void
graphviz_svg(const char *dot, int nn, int ne, int tips)
{
	char dir[] = "/tmp/test_dot_escape.XXXXXX", path[64], cmd[160];
	char *svg = NULL;
	size_t n = 0;
	FILE *f, *o;
	int c;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/g.dot", dir);
	assert_non_null(f = fopen(path, "w"));
	assert_int_equal(fputs(dot, f) >= 0 && fclose(f) == 0, 1);
	snprintf(cmd, sizeof(cmd), "dot -Tsvg '%s'", path);
	assert_non_null(f = popen(cmd, "r"));
	assert_non_null(o = open_memstream(&svg, &n));
	while ((c = getc(f)) != EOF)
		putc(c, o);
	assert_int_equal(fclose(o), 0);
	assert_int_equal(pclose(f), 0);
	assert_int_equal(count(svg, "class=\"node\""), nn);
	assert_int_equal(count(svg, "class=\"edge\""), ne);
	assert_int_equal(count(svg, "<a "), tips);
	assert_int_equal(count(svg, "href"), 0);
	free(svg);
	unlink(path);
	rmdir(dir);
}

/* Laid out by libgvc as -f svg, png and html draw it. */
static void
placed(const char *dot, struct gplace *p)
{
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(graphplace(dot, strlen(dot), "graph", p, &d), 0);
}

/* Every name a node of its own, labelled and tipped as written. */
static void
call_graph(void **state)
{
	char text[256], page[256], tip[300], *dot;
	struct exact x;
	struct gplace p;
	size_t k, i;

	(void)state;
	model(&x);
	dot = output(&x, 0, FMT_DOT);
	parsed(dot, NFN, NFN - 1);
	graphviz_svg(dot, NFN, NFN - 1, 2 * NFN - 1);
	placed(dot, &p);
	assert_int_equal(p.nn, NFN);
	assert_int_equal(p.ne, NFN - 1);
	for (k = 0; k < NFN; k++) {
		escape_text(text, sizeof(text), names[k]);
		escape_page(page, sizeof(page), names[k]);
		assert_true(has_node(&p, 0, text, " "));
		assert_true(has_node(&p, 1, page, ": "));
		snprintf(tip, sizeof(tip), "%s calls %s: 1 times", names[0],
		    page);
		for (i = 0; k > 0 && i < p.ne; i++)
			if (strncmp(p.e[i].tip, tip, strlen(tip)) == 0)
				break;
		assert_true(k == 0 || i < p.ne);
	}
	gplace_free(&p);
	free(dot);
	exact_free(&x);
}

/* The waker and the waiter, named as written, and their one edge. */
static void
wake_graph(void **state)
{
	char a[64], b[64], *dot;
	struct exact x;
	struct gplace p;

	(void)state;
	model(&x);
	dot = output(&x, 1, FMT_DOT);
	parsed(dot, 2, 1);
	graphviz_svg(dot, 2, 1, 0);
	placed(dot, &p);
	escape_text(a, sizeof(a), BAD_A);
	escape_text(b, sizeof(b), BAD_B);
	assert_true(has_node(&p, 0, a, " 100"));
	assert_true(has_node(&p, 0, b, " 200"));
	gplace_free(&p);
	free(dot);
	exact_free(&x);
}

/* -f svg, laid out by libgvc and written by graphdraw.c: no link at all. */
static void
drawn_svg(void **state)
{
	static const char *const tags[] = { "?xml ", "svg ", "/svg>",
	    "style>", "/style>", "rect ", "g ", "/g>", "title>", "/title>",
	    "path ", "polygon ", "text ", "/text>", "ellipse ", NULL };
	const char *s;
	struct exact x;
	char *svg;
	size_t k;

	(void)state;
	model(&x);
	svg = output(&x, 0, FMT_SVG);
	assert_non_null(strstr(svg, "<svg"));
	assert_int_equal(count(svg, "<a "), 0);
	assert_int_equal(count(svg, "href"), 0);
	/* The names are text: every element is one graphdraw.c writes. */
	for (s = svg; (s = strchr(s, '<')) != NULL; s++) {
		for (k = 0; tags[k] != NULL; k++)
			if (strncmp(s + 1, tags[k], strlen(tags[k])) == 0)
				break;
		assert_non_null(tags[k]);
	}
	assert_true(count(svg, "<text ") > 0);
	free(svg);
	exact_free(&x);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(call_graph),
		cmocka_unit_test(wake_graph),
		cmocka_unit_test(drawn_svg),
	};

	int r = cmocka_run_group_tests(tests, NULL, NULL);

	/* -f svg's text loaded fonts: freed, for LeakSanitizer. */
	chart_release_fonts();
	return r;
}
