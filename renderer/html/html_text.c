/* html_text.c: text for the -f html page, escaped for XML (and log text for a terminal first, as every output prints it). */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "html_text.h"

void
html_puts(FILE *f, const char *s)
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
html_puts_log(FILE *f, const char *s)
{
	size_t cap = 4 * strlen(s) + 1;	/* \xHH at worst per byte */
	char *e;

	if ((e = malloc(cap)) == NULL)
		return -1;
	escape_text(e, cap, s);
	html_puts(f, e);
	free(e);
	return 0;
}
