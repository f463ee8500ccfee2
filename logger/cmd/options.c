/* options.c: the command line of `bootchartd start|stop|init`, applied to the config. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "version.h"

void
usage(FILE *f)
{
	fprintf(f,
	    "usage: bootchartd start [OPTIONS] [--] [CMD [ARGS...]]\n"
	    "       bootchartd stop [-c FILE] [-o FILE]\n"
	    "       bootchartd init [OPTIONS]\n"
	    "       bootchartd -h | -V\n"
	    "options:\n"
	    "  -c FILE         config file (default " CONFIG_PATH ")\n"
	    "  -o FILE         tarball (default ./bootchart.tgz; for init\n"
	    "                  as root BOOTLOG_DEST)\n"
	    "  -p, --period S  sample period in seconds (0.01 .. 60)\n"
	    "  --acct          process accounting (root only)\n"
	    "  --no-acct       no process accounting\n"
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
		{ "period", required_argument, NULL, 'p' },
		{ "acct", no_argument, NULL, 'A' },
		{ "no-acct", no_argument, NULL, 'N' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
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
	if ((size_t)snprintf(out, len, "%s/%s", cwd, in) >= len)
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
	char dest[PATH_MAX];
	uint64_t us;
	int r;

	if ((r = opts_load(o, cfg, d)) != 0)
		return r;
	if (o->period != NULL) {
		if (parse_seconds(o->period, &us) != 0 || us < 10000 ||
		    us > 60000000) {
			fprintf(stderr, "bootchartd: bad period %s "
			    "(0.01 to 60 seconds)\n", o->period);
			return EXIT_USAGE;
		}
		cfg->period_us = us;
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
