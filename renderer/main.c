/* main.c: bootchart-render command line: read logs, build the tree, draw or print it. */
#include <sys/stat.h>

#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "diag.h"
#include "input.h"
#include "proctree.h"
#include "trace.h"

#define PROG "bootchart-render"

enum {
	OPT_DUMP_TREE = 256, OPT_WIDTH, OPT_SHOW_PID, OPT_SHOW_ALL,
	OPT_CROP_AFTER, OPT_ANNOTATE, OPT_TITLE, OPT_STRICT
};

struct cli {
	int dump_tree;
	int boot_time;
	struct tree_opts tree;
	int verbose;
	const char *output;
	struct chart_opts chart;
	char **paths;
	size_t npaths;
};

static const struct option longopts[] = {
	{ "dump-tree", no_argument, NULL, OPT_DUMP_TREE },
	{ "boot-time", no_argument, NULL, 't' },
	{ "no-prune", no_argument, NULL, 'n' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "show-pid", no_argument, NULL, OPT_SHOW_PID },
	{ "show-all", no_argument, NULL, OPT_SHOW_ALL },
	{ "crop-after", required_argument, NULL, OPT_CROP_AFTER },
	{ "annotate", required_argument, NULL, OPT_ANNOTATE },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ NULL, 0, NULL, 0 }
};

static void
help(void)
{
	printf("usage: " PROG " [OPTIONS] [PATH...]\n"
	    "Draws a chart of a boot from bootchart logs. PATH is a log tarball\n"
	    "(.tgz, .tar.gz, .tar, .tar.bz2, .tar.xz; - for standard input) or a\n"
	    "directory of log files; several are merged. Default:\n"
	    "/var/log/bootchart.tgz.\n"
	    "\n"
	    "  -f, --format FMT      output format: png (default), svg, svgz, eps, pdf\n"
	    "  -o, --output PATH     output file, or existing directory for it\n"
	    "                        (default: ./NAME.FMT, NAME from the first PATH)\n"
	    "      --width PX        image width in pixels (%d-%d; default from duration)\n"
	    "      --title TEXT      chart title instead of the header's\n"
	    "      --show-pid        show process IDs after the names\n"
	    "      --show-all        show full command lines where logged\n"
	    "      --crop-after PROC end the chart when idle after PROC starts\n"
	    "      --annotate PROC   mark where PROC starts (repeatable)\n"
	    "  -n, --no-prune        keep every process (no pruning or merging)\n"
	    "      --strict          follow the Java bootchart renderer exactly\n"
	    "                        where this one differs (docs/tree.md)\n"
	    "  -t, --boot-time       print the boot time (M:SS.ss) and exit\n"
	    "      --dump-tree       print the process tree as text and exit\n"
	    "  -q, --quiet           no warnings\n"
	    "  -v, --verbose         say more (repeatable)\n"
	    "  -h, --help            show this help and exit\n"
	    "  -V, --version         show the version and exit\n"
	    "\n"
	    "Exit status: 0 ok, 1 usage, 2 bad input, 3 output not written,\n"
	    "4 out of memory.\n", CHART_WIDTH_MIN, CHART_WIDTH_MAX);
}

static int usage_error(const char *, ...)
    __attribute__((format(printf, 1, 2)));

static int
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, PROG ": ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '" PROG " --help' for more information.\n");
	return EXIT_USAGE;
}

static int
parse_width(const char *s, int *out)
{
	char *end;
	long v;

	v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || v < CHART_WIDTH_MIN ||
	    v > CHART_WIDTH_MAX)
		return -1;
	*out = (int)v;
	return 0;
}

/* One option; returns -1 to go on, or an exit status. */
static int
option(struct cli *c, int ch, const char *arg)
{
	switch (ch) {
	case OPT_DUMP_TREE: c->dump_tree = 1; break;
	case 't': c->boot_time = 1; break;
	case 'n': c->tree.prune = 0; break;
	case OPT_STRICT: c->tree.strict = c->chart.strict = 1; break;
	case 'q': c->verbose = -1; break;
	case 'v': c->verbose = c->verbose < 0 ? 1 : c->verbose + 1; break;
	case 'h': help(); return EXIT_OK;
	case 'V': printf(PROG " " BC_VERSION "\n"); return EXIT_OK;
	case 'f':
		if (chart_format_parse(arg, &c->chart.format) != 0)
			return usage_error("unknown format '%s' (png, svg, "
			    "svgz, eps, pdf)", arg);
		break;
	case 'o': c->output = arg; break;
	case OPT_WIDTH:
		if (parse_width(arg, &c->chart.width) != 0)
			return usage_error("bad --width '%s': need a number "
			    "of pixels from %d to %d", arg, CHART_WIDTH_MIN,
			    CHART_WIDTH_MAX);
		break;
	case OPT_SHOW_PID: c->chart.show_pid = 1; break;
	case OPT_SHOW_ALL: c->chart.show_all = 1; break;
	case OPT_CROP_AFTER: c->chart.crop_after = arg; break;
	case OPT_ANNOTATE:
		c->chart.annotate[c->chart.nannotate++] = arg;
		break;
	case OPT_TITLE: c->chart.title = arg; break;
	case ':':
		return usage_error("option '%s' needs an argument", arg);
	default:
		return usage_error("unknown option '%s'", arg);
	}
	return -1;
}

static int
parse_args(struct cli *c, int argc, char **argv)
{
	int ch, rc;

	c->tree = tree_pruned;
	c->chart.format = FMT_PNG;
	/* Every --annotate takes an argv slot, so argc bounds them. */
	if ((c->chart.annotate = calloc((size_t)argc, sizeof(char *))) == NULL) {
		fprintf(stderr, PROG ": out of memory\n");
		return EXIT_NOMEM;
	}
	opterr = 0;	/* our messages name the program, not argv[0] */
	while ((ch = getopt_long(argc, argv, ":tnqvhVf:o:", longopts,
	    NULL)) != -1) {
		/* On errors, argv[optind - 1] is the offending word. */
		if (ch == '?' || ch == ':')
			optarg = argv[optind - 1];
		if ((rc = option(c, ch, optarg)) >= 0)
			return rc;
	}
	c->paths = argv + optind;
	c->npaths = (size_t)(argc - optind);
	return -1;
}

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

static int
output_path(const struct cli *c, char *out, size_t cap)
{
	char base[NAME_MAX + 1];
	const char *dir = ".";
	struct stat st;
	int n;

	if (c->output != NULL && (stat(c->output, &st) != 0 ||
	    !S_ISDIR(st.st_mode))) {
		n = snprintf(out, cap, "%s", c->output);
		return n < 0 || (size_t)n >= cap ? -1 : 0;
	}
	if (c->output != NULL)
		dir = c->output;
	base_name(c->npaths > 0 ? c->paths[0] : NULL, base, sizeof(base));
	n = snprintf(out, cap, "%s/%s.%s", dir, base,
	    chart_format_ext(c->chart.format));
	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

static void
print_boot_time(int64_t ms)
{
	long long cs = (long long)((ms + 5) / 10);

	printf("%lld:%02lld.%02lld\n", cs / 6000, cs % 6000 / 100, cs % 100);
}

static int
flush_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, PROG ": cannot write to standard output\n");
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}

static int
render(struct cli *c, struct trace *t, struct proctree *tree, struct diag *d)
{
	char path[PATH_MAX];

	if (input_read(t, c->paths, c->npaths, d) != 0 ||
	    proctree_make(tree, t, &c->tree, d) != 0)
		goto fail;
	if (c->dump_tree)
		proctree_dump(tree, stdout);
	if (c->boot_time)
		print_boot_time(tree->duration_ms);
	if (c->dump_tree || c->boot_time)
		return flush_stdout();
	if (output_path(c, path, sizeof(path)) != 0) {
		fprintf(stderr, PROG ": output path too long\n");
		return EXIT_OUTPUT;
	}
	if (chart_write(t, tree, &c->chart, path, d) != 0)
		goto fail;
	if (c->verbose > 0)
		fprintf(stderr, PROG ": wrote %s\n", path);
	return EXIT_OK;
fail:
	fprintf(stderr, PROG ": %s\n", d->msg[0] ? d->msg : "failed");
	return d->status ? d->status : EXIT_BADINPUT;
}

int
main(int argc, char **argv)
{
	struct cli c;
	struct trace t;
	struct proctree tree;
	struct diag d;
	int rc;

	memset(&c, 0, sizeof(c));
	if ((rc = parse_args(&c, argc, argv)) >= 0) {
		free(c.chart.annotate);
		return rc;
	}
	diag_init(&d, PROG);
	d.verbose = c.verbose;
	trace_init(&t);
	memset(&tree, 0, sizeof(tree));
	rc = render(&c, &t, &tree, &d);
	proctree_free(&tree);
	trace_free(&t);
	free(c.chart.annotate);
	chart_release_fonts();
	return rc;
}
