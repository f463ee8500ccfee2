/* tracemember.c: the trace.dat member: its bytes held whole (up to CAP_TRACE_BYTES), opened as a trace when it ends. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "parse.h"
#include "trace.h"

struct trace_state {
	struct logparse *lp;
	struct diag *d;
	uint8_t *buf;
	size_t len, cap;
	int dropped;		/* left out (lp->trace_optional): the rest ignored */
};

/*
 * The error just recorded, of a trace the log can do without: said as a
 * warning, and the member dropped.  0, or -1 when the error stays.
 */
static int
drop(struct trace_state *s)
{
	if (!s->lp->trace_optional || 
	    bootlog_drop_trace(s->lp->log, s->d) != 0)
		return -1;
	free(s->buf);
	s->buf = NULL;
	s->len = s->cap = 0;
	s->dropped = 1;
	return 0;
}

static void *
trace_begin(struct logparse *lp, struct diag *d)
{
	struct trace_state *s;

	if ((s = calloc(1, sizeof(*s))) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	s->lp = lp;
	s->d = d;
	return s;
}

static int
trace_feed(void *arg, const void *buf, size_t len)
{
	struct trace_state *s = arg;

	s->d->line = 0;
	if (s->dropped)
		return 0;
	if (len > CAP_TRACE_BYTES - s->len) {
		cap_error(s->d, "more than %zu bytes of trace",
		    CAP_TRACE_BYTES);
		return drop(s);
	}
	if (grow_reserve((void **)&s->buf, &s->cap, s->len + len, 1) != 0)
		return diag_error_status(s->d, EXIT_NOMEM, "out of memory");
	memcpy(s->buf + s->len, buf, len);
	s->len += len;
	return 0;
}

/*
 * A second trace.dat cannot be merged with the first: input.c's claim()
 * keeps one.  Parsing stops here, at a reader opened over the bytes:
 * what the events say is the trace model's (renderer/exact/).
 */
static int
trace_end(void *arg)
{
	struct trace_state *s = arg;
	struct tracefile *f = &s->lp->trace;
	struct tdat *td;

	s->d->line = 0;
	if (s->dropped)
		return 0;
	if (tdat_open_from(&td, s->buf, s->len, &s->lp->src, s->d) != 0)
		return drop(s);
	tracefile_free(f);
	f->td = td;
	f->buf = s->buf;
	f->len = s->len;
	f->src = s->lp->src;
	s->buf = NULL;
	return 0;
}

static void
trace_release(void *arg)
{
	struct trace_state *s = arg;

	free(s->buf);
	free(s);
}

const struct logkind_ops ops_trace = {
	trace_begin, trace_feed, trace_end, trace_release
};
