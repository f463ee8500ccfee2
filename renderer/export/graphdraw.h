/* graphdraw.h: a digraph's DOT (the wake-up graph, the call graph) laid out by Graphviz's libgvc and drawn as SVG or PNG (docs/wakeups.md, docs/trace.md, docs/dependencies.md). */
#ifndef BC_GRAPHDRAW_H
#define BC_GRAPHDRAW_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/*
 * Lays out the digraph dot[0..len) with dot's algorithm and writes it
 * to f as format ("svg" or "png"); what names it in errors ("wake-up
 * graph").  0, or -1 with the error in d.
 */
int graphdraw(const char *dot, size_t len, const char *format,
    const char *what, FILE *f, struct diag *d);

/* A DOT string's body: s (escaped already) with its quotes escaped too. */
void graph_dot_str(FILE *f, const char *s);

#endif
