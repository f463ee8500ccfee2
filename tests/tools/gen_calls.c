/* gen_calls.c: writes a trace.dat (version 6) of N function_graph calls, nearly all at distinct addresses with no name, below named roots: the forged trace that fills CAP_TRACE_CALLS (tests/sh/trace_sizes.sh, docs/limits.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tdat_build.h"
#include "tdatw.h"
#include "tracedat.h"

#define T0		1000000000ULL	/* the first stamp: 1 s */
#define ROOT		0xffffffff81000000ULL	/* do_one_initcall */
#define LEAF0		0xffffffff82000000ULL	/* the first unnamed callee */
#define PID		1
#define T(s)		{ s, sizeof(s) - 1 }

/* Pages of CPU 0, streamed to a temporary file. */
struct gcalls {
	struct tb_page pg;
	FILE *f;
	uint64_t bytes, last, n;
	int started;
};

/* The page written out; a fresh one started at ts. */
static int
flush(struct gcalls *g, uint64_t ts)
{
	if (g->started) {
		tb_commit(&g->pg, 0, 0);
		if (fwrite(g->pg.b, TB_PAGE, 1, g->f) != 1)
			return -1;
		g->bytes += TB_PAGE;
	}
	tb_page_init(&g->pg, ts);
	g->started = 1;
	g->last = ts;
	return 0;
}

/* A funcgraph_exit record, stamped at its return. */
static int
ret(struct gcalls *g, uint64_t func, int depth, uint64_t call, uint64_t rt)
{
	/* 4 bytes of header, 40 of record, a TIME_EXTEND's 8 */
	if (!g->started || g->pg.used + 52 > TB_PAGE - TB_DATA)
		if (flush(g, rt) != 0)
			return -1;
	if (rt - g->last >= (1ULL << 27)) {
		tb_extend(&g->pg, rt - g->last);
		g->last = rt;
	}
	tb_funcgraph_exit(&g->pg, (uint32_t)(rt - g->last), PID, func, depth,
	    call, rt);
	g->last = rt;
	g->n++;
	return 0;
}

/*
 * want calls: roots of do_one_initcall, each around `per` callees of
 * 1 µs at addresses never used twice.
 */
static int
calls(struct gcalls *g, uint64_t want, uint64_t per)
{
	uint64_t t = T0, leaf = 0, start, i;

	while (g->n < want) {
		start = t;
		t += 1000;
		for (i = 0; i + 1 < per && g->n + 1 < want; i++, t += 2000)
			if (ret(g, LEAF0 + 16 * leaf++, 1, t, t + 1000) != 0)
				return -1;
		t += 1000;
		if (ret(g, ROOT, 0, start, t) != 0)
			return -1;
	}
	return flush(g, t);
}

static int
write_file(struct gcalls *g, FILE *out)
{
	static const struct tdat_text ftrace[] = {
		T("name: funcgraph_exit\nID: 10\nformat:\n" TB_COMMON
		"\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;\n"
		"\tfield:int depth;\toffset:16;\tsize:4;\tsigned:1;\n"
		"\tfield:unsigned int overrun;\toffset:20;\tsize:4;\tsigned:0;\n"
		"\tfield:unsigned long long calltime;\toffset:24;\tsize:8;\tsigned:0;\n"
		"\tfield:unsigned long long rettime;\toffset:32;\tsize:8;\tsigned:0;\n"),
	};
	struct tdat_text stats = T("entries: 0\n");
	struct obuf o = { 0 };
	struct tdat_in in;
	char buf[65536];
	size_t got;
	int rc = -1;

	memset(&in, 0, sizeof(in));
	in.page_size = TB_PAGE;
	in.header_page = (struct tdat_text){ tb_header_page,
	    strlen(tb_header_page) };
	in.header_event = (struct tdat_text){ tb_header_event,
	    strlen(tb_header_event) };
	in.ftrace = ftrace;
	in.nftrace = 1;
	in.kallsyms = (struct tdat_text)T("ffffffff81000000 T do_one_initcall\n");
	in.printk = (struct tdat_text){ "", 0 };
	in.cmdlines = (struct tdat_text)T("1 init\n");
	in.clock = (struct tdat_text)T("[local] global\n");
	in.uname = (struct tdat_text)T("Linux gen 6.18.0 x86_64");
	in.version = (struct tdat_text)T("gen_calls");
	in.stats = &stats;
	in.ncpu = 1;
	in.cpu_size = &g->bytes;
	if (tdat_prefix(&in, &o) == 0 && fwrite(o.p, 1, o.len, out) == o.len) {
		rewind(g->f);
		while ((got = fread(buf, 1, sizeof(buf), g->f)) > 0 &&
		    fwrite(buf, 1, got, out) == got)
			;
		rc = ferror(g->f) || ferror(out) ? -1 : 0;
	}
	obuf_free(&o);
	return rc;
}

int
main(int argc, char **argv)
{
	static struct gcalls g;
	uint64_t want = 2097152, per = 1024;
	const char *path = NULL;
	FILE *out;
	int ch;

	while ((ch = getopt(argc, argv, "n:k:o:")) != -1) {
		switch (ch) {
		case 'n': want = strtoull(optarg, NULL, 10); break;
		case 'k': per = strtoull(optarg, NULL, 10); break;
		case 'o': path = optarg; break;
		default: path = NULL; argc = 0; break;
		}
	}
	if (path == NULL || argc == 0 || want == 0 || per < 2) {
		fprintf(stderr, "usage: gen_calls [-n CALLS] [-k PER_ROOT] "
		    "-o OUT.dat\n");
		return 2;
	}
	if ((g.f = tmpfile()) == NULL || calls(&g, want, per) != 0 ||
	    (out = fopen(path, "wb")) == NULL || write_file(&g, out) != 0 ||
	    fclose(out) != 0) {
		perror(path);
		return 1;
	}
	fclose(g.f);
	printf("calls %llu bytes %llu\n", (unsigned long long)g.n,
	    (unsigned long long)g.bytes);
	return 0;
}
