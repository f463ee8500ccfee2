/* xmltext.h: text escaped for XML (the SVG painter, the -f html page), and log text escaped for a terminal first, as every output prints it. */
#ifndef BC_XMLTEXT_H
#define BC_XMLTEXT_H

#include <stdio.h>

/* Writes s with & < > " ' as XML references (s is clean UTF-8). */
void xml_puts(FILE *f, const char *s);

/*
 * Writes text as logged: escaped for a terminal first (escape.h: the
 * same bytes every other output prints), then for XML.  -1 on no memory.
 */
int xml_puts_log(FILE *f, const char *s);

#endif
