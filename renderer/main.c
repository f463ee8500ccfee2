/* main.c: bootchart-render: read logs, build the tree, then draw it, print it, report on it or compare two boots. */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chart.h"
#include "cli.h"
#include "compare.h"
#include "compare_table.h"
#include "diag.h"
#include "input.h"
#include "layout_compare.h"
#include "outfile.h"
#include "proctree.h"
#include "report.h"
#include "report_json.h"
#include "report_summary.h"
#include "bootlog.h"

/* One boot as read: its log and the tree built over it. */
struct boot {
	struct bootlog t;
	struct proctree tree;
	struct milestones ms;
	struct report rep;
};

/* "logs/boot1.tar.gz" -> "boot1"; "dir/" -> "dir"; none or "-" -> "bootchart". */
static void
base_name(const char *path, char *out, size_t cap)
{
	static const char *const exts[] = {
		".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".tgz", ".tbz2",
		".tbz", ".txz", ".tar"
	};
	const char *b, *end;
	size_t n, i, el;

	if (path == NULL || strcmp(path, "-") == 0)
		path = "bootchart.tgz";
	end = path + strlen(path);
	while (end > path + 1 && end[-1] == '/')
		end--;
	for (b = end; b > path && b[-1] != '/'; b--)
		;
	n = (size_t)(end - b);
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		el = strlen(exts[i]);
		if (n > el && strncmp(b + n - el, exts[i], el) == 0) {
			n -= el;
			break;
		}
	}
	if (n == 0 || (n == 1 && (*b == '.' || *b == '/')) ||
	    (n == 2 && strncmp(b, "..", 2) == 0)) {
		b = "bootchart";
		n = strlen(b);
	}
	snprintf(out, cap, "%.*s", (int)n, b);
}

/* -o's path, or DIR/NAME.FMT (DIR: -o's directory or "."; NAME from `from`, then suffix). */
static int
output_path(const struct cli *c, const char *from, const char *suffix,
    char *out, size_t cap)
{
	char base[NAME_MAX + 1];
	const char *dir = ".";
	struct stat st;
	int n;

	if (c->output != NULL && (strcmp(c->output, "-") == 0 ||
	    stat(c->output, &st) != 0 || !S_ISDIR(st.st_mode))) {
		n = snprintf(out, cap, "%s", c->output);
		return n < 0 || (size_t)n >= cap ? -1 : 0;
	}
	if (c->output != NULL)
		dir = c->output;
	base_name(from, base, sizeof(base));
	n = snprintf(out, cap, "%s/%s%s.%s", dir, base, suffix,
	    chart_format_ext(c->chart.format));
	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

static void
print_boot_time(usec_t t)
{
	long long cs = (long long)((t + USEC_PER_MS * 5) / (USEC_PER_MS * 10));

	printf("%lld:%02lld.%02lld\n", cs / 6000, cs % 6000 / 100, cs % 100);
}

static int
flush_stdout(struct diag *d)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		return diag_error_status(d, EXIT_OUTPUT, "cannot write to "
		    "standard output");
	return 0;
}

static void
boot_init(struct boot *b)
{
	bootlog_init(&b->t);
	memset(&b->tree, 0, sizeof(b->tree));
	memset(&b->rep, 0, sizeof(b->rep));
}

static void
boot_free(struct boot *b)
{
	report_free(&b->rep);
	proctree_free(&b->tree);
	bootlog_free(&b->t);
}

/* Reads the paths into one boot and builds its tree; 0 or -1 (diag set). */
static int
boot_read(struct boot *b, char **paths, size_t npaths, const struct cli *c,
    struct diag *d)
{
	if (input_read(&b->t, paths, npaths, d) != 0 ||
	    proctree_make(&b->tree, &b->t, &c->tree, d) != 0)
		return -1;
	milestones_make(&b->ms, &b->t, &b->tree, d);
	return 0;
}

/* What a text output writes, given its arguments. */
struct text_out {
	const struct report *old, *rep;	/* old: --compare only */
	const struct cmp_match *match;
	const struct cmp_table_opts *cmp;
	int json;
};

static int
write_text(const struct text_out *w, FILE *f)
{
	if (w->match != NULL)
		return compare_table_write(w->old, w->rep, w->match, w->cmp, f);
	if (w->json) {
		report_json_write(w->rep, f);
		return 0;
	}
	return report_summary_write(w->rep, f);
}

/* To -o's file (atomically) or standard output; 0 or -1 (diag set). */
static int
text_output(const struct cli *c, const struct text_out *w, struct diag *d)
{
	struct outfile of;
	int ok;

	diag_set_file(d, "%s", "");
	if (outfile_open(&of, c->output != NULL ? c->output : "-", d) != 0)
		return -1;
	ok = write_text(w, of.f) == 0;
	if (!ok)
		diag_error_status(d, EXIT_NOMEM, "out of memory");
	return outfile_close(&of, ok, d);
}

/*
 * The chart to its path; 0 or -1 (diag set).  Compressed bytes would
 * garble a terminal, as gzip knows, so only SVG and EPS go to one.
 */
static int
chart_output(const struct cli *c, const char *from, const char *suffix,
    const struct cmp_chart *cc, const struct boot *b, struct diag *d)
{
	char path[PATH_MAX];

	diag_set_file(d, "%s", "");
	if (output_path(c, from, suffix, path, sizeof(path)) != 0)
		return diag_error_status(d, EXIT_OUTPUT, "output path too "
		    "long");
	if (strcmp(path, "-") == 0 && c->chart.format != FMT_SVG &&
	    c->chart.format != FMT_EPS && c->chart.format != FMT_HTML &&
	    isatty(STDOUT_FILENO))
		return diag_error_status(d, EXIT_USAGE, "not writing %s to a "
		    "terminal: redirect standard output, or give -o FILE",
		    chart_format_ext(c->chart.format));
	if ((cc != NULL ? chart_write_compare(cc, &c->chart, path, d) :
	    chart_write(&b->t, &b->tree, &b->ms, &c->chart, path, d)) != 0)
		return -1;
	if (c->verbose > 0)
		fprintf(stderr, PROG ": wrote %s\n", path);
	return 0;
}

/* Two boots: the table, or with -f the chart of both. */
static int
run_compare(const struct cli *c, struct boot *old, struct boot *new,
    struct diag *d)
{
	struct cmp_table_opts o = { c->threshold_us, c->paths[0], c->paths[1] };
	struct text_out w = { &old->rep, &new->rep, NULL, &o, 0 };
	struct cmp_chart cc = { .old_t = &old->t, .new_t = &new->t,
	    .old_tree = &old->tree, .new_tree = &new->tree,
	    .old_ms = &old->ms, .new_ms = &new->ms,
	    .old_label = c->paths[0], .new_label = c->paths[1],
	    .threshold_us = c->threshold_us };
	struct cmp_match m;
	int rc;

	if (boot_read(old, c->paths, 1, c, d) != 0 ||
	    report_make(&old->rep, &old->t, &old->tree, &old->ms, d) != 0 ||
	    boot_read(new, c->paths + 1, 1, c, d) != 0 ||
	    report_make(&new->rep, &new->t, &new->tree, &new->ms, d) != 0)
		return -1;
	if (compare_match(&old->tree, &new->tree, &m) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	w.match = cc.match = &m;
	rc = c->format_set ? chart_output(c, c->paths[1], "-compare", &cc,
	    NULL, d) : text_output(c, &w, d);
	compare_free(&m);
	return rc;
}

/* One boot: a chart, the tree or boot time, or a report. */
static int
run_one(const struct cli *c, struct boot *b, struct diag *d)
{
	struct text_out w = { NULL, &b->rep, NULL, NULL, c->json };

	if (boot_read(b, c->paths, c->npaths, c, d) != 0)
		return -1;
	diag_set_file(d, "%s", "");	/* errors from here on are the output's */
	if (c->json || c->summary)
		return report_make(&b->rep, &b->t, &b->tree, &b->ms, d) != 0 ? -1 :
		    text_output(c, &w, d);
	if (c->dump_tree)
		proctree_dump(&b->tree, stdout);
	if (c->boot_time)
		print_boot_time(b->tree.duration_us);
	if (c->dump_tree || c->boot_time)
		return flush_stdout(d);
	return chart_output(c, c->npaths > 0 ? c->paths[0] : NULL, "", NULL,
	    b, d);
}

int
main(int argc, char **argv)
{
	struct cli c;
	struct boot a, b;
	struct diag d;
	int rc;

	if ((rc = cli_parse(&c, argc, argv)) >= 0) {
		cli_free(&c);
		return rc;
	}
	diag_init(&d, PROG);
	d.verbose = c.verbose;
	boot_init(&a);
	boot_init(&b);
	rc = c.compare ? run_compare(&c, &a, &b, &d) : run_one(&c, &a, &d);
	if (rc != 0) {
		fprintf(stderr, PROG ": %s\n", d.msg[0] ? d.msg : "failed");
		rc = d.status ? d.status : EXIT_BADINPUT;
	}
	boot_free(&a);
	boot_free(&b);
	cli_free(&c);
	chart_release_fonts();
	return rc;
}
