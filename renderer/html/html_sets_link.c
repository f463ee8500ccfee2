/* html_sets_link.c: a link from the sets' page to one of its logs, the path as given (or through the directory it was given in), percent-encoded. */
#include <string.h>

#include "html_sets.h"
#include "xmltext.h"

/* Percent-encoded for a URL: all but unreserved bytes and '/'. */
static void
url_puts(FILE *f, const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p != '\0'; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p) != NULL)
			putc(*p, f);
		else
			fprintf(f, "%%%02X", *p);
}

void
html_sets_link(FILE *f, const struct sets *s, const struct html_sets_opts *o,
    size_t b, const char *text)
{
	const char *path = s->boots[b].path;

	/*
	 * A relative path as given works from the current directory; the
	 * page elsewhere links to it through the directory it was given in.
	 */
	fputs("<a href=\"", f);
	if (path[0] == '/' || o->cwd != NULL) {
		fputs("file://", f);
		if (path[0] != '/') {
			url_puts(f, o->cwd);
			putc('/', f);
		}
	} else if (strchr(path, ':') != NULL)
		fputs("./", f);
	url_puts(f, path);
	fputs("\" title=\"", f);
	xml_puts_log(f, path);
	fputs("\">", f);
	xml_puts(f, text);
	fputs("</a>", f);
}
