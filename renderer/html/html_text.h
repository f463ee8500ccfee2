/* html_text.h: text for the -f html page, escaped for XML (and log text for a terminal first, as every output prints it). */
#ifndef BC_HTML_TEXT_H
#define BC_HTML_TEXT_H

#include <stdio.h>

/* Writes s with & < > " ' as XML references (s is clean UTF-8). */
void html_puts(FILE *f, const char *s);

/*
 * Writes text as logged: escaped for a terminal first (escape.h: the
 * same bytes every other output prints), then for XML.  -1 on no memory.
 */
int html_puts_log(FILE *f, const char *s);

#endif
