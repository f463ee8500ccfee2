/* gen_bootlog.c: writes a deterministic synthetic bootchart 0.9 log tarball for tests and benchmarks (options and the run; the parts are gen_bootlog_*.c). */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "logfiles.h"

#include "gen_bootlog.h"

static int
parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen_bootlog [-n procs] [-s seconds] "
	    "[-z hz] [-c cpus] [-l gzip-level] [--seed N] [--pacct] [-q]\n"
	    "                   [-o out.tgz] [-d dir]   (at least one)\n");
}

static int
parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 'S' },
		{ "pacct", no_argument, NULL, 'P' },
		{ NULL, 0, NULL, 0 }
	};
	long seed;
	int c;

	memset(o, 0, sizeof(*o));
	o->nprocs = 1500;
	o->seconds = 60;
	o->hz = 50;
	o->ncpu = 2;
	o->level = 6;
	o->seed = 1;
	while ((c = getopt_long(argc, argv, "n:s:z:c:l:o:d:q", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'n':
			if (parse_long(optarg, 12, 1000000, &o->nprocs) < 0)
				goto bad;
			break;
		case 's':
			if (parse_long(optarg, 1, 36000, &o->seconds) < 0)
				goto bad;
			break;
		case 'z':
			if (parse_long(optarg, 1, USER_HZ, &o->hz) < 0)
				goto bad;
			break;
		case 'c':
			if (parse_long(optarg, 1, 256, &o->ncpu) < 0)
				goto bad;
			break;
		case 'l':
			if (parse_long(optarg, 0, 9, &o->level) < 0)
				goto bad;
			break;
		case 'S':
			if (parse_long(optarg, 0, LONG_MAX, &seed) < 0)
				goto bad;
			o->seed = (uint64_t)seed;
			break;
		case 'P':
			o->pacct = 1;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'd':
			o->dir = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		default:
			usage();
			return -1;
		}
	}
	if (optind != argc || (o->out == NULL && o->dir == NULL)) {
		usage();
		return -1;
	}
	if (o->seconds * o->hz < 5) {
		fprintf(stderr, "gen_bootlog: need at least 5 samples "
		    "(seconds * hz)\n");
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "gen_bootlog: bad value for -%c: %s\n",
	    c == 'S' ? 'S' : c, optarg);
	usage();
	return -1;
}

static void
report(const struct sim *s, const struct member *m, size_t nm)
{
	const struct plan *pl = s->pl;
	size_t k;
	long ghosts = 0;
	struct stat st;

	for (k = 0; k < pl->n; k++)
		ghosts += pl->p[k].kind == K_GHOST;
	printf("gen_bootlog: %ld processes (+%ld never sampled), %ld blocks, "
	    "%.1f processes per block\n", s->o->nprocs, ghosts, pl->nblocks,
	    (double)s->samples / (double)pl->nblocks);
	for (k = 0; k < nm; k++)
		printf("gen_bootlog: %-18s %12zu bytes\n", m[k].name,
		    m[k].b->len);
	if (s->o->out != NULL && stat(s->o->out, &st) == 0)
		printf("gen_bootlog: %-18s %12lld bytes\n", s->o->out,
		    (long long)st.st_size);
}

static void
sim_free(struct sim *s)
{
	free(s->stat.p);
	free(s->disk.p);
	free(s->ps.p);
	free(s->pacct.p);
	free(s->header.p);
	free(s->cpus);
	free(s->active);
	free(s->run);
	free(s->cap);
}

static int
generate(const struct opts *o)
{
	struct plan pl;
	struct sim s;
	struct rng r;
	struct member m[5];
	size_t nm = 0;
	int status = EXIT_NOMEM;

	memset(&pl, 0, sizeof(pl));
	memset(&s, 0, sizeof(s));
	r.s = o->seed;
	s.o = o;
	s.pl = &pl;
	s.r = &r;
	if (plan_build(&pl, o, &r) < 0 || simulate(&s) < 0 ||
	    emit_header(&s) < 0 || (o->pacct && emit_pacct(&s) < 0)) {
		fprintf(stderr, "gen_bootlog: out of memory\n");
		goto out;
	}
	m[nm++] = (struct member){ LOG_HEADER, &s.header };
	m[nm++] = (struct member){ LOG_PROC_STAT, &s.stat };
	m[nm++] = (struct member){ LOG_DISKSTATS, &s.disk };
	m[nm++] = (struct member){ LOG_PROC_PS, &s.ps };
	if (o->pacct)
		m[nm++] = (struct member){ LOG_PACCT, &s.pacct };
	status = EXIT_OUTPUT;
	if (o->out != NULL && write_tgz(o->out, m, nm, o->level,
	    (time_t)(BOOT_EPOCH + pl.tick[pl.nblocks - 1] / USER_HZ)) < 0)
		goto out;
	if (o->dir != NULL && write_dir(o->dir, m, nm) < 0)
		goto out;
	if (!o->quiet)
		report(&s, m, nm);
	status = EXIT_OK;
out:
	sim_free(&s);
	free(pl.p);
	free(pl.sorted);
	free(pl.tick);
	return status;
}

int
main(int argc, char **argv)
{
	struct opts o;

	if (parse_opts(argc, argv, &o) < 0)
		return EXIT_USAGE;
	return generate(&o);
}
