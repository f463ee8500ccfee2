/* xmltext.c: text escaped for XML (the SVG painter, the -f html page), and log text escaped for a terminal first, as every output prints it. */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "xmltext.h"

void
xml_puts(FILE *f, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: putc(*s, f);
		}
}

int
xml_puts_log(FILE *f, const char *s)
{
	size_t cap = 4 * strlen(s) + 1;	/* \xHH at worst per byte */
	char *e;

	if ((e = malloc(cap)) == NULL)
		return -1;
	escape_page(e, cap, s);
	xml_puts(f, e);
	free(e);
	return 0;
}
