/* html_graph.c: a laid-out digraph under the summary of -f html (the wake-up graph, the call graph): placed by graphplace.c, written as inline SVG whose nodes and edges say their numbers when hovered (docs/html.md). */
#include <stdio.h>

#include "graphdraw.h"
#include "html.h"
#include "graphplace.h"
#include "xmltext.h"

#define GRAPH_MIN_SCALE	0.75	/* of the laid-out size: 12 px text at 9 px */

/* A node: its tooltip, else its label, on hover; its DOT fill kept. */
static void
node(FILE *f, const struct gpnode *n)
{
	graph_svg_node_open(f, n, "wn");
	/* A style, not an attribute: the page's CSS would win over that. */
	if (n->filled)
		fprintf(f, " style=\"fill:#%02x%02x%02x\"",
		    (unsigned)(n->rgb[0] * 255 + 0.5),
		    (unsigned)(n->rgb[1] * 255 + 0.5),
		    (unsigned)(n->rgb[2] * 255 + 0.5));
	graph_svg_node_close(f, n);
}

/*
 * An edge's tooltip: with a verb ("woke"), both ends, the verb, its
 * label and then its DOT tooltip; without, its DOT tooltip alone.
 */
static void
edge_title(FILE *f, const struct gplace *p, const struct gpedge *e,
    const struct html_graph *g)
{
	if (g->verb == NULL) {
		xml_puts(f, e->tip[0] != '\0' ? e->tip : e->label);
		return;
	}
	xml_puts(f, p->n[e->tail].label);
	fprintf(f, " %s ", g->verb);
	xml_puts(f, p->n[e->head].label);
	fputs(": ", f);
	xml_puts(f, e->label);
	if (e->tip[0] != '\0') {
		fprintf(f, "\n%s", g->tip_head);
		xml_puts(f, e->tip);
	}
}

static void
edge(FILE *f, const struct gplace *p, const struct gpedge *e,
    const struct html_graph *g)
{
	size_t i;

	fputs("<g class=\"we\"><title>", f);
	edge_title(f, p, e, g);
	fputs("</title>", f);
	if (e->npts >= 4) {
		fprintf(f, "<path d=\"M%.1f,%.1f", e->pts[0], e->pts[1]);
		for (i = 1; i + 2 < e->npts; i += 3)
			fprintf(f, " C%.1f,%.1f %.1f,%.1f %.1f,%.1f",
			    e->pts[2 * i], e->pts[2 * i + 1], e->pts[2 * i + 2],
			    e->pts[2 * i + 3], e->pts[2 * i + 4],
			    e->pts[2 * i + 5]);
		if (e->arrow)
			fprintf(f, " L%.1f,%.1f", e->ax, e->ay);
		fprintf(f, "\" marker-end=\"url(#%s-a)\"/>", g->id);
	}
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", e->lx, e->ly + 4);
	xml_puts(f, e->label);
	fputs("</text></g>\n", f);
}

int
html_graph_write(FILE *f, const char *dot, size_t len,
    const struct html_graph *g, struct diag *d)
{
	struct gplace p;
	size_t i;

	if (dot == NULL)
		return 0;
	if (graphplace(dot, len, g->what, &p, d) != 0)
		return -1;
	fprintf(f, "<section id=\"%s\" class=\"graph\"><h2>", g->section);
	xml_puts(f, g->heading);
	fputs("</h2>\n<p>", f);
	xml_puts(f, g->intro);
	fputs("</p>\n", f);
	/*
	 * Scaled to the page, but never below 3/4: the labels' 12 px stay
	 * 9 px or more, and a wider graph scrolls in its section.
	 */
	fprintf(f, "<svg id=\"%s\" class=\"graph\" "
	    "xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.1f %.1f\" "
	    "style=\"min-width:%.0fpx\">\n", g->id, p.w, p.h, p.w, p.h,
	    p.w * GRAPH_MIN_SCALE);
	fprintf(f, "<defs><marker id=\"%s-a\" viewBox=\"0 0 10 10\" "
	    "refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
	    "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker>"
	    "</defs>\n", g->id);
	for (i = 0; i < p.ne; i++)
		edge(f, &p, &p.e[i], g);
	for (i = 0; i < p.nn; i++)
		node(f, &p.n[i]);
	fputs("</svg>\n</section>\n", f);
	gplace_free(&p);
	return 0;
}
