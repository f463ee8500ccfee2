/* meminfo.c: bootchart2 proc_meminfo.log -> memory samples in kB. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "parse.h"
#include "tblock.h"

struct mem_state {
	struct tblock_log log;	/* first: see tblock.h */
	struct mem_sample cur;
	int have_total;
};

static int
mem_begin_block(void *arg, usec_t time_us)
{
	struct mem_state *s = arg;

	memset(&s->cur, 0, sizeof(s->cur));
	s->cur.time_us = time_us;
	s->have_total = 0;
	return 0;
}

/* Where a known key's value goes, or NULL. */
static int64_t *
slot(struct mem_sample *m, const char *key, size_t n, int *is_total)
{
	static const struct { const char *name; size_t off; } keys[] = {
		{ "MemTotal", offsetof(struct mem_sample, total) },
		{ "MemFree", offsetof(struct mem_sample, free) },
		{ "Buffers", offsetof(struct mem_sample, buffers) },
		{ "Cached", offsetof(struct mem_sample, cached) },
		{ "SwapTotal", offsetof(struct mem_sample, swap_total) },
		{ "SwapFree", offsetof(struct mem_sample, swap_free) },
	};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if (strlen(keys[i].name) != n || memcmp(keys[i].name, key, n) != 0)
			continue;
		*is_total = i == 0;
		return (int64_t *)(void *)((char *)m + keys[i].off);
	}
	return NULL;
}

static int
mem_line(void *arg, const char *line, size_t len)
{
	struct mem_state *s = arg;
	const char *colon = memchr(line, ':', len), *p;
	int64_t *dst;
	uint64_t v;
	int is_total = 0;

	if (colon == NULL)
		return 0;
	dst = slot(&s->cur, line, (size_t)(colon - line), &is_total);
	if (dst == NULL)
		return 0;
	p = colon + 1;
	if (tblock_number(&p, line + len, &v) != 0) {
		diag_warn(s->log.d, "no number after '%.*s:'; line ignored",
		    (int)(colon - line), line);
		return 0;
	}
	*dst = (int64_t)v;
	if (is_total)
		s->have_total = 1;
	return 0;
}

/* A block without MemTotal (cut short) would draw a bogus dip. */
static int
mem_end_block(void *arg)
{
	struct mem_state *s = arg;
	struct bootlog *t = s->log.t;

	if (!s->have_total)
		return 0;
	if (grow_reserve((void **)&t->mem, &t->mem_cap, t->nmem + 1,
	    sizeof(*t->mem)) != 0)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	t->mem[t->nmem++] = s->cur;
	return 0;
}

static const struct tblock_cb mem_cb = {
	mem_begin_block, mem_line, mem_end_block, 0
};

static void *
mem_open(struct logparse *lp, struct diag *d)
{
	return tblock_log_open(sizeof(struct mem_state), &mem_cb, lp, d);
}

const struct logkind_ops ops_meminfo = {
	mem_open, tblock_log_feed, tblock_log_end, tblock_log_free
};
