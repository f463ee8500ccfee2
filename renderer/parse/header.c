/* header.c: the header member's "key = value" lines and the CPU count. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "linelog.h"
#include "logfiles.h"
#include "parse.h"
#include "tblock.h"

/* A header is a few hundred bytes; anything this big is not a header. */
#define HEADER_VALUE_MAX (64 * 1024)

struct hdr_state {
	struct linelog log;	/* first: see linelog.h */
	char *key;		/* the key being read, NULL before the first */
	char *val;
	size_t vlen, vcap;
};

static const char *
skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

static int
append(struct hdr_state *s, const char *p, size_t n)
{
	/* The limit is on the value; its NUL and a joining space are extra. */
	if (s->vlen + n > HEADER_VALUE_MAX)
		return cap_error(s->log.d, "header value of '%s' longer than "
		    "%d bytes", s->key, HEADER_VALUE_MAX);
	if (grow_reserve((void **)&s->val, &s->vcap, s->vlen + n + 2, 1) != 0)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	memcpy(s->val + s->vlen, p, n);
	s->vlen += n;
	s->val[s->vlen] = '\0';
	return 0;
}

/* Stores the key read so far with its value. */
static int
flush(struct hdr_state *s)
{
	int rc = 0;

	if (s->key == NULL)
		return 0;
	if (bootlog_header(s->log.t, s->key) == NULL && cap_check(s->log.d,
	    s->log.t->nheader, CAP_HEADER_KEYS, "header keys") != 0)
		rc = -1;
	else if (bootlog_set_header(s->log.t, s->key, s->val ? s->val : "") != 0)
		rc = diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	free(s->key);
	s->key = NULL;
	s->vlen = 0;
	if (s->val != NULL)
		s->val[0] = '\0';
	return rc;
}

static int
new_key(struct hdr_state *s, const char *line, const char *eq, const char *end)
{
	const char *k = skip_blanks(line, eq), *kend = eq, *v;

	if (flush(s) != 0)
		return -1;
	while (kend > k && (kend[-1] == ' ' || kend[-1] == '\t'))
		kend--;
	if ((s->key = strndup(k, (size_t)(kend - k))) == NULL)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	v = eq + 3 < end ? skip_blanks(eq + 3, end) : end;
	return append(s, v, (size_t)(end - v));
}

/*
 * A line without " = " continues the previous value (a CPU model list
 * spans lines); the parts are joined with one space.
 */
static int
hdr_line(void *arg, const char *line, size_t len, long lineno)
{
	struct hdr_state *s = arg;
	const char *end, *eq, *p;

	s->log.d->line = lineno;
	/* Looked for before trimming: "title = " has an empty value. */
	eq = memmem(line, len, " = ", 3);
	len = tblock_trim(line, len);
	end = line + len;
	p = skip_blanks(line, end);
	if (p == end)
		return 0;
	if (eq != NULL)
		return new_key(s, line, eq, end);
	if (s->key == NULL) {
		diag_warn(s->log.d, "header line without ' = ' ignored");
		return 0;
	}
	if (s->vlen > 0 && append(s, " ", 1) != 0)
		return -1;
	return append(s, p, (size_t)(end - p));
}

static void *
hdr_open(struct logparse *lp, struct diag *d)
{
	return linelog_open(sizeof(struct hdr_state), lp, d, hdr_line);
}

/* Counts "model name" in a /proc/cpuinfo excerpt. */
static int
count_models(const char *v)
{
	int n = 0;

	while ((v = strstr(v, "model name")) != NULL) {
		n++;
		v += 10;
	}
	return n;
}

/*
 * bootchart2 writes system.cpu.num; the 0.9 loggers end system.cpu with
 * "(N)"; failing both, one "model name" per CPU.
 */
static int
cpu_count(const struct bootlog *t)
{
	const char *v, *p;
	long n;
	char *e;

	if ((v = bootlog_header(t, HDR_CPU_NUM)) != NULL &&
	    (n = strtol(v, &e, 10)) > 0 && *e == '\0' && n < 100000)
		return (int)n;
	if ((v = bootlog_header(t, HDR_CPU)) == NULL)
		return 1;
	p = v + strlen(v);
	if (p > v && p[-1] == ')') {
		p--;
		while (p > v && p[-1] >= '0' && p[-1] <= '9')
			p--;
		if (p > v && p[-1] == '(' && (n = strtol(p, &e, 10)) > 0 &&
		    *e == ')' && n < 100000)
			return (int)n;
	}
	n = count_models(v);
	return n > 0 ? (int)n : 1;
}

static int
hdr_end(void *state)
{
	struct hdr_state *s = state;

	if (linesplit_end_diag(&s->log.ls, s->log.d) != 0)
		return -1;
	if (flush(s) != 0)
		return -1;
	s->log.t->ncpus = cpu_count(s->log.t);
	return 0;
}

static void
hdr_release(void *state)
{
	struct hdr_state *s = state;

	if (s != NULL) {
		free(s->key);
		free(s->val);
	}
	linelog_release(s);
}

const struct logkind_ops ops_header = {
	hdr_open, linelog_feed, hdr_end, hdr_release
};
