/* graphplace.c: a digraph (the wake-up graph, the call graph) laid out by Graphviz's dot layout plugin, loaded alone by its path (docs/dependencies.md), read back into plain boxes and splines (graphplace.h). */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <graphviz/gvc.h>
#include <graphviz/gvplugin.h>
#include <graphviz/types.h>

#include "graphplace.h"

/*
 * Graphviz's dot layout plugin, by the path pkg-config gives (Makefile):
 * only it is loaded, no plugin configuration is read.
 */
#ifndef GV_DOT_LAYOUT
#define GV_DOT_LAYOUT	"libgvplugin_dot_layout.so.6"
#endif
#define GV_DOT_LIBRARY	"gvplugin_dot_layout_LTX_library"

/* The layout's point in px: y flipped (Graphviz's grows up), the margin added. */
static void
px(const struct gplace *p, boxf bb, pointf q, double *x, double *y)
{
	*x = GPLACE_MARGIN + q.x - bb.LL.x;
	*y = p->h - GPLACE_MARGIN - (q.y - bb.LL.y);
}

/*
 * A label as Graphviz draws it: the lines its make_label made of it
 * (split at \n, \l, \r, each \\ read as one backslash; l->text keeps
 * the escapes), joined by spaces.  NULL: no memory.
 */
static char *
dup_text(const textlabel_t *l)
{
	size_t i, n = 1;
	char *s;

	if (l == NULL || l->html || l->u.txt.nspans <= 0)
		return strdup(l != NULL && l->text != NULL && !l->html ?
		    l->text : "");
	for (i = 0; i < (size_t)l->u.txt.nspans; i++)
		n += strlen(l->u.txt.span[i].str) + 1;
	if ((s = malloc(n)) == NULL)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < (size_t)l->u.txt.nspans; i++) {
		if (i > 0)
			strcat(s, " ");
		strcat(s, l->u.txt.span[i].str);
	}
	return s;
}

/* "#rrggbb" into rgb (0..1); 0, or -1 when it is not that. */
static int
hex_rgb(const char *s, double rgb[3])
{
	unsigned long v;
	char *end;

	if (s == NULL || s[0] != '#' || strlen(s) != 7)
		return -1;
	v = strtoul(s + 1, &end, 16);
	if (*end != '\0')
		return -1;
	rgb[0] = (double)(v >> 16 & 0xff) / 255.0;
	rgb[1] = (double)(v >> 8 & 0xff) / 255.0;
	rgb[2] = (double)(v & 0xff) / 255.0;
	return 0;
}

/*
 * An escString attribute of o (a tooltip) as Graphviz shows it: \n, \l,
 * \r a newline, any other escaped byte itself (graph_dot_str doubles
 * every backslash of a name); "" when unset.  NULL: no memory.
 */
static char *
dup_attr(void *o, char *name)
{
	const char *v = agget(o, name);
	char *s, *p;

	if (v == NULL)
		v = "";
	if ((s = p = malloc(strlen(v) + 1)) == NULL)
		return NULL;
	for (; *v != '\0'; v++) {
		if (*v == '\\' && v[1] != '\0') {
			v++;
			*p++ = strchr("nlr", *v) != NULL ? '\n' : *v;
			continue;
		}
		*p++ = *v;
	}
	*p = '\0';
	return s;
}

static int
read_node(struct gplace *p, boxf bb, Agnode_t *n)
{
	struct gpnode *w = &p->n[p->nn];
	const char *shape = agget(n, "shape");

	px(p, bb, ND_coord(n), &w->x, &w->y);
	w->w = ND_width(n) * 72.0;
	w->h = ND_height(n) * 72.0;
	w->ellipse = shape != NULL && strcmp(shape, "ellipse") == 0;
	w->filled = hex_rgb(agget(n, "fillcolor"), w->rgb) == 0;
	if ((w->label = dup_text(ND_label(n))) == NULL)
		return -1;
	if ((w->tip = dup_attr(n, "tooltip")) == NULL) {
		free(w->label);
		return -1;
	}
	ND_id(n) = (int)p->nn++;
	return 0;
}

static int
read_edge(struct gplace *p, boxf bb, Agedge_t *e)
{
	struct gpedge *w = &p->e[p->ne];
	bezier *bz;
	size_t i;

	memset(w, 0, sizeof(*w));
	w->tail = (size_t)ND_id(agtail(e));
	w->head = (size_t)ND_id(aghead(e));
	if ((w->label = dup_text(ED_label(e))) == NULL ||
	    (w->tip = dup_attr(e, "tooltip")) == NULL) {
		free(w->label);
		return -1;
	}
	p->ne++;
	if (ED_label(e) != NULL)
		px(p, bb, ED_label(e)->pos, &w->lx, &w->ly);
	if (ED_spl(e) == NULL || ED_spl(e)->size < 1 ||
	    (bz = &ED_spl(e)->list[0])->size < 4)
		return 0;
	if ((w->pts = calloc((size_t)bz->size, 2 * sizeof(double))) == NULL)
		return -1;
	for (i = 0; i < (size_t)bz->size; i++)
		px(p, bb, bz->list[i], &w->pts[2 * i], &w->pts[2 * i + 1]);
	w->npts = (size_t)bz->size;
	w->arrow = bz->eflag != 0;
	px(p, bb, bz->ep, &w->ax, &w->ay);
	return 0;
}

/* The laid-out graph g into p; 0, or -1 (no memory). */
static int
read_back(Agraph_t *g, struct gplace *p)
{
	boxf bb = GD_bb(g);
	size_t nn = (size_t)agnnodes(g), ne = (size_t)agnedges(g);
	Agnode_t *n;
	Agedge_t *e;

	p->w = bb.UR.x - bb.LL.x + 2 * GPLACE_MARGIN;
	p->h = bb.UR.y - bb.LL.y + 2 * GPLACE_MARGIN;
	if ((p->n = calloc(nn + 1, sizeof(*p->n))) == NULL ||
	    (p->e = calloc(ne + 1, sizeof(*p->e))) == NULL)
		return -1;
	for (n = agfstnode(g); n != NULL; n = agnxtnode(g, n))
		if (p->nn < nn && read_node(p, bb, n) != 0)
			return -1;
	for (n = agfstnode(g); n != NULL; n = agnxtnode(g, n))
		for (e = agfstout(g, n); e != NULL; e = agnxtout(g, e))
			if (p->ne < ne && read_edge(p, bb, e) != 0)
				return -1;
	return 0;
}

/* DFS states of back_edges: not seen, on the path, done. */
enum { SEEN_NOT, SEEN_PATH, SEEN_DONE };

static void
visit(Agraph_t *g, Agnode_t *n, uint8_t *seen, size_t cap)
{
	Agedge_t *e;
	size_t h, k = (size_t)AGSEQ(n);

	seen[k] = SEEN_PATH;
	for (e = agfstout(g, n); e != NULL; e = agnxtout(g, e)) {
		if ((h = (size_t)AGSEQ(aghead(e))) >= cap || aghead(e) == n)
			continue;
		if (seen[h] == SEEN_PATH)
			agsafeset(e, "constraint", "false", "true");
		else if (seen[h] == SEEN_NOT)
			visit(g, aghead(e), seen, cap);
	}
	seen[k] = SEEN_DONE;
}

/*
 * The edges that close a cycle (A woke B, B woke A) do not rank their
 * nodes: dot would reverse them, and Graphviz 2.42 to 2.43 never frees
 * the edges it makes for that (LeakSanitizer sees them).  0, or -1.
 */
static int
back_edges(Agraph_t *g)
{
	size_t cap = 1;
	uint8_t *seen;
	Agnode_t *n;

	for (n = agfstnode(g); n != NULL; n = agnxtnode(g, n))
		if ((size_t)AGSEQ(n) >= cap)
			cap = (size_t)AGSEQ(n) + 1;
	if ((seen = calloc(cap, 1)) == NULL)
		return -1;
	for (n = agfstnode(g); n != NULL; n = agnxtnode(g, n))
		if (seen[AGSEQ(n)] == SEEN_NOT)
			visit(g, n, seen, cap);
	free(seen);
	return 0;
}

static int
layout(void *dotlib, char *text, const char *what, struct gplace *p,
    struct diag *d)
{
	lt_symlist_t builtins[] = {
		{ GV_DOT_LIBRARY, dlsym(dotlib, GV_DOT_LIBRARY) },
		{ NULL, NULL }
	};
	GVC_t *gvc;
	Agraph_t *g;
	int r = -1;

	if (builtins[0].address == NULL)
		return diag_error_status(d, EXIT_OUTPUT, "Graphviz: no %s in "
		    "%s", GV_DOT_LIBRARY, GV_DOT_LAYOUT);
	/* Graphviz's own messages: its errors only, not its layout warnings. */
	agseterr(AGERR);
	if ((gvc = gvContextPlugins(builtins, 0)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	if ((g = agmemread(text)) == NULL) {
		gvFreeContext(gvc);
		return diag_error_status(d, EXIT_NOMEM, "Graphviz could not "
		    "read the %s", what);
	}
	/*
	 * Unless the DOT says (the call graph: callers above), wakers left,
	 * waiters right: [irq] wakes hundreds, a column of them scrolls
	 * where a row would be too wide to read.  Labels are sized as the
	 * painters' 12-point sans serif.
	 */
	if (agget(g, "rankdir") == NULL)
		agattr(g, AGRAPH, "rankdir", "LR");
	agattr(g, AGNODE, "fontsize", "12");
	agattr(g, AGEDGE, "fontsize", "12");
	agattr(g, AGNODE, "fontname", "Helvetica");
	agattr(g, AGEDGE, "fontname", "Helvetica");
	if (back_edges(g) != 0)
		diag_error_status(d, EXIT_NOMEM, "out of memory");
	else if (gvLayout(gvc, g, "dot") != 0)
		diag_error_status(d, EXIT_NOMEM, "Graphviz could not lay out "
		    "the %s", what);
	else if (read_back(g, p) != 0)
		diag_error_status(d, EXIT_NOMEM, "out of memory");
	else
		r = 0;
	gvFreeLayout(gvc, g);
	agclose(g);
	gvFreeContext(gvc);
	return r;
}

int
graphplace(const char *dot, size_t len, const char *what, struct gplace *p,
    struct diag *d)
{
	void *lib;
	char *text;
	int r;

	memset(p, 0, sizeof(*p));
	if ((lib = dlopen(GV_DOT_LAYOUT, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return diag_error_status(d, EXIT_OUTPUT, "Graphviz's dot "
		    "layout cannot be loaded: %s", dlerror());
	/* agmemread wants a string. */
	if ((text = malloc(len + 1)) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	memcpy(text, dot, len);
	text[len] = '\0';
	r = layout(lib, text, what, p, d);
	free(text);
	if (r != 0)
		gplace_free(p);
	/*
	 * Not closed: the layout keeps buffers in its own static variables
	 * (reused by the next layout), which an unloaded library would leak.
	 */
	return r;
}

void
gplace_free(struct gplace *p)
{
	size_t i;

	for (i = 0; i < p->nn; i++) {
		free(p->n[i].label);
		free(p->n[i].tip);
	}
	for (i = 0; i < p->ne; i++) {
		free(p->e[i].label);
		free(p->e[i].tip);
		free(p->e[i].pts);
	}
	free(p->n);
	free(p->e);
	memset(p, 0, sizeof(*p));
}
