/* html_wake.c: the wake-up graph under the summary of -f html: laid out by wakeplace.c, written as inline SVG whose edges say, hovered, who woke whom, why, how often and how long (docs/html.md). */
#include <stdio.h>

#include "html.h"
#include "wakeplace.h"
#include "xmltext.h"

static void
node(FILE *f, const struct wpnode *n)
{
	fputs("<g class=\"wn\"><title>", f);
	xml_puts(f, n->label);
	fputs("</title>", f);
	if (n->ellipse)
		fprintf(f, "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"%.1f\" "
		    "ry=\"%.1f\"/>", n->x, n->y, n->w / 2, n->h / 2);
	else
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\"/>", n->x - n->w / 2, n->y - n->h / 2,
		    n->w, n->h);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", n->x, n->y + 4);
	xml_puts(f, n->label);
	fputs("</text></g>\n", f);
}

/* An edge: its tooltip names both ends, then its label's numbers. */
static void
edge(FILE *f, const struct wplace *p, const struct wpedge *e)
{
	size_t i;

	fputs("<g class=\"we\"><title>", f);
	xml_puts(f, p->n[e->tail].label);
	fputs(" woke ", f);
	xml_puts(f, p->n[e->head].label);
	fputs(": ", f);
	xml_puts(f, e->label);
	if (e->tip[0] != '\0') {
		fputs("\nkernel stack (innermost first): ", f);
		xml_puts(f, e->tip);
	}
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
		fputs("\"/>", f);
	}
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", e->lx, e->ly + 4);
	xml_puts(f, e->label);
	fputs("</text></g>\n", f);
}

int
html_wake_write(FILE *f, const char *dot, size_t len, struct diag *d)
{
	struct wplace p;
	size_t i;

	if (dot == NULL)
		return 0;
	if (wakeplace(dot, len, &p, d) != 0)
		return -1;
	fputs("<section id=\"wake\"><h2>Wake-up graph</h2>\n<p>Who woke "
	    "whom, from the kernel's trace: an arrow from waker to waiter, "
	    "labelled with the waits' reason, state, count, total and "
	    "longest time (docs/wakeups.md).  Point at an arrow for its "
	    "details.</p>\n", f);
	fprintf(f, "<svg id=\"wakegraph\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.1f %.1f\">\n",
	    p.w, p.h, p.w, p.h);
	fputs("<defs><marker id=\"wa\" viewBox=\"0 0 10 10\" refX=\"10\" "
	    "refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
	    "orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker>"
	    "</defs>\n", f);
	for (i = 0; i < p.ne; i++)
		edge(f, &p, &p.e[i]);
	for (i = 0; i < p.nn; i++)
		node(f, &p.n[i]);
	fputs("</svg>\n</section>\n", f);
	wplace_free(&p);
	return 0;
}
