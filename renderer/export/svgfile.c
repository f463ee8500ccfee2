/* svgfile.c: out_svg, the writer of -f svg and svgz: the SVG painter's document, gzipped for svgz. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outputs.h"
#include "sink.h"
#include "svg.h"

static int
nomem(const struct outfile *of, struct diag *d)
{
	return diag_error_status(d, EXIT_NOMEM, "%s: out of memory writing "
	    "the chart", of->shown);
}

/* svgz: the document through a stdio stream into gzip, to the raw fd. */
static int
write_svgz(const struct out_job *j, struct outfile *of, struct diag *d)
{
	struct sink *s;
	FILE *f;
	int rc, err;

	if ((s = malloc(sizeof(*s))) == NULL)
		return nomem(of, d);
	if (sink_init(s, of->fd, 1) != 0 || (f = sink_stream(s)) == NULL) {
		sink_end(s);
		free(s);
		return nomem(of, d);
	}
	rc = svg_write(f, j->layout, j->rep, SVG_FILE);
	if (fclose(f) != 0 && s->err == 0)
		s->err = errno ? errno : EIO;
	if (rc == 0)
		sink_finish(s);
	err = s->err;
	sink_end(s);
	free(s);
	if (rc != 0)
		return nomem(of, d);
	if (err != 0)
		return diag_error_status(d, EXIT_OUTPUT, "%s: %s", of->shown,
		    strerror(err));
	return 0;
}

int
out_svg(const struct out_job *j, struct outfile *of, struct diag *d)
{
	if (j->format == FMT_SVGZ)
		return write_svgz(j, of, d);
	/* Write errors show in ferror(of->f): outfile_close reports them. */
	if (svg_write(of->f, j->layout, j->rep, SVG_FILE) != 0)
		return nomem(of, d);
	return 0;
}
