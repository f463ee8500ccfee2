/* version.h: the --version text both programs print (version, copyright, licence). */
#ifndef BC_VERSION_TEXT_H
#define BC_VERSION_TEXT_H

#include <stdio.h>

/* The ISC licence (LICENSE; debian/copyright and bootchart.spec name it too). */
#define BC_COPYRIGHT "Copyright (C) 2026 the bootchart authors"
#define BC_LICENSE "License: ISC (see the LICENSE file)"

/* Prints "PROG VERSION", the copyright and the licence line to f. */
void version_print(FILE *f, const char *prog);

#endif
