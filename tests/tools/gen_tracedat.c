/* gen_tracedat.c: writes a trace.dat version 6 whose pages hold the ring buffer's corner cases (TIME_EXTEND, absolute stamps, type_len 0, discarded and end padding, lost events, two CPUs), for trace-cmd report to read (tests/sh/trace_pages.sh); with -f, function_graph calls instead (tests/sh/trace_fnexport.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tdat_build.h"
#include "tracedat.h"

static void
ev(struct tb_page *pg, uint32_t delta, int pid, int val, const char *str,
    int force_long)
{
	uint8_t rec[512];
	size_t n = tb_record(rec, sizeof(rec), pid, val, "nm", str);

	tb_event(pg, delta, rec, n, force_long);
}

static void
build(struct tb_file *f)
{
	static const char big[] = "a string long enough that its record is "
	    "over 112 bytes, so that the ring buffer gives it type_len 0 "
	    "and its length in the next word";
	struct tb_page *pg;

	f->cmdlines = "100 one\n200 two words\n";
	pg = tb_page(f, 0, 1000000000ULL);
	ev(pg, 10, 100, -1, "first", 0);
	tb_extend(pg, 3000000000ULL);
	ev(pg, 5, 100, 2, "after a TIME_EXTEND", 0);
	ev(pg, 7, 100, 3, big, 0);
	ev(pg, 9, 100, 4, "short, type_len 0", 1);
	tb_pad(pg, 1000, 32);
	ev(pg, 11, 100, 5, "after a discarded event", 0);
	tb_stamp(pg, 9000000000ULL);
	ev(pg, 0, 100, 6, "after an absolute stamp", 0);
	ev(pg, (1U << 27) - 1, 100, 7, "the largest delta", 0);
	tb_pad(pg, 0, 64);
	tb_commit(pg, 0, 0);
	pg = tb_page(f, 0, 12000000000ULL);
	ev(pg, 1, 100, 8, "after lost events", 0);
	tb_commit(pg, TDAT_MISSED_EVENTS | TDAT_MISSED_STORED, 17);
	pg = tb_page(f, 1, 1000000005ULL);
	ev(pg, 5, 200, 9, "cpu 1, same time as cpu 0", 0);
	ev(pg, 100, 200, 10, "cpu 1 again", 0);
	tb_commit(pg, 0, 0);
}

/* A call: thread, CPU, function (kallsyms below), depth, call, return. */
struct fcall {
	int pid, cpu;
	uint64_t func;
	int32_t depth;
	uint64_t call, ret;
};

#define FN(k)	(0xffffffff81000000ULL + 0x100 * (k))

/*
 * Two initcalls' threads and an idle CPU's: nesting to depth 3, a
 * function called from several callers and recursively, an odd ns
 * for the µs' rounding.  Listed in the order they return.
 */
static const struct fcall fcalls[] = {
	{ 1, 0, FN(4), 3, 1300000, 1800000 },
	{ 1, 0, FN(2), 2, 1200000, 2200000 },
	{ 2, 1, FN(2), 2, 2200000, 2700000 },
	{ 1, 0, FN(2), 2, 2500000, 3000000 },
	{ 1, 0, FN(4), 3, 3200000, 3500000 },
	{ 2, 1, FN(3), 1, 2100000, 3900000 },
	{ 2, 1, FN(0), 0, 2000000, 4000000 },
	{ 1, 0, FN(4), 2, 3100000, 4000000 },
	{ 0, 1, FN(4), 1, 5100000, 5200000 },
	{ 0, 1, FN(6), 0, 5000000, 5300000 },
	{ 1, 0, FN(5), 2, 5000000, 5600000 },
	{ 1, 0, FN(1), 1, 1100000, 6000000 },
	{ 1, 0, FN(4), 2, 7000000, 7250500 },
	{ 1, 0, FN(3), 1, 6500000, 8000000 },
	{ 1, 0, FN(0), 0, 1000000, 9000000 },
};

static void
build_functions(struct tb_file *f)
{
	struct tb_page *pg[2];
	size_t i;

	f->kallsyms = "ffffffff81000000 T do_one_initcall\n"
	    "ffffffff81000100 t foo_init\nffffffff81000200 t bar\n"
	    "ffffffff81000300 t baz\nffffffff81000400 t helper\n"
	    "ffffffff81000500 T __sysvec_apic_timer_interrupt\n"
	    "ffffffff81000600 t other_root\n";
	f->systems = &tb_ftrace;
	f->nsystems = 1;
	f->cmdlines = "1 init\n2 kworker/u4:0\n";
	pg[0] = tb_page(f, 0, 10000000);
	pg[1] = tb_page(f, 1, 10000000);
	for (i = 0; i < sizeof(fcalls) / sizeof(fcalls[0]); i++)
		tb_funcgraph_exit(pg[fcalls[i].cpu], 1000, fcalls[i].pid,
		    fcalls[i].func, fcalls[i].depth, fcalls[i].call,
		    fcalls[i].ret);
	tb_commit(pg[0], 0, 0);
	tb_commit(pg[1], 0, 0);
}

int
main(int argc, char **argv)
{
	struct tb_file *f;
	uint8_t *buf;
	size_t len;
	FILE *out;

	int fn = argc == 3 && strcmp(argv[1], "-f") == 0;

	if (argc != 2 && !fn) {
		fprintf(stderr, "usage: gen_tracedat [-f] OUT.dat\n");
		return 1;
	}
	if ((f = calloc(1, sizeof(*f))) == NULL)
		return 1;
	if (fn)
		build_functions(f);
	else
		build(f);
	argv += fn;
	if ((buf = tb_write(f, &len)) == NULL || (out = fopen(argv[1], "wb")) ==
	    NULL || fwrite(buf, 1, len, out) != len || fclose(out) != 0) {
		perror(argv[1]);
		return 1;
	}
	free(buf);
	free(f);
	return 0;
}
