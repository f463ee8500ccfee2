/* outputs.c: the outputs table and its conductor: make what a row needs, open the output, run the row's writer. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layout.h"
#include "layout_compare.h"
#include "outputs.h"
#include "report.h"
#include "report_json.h"
#include "report_summary.h"

static const struct output outputs[FMT_COUNT] = {
#define OUTPUT(id, name, ext, from, dest, kind, writer) \
	[FMT_##id] = { name, ext, from, dest, kind, writer },
#include "outputs.def"
#undef OUTPUT
};

const struct output *
output_of(enum chart_format f)
{
	return (unsigned)f < FMT_COUNT ? &outputs[f] : &outputs[FMT_PNG];
}

int
chart_format_parse(const char *s, enum chart_format *f)
{
	size_t i;

	for (i = 0; i < FMT_COUNT; i++)
		if (outputs[i].name != NULL &&
		    strcasecmp(s, outputs[i].name) == 0) {
			*f = (enum chart_format)i;
			return 0;
		}
	return -1;
}

const char *
chart_format_ext(enum chart_format f)
{
	return output_of(f)->ext;
}

int
chart_format_of_path(const char *path, int mask, enum chart_format *f)
{
	const char *base = strrchr(path, '/');
	size_t i, n, e, best = 0;

	/* The file's name: "dir/.svg" ends in no format, as ".svg" does not. */
	path = base != NULL ? base + 1 : path;
	n = strlen(path);
	for (i = 0; i < FMT_COUNT; i++) {
		if (!(outputs[i].from & mask))
			continue;
		e = strlen(outputs[i].ext);
		if (e + 1 >= n || e <= best || path[n - e - 1] != '.' ||
		    strcasecmp(path + n - e, outputs[i].ext) != 0)
			continue;
		*f = (enum chart_format)i;
		best = e;
	}
	return best > 0 ? 0 : -1;
}

const char *
output_names(void)
{
	static char buf[256];
	size_t i, n = 0;

	if (buf[0] != '\0')
		return buf;
	for (i = 0; i < FMT_COUNT; i++)
		if (outputs[i].name != NULL)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s",
			    i ? ", " : "", outputs[i].name);
	return buf;
}

int
out_json(const struct out_job *j, struct outfile *of, struct diag *d)
{
	report_json_write(j->rep, of->f);
	return 0;
}

int
out_summary(const struct out_job *j, struct outfile *of, struct diag *d)
{
	if (report_summary_write(j->rep, of->f) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

int
out_tree(const struct out_job *j, struct outfile *of, struct diag *d)
{
	proctree_dump(j->boot->tree, of->f);
	return 0;
}

int
out_boot_time(const struct out_job *j, struct outfile *of, struct diag *d)
{
	long long cs = (long long)((j->boot->ms->boot_us + USEC_PER_MS * 5) /
	    (USEC_PER_MS * 10));

	fprintf(of->f, "%lld:%02lld.%02lld\n", cs / 6000, cs % 6000 / 100,
	    cs % 100);
	return 0;
}

int
output_binary(const struct out_job *j)
{
	const struct output *o = output_of(j->format);

	if ((o->from & OF_VERB) && j->verb != NULL && j->verb->form_set)
		o = output_of(j->opts->format);
	return o->kind == OK_BINARY;
}

int
out_form(const struct out_job *j, struct outfile *of, struct diag *d)
{
	(void)of;
	return diag_error_status(d, EXIT_USAGE, "-f %s goes with a trace "
	    "verb (--wake-graph, --call-graph, --functions)",
	    output_of(j->format)->name);
}

/* Opens path, runs the writer, closes (the temporary removed on failure). */
static int
run_writer(const struct out_job *j, const char *path, struct diag *d)
{
	struct outfile of;
	int rc;

	diag_set_file(d, "%s", "");	/* errors from here on are the output's */
	if (outfile_open_mode(&of, path, j->private_out, d) != 0)
		return -1;
	rc = output_of(j->format)->write(j, &of, d);
	return outfile_close(&of, rc == 0, d) != 0 || rc != 0 ? -1 : 0;
}

/* The layout for a chart: one boot's, or the compare chart's. */
static int
make_layout(struct layout *l, const struct out_job *j, struct diag *d)
{
	/* Layout messages name the input; the output's name its path. */
	d->line = 0;
	if (j->cmp != NULL)
		return layout_compare(l, j->cmp, j->opts, d);
	return layout_make(l, j->boot, j->opts, d);
}

int
output_write(const struct out_job *job, const char *path, struct diag *d)
{
	const struct output *o = output_of(job->format);
	struct out_job j = *job;
	struct layout l;
	struct report r;
	int rc;

	if ((o->from & OF_LAYOUT) && make_layout(&l, &j, d) != 0)
		return -1;
	j.layout = (o->from & OF_LAYOUT) ? &l : NULL;
	if ((o->from & OF_REPORT) && j.cmp == NULL && report_make(&r, j.boot,
	    j.opts != NULL && j.opts->show_all, d) != 0) {
		if (j.layout != NULL)
			layout_free(&l);
		return -1;
	}
	j.rep = (o->from & OF_REPORT) && j.cmp == NULL ? &r : NULL;
	rc = run_writer(&j, path, d);
	if (j.rep != NULL)
		report_free(&r);
	if (j.layout != NULL)
		layout_free(&l);
	return rc;
}

int
chart_write(const struct boot *b, const struct chart_opts *o,
    const char *path, struct diag *d)
{
	const struct out_job j = { .format = o->format, .boot = b, .opts = o };

	return output_write(&j, path, d);
}
