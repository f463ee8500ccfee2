/* tdat_build.c: trace.dat version 6 files built in memory for the reader's tests: one test event format, hand-made ring-buffer pages. */
#include <stdlib.h>
#include <string.h>

#include "tdat_build.h"
#include "tracedat.h"

/* As the kernel's events/header_page describes a 4 KiB page on x86-64. */
const char tb_header_page[] =
    "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
    "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
    "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
    "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";
const char tb_header_event[] =
    "# compressed entry header\n"
    "\ttype_len    :    5 bits\n"
    "\ttime_delta  :   27 bits\n"
    "\tarray       :   32 bits\n"
    "\n"
    "\tpadding     : type == 29\n"
    "\ttime_extend : type == 30\n"
    "\ttime_stamp : type == 31\n"
    "\tdata max type_len  == 28\n";
static const char tev_format[] =
    "name: tev\n"
    "ID: 7\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:int val;\toffset:8;\tsize:4;\tsigned:1;\n"
    "\tfield:char name[8];\toffset:12;\tsize:8;\tsigned:0;\n"
    "\tfield:__data_loc char[] str;\toffset:20;\tsize:4;\tsigned:0;\n"
    "\n"
    "print fmt: \"val=%d name=%s str=%s\", REC->val, REC->name, __get_str(str)\n";

#define TB_FIXED	24	/* the test record without its string */

static void
put(uint8_t *p, uint64_t v, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

void
tb_page_init(struct tb_page *pg, uint64_t ts)
{
	memset(pg, 0, sizeof(*pg));
	put(pg->b, ts, 8);
}

struct tb_page *
tb_page(struct tb_file *f, int cpu, uint64_t ts)
{
	struct tb_page *pg = &f->pages[cpu][f->npages[cpu]++];

	if (cpu >= f->ncpu)
		f->ncpu = cpu + 1;
	tb_page_init(pg, ts);
	return pg;
}

size_t
tb_record(uint8_t *out, size_t cap, int pid, int32_t val, const char *name,
    const char *str)
{
	size_t n = strlen(str) + 1, len = TB_FIXED + n;

	if (len > cap)
		return 0;
	memset(out, 0, len);
	put(out, TB_ID, 2);
	put(out + 4, (uint32_t)pid, 4);
	put(out + 8, (uint32_t)val, 4);
	strncpy((char *)out + 12, name, 8);
	put(out + 20, (uint32_t)(n << 16 | TB_FIXED), 4);
	memcpy(out + TB_FIXED, str, n);
	return len;
}

static uint8_t *
at(struct tb_page *pg)
{
	return pg->b + TB_DATA + pg->used;
}

static void
header(struct tb_page *pg, uint32_t type, uint32_t delta)
{
	put(at(pg), (uint32_t)delta << 5 | type, 4);
	pg->used += 4;
}

void
tb_event(struct tb_page *pg, uint32_t delta, const uint8_t *rec, size_t len,
    int force_long)
{
	size_t padded = (len + 3) / 4 * 4;

	if (!force_long && len % 4 == 0 && len <= TDAT_TYPE_DATA_MAX * 4) {
		header(pg, (uint32_t)(len / 4), delta);
	} else {
		header(pg, 0, delta);
		put(at(pg), len + 4, 4);
		pg->used += 4;
	}
	memset(at(pg), 0, padded);
	memcpy(at(pg), rec, len);
	pg->used += padded;
}

void
tb_extend(struct tb_page *pg, uint64_t delta)
{
	header(pg, TDAT_TYPE_TIME_EXTEND, (uint32_t)(delta & ((1U << 27) - 1)));
	put(at(pg), delta >> 27, 4);
	pg->used += 4;
}

void
tb_stamp(struct tb_page *pg, uint64_t ts)
{
	header(pg, TDAT_TYPE_TIME_STAMP, (uint32_t)(ts & ((1U << 27) - 1)));
	put(at(pg), ts >> 27, 4);
	pg->used += 4;
}

void
tb_pad(struct tb_page *pg, uint32_t delta, uint32_t len)
{
	header(pg, TDAT_TYPE_PADDING, delta);
	put(at(pg), len, 4);
	pg->used += len;
}

void
tb_commit(struct tb_page *pg, uint64_t flags, uint64_t lost)
{
	put(pg->b + 8, pg->used | flags, 8);
	if (flags & TDAT_MISSED_STORED)
		put(at(pg), lost, 8);
}

void
tb_commit_raw(struct tb_page *pg, uint64_t commit)
{
	put(pg->b + 8, commit, 8);
}

/* A growing byte buffer. */
struct tb_out {
	uint8_t *p;
	size_t len, cap;
	int failed;
};

static void
out_bytes(struct tb_out *o, const void *b, size_t n)
{
	uint8_t *np;

	if (o->failed)
		return;
	if (o->len + n > o->cap) {
		o->cap = (o->len + n) * 2;
		if ((np = realloc(o->p, o->cap)) == NULL) {
			o->failed = 1;
			return;
		}
		o->p = np;
	}
	memcpy(o->p + o->len, b, n);
	o->len += n;
}

static void
out_num(struct tb_out *o, uint64_t v, size_t size)
{
	uint8_t b[8];

	put(b, v, size);
	out_bytes(o, b, size);
}

static void
out_text(struct tb_out *o, const char *s, size_t size_bytes)
{
	out_num(o, strlen(s), size_bytes);
	out_bytes(o, s, strlen(s));
}

static void
out_align(struct tb_out *o)
{
	static const uint8_t zero[TB_PAGE];

	out_bytes(o, zero, (TB_PAGE - o->len % TB_PAGE) % TB_PAGE);
}

static void
out_systems(struct tb_out *o, const struct tb_file *f)
{
	size_t i, j;

	out_num(o, (uint64_t)f->nsystems, 4);
	for (i = 0; i < f->nsystems; i++) {
		out_bytes(o, f->systems[i].name, strlen(f->systems[i].name) + 1);
		out_num(o, (uint64_t)f->systems[i].n, 4);
		for (j = 0; j < f->systems[i].n; j++)
			out_text(o, f->systems[i].formats[j], 8);
	}
}

uint8_t *
tb_write(const struct tb_file *f, size_t *len)
{
	struct tb_out o = { NULL, 0, 0, 0 };
	size_t table, cpu_off[TB_MAXCPU];
	int c, i;

	out_bytes(&o, TDAT_MAGIC, TDAT_MAGIC_LEN);
	out_bytes(&o, "6", 2);
	out_num(&o, 0, 1);
	out_num(&o, 8, 1);
	out_num(&o, TB_PAGE, 4);
	out_bytes(&o, TDAT_HEADER_PAGE, sizeof(TDAT_HEADER_PAGE));
	out_text(&o, tb_header_page, 8);
	out_bytes(&o, TDAT_HEADER_EVENT, sizeof(TDAT_HEADER_EVENT));
	out_text(&o, tb_header_event, 8);
	out_num(&o, 0, 4);		/* ftrace formats */
	if (f->nsystems > 0)
		out_systems(&o, f);
	else {
		out_num(&o, 1, 4);	/* one system ... */
		out_bytes(&o, "test", 5);
		out_num(&o, 1, 4);	/* ... of one event */
		out_text(&o, f->format != NULL ? f->format : tev_format, 8);
	}
	out_text(&o, f->kallsyms != NULL ? f->kallsyms : "", 4);
	out_num(&o, 0, 4);		/* printk formats */
	out_text(&o, f->cmdlines != NULL ? f->cmdlines : "", 8);
	out_num(&o, (uint64_t)f->ncpu, 4);
	out_bytes(&o, TDAT_FLYRECORD_TAG, TDAT_TAG_LEN);
	table = o.len;
	for (c = 0; c < f->ncpu; c++)
		out_num(&o, 0, 8), out_num(&o, 0, 8);
	for (c = 0; c < f->ncpu; c++) {
		out_align(&o);
		cpu_off[c] = o.len;
		for (i = 0; i < f->npages[c]; i++)
			out_bytes(&o, f->pages[c][i].b, TB_PAGE);
	}
	if (o.failed) {
		free(o.p);
		return NULL;
	}
	for (c = 0; c < f->ncpu; c++) {
		put(o.p + table + 16 * c, f->npages[c] ? cpu_off[c] : 0, 8);
		put(o.p + table + 16 * c + 8,
		    (uint64_t)f->npages[c] * TB_PAGE, 8);
	}
	*len = o.len;
	return o.p;
}

void
tb_put(struct tb_rec *r, size_t off, uint64_t v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		r->b[off + i] = (uint8_t)(v >> (8 * i));
	if (off + n > r->len)
		r->len = off + n;
}

void
tb_put_str(struct tb_rec *r, size_t off, const char *s)
{
	memcpy(r->b + off, s, strlen(s));
	if (off + strlen(s) > r->len)
		r->len = off + strlen(s);
}

struct tb_rec
tb_rec(uint16_t id, int pid)
{
	struct tb_rec r;

	memset(&r, 0, sizeof(r));
	tb_put(&r, 0, id, 2);
	tb_put(&r, 4, (uint32_t)pid, 4);
	r.len = 8;
	return r;
}

void
tb_emit(struct tb_page *pg, uint64_t delta, struct tb_rec r)
{
	r.len = (r.len + 3) / 4 * 4;
	if (delta >= (1ULL << 27)) {
		tb_extend(pg, delta);
		delta = 0;
	}
	tb_event(pg, (uint32_t)delta, r.b, r.len, 0);
}

struct tb_rec
tb_switch(uint16_t id, int prev, const char *prev_comm, long long prev_state,
    int next, const char *next_comm)
{
	struct tb_rec r = tb_rec(id, prev);

	tb_put_str(&r, 8, prev_comm);
	tb_put(&r, 24, (uint32_t)prev, 4);
	tb_put(&r, 28, 120, 4);
	tb_put(&r, 32, (uint64_t)prev_state, 8);
	tb_put_str(&r, 40, next_comm);
	tb_put(&r, 56, (uint32_t)next, 4);
	tb_put(&r, 60, 120, 4);
	return r;
}

struct tb_rec
tb_waking(uint16_t id, int waker, int pid, const char *comm, int target_cpu)
{
	struct tb_rec r = tb_rec(id, waker);

	tb_put_str(&r, 8, comm);
	tb_put(&r, 24, (uint32_t)pid, 4);
	tb_put(&r, 28, 120, 4);
	tb_put(&r, 32, (uint32_t)target_cpu, 4);
	return r;
}

/* 6.1's formats (events/ftrace/funcgraph_*), at the kernel's offsets. */
static const char *const ftrace_formats[] = {
	"name: funcgraph_exit\nID: 10\nformat:\n" TB_COMMON
	"\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int depth;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned int overrun;\toffset:20;\tsize:4;\tsigned:0;\n"
	"\tfield:unsigned long long calltime;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long long rettime;\toffset:32;\tsize:8;\tsigned:0;\n",
	"name: funcgraph_entry\nID: 11\nformat:\n" TB_COMMON
	"\tfield:unsigned long func;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:int depth;\toffset:16;\tsize:4;\tsigned:1;\n",
};
const struct tb_system tb_ftrace = { "ftrace", ftrace_formats, 2 };

/* A funcgraph record's fields up to its depth: type, pid, func, depth. */
static void
funcgraph_head(uint8_t *b, size_t len, int type, int pid, uint64_t func,
    int32_t depth)
{
	memset(b, 0, len);
	put(b, (uint64_t)type, 2);
	put(b + 4, (uint32_t)pid, 4);
	put(b + 8, func, 8);
	put(b + 16, (uint32_t)depth, 4);
}

void
tb_funcgraph_exit(struct tb_page *pg, uint32_t delta, int pid, uint64_t func,
    int32_t depth, uint64_t call, uint64_t ret)
{
	uint8_t b[40];

	funcgraph_head(b, sizeof(b), 10, pid, func, depth);
	put(b + 24, call, 8);
	put(b + 32, ret, 8);
	tb_event(pg, delta, b, sizeof(b), 0);
}

void
tb_funcgraph_entry(struct tb_page *pg, uint32_t delta, int pid, uint64_t func,
    int32_t depth)
{
	uint8_t b[24];

	funcgraph_head(b, sizeof(b), 11, pid, func, depth);
	tb_event(pg, delta, b, sizeof(b), 0);
}
