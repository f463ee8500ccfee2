/* capgen.c: test tool: writes an uncompressed tar of logs shaped to reach a cap of renderer/caps.h to standard output, generated as it goes (GiBs never touch a disk). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fdio.h"
#include "tarw.h"

#define OUTBUF		(1 << 16)
#define ZEROS		(1 << 20)
#define MEMBER_MAX	((uint64_t)1 << 30)	/* zeros go in members of 1 GiB */
#define NOISE_BLOCK	65536
#define SMALL_STEP	20			/* jiffies between small_ps blocks */

/*
 * Where bytes go.  Each member is generated twice: once only counted,
 * for the size in its tar header, then written.
 */
struct out {
	int fd;
	int counting;
	uint64_t n;		/* bytes put so far */
	size_t len;
	char *buf;		/* OUTBUF bytes; NULL when counting */
};

enum mode { M_IDLE, M_BUSY, M_ALT, M_SHORT };

/* A shape's numbers, named after what the shapes use them for. */
struct gen {
	uint64_t n;		/* processes, records, lines, members, MiB */
	uint64_t blocks;
	uint64_t first;		/* stamp of the first block, jiffies */
	uint64_t step;		/* jiffies between blocks */
	uint64_t len;		/* bytes of a value, line or command line */
	uint64_t k;		/* random bytes per 64 KiB (noise) */
	enum mode mode;
};

typedef int (*body_fn)(struct out *, const struct gen *);

static int
flush_out(struct out *o)
{
	if (o->len > 0 && !o->counting && write_full(o->fd, o->buf, o->len) != 0)
		return -1;
	o->len = 0;
	return 0;
}

static int
put(struct out *o, const void *p, size_t n)
{
	o->n += n;
	if (o->counting)
		return 0;
	if (o->len + n > OUTBUF && flush_out(o) != 0)
		return -1;
	if (n > OUTBUF)
		return write_full(o->fd, p, n);
	memcpy(o->buf + o->len, p, n);
	o->len += n;
	return 0;
}

static int
puts_out(struct out *o, const char *s)
{
	return put(o, s, strlen(s));
}

/* Decimal, without printf: a generator of GBs of text must be quick. */
static int
put_u64(struct out *o, uint64_t v)
{
	char d[24];
	size_t i = sizeof(d);

	do {
		d[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	return put(o, d + i, sizeof(d) - i);
}

/* n bytes of c; zeros straight from a big buffer (4 GiB of them go out). */
static int
put_fill(struct out *o, int c, uint64_t n)
{
	static const char zeros[ZEROS];
	char b[4096];
	const char *src = zeros;
	size_t k, max = sizeof(zeros);

	if (c != 0) {
		memset(b, c, sizeof(b));
		src = b;
		max = sizeof(b);
	}
	for (; n > 0; n -= k) {
		k = n < max ? (size_t)n : max;
		if (put(o, src, k) != 0)
			return -1;
	}
	return 0;
}

/*
 * A /proc/PID/stat line: ppid is field 1 after the state, utime 11,
 * stime 12, starttime 19.
 */
static int
stat_line(struct out *o, uint64_t pid, const char *name, uint64_t name_no,
    char state, uint64_t ppid, uint64_t utime, uint64_t start)
{
	if (put_u64(o, pid) != 0 || puts_out(o, " (") != 0 ||
	    puts_out(o, name) != 0 ||
	    (name_no > 0 && put_u64(o, name_no) != 0))
		return -1;
	if (put(o, ") ", 2) != 0 || put(o, &state, 1) != 0 ||
	    put(o, " ", 1) != 0 || put_u64(o, ppid) != 0 ||
	    puts_out(o, " 0 0 0 0 0 0 0 0 0 ") != 0 || put_u64(o, utime) != 0 ||
	    puts_out(o, " 0 0 0 0 0 0 0 ") != 0 || put_u64(o, start) != 0)
		return -1;
	return put(o, "\n", 1);
}

/* CPU ticks by block b: ALT alternates a full and a half interval. */
static uint64_t
utime_at(const struct gen *g, uint64_t b)
{
	switch (g->mode) {
	case M_BUSY:
		return b * g->step;
	case M_ALT:
		return b / 2 * (g->step + g->step / 2) + b % 2 * g->step;
	default:
		return 0;
	}
}

/*
 * proc_ps.log: blocks of init and n - 1 children named w2, w3, ...
 * (distinct: nothing merges), each started at the first block.
 */
static int
ps_body(struct out *o, const struct gen *g)
{
	uint64_t b, p, u;
	char st = g->mode == M_IDLE ? 'S' : 'R';

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, g->first + b * g->step) != 0 ||
		    put(o, "\n", 1) != 0)
			return -1;
		u = utime_at(g, b);
		for (p = 1; p <= g->n; p++)
			if (stat_line(o, p, p == 1 ? "init" : "w", p == 1 ? 0 : p,
			    st, p == 1 ? 0 : 1, u, g->first) != 0)
				return -1;
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* Three blocks of init and a busy shell: the process log of most shapes. */
static int
small_ps_body(struct out *o, const struct gen *unused)
{
	struct gen g = { 2, 3, 100, SMALL_STEP, 0, 0, M_BUSY };

	return ps_body(o, &g);
}

/*
 * proc_stat.log: blocks one jiffy apart whose CPU use alternates between
 * all user and all idle, so the CPU chart's line steps at every block.
 */
static int
stat_body(struct out *o, const struct gen *g)
{
	uint64_t b;

	for (b = 0; b < g->blocks; b++)
		if (put_u64(o, 100 + b) != 0 || puts_out(o, "\ncpu  ") != 0 ||
		    put_u64(o, (b + 1) / 2) != 0 || puts_out(o, " 0 0 ") != 0 ||
		    put_u64(o, b / 2) != 0 || puts_out(o, " 0 0 0 0\n\n") != 0)
			return -1;
	return 0;
}

/* "sd" and i in base 26 (a, b, ..., z, ba, bb, ...): a whole-disk name. */
static int
put_disk_name(struct out *o, uint64_t i)
{
	char d[24];
	size_t k = sizeof(d);

	do {
		d[--k] = (char)('a' + i % 26);
		i /= 26;
	} while (i > 0);
	return put(o, "sd", 2) != 0 || put(o, d + k, sizeof(d) - k) != 0 ?
	    -1 : 0;
}

/*
 * proc_diskstats.log: blocks one jiffy apart of n disks, listed in
 * reverse order every other block; each disk is busy and reads in
 * every other block, so the disk chart steps at every block.
 */
static int
disk_body(struct out *o, const struct gen *g)
{
	uint64_t b, j, i, c;

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, 100 + b) != 0 || put(o, "\n", 1) != 0)
			return -1;
		c = (b + 1) / 2;
		for (j = 0; j < g->n; j++) {
			i = b % 2 ? g->n - 1 - j : j;
			if (puts_out(o, "   8 0 ") != 0 || put_disk_name(o, i) != 0 ||
			    puts_out(o, " 1 0 ") != 0 || put_u64(o, 8 * c) != 0 ||
			    puts_out(o, " 0 1 0 0 0 0 ") != 0 ||
			    put_u64(o, 10 * c) != 0 || puts_out(o, " 0\n") != 0)
				return -1;
		}
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* Init and a shell over the span of stat_body's or disk_body's blocks. */
static int
stat_ps_body(struct out *o, const struct gen *g)
{
	struct gen h = { 2, 3, 100, g->blocks / 2 + 1, 0, 0, M_BUSY };

	return ps_body(o, &h);
}

/* taskstats.log: "pid ppid comm cpu_ns blkio_ns swapin_ns", every block. */
static int
taskstats_body(struct out *o, const struct gen *g)
{
	uint64_t b, p;

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, 100 + b * 2) != 0 || put(o, "\n", 1) != 0)
			return -1;
		for (p = 1; p <= g->n; p++)
			if (put_u64(o, p) != 0 || puts_out(o, p == 1 ? " 0 " :
			    " 1 ") != 0 || puts_out(o, "t ") != 0 ||
			    put_u64(o, b * 1000000) != 0 ||
			    puts_out(o, " 0 0\n") != 0)
				return -1;
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/*
 * n same-named children of init ("w") over `blocks` blocks: SHORT, each
 * in one block (all pruned); BUSY, each in every block, busy (all
 * merged into one).  The shapes that made pruning and merging quadratic.
 */
static int
siblings_body(struct out *o, const struct gen *g)
{
	uint64_t b, p;

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, 100 + SMALL_STEP * b) != 0 ||
		    put(o, "\n", 1) != 0 ||
		    stat_line(o, 1, "init", 0, 'S', 0, b, 1) != 0)
			return -1;
		for (p = 2; p < g->n + 2; p++) {
			if (g->mode == M_SHORT && p % g->blocks != b)
				continue;
			if (stat_line(o, p, "w", 0, 'R', 1, g->mode == M_SHORT ?
			    1 : 3 * b, 5) != 0)
				return -1;
		}
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* PID 5 and its child 6 start again in every block: PID reuse. */
static int
reuse_body(struct out *o, const struct gen *g)
{
	uint64_t b, t;

	for (b = 0; b < g->blocks; b++) {
		t = 100 + 2 * b;
		if (put_u64(o, t) != 0 || put(o, "\n", 1) != 0 ||
		    stat_line(o, 1, "init", 0, 'S', 0, b, 1) != 0 ||
		    stat_line(o, 5, "a", 0, 'R', 1, 1, t) != 0 ||
		    stat_line(o, 6, "b", 0, 'R', 5, 1, t) != 0 ||
		    put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* n/2 processes, PIDs 2.., for the fork records of forkcycle_body. */
static int
forkcycle_ps_body(struct out *o, const struct gen *g)
{
	struct gen h = *g;

	h.n = g->n / 2 + 1;
	h.blocks = 3;
	h.first = 100;
	h.step = SMALL_STEP;
	h.mode = M_BUSY;
	return ps_body(o, &h);
}

/* One kernel_pacct record: version 3, little-endian, pid and ppid. */
static int
put_acct(struct out *o, uint64_t pid, uint64_t ppid)
{
	unsigned char r[64];
	int i;

	memset(r, 0, sizeof(r));
	r[1] = 3;
	for (i = 0; i < 4; i++) {
		r[16 + i] = (unsigned char)(pid >> 8 * i);
		r[20 + i] = (unsigned char)(ppid >> 8 * i);
	}
	return put(o, r, sizeof(r));
}

/*
 * kernel_pacct: n/2 records chained into a cycle (C -> C+1 -> ... -> C),
 * and each of n/2 processes forked by the chain's first record, so every
 * process's walk runs into the same long cycle.
 */
static int
forkcycle_body(struct out *o, const struct gen *g)
{
	const uint64_t c = 10000000, half = g->n / 2;
	uint64_t i;

	for (i = 0; i < half; i++)
		if (put_acct(o, c + i, i + 1 < half ? c + i + 1 : c) != 0)
			return -1;
	for (i = 0; i < half; i++)
		if (put_acct(o, 2 + i, c) != 0)
			return -1;
	return 0;
}

/* kernel_pacct: a chain, 1000+i forked by 999+i. */
static int
pacct_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 0; i < g->n; i++)
		if (put_acct(o, 1000 + i, i == 0 ? 1 : 999 + i) != 0)
			return -1;
	return 0;
}

/* paternity.log: the same chain as "child parent" lines. */
static int
paternity_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 0; i < g->n; i++)
		if (put_u64(o, 1000 + i) != 0 || put(o, " ", 1) != 0 ||
		    put_u64(o, i == 0 ? 1 : 999 + i) != 0 ||
		    put(o, "\n", 1) != 0)
			return -1;
	return 0;
}

/* init_pidname.log: "PID=nPID" for PIDs 1..n. */
static int
pidnames_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 1; i <= g->n; i++)
		if (put_u64(o, i) != 0 || puts_out(o, "=n") != 0 ||
		    put_u64(o, i) != 0 || put(o, "\n", 1) != 0)
			return -1;
	return 0;
}

/* cmdline2.log: n records "PID", ":/bin/x", ":" and len bytes of 'a'. */
static int
cmdlines_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 1; i <= g->n; i++)
		if (put_u64(o, i) != 0 || puts_out(o, "\n:/bin/x\n:") != 0 ||
		    put_fill(o, 'a', g->len) != 0 || put(o, "\n\n", 2) != 0)
			return -1;
	return 0;
}

/* proc_ps.log: one block of n processes, each named with len bytes of 'n'. */
static int
longnames_body(struct out *o, const struct gen *g)
{
	uint64_t p;

	if (puts_out(o, "100\n") != 0)
		return -1;
	for (p = 1; p <= g->n; p++)
		if (put_u64(o, p) != 0 || puts_out(o, " (") != 0 ||
		    put_fill(o, 'n', g->len) != 0 ||
		    puts_out(o, ") R 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
		    "100\n") != 0)
			return -1;
	return put(o, "\n", 1);
}

/* header: n distinct keys. */
static int
header_keys_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 0; i < g->n; i++)
		if (put(o, "k", 1) != 0 || put_u64(o, i) != 0 ||
		    puts_out(o, " = v\n") != 0)
			return -1;
	return 0;
}

/* header: a title of len bytes. */
static int
header_value_body(struct out *o, const struct gen *g)
{
	if (puts_out(o, "title = ") != 0 || put_fill(o, 'a', g->len) != 0)
		return -1;
	return put(o, "\n", 1);
}

/* proc_ps.log of three blocks, each with one process line len bytes long. */
static int
long_line_body(struct out *o, const struct gen *g)
{
	static const char tail[] = ") S 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1";
	const size_t fixed = 3 + sizeof(tail) - 1;	/* "1 (" name tail */
	uint64_t b;

	if (g->len < fixed + 1)
		return -1;
	for (b = 0; b < 3; b++)
		if (put_u64(o, 100 + SMALL_STEP * b) != 0 ||
		    puts_out(o, "\n1 (") != 0 ||
		    put_fill(o, 'a', g->len - fixed) != 0 ||
		    puts_out(o, tail) != 0 || put(o, "\n\n", 2) != 0)
			return -1;
	return 0;
}

static int
zeros_body(struct out *o, const struct gen *g)
{
	return put_fill(o, 0, g->len);
}

/* n MiB; each 64 KiB holds k bytes of xorshift noise, then zeros. */
static int
noise_body(struct out *o, const struct gen *g)
{
	unsigned char b[NOISE_BLOCK];
	uint64_t x = 88172645463325252ULL, i;
	size_t j;

	for (i = 0; i < g->n * (1 << 20) / NOISE_BLOCK; i++) {
		memset(b, 0, sizeof(b));
		for (j = 0; j < g->k && j < sizeof(b); j++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			b[j] = (unsigned char)x;
		}
		if (put(o, b, sizeof(b)) != 0)
			return -1;
	}
	return 0;
}

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
