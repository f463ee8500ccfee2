/* gen_tdat7.c: writes a trace.dat version 7 with zstd sections, as trace-cmd lays it out, whose one CPU holds the same compressed chunk of sched_switch pages N times: a normal file with -c 1, a bomb with many (tests/sh/trace_sizes.sh, docs/limits.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "tdat_build.h"
#include "tracedat.h"

#define ID_SWITCH	372
#define SEC_HEAD	16	/* u16 id, u16 flags, u32 string, u64 size */

static const char switch_fmt[] = "name: sched_switch\nID: 372\nformat:\n"
    TB_COMMON TB_SWITCH_FIELDS "\nprint fmt: \"prev_pid=%d next_pid=%d\", "
    "REC->prev_pid, REC->next_pid\n";

struct out {
	FILE *f;
	uint64_t off;
	int failed;
};

static void
put_bytes(struct out *o, const void *p, size_t n)
{
	if (n > 0 && fwrite(p, 1, n, o->f) != n)
		o->failed = 1;
	o->off += n;
}

static void
put_num(struct out *o, uint64_t v, size_t size)
{
	uint8_t b[8];
	size_t i;

	for (i = 0; i < size; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	put_bytes(o, b, size);
}

/* A growing byte buffer: a section's text before it is compressed. */
struct buf {
	uint8_t *p;
	size_t len;
};

static void
buf_add(struct buf *b, const void *p, size_t n)
{
	uint8_t *q = realloc(b->p, b->len + n);

	if (q == NULL) {
		perror("gen_tdat7");
		exit(1);
	}
	memcpy(q + b->len, p, n);
	b->p = q;
	b->len += n;
}

static void
buf_num(struct buf *b, uint64_t v, size_t size)
{
	uint8_t x[8];
	size_t i;

	for (i = 0; i < size; i++)
		x[i] = (uint8_t)(v >> (8 * i));
	buf_add(b, x, size);
}

static void
buf_text(struct buf *b, const char *s, size_t size_bytes)
{
	buf_num(b, strlen(s), size_bytes);
	buf_add(b, s, strlen(s));
}

/* n bytes compressed into one zstd frame, malloc'd; *clen its size. */
static uint8_t *
squeeze(const uint8_t *p, size_t n, size_t *clen)
{
	size_t cap = ZSTD_compressBound(n), r;
	uint8_t *c = malloc(cap ? cap : 1);

	if (c == NULL)
		return NULL;
	r = ZSTD_compress(c, cap, p, n, 3);
	if (ZSTD_isError(r)) {
		free(c);
		return NULL;
	}
	*clen = r;
	return c;
}

/* A compressed section of id holding b; returns its offset. */
static uint64_t
section(struct out *o, uint16_t id, struct buf *b)
{
	uint64_t at = o->off;
	size_t clen = 0;
	uint8_t *c = squeeze(b->p, b->len, &clen);

	if (c == NULL)
		o->failed = 1;
	put_num(o, id, 2);
	put_num(o, TDAT_SEC_COMPRESSED, 2);
	put_num(o, 0, 4);
	put_num(o, 8 + (uint64_t)clen, 8);
	put_num(o, clen, 4);
	put_num(o, b->len, 4);
	put_bytes(o, c, c ? clen : 0);
	free(c);
	free(b->p);
	b->p = NULL;
	b->len = 0;
	return at;
}

/* The sections of the headers, formats, symbols and names: their offsets by id. */
static void
metadata(struct out *o, uint64_t *sec)
{
	struct buf b = { NULL, 0 };

	buf_add(&b, TDAT_HEADER_PAGE, sizeof(TDAT_HEADER_PAGE));
	buf_text(&b, tb_header_page, 8);
	buf_add(&b, TDAT_HEADER_EVENT, sizeof(TDAT_HEADER_EVENT));
	buf_text(&b, tb_header_event, 8);
	sec[TDAT_OPT_HEADER_INFO] = section(o, TDAT_OPT_HEADER_INFO, &b);
	buf_num(&b, 0, 4);
	sec[TDAT_OPT_FTRACE_EVENTS] = section(o, TDAT_OPT_FTRACE_EVENTS, &b);
	buf_num(&b, 1, 4);
	buf_add(&b, "sched", 6);
	buf_num(&b, 1, 4);
	buf_text(&b, switch_fmt, 8);
	sec[TDAT_OPT_EVENT_FORMATS] = section(o, TDAT_OPT_EVENT_FORMATS, &b);
	buf_num(&b, 0, 4);
	sec[TDAT_OPT_KALLSYMS] = section(o, TDAT_OPT_KALLSYMS, &b);
	buf_num(&b, 0, 4);
	sec[TDAT_OPT_PRINTK] = section(o, TDAT_OPT_PRINTK, &b);
	buf_text(&b, "100 task\n", 8);
	sec[TDAT_OPT_CMDLINES] = section(o, TDAT_OPT_CMDLINES, &b);
}

static uint64_t rng = 88172645463325252ULL;

static uint32_t
rnd(uint32_t below)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % below);
}

/* pages pages of per sched_switch events each, times going on. */
static uint8_t *
pages(int npages, int per)
{
	uint8_t *p = calloc((size_t)npages, TB_PAGE);
	struct tb_page pg;
	uint64_t ts = 1000000000ULL;
	char comm[16];
	int i, k;

	for (i = 0; p != NULL && i < npages; i++) {
		tb_page_init(&pg, ts);
		for (k = 0; k < per && pg.used + 96 < TB_PAGE - TB_DATA; k++) {
			snprintf(comm, sizeof(comm), "t%u", rnd(100000));
			tb_emit(&pg, 1000 + rnd(1000), tb_switch(ID_SWITCH,
			    100 + (int)rnd(30000), comm, 1, 100 +
			    (int)rnd(30000), comm));
		}
		tb_commit(&pg, 0, 0);
		memcpy(p + (size_t)i * TB_PAGE, pg.b, TB_PAGE);
		ts += 10000000;
	}
	return p;
}

/* The BUFFER section and CPU 0's chunks: the same chunk `copies` times. */
static void
buffer(struct out *o, int copies, int npages, int per, uint64_t *bufsec,
    uint64_t *cpu_off, uint64_t *cpu_size)
{
	uint8_t *p = pages(npages, per), *c;
	size_t clen = 0, ulen = (size_t)npages * TB_PAGE;
	int i;

	if (p == NULL || (c = squeeze(p, ulen, &clen)) == NULL) {
		perror("gen_tdat7");
		exit(1);
	}
	*bufsec = o->off;
	*cpu_size = 4 + (uint64_t)copies * (8 + clen);
	put_num(o, TDAT_OPT_BUFFER, 2);
	put_num(o, TDAT_SEC_COMPRESSED, 2);
	put_num(o, 0, 4);
	put_num(o, *cpu_size, 8);
	*cpu_off = o->off;
	put_num(o, (uint64_t)copies, 4);
	for (i = 0; i < copies && !o->failed; i++) {
		put_num(o, clen, 4);
		put_num(o, ulen, 4);
		put_bytes(o, c, clen);
	}
	printf("chunk %zu bytes unpack to %zu, %d copies\n", clen, ulen,
	    copies);
	free(c);
	free(p);
}

static void
option(struct out *o, uint16_t id, uint64_t v, size_t size)
{
	put_num(o, id, 2);
	put_num(o, size, 4);
	put_num(o, v, size);
}

/* The options: the sections', then (a second section) the BUFFER's. */
static uint64_t
options(struct out *o, const uint64_t *sec, uint64_t bufsec, uint64_t cpu_off,
    uint64_t cpu_size)
{
	uint64_t first = o->off, second;
	int id;

	/* 6 options of 8 bytes, CPUCOUNT's 4, DONE's 8, 6 bytes of head each */
	second = first + SEC_HEAD + 6 * 14 + 10 + 14;
	put_num(o, TDAT_OPT_DONE, 2);
	put_num(o, 0, 2);
	put_num(o, 0, 4);
	put_num(o, second - first - SEC_HEAD, 8);
	for (id = TDAT_OPT_HEADER_INFO; id <= TDAT_OPT_CMDLINES; id++)
		option(o, (uint16_t)id, sec[id], 8);
	option(o, TDAT_OPT_CPUCOUNT, 1, 4);
	option(o, TDAT_OPT_DONE, second, 8);
	put_num(o, TDAT_OPT_DONE, 2);
	put_num(o, 0, 2);
	put_num(o, 0, 4);
	put_num(o, 6 + 8 + 1 + 6 + 4 + 4 + 20 + 14, 8);
	put_num(o, TDAT_OPT_BUFFER, 2);
	put_num(o, 8 + 1 + 6 + 4 + 4 + 20, 4);
	put_num(o, bufsec, 8);
	put_bytes(o, "\0local", 7);
	put_num(o, TB_PAGE, 4);
	put_num(o, 1, 4);
	put_num(o, 0, 4);
	put_num(o, cpu_off, 8);
	put_num(o, cpu_size, 8);
	option(o, TDAT_OPT_DONE, 0, 8);
	return first;
}

static int
write_file(FILE *f, int copies, int npages, int per)
{
	struct out o = { f, 0, 0 };
	uint64_t sec[TDAT_OPT_CMDLINES + 1] = { 0 }, bufsec, cpu_off, cpu_size;
	uint64_t first;
	long at;

	put_bytes(&o, TDAT_MAGIC, TDAT_MAGIC_LEN);
	put_bytes(&o, "7", 2);
	put_num(&o, 0, 1);
	put_num(&o, 8, 1);
	put_num(&o, TB_PAGE, 4);
	put_bytes(&o, "zstd\0" "1.5.4", 11);
	at = (long)o.off;
	put_num(&o, 0, 8);	/* the first options section, set below */
	metadata(&o, sec);
	buffer(&o, copies, npages, per, &bufsec, &cpu_off, &cpu_size);
	first = options(&o, sec, bufsec, cpu_off, cpu_size);
	if (o.failed || fseek(f, at, SEEK_SET) != 0)
		return -1;
	put_num(&o, first, 8);
	return o.failed ? -1 : 0;
}

int
main(int argc, char **argv)
{
	int copies = 1, npages = 16, per = 3, ch;
	const char *path = NULL;
	FILE *f;

	while ((ch = getopt(argc, argv, "c:p:e:o:")) != -1) {
		switch (ch) {
		case 'c': copies = atoi(optarg); break;
		case 'p': npages = atoi(optarg); break;
		case 'e': per = atoi(optarg); break;
		case 'o': path = optarg; break;
		default: path = NULL; argc = 0; break;
		}
	}
	/* A chunk's unpacked size is a u32, and at most CAP_TRACE_CHUNK. */
	if (path == NULL || argc == 0 || copies < 1 || npages < 1 ||
	    npages > 4096 || per < 0) {
		fprintf(stderr, "usage: gen_tdat7 [-c COPIES] [-p PAGES] "
		    "[-e EVENTS_PER_PAGE] -o OUT.dat\n");
		return 2;
	}
	if ((f = fopen(path, "wb")) == NULL || write_file(f, copies, npages,
	    per) != 0 || fclose(f) != 0) {
		perror(path);
		return 1;
	}
	return 0;
}
