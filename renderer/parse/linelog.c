/* linelog.c: the frame shared by logs read one line at a time (header, init_pidname.log, cmdline2.log, paternity.log, dmesg). */
#include <stdlib.h>

#include "caps.h"
#include "linelog.h"
#include "logparse.h"

/* Turns a failure that no callback reported into an error. */
static int
split_failed(struct linesplit *ls, struct diag *d)
{
	if (d->failed)
		return -1;
	if (ls->toolong) {
		d->line = ls->lineno + 1;
		return cap_error(d, "line longer than %d bytes", LINESPLIT_MAX);
	}
	return diag_error_status(d, EXIT_NOMEM, "out of memory");
}

int
linesplit_feed_diag(struct linesplit *ls, const char *data, size_t len,
    struct diag *d)
{
	if (linesplit_feed(ls, data, len) != 0)
		return split_failed(ls, d);
	return 0;
}

int
linesplit_end_diag(struct linesplit *ls, struct diag *d)
{
	if (linesplit_end(ls) != 0)
		return split_failed(ls, d);
	return 0;
}

void *
linelog_open(size_t size, struct logparse *lp, struct diag *d, line_fn fn)
{
	struct linelog *s;

	if ((s = calloc(1, size)) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	s->lp = lp;
	s->t = lp->log;
	s->d = d;
	linesplit_init(&s->ls, fn, s);
	return s;
}

int
linelog_feed(void *state, const void *buf, size_t len)
{
	struct linelog *s = state;

	return linesplit_feed_diag(&s->ls, buf, len, s->d);
}

int
linelog_end(void *state)
{
	struct linelog *s = state;

	if (linesplit_end_diag(&s->ls, s->d) != 0)
		return -1;
	/* The first bad line was named where it stood; the rest are counted. */
	if (s->bad > 1) {
		s->d->line = 0;
		diag_warn(s->d, "%ld malformed lines ignored", s->bad);
	}
	return 0;
}

void
linelog_release(void *state)
{
	struct linelog *s = state;

	if (s == NULL)
		return;
	linesplit_free(&s->ls);
	free(s);
}
