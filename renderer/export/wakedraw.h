/* wakedraw.h: the wake-up graph's DOT laid out and drawn as SVG or PNG by Graphviz's libgvc (docs/wakeups.md, docs/dependencies.md). */
#ifndef BC_WAKEDRAW_H
#define BC_WAKEDRAW_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/*
 * Lays out the digraph dot[0..len) with dot's algorithm and writes it
 * to f as format ("svg" or "png").  0, or -1 with the error in d.
 */
int wakedraw(const char *dot, size_t len, const char *format, FILE *f,
    struct diag *d);

#endif
