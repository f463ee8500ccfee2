/* gen_tracedat.c: writes a trace.dat version 6 whose pages hold the ring buffer's corner cases (TIME_EXTEND, absolute stamps, type_len 0, discarded and end padding, lost events, two CPUs), for trace-cmd report to read (tests/sh/trace_pages.sh). */
#include <stdio.h>
#include <stdlib.h>

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

int
main(int argc, char **argv)
{
	struct tb_file *f;
	uint8_t *buf;
	size_t len;
	FILE *out;

	if (argc != 2) {
		fprintf(stderr, "usage: gen_tracedat OUT.dat\n");
		return 1;
	}
	if ((f = calloc(1, sizeof(*f))) == NULL)
		return 1;
	build(f);
	if ((buf = tb_write(f, &len)) == NULL || (out = fopen(argv[1], "wb")) ==
	    NULL || fwrite(buf, 1, len, out) != len || fclose(out) != 0) {
		perror(argv[1]);
		return 1;
	}
	free(buf);
	free(f);
	return 0;
}
