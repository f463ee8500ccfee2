/* parse_paternity.c: bootchart2 paternity.log "child parent" lines -> fork records. */
#include <stdlib.h>

#include "caps.h"
#include "parse.h"
#include "tblock.h"

struct pat_state {
	struct trace *t;
	struct diag *d;
	struct linesplit ls;
	long bad;		/* malformed lines: only the first is named */
};

static int
pat_line(void *arg, const char *line, size_t len, long lineno)
{
	struct pat_state *s = arg;
	const char *p = line, *end;
	uint64_t child, parent;

	s->d->line = lineno;
	len = tblock_trim(line, len);
	end = line + len;
	if (len == 0)
		return 0;
	if (tblock_number(&p, end, &child) != 0 || p == end ||
	    (*p != ' ' && *p != '\t') ||
	    tblock_number(&p, end, &parent) != 0 || p != end) {
		if (s->bad++ == 0)
			diag_warn(s->d, "expected 'child parent'; line ignored");
		return 0;
	}
	if (cap_check(s->d, s->t->nforks, CAP_FORKS, "fork records") != 0)
		return -1;
	if (trace_add_fork_time(s->t, (int64_t)child, (int64_t)parent) != 0)
		return diag_error_status(s->d, EXIT_NOMEM, "out of memory");
	return 0;
}

static void *
pat_open(struct trace *t, struct diag *d)
{
	struct pat_state *s;

	if ((s = calloc(1, sizeof(*s))) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	s->t = t;
	s->d = d;
	linesplit_init(&s->ls, pat_line, s);
	return s;
}

static int
pat_feed(void *state, const void *buf, size_t len)
{
	struct pat_state *s = state;

	return linesplit_feed_diag(&s->ls, buf, len, s->d);
}

static int
pat_end(void *state)
{
	struct pat_state *s = state;

	if (linesplit_end_diag(&s->ls, s->d) != 0)
		return -1;
	if (s->bad > 1) {
		s->d->line = 0;
		diag_warn(s->d, "%ld malformed lines ignored", s->bad);
	}
	return 0;
}

static void
pat_release(void *state)
{
	struct pat_state *s = state;

	if (s == NULL)
		return;
	linesplit_free(&s->ls);
	free(s);
}

const struct logkind_ops ops_paternity = {
	pat_open, pat_feed, pat_end, pat_release
};
