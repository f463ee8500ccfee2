/* parse_pidname.c: init_pidname.log "PID=name" lines that rename processes. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "parse.h"
#include "tblock.h"

#define PIDNAME_MAX 256		/* longer names are cut: they are labels */

struct pidname_state {
	struct trace *t;
	struct diag *d;
	struct linesplit ls;
	long bad;		/* malformed lines: only the first is named */
};

static int
pidname_line(void *arg, const char *line, size_t len, long lineno)
{
	struct pidname_state *s = arg;
	const char *p = line, *end;
	char name[PIDNAME_MAX + 1];
	uint64_t pid;
	size_t n;

	s->d->line = lineno;
	len = tblock_trim(line, len);
	end = line + len;
	if (len == 0)
		return 0;
	if (tblock_number(&p, end, &pid) != 0 || p == end || *p != '=') {
		if (s->bad++ == 0)
			diag_warn(s->d, "expected PID=name; line ignored");
		return 0;
	}
	p++;
	n = (size_t)(end - p);
	if (n == 0) {
		if (s->bad++ == 0)
			diag_warn(s->d, "empty name for PID %llu; line "
			    "ignored", (unsigned long long)pid);
		return 0;
	}
	if (n > PIDNAME_MAX)
		n = PIDNAME_MAX;
	memcpy(name, p, n);
	name[n] = '\0';
	if (cap_check(s->d, s->t->npidnames, CAP_PIDTEXTS, "names") != 0)
		return -1;
	if (trace_add_pidname(s->t, (int64_t)pid, name) != 0)
		return diag_error_status(s->d, EXIT_NOMEM, "out of memory");
	return 0;
}

static void *
pidname_open(struct trace *t, struct diag *d)
{
	struct pidname_state *s;

	if ((s = calloc(1, sizeof(*s))) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	s->t = t;
	s->d = d;
	linesplit_init(&s->ls, pidname_line, s);
	return s;
}

static int
pidname_feed(void *state, const void *buf, size_t len)
{
	struct pidname_state *s = state;

	return linesplit_feed_diag(&s->ls, buf, len, s->d);
}

static int
pidname_end(void *state)
{
	struct pidname_state *s = state;

	if (linesplit_end_diag(&s->ls, s->d) != 0)
		return -1;
	if (s->bad > 1) {
		s->d->line = 0;
		diag_warn(s->d, "%ld malformed lines ignored", s->bad);
	}
	return 0;
}

static void
pidname_release(void *state)
{
	struct pidname_state *s = state;

	if (s == NULL)
		return;
	linesplit_free(&s->ls);
	free(s);
}

const struct logkind_ops ops_pidname = {
	pidname_open, pidname_feed, pidname_end, pidname_release
};
