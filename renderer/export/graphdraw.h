/* graphdraw.h: a digraph's DOT (the wake-up graph, the call graph) laid out by Graphviz's libgvc and drawn as SVG or PNG (docs/wakeups.md, docs/trace.md, docs/dependencies.md). */
#ifndef BC_GRAPHDRAW_H
#define BC_GRAPHDRAW_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "graphplace.h"

/*
 * Lays out the digraph dot[0..len) with dot's algorithm and writes it
 * to f as format ("svg" or "png"); what names it in errors ("wake-up
 * graph").  0, or -1 with the error in d.
 */
int graphdraw(const char *dot, size_t len, const char *format,
    const char *what, FILE *f, struct diag *d);

/*
 * The body of a DOT quoted string that reads back as s, for every DOT
 * writer's every attribute (labels, tooltips, names): s is made
 * printable first (escape_text, escape_page), then its quotes and
 * backslashes are escaped here, so that no byte of it ends the string,
 * adds a statement or means an escString escape to Graphviz.
 */
void graph_dot_str(FILE *f, const char *s);
/*
 * A placed node as SVG, for our own SVG and the page's: the group of
 * class cls, the tooltip (else the label) as its title, and the shape,
 * left open for the caller's fill; graph_svg_node_close ends the shape
 * and writes the label.
 */
void graph_svg_node_open(FILE *f, const struct gpnode *n, const char *cls);
void graph_svg_node_close(FILE *f, const struct gpnode *n);

#endif
