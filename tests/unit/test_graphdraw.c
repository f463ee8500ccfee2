/* test_graphdraw.c: a DOT digraph laid out by Graphviz's dot layout (graphplace.c) and painted as PNG and written as SVG (graphdraw.c): the same size in both, the SVG's labels real text, the nodes apart, bad DOT refused; left to right unless the DOT sets rankdir, a node's fill and tooltips read back. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "chart.h"
#include "diag.h"
#include "graphdraw.h"
#include "graphplace.h"

static const char chain[] = "digraph wakeups {\n\tnode [shape=box];\n"
    "\t\"[irq]\" [label=\"[irq]\", shape=ellipse];\n"
    "\t\"p0\" [label=\"a 1\"];\n\t\"p1\" [label=\"b 2\"];\n"
    "\t\"[irq]\" -> \"p0\" [label=\"sleep S 1, 1.000 ms, max 1.000 ms\"];\n"
    "\t\"p0\" -> \"p1\" [label=\"pipe S 2, 3.000 ms, max 2.000 ms\"];\n}\n";

/* The drawing in a memory buffer: its bytes, *n of them; NULL on error. */
static char *
drawn(const char *dot, const char *format, size_t *n, int *rc)
{
	struct diag d;
	char *buf = NULL;
	FILE *f;

	diag_init(&d, "test");
	d.out = NULL;
	assert_non_null(f = open_memstream(&buf, n));
	*rc = graphdraw(dot, strlen(dot), format, "graph", f, &d);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static unsigned
be32(const unsigned char *p)
{
	return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 |
	    (unsigned)p[2] << 8 | p[3];
}

/* PNG's IHDR and SVG's width, height in points: the same layout. */
static void
png_and_svg(void **state)
{
	size_t np, ns;
	char *png, *svg;
	const char *p;
	double sw, sh;
	unsigned w, h;
	int rc;

	(void)state;
	png = drawn(chain, "png", &np, &rc);
	assert_int_equal(rc, 0);
	assert_true(np > 24);
	assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
	w = be32((unsigned char *)png + 16);
	h = be32((unsigned char *)png + 20);
	/* Three ranks left to right: wider than tall, room for labels. */
	assert_true(w > h);
	assert_true(w > 300);
	svg = drawn(chain, "svg", &ns, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(svg, "<svg"));
	/* The SVG's pixels are the PNG's. */
	assert_non_null(p = strstr(svg, "width=\""));
	assert_int_equal(sscanf(p, "width=\"%lf\" height=\"%lf\"", &sw,
	    &sh), 2);
	assert_int_equal((unsigned)ceil(sw), w);
	assert_int_equal((unsigned)ceil(sh), h);
	free(png);
	free(svg);
}

/* Occurrences of s in text. */
static int
count(const char *text, const char *s)
{
	int n = 0;

	for (; (text = strstr(text, s)) != NULL; text += strlen(s))
		n++;
	return n;
}

/*
 * The SVG's labels are text, not glyph outlines: one <text> per node
 * and per edge label, naming the processes, the labels escaped for XML,
 * and nothing cairo's SVG surface writes for glyphs.
 */
static void
svg_text(void **state)
{
	static const char amp[] = "digraph wakeups {\n\tnode [shape=box];\n"
	    "\t\"p0\" [label=\"a<b&c 1\", tooltip=\"a \\\"tip\\\"\"];\n"
	    "\t\"p1\" [label=\"d 2\"];\n"
	    "\t\"p0\" -> \"p1\" [label=\"pipe S 2, 3.000 ms\"];\n}\n";
	size_t n;
	char *svg;
	int rc;

	(void)state;
	svg = drawn(chain, "svg", &n, &rc);
	assert_int_equal(rc, 0);
	assert_int_equal(count(svg, "<text"), 5);
	assert_non_null(strstr(svg, ">a 1</text>"));
	assert_non_null(strstr(svg, ">b 2</text>"));
	assert_non_null(strstr(svg, ">[irq]</text>"));
	assert_non_null(strstr(svg, ">pipe S 2, 3.000 ms, max 2.000 ms</text>"));
	assert_int_equal(count(svg, "<glyph"), 0);
	assert_int_equal(count(svg, "<symbol"), 0);
	assert_int_equal(count(svg, "<use"), 0);
	assert_int_equal(count(svg, "<ellipse"), 1);
	assert_int_equal(count(svg, "<rect"), 3);	/* the page, two boxes */
	assert_int_equal(count(svg, "<polygon"), 2);	/* the arrowheads */
	free(svg);
	svg = drawn(amp, "svg", &n, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(svg, ">a&lt;b&amp;c 1</text>"));
	assert_non_null(strstr(svg, "<title>a &quot;tip&quot;</title>"));
	free(svg);
}

static void
bad_dot(void **state)
{
	size_t n;
	char *out;
	int rc;

	(void)state;
	out = drawn("digraph {", "png", &n, &rc);
	assert_int_equal(rc, -1);
	assert_int_equal(n, 0);
	free(out);
}

/* dot laid out into p, with nn nodes. */
static void
placed(const char *dot, struct gplace *p, size_t nn)
{
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(graphplace(dot, strlen(dot), "graph", p, &d), 0);
	assert_int_equal(p->nn, nn);
}

/* The wake-up graph's DOT sets no rankdir: left to right. */
static void
left_to_right(void **state)
{
	struct gplace p;

	(void)state;
	placed(chain, &p, 3);
	assert_true(p.n[0].x < p.n[1].x && p.n[1].x < p.n[2].x);
	assert_false(p.n[1].filled);
	assert_string_equal(p.n[1].tip, "");
	gplace_free(&p);
}

/* The call graph's: top to bottom, fills and tooltips kept. */
static void
top_down(void **state)
{
	static const char dot[] = "digraph callgraph {\n\trankdir=TB;\n"
	    "\tnode [shape=box, style=filled];\n"
	    "\t\"n0\" [label=\"f 2.000 ms\", fillcolor=\"#ff8000\", "
	    "tooltip=\"f: 1 calls\"];\n"
	    "\t\"n1\" [label=\"g 1.000 ms\", fillcolor=\"#00ff00\"];\n"
	    "\t\"n0\" -> \"n1\" [label=\"3\", tooltip=\"f calls g\"];\n}\n";
	struct gplace p;

	(void)state;
	placed(dot, &p, 2);
	assert_true(p.n[0].y < p.n[1].y);
	assert_true(fabs(p.n[0].x - p.n[1].x) < 1);
	assert_true(p.n[0].filled && p.n[1].filled);
	assert_true(fabs(p.n[0].rgb[0] - 1) < 1e-9);
	assert_true(fabs(p.n[0].rgb[1] - 128 / 255.0) < 1e-9);
	assert_true(fabs(p.n[0].rgb[2]) < 1e-9);
	assert_string_equal(p.n[0].tip, "f: 1 calls");
	assert_string_equal(p.n[1].tip, "");
	assert_int_equal(p.ne, 1);
	assert_string_equal(p.e[0].label, "3");
	assert_string_equal(p.e[0].tip, "f calls g");
	gplace_free(&p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(png_and_svg),
		cmocka_unit_test(svg_text),
		cmocka_unit_test(bad_dot),
		cmocka_unit_test(left_to_right),
		cmocka_unit_test(top_down),
	};

	int r = cmocka_run_group_tests(tests, NULL, NULL);

	chart_release_fonts();
	return r;
}
