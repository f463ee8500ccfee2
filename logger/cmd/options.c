/* options.c: the command line of `bootchartd start|stop|init`, applied to the config. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "tracefn.h"
#include "version.h"

/* The period's range in seconds, as the config checks it. */
#define PERIOD_S(us)	((double)(us) / 1e6)

void
usage(FILE *f)
{
	fprintf(f,
	    "usage: bootchartd start [OPTIONS] [--] [CMD [ARGS...]]\n"
	    "       bootchartd stop [-c FILE] [-o FILE]\n"
	    "       bootchartd init [OPTIONS]\n"
	    "       bootchartd kernel-args [-c FILE] [--] [WORD...]\n"
	    "       bootchartd series N|status|cancel|step [-c FILE]\n"
	    "                  boot N times, each boot's log kept (bootchartd(8))\n"
	    "       bootchartd -h | -V\n"
	    "options:\n"
	    "  -c FILE         config file (default " CONFIG_PATH ")\n"
	    "  -o FILE         tarball (default ./bootchart.tgz; for init\n"
	    "                  as root BOOTLOG_DEST)\n");
	fprintf(f,
	    "  -p, --period S  sample period in seconds (%g .. %g)\n",
	    PERIOD_S(CONFIG_PERIOD_MIN_US), PERIOD_S(CONFIG_PERIOD_MAX_US));
	fprintf(f,
	    "  --acct          process accounting (root only)\n"
	    "  --no-acct       no process accounting\n"
	    "  --trace         start: record the kernel's trace of the whole\n"
	    "                  system while it runs (exact mode; root only;\n"
	    "                  docs in bootchartd(8))\n"
	    "  --functions F,...\n"
	    "                  start: --trace, and the kernel's calls below\n"
	    "                  these functions (function_graph; root only)\n"
	    "  --functions-depth N\n"
	    "                  calls that deep at most (FUNCTIONS_DEPTH)\n"
	    "  --functions-threshold US\n"
	    "                  shorter calls left out (FUNCTIONS_THRESHOLD)\n"
	    "  -v, --verbose   more messages\n"
	    "  -h, --help      this text\n"
	    "  -V, --version   version\n"
	    "As the kernel's init (init=/sbin/bootchartd) it starts the real\n"
	    "init and logs the boot; see bootchartd(8).\n");
}

int
opts_parse(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ .name = "period", .has_arg = required_argument, .val = 'p' },
		{ .name = "acct", .has_arg = no_argument, .val = 'A' },
		{ .name = "no-acct", .has_arg = no_argument, .val = 'N' },
		{ .name = "trace", .has_arg = no_argument, .val = 'T' },
		{ .name = "functions", .has_arg = required_argument,
		    .val = 'F' },
		{ .name = "functions-depth", .has_arg = required_argument,
		    .val = 'D' },
		{ .name = "functions-threshold", .has_arg = required_argument,
		    .val = 'H' },
		{ .name = "verbose", .has_arg = no_argument, .val = 'v' },
		{ .name = "help", .has_arg = no_argument, .val = 'h' },
		{ .name = "version", .has_arg = no_argument, .val = 'V' },
		{ .name = NULL }
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->acct = -1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+c:o:p:vhV", lo, NULL)) != -1) {
		switch (c) {
		case 'c': o->conf = optarg; break;
		case 'o': o->out = optarg; break;
		case 'p': o->period = optarg; break;
		case 'A': o->acct = 1; break;
		case 'N': o->acct = 0; break;
		case 'T': o->trace = 1; break;
		case 'F': o->functions = optarg; o->trace = 1; break;
		case 'D': o->fn_depth = optarg; break;
		case 'H': o->fn_thresh = optarg; break;
		case 'v': o->verbose++; break;
		case 'h': usage(stdout); exit(EXIT_OK);
		case 'V': version_print(stdout, "bootchartd"); exit(EXIT_OK);
		default: usage(stderr); return -1;
		}
	}
	return optind;
}

int
path_absolute(const char *in, char *out, size_t len)
{
	char cwd[PATH_MAX];

	if (in[0] == '/') {
		if (strlen(in) >= len)
			return -1;
		snprintf(out, len, "%s", in);
		return 0;
	}
	if (getcwd(cwd, sizeof(cwd)) == NULL)
		return -1;
	/* "/" is the one directory whose name ends in a slash. */
	if ((size_t)snprintf(out, len, "%s/%s", strcmp(cwd, "/") == 0 ? "" :
	    cwd, in) >= len)
		return -1;
	return 0;
}

int
opts_load(const struct opts *o, struct config *cfg, struct diag *d)
{
	config_defaults(cfg);
	if (config_load(cfg, o->conf != NULL ? o->conf : CONFIG_PATH,
	    o->conf != NULL, d) != 0) {
		fprintf(stderr, "bootchartd: %s\n", d->msg);
		return d->status;
	}
	diag_set_file(d, "%s", "");
	return 0;
}

int
opts_config(const struct opts *o, const char *fallback, struct config *cfg,
    struct diag *d)
{
	char dest[PATH_MAX], why[192];
	int r;

	if ((r = opts_load(o, cfg, d)) != 0)
		return r;
	if (o->period != NULL && config_period(cfg, o->period) != 0) {
		fprintf(stderr, "bootchartd: bad period %s (%g to %g seconds)\n",
		    o->period, PERIOD_S(CONFIG_PERIOD_MIN_US),
		    PERIOD_S(CONFIG_PERIOD_MAX_US));
		return EXIT_USAGE;
	}
	if (o->fn_depth != NULL && config_fn_depth(cfg, o->fn_depth) != 0) {
		fprintf(stderr, "bootchartd: --functions-depth %s: want %u to "
		    "%u\n", o->fn_depth, CONFIG_FN_DEPTH_MIN, CONFIG_FN_DEPTH_MAX);
		return EXIT_USAGE;
	}
	if (o->fn_thresh != NULL && config_fn_threshold(cfg, o->fn_thresh) !=
	    0) {
		fprintf(stderr, "bootchartd: --functions-threshold %s: want %u "
		    "to %u\n", o->fn_thresh, CONFIG_FN_THRESH_MIN,
		    CONFIG_FN_THRESH_MAX);
		return EXIT_USAGE;
	}
	if (o->functions != NULL && tracefn_check(o->functions, why,
	    sizeof(why)) != 0) {
		fprintf(stderr, "bootchartd: %s\n", why);
		return EXIT_USAGE;
	}
	if (o->acct >= 0)
		cfg->acct = o->acct;
	cfg->verbose = o->verbose;
	d->verbose = o->verbose;
	/* The run goes on without; the header says why (parents.c). */
	if (cfg->acct && geteuid() != 0)
		diag_warn(d, "process accounting needs root; logging without "
		    "it");
	if (path_absolute(o->out != NULL ? o->out : fallback != NULL ?
	    fallback : cfg->dest, dest, sizeof(dest)) != 0) {
		fprintf(stderr, "bootchartd: output path too long\n");
		return EXIT_USAGE;
	}
	memcpy(cfg->dest, dest, sizeof(cfg->dest));
	return 0;
}
