/* tdatw.c: the trace.dat member (version 6, src/tracedat.h) laid out from the texts and per-CPU pages the trace source gathered. */
#include <stdio.h>
#include <string.h>

#include "tdatw.h"
#include "tracedat.h"

/* Appends len bytes; -1 when memory runs out. */
static int
put(struct obuf *o, const void *p, size_t len)
{
	if (obuf_room(o, len) != 0)
		return -1;
	if (len > 0)
		memcpy(o->p + o->len, p, len);
	o->len += len;
	return 0;
}

/* Numbers are in the host's order: the pages are, and byte 0 says so. */
static int
put_u16(struct obuf *o, uint16_t v)
{
	return put(o, &v, sizeof(v));
}

static int
put_u32(struct obuf *o, uint32_t v)
{
	return put(o, &v, sizeof(v));
}

static int
put_u64(struct obuf *o, uint64_t v)
{
	return put(o, &v, sizeof(v));
}

/* A text behind its size, u32 or u64 wide. */
static int
put_sized(struct obuf *o, const struct tdat_text *t, int wide)
{
	if (!wide && t->len > UINT32_MAX)
		return -1;
	if ((wide ? put_u64(o, t->len) : put_u32(o, (uint32_t)t->len)) != 0)
		return -1;
	return put(o, t->p, t->len);
}

static int
put_start(struct obuf *o, const struct tdat_in *in)
{
	uint16_t one = 1;
	char v[8];
	int n = snprintf(v, sizeof(v), "%d", TDAT_VERSION_WRITTEN);
	unsigned char endian = *(unsigned char *)&one == 1 ? 0 : 1;
	unsigned char lsize = (unsigned char)sizeof(long);

	if (put(o, TDAT_MAGIC, TDAT_MAGIC_LEN) != 0 ||
	    put(o, v, (size_t)n + 1) != 0 || put(o, &endian, 1) != 0 ||
	    put(o, &lsize, 1) != 0 || put_u32(o, in->page_size) != 0)
		return -1;
	if (put(o, TDAT_HEADER_PAGE, sizeof(TDAT_HEADER_PAGE)) != 0 ||
	    put_sized(o, &in->header_page, 1) != 0 ||
	    put(o, TDAT_HEADER_EVENT, sizeof(TDAT_HEADER_EVENT)) != 0 ||
	    put_sized(o, &in->header_event, 1) != 0)
		return -1;
	return 0;
}

/* The ftrace formats, then every system's by name. */
static int
put_formats(struct obuf *o, const struct tdat_in *in)
{
	size_t i, j;

	if (put_u32(o, (uint32_t)in->nftrace) != 0)
		return -1;
	for (i = 0; i < in->nftrace; i++)
		if (put_sized(o, &in->ftrace[i], 1) != 0)
			return -1;
	if (put_u32(o, (uint32_t)in->nsys) != 0)
		return -1;
	for (i = 0; i < in->nsys; i++) {
		if (put(o, in->sys[i].name, strlen(in->sys[i].name) + 1) != 0 ||
		    put_u32(o, (uint32_t)in->sys[i].n) != 0)
			return -1;
		for (j = 0; j < in->sys[i].n; j++)
			if (put_sized(o, &in->sys[i].fmt[j], 1) != 0)
				return -1;
	}
	return 0;
}

/* One option: id, u32 size, data and, for a text, its NUL. */
static int
put_option(struct obuf *o, uint16_t id, const char *head, size_t hlen,
    const struct tdat_text *t)
{
	if (t->len + hlen + 1 > UINT32_MAX)
		return -1;
	return put_u16(o, id) != 0 ||
	    put_u32(o, (uint32_t)(hlen + t->len + 1)) != 0 ||
	    put(o, head, hlen) != 0 || put(o, t->p, t->len) != 0 ||
	    put(o, "", 1) != 0 ? -1 : 0;
}

static int
put_options(struct obuf *o, const struct tdat_in *in)
{
	char head[32];
	uint32_t i;
	int n;

	if (put_u32(o, in->ncpu) != 0 ||
	    put(o, TDAT_OPTIONS_TAG, TDAT_TAG_LEN) != 0 ||
	    put_option(o, TDAT_OPT_TRACECLOCK, "", 0, &in->clock) != 0 ||
	    put_option(o, TDAT_OPT_UNAME, "", 0, &in->uname) != 0 ||
	    put_option(o, TDAT_OPT_VERSION, "", 0, &in->version) != 0 ||
	    put_u16(o, TDAT_OPT_CPUCOUNT) != 0 || put_u32(o, 4) != 0 ||
	    put_u32(o, in->ncpu) != 0)
		return -1;
	for (i = 0; in->stats != NULL && i < in->ncpu; i++) {
		n = snprintf(head, sizeof(head), TDAT_CPUSTAT_HEAD, i);
		if (put_option(o, TDAT_OPT_CPUSTAT, head, (size_t)n,
		    &in->stats[i]) != 0)
			return -1;
	}
	return put_u16(o, TDAT_OPT_DONE);
}

uint64_t
tdat_cpu_pad(uint64_t size, uint32_t page_size)
{
	return (page_size - size % page_size) % page_size;
}

int
tdat_prefix(const struct tdat_in *in, struct obuf *o)
{
	size_t start = o->len, table;
	uint64_t off;
	uint32_t i;

	if (in->page_size == 0 || put_start(o, in) != 0 ||
	    put_formats(o, in) != 0 ||
	    put_sized(o, &in->kallsyms, 0) != 0 ||
	    put_sized(o, &in->printk, 0) != 0 ||
	    put_sized(o, &in->cmdlines, 1) != 0 || put_options(o, in) != 0 ||
	    put(o, TDAT_FLYRECORD_TAG, TDAT_TAG_LEN) != 0)
		return -1;
	table = o->len;
	for (i = 0; i < in->ncpu; i++)
		if (put_u64(o, 0) != 0 || put_u64(o, 0) != 0)
			return -1;
	if (put_sized(o, &in->clock, 1) != 0)
		return -1;
	off = tdat_cpu_pad(o->len - start, in->page_size);
	if (obuf_room(o, (size_t)off) != 0)
		return -1;
	memset(o->p + o->len, 0, (size_t)off);
	o->len += (size_t)off;
	/* Now the offsets are known: each CPU's pages start on a page. */
	for (off = o->len - start, i = 0; i < in->ncpu; i++) {
		memcpy(o->p + table + 16 * i, &off, 8);
		memcpy(o->p + table + 16 * i + 8, &in->cpu_size[i], 8);
		off += in->cpu_size[i] + tdat_cpu_pad(in->cpu_size[i],
		    in->page_size);
	}
	return 0;
}
