/* xmltext.h: text escaped for XML (the SVG painter, the -f html page), and log text escaped for a terminal first, as every output prints it. */
#ifndef BC_XMLTEXT_H
#define BC_XMLTEXT_H

#include <stdio.h>

/* Writes s with & < > " ' as XML references (s is clean UTF-8). */
void xml_puts(FILE *f, const char *s);

/*
 * Writes text as logged: its controls escaped first (escape.h's
 * escape_page: as every output prints them, but a backslash stays one),
 * then for XML.  -1 on no memory.
 */
int xml_puts_log(FILE *f, const char *s);

#endif
