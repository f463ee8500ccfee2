/* capgen.c: test tool: writes an uncompressed tar of logs shaped to reach a cap of src/caps.h to standard output, generated as it goes (GiBs never touch a disk); the members' bodies are in capgen_*.c. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "tarw.h"

#include "capgen.h"

/* One tar member: counted, then its header, its body and the padding. */
static int
member(struct out *o, const char *name, body_fn fn, const struct gen *g)
{
	unsigned char h[TARW_BLOCK];
	struct out c;

	memset(&c, 0, sizeof(c));
	c.counting = 1;
	if (fn(&c, g) != 0 || tarw_header(h, name, 0644, 0, c.n) != 0 ||
	    put(o, h, sizeof(h)) != 0 || fn(o, g) != 0)
		return -1;
	return put_fill(o, 0, (TARW_BLOCK - c.n % TARW_BLOCK) % TARW_BLOCK);
}

/* Members of zeros totalling n MiB, at most 1 GiB each. */
static int
zero_members(struct out *o, const struct gen *g)
{
	uint64_t left = g->n << 20;
	struct gen z = *g;

	while (left > 0) {
		z.len = left < MEMBER_MAX ? left : MEMBER_MAX;
		if (member(o, "zeros.bin", zeros_body, &z) != 0)
			return -1;
		left -= z.len;
	}
	return 0;
}

/* n members in all: the process log, then n - 1 empty ones. */
static int
many_members(struct out *o, const struct gen *g)
{
	struct gen none = *g;
	uint64_t i;

	none.len = 0;
	for (i = 1; i < g->n; i++)
		if (member(o, "x", zeros_body, &none) != 0)
			return -1;
	return 0;
}

/*
 * A shape's arguments fill struct gen's fields in the order its `fields`
 * says: n, b(locks), f(irst), s(tep), l(en), k, m(ode).
 */
struct shape {
	const char *name;
	const char *args;	/* for usage */
	const char *fields;
	body_fn first;		/* the process log that comes first, if any */
	const char *member;	/* the shape's own member */
	body_fn body;
	int (*members)(struct out *, const struct gen *);	/* or members of its own */
};

static const struct shape shapes[] = {
	{ "ps", "P B FIRST STEP idle|busy|alt", "nbfsm", NULL, "proc_ps.log",
	    ps_body, NULL },
	{ "taskstats", "P B", "nb", NULL, "taskstats.log", taskstats_body,
	    NULL },
	{ "stat", "B", "b", stat_ps_body, "proc_stat.log", stat_body, NULL },
	{ "disk", "B DISKS", "bn", stat_ps_body, "proc_diskstats.log",
	    disk_body, NULL },
	{ "siblings", "N B short|busy", "nbm", NULL, "proc_ps.log",
	    siblings_body, NULL },
	{ "reuse", "B", "b", NULL, "proc_ps.log", reuse_body, NULL },
	{ "forkcycle", "N", "n", forkcycle_ps_body, "kernel_pacct",
	    forkcycle_body, NULL },
	{ "pacct", "N", "n", small_ps_body, "kernel_pacct", pacct_body, NULL },
	{ "paternity", "N", "n", small_ps_body, "paternity.log",
	    paternity_body, NULL },
	{ "pidnames", "N", "n", small_ps_body, "init_pidname.log",
	    pidnames_body, NULL },
	{ "cmdlines", "N LEN", "nl", small_ps_body, "cmdline2.log",
	    cmdlines_body, NULL },
	{ "longnames", "N LEN", "nl", NULL, "proc_ps.log", longnames_body,
	    NULL },
	{ "rowcmdlines", "N LEN", "nl", rows_ps_body, "cmdline2.log",
	    cmdlines_body, NULL },
	{ "namedps", "P B LEN", "nbl", NULL, "proc_ps.log", named_ps_body,
	    NULL },
	{ "header-keys", "N", "n", small_ps_body, "header", header_keys_body,
	    NULL },
	{ "header-value", "LEN", "l", small_ps_body, "header",
	    header_value_body, NULL },
	{ "line", "LEN", "l", NULL, "proc_ps.log", long_line_body, NULL },
	{ "members", "N", "n", small_ps_body, NULL, NULL, many_members },
	{ "zeros", "MIB", "n", small_ps_body, NULL, NULL, zero_members },
	{ "noise", "MIB K", "nk", small_ps_body, "noise.bin", noise_body,
	    NULL },
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

static void
usage(void)
{
	size_t i;

	fprintf(stderr, "usage: capgen SHAPE ARGS... | bootchart-render -\n"
	    "  writes an uncompressed tar to standard output:\n");
	for (i = 0; i < NSHAPES; i++)
		fprintf(stderr, "  capgen %s %s\n", shapes[i].name,
		    shapes[i].args);
}

static int
number(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno != 0 || end == s || *end != '\0' ? -1 : 0;
}

static int
parse_mode(const char *s, enum mode *m)
{
	static const char *const names[] = { "idle", "busy", "alt", "short" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(s, names[i]) == 0) {
			*m = (enum mode)i;
			return 0;
		}
	return -1;
}

/* The shape's arguments into g, by its fields. */
static int
parse_gen(const struct shape *sh, char **av, struct gen *g)
{
	const char *f;
	uint64_t *v;

	memset(g, 0, sizeof(*g));
	g->mode = M_BUSY;
	for (f = sh->fields; *f != '\0'; f++, av++) {
		if (*f == 'm') {
			if (parse_mode(*av, &g->mode) != 0)
				return -1;
			continue;
		}
		v = *f == 'n' ? &g->n : *f == 'b' ? &g->blocks :
		    *f == 'f' ? &g->first : *f == 's' ? &g->step :
		    *f == 'l' ? &g->len : &g->k;
		if (number(*av, v) != 0)
			return -1;
	}
	/* Shapes with blocks need one; ps needs a process. */
	if (strchr(sh->fields, 'b') != NULL && g->blocks == 0)
		return -1;
	return strchr(sh->fields, 's') != NULL && g->n == 0 ? -1 : 0;
}

static int
write_tar(struct out *o, const struct shape *sh, const struct gen *g)
{
	unsigned char end[2 * TARW_BLOCK];

	if (sh->first != NULL && member(o, "proc_ps.log", sh->first, g) != 0)
		return -1;
	if (sh->members != NULL && sh->members(o, g) != 0)
		return -1;
	if (sh->body != NULL && member(o, sh->member, sh->body, g) != 0)
		return -1;
	memset(end, 0, sizeof(end));
	if (put(o, end, sizeof(end)) != 0)
		return -1;
	return flush_out(o);
}

int
main(int argc, char **argv)
{
	const struct shape *sh = NULL;
	struct out o;
	struct gen g;
	size_t i;
	int rc;

	for (i = 0; argc > 1 && i < NSHAPES; i++)
		if (strcmp(argv[1], shapes[i].name) == 0)
			sh = &shapes[i];
	if (sh == NULL || (size_t)argc != strlen(sh->fields) + 2 ||
	    parse_gen(sh, argv + 2, &g) != 0) {
		usage();
		return EXIT_USAGE;
	}
	memset(&o, 0, sizeof(o));
	if ((o.buf = malloc(OUTBUF)) == NULL) {
		fprintf(stderr, "capgen: out of memory\n");
		return EXIT_NOMEM;
	}
	o.fd = STDOUT_FILENO;
	rc = write_tar(&o, sh, &g);
	free(o.buf);
	if (rc != 0) {
		/* A reader that stopped early (a refused cap) is no error. */
		if (errno == EPIPE)
			return EXIT_OK;
		fprintf(stderr, "capgen: %s\n", errno ? strerror(errno) :
		    "bad arguments for the shape");
		return EXIT_OUTPUT;
	}
	return EXIT_OK;
}
