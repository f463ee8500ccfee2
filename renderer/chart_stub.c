/* chart_stub.c: TEMPORARY stand-in for branch chart so the CLI links; delete on merge. */
#include <string.h>

#include "chart.h"

static const char *const names[] = { "png", "svg", "svgz", "eps", "pdf" };

int
chart_format_parse(const char *s, enum chart_format *f)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(s, names[i]) == 0) {
			*f = (enum chart_format)i;
			return 0;
		}
	}
	return -1;
}

const char *
chart_format_ext(enum chart_format f)
{
	return (size_t)f < sizeof(names) / sizeof(names[0]) ? names[f] : "png";
}

int
chart_write(const struct trace *t, struct proctree *tree,
    const struct chart_opts *o, const char *path, struct diag *d)
{
	(void)t;
	(void)tree;
	(void)o;
	diag_set_file(d, "%s", path);
	return diag_error_status(d, EXIT_OUTPUT, "chart drawing is not built "
	    "in yet");
}
