/* tblock.c: split a streamed log into timed blocks (stamp line, data lines, blank line). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "linelog.h"
#include "logparse.h"
#include "logfiles.h"
#include "tblock.h"

size_t
tblock_trim(const char *line, size_t len)
{
	while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == ' ' ||
	    line[len - 1] == '\t'))
		len--;
	return len;
}

int
tblock_number(const char **pp, const char *end, uint64_t *out)
{
	const char *p = *pp;
	uint64_t v = 0;
	int digits = 0;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	while (p < end && *p >= '0' && *p <= '9') {
		if (v > (uint64_t)INT64_MAX / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > (uint64_t)INT64_MAX)
			return -1;
		p++;
		digits++;
	}
	if (digits == 0)
		return -1;
	*pp = p;
	*out = v;
	return 0;
}

/* Copies at most 40 bytes of a line for a message, hiding control bytes. */
static void
excerpt(char *dst, size_t cap, const char *s, size_t len)
{
	size_t i, n = len < 40 ? len : 40;

	if (n >= cap)
		n = cap - 1;
	for (i = 0; i < n; i++)
		dst[i] = (s[i] >= 0x20 && s[i] < 0x7f) ? s[i] : '?';
	dst[n] = '\0';
}

/* Blank lines inside blocks reported one by one; then only counted. */
#define RESUME_WARN_MAX 5

static int
close_block(struct tblock *tb)
{
	tb->in_block = 0;
	tb->was_dropping = tb->dropping;
	if (tb->dropping) {
		tb->dropping = 0;
		return 0;
	}
	if (tb->cb->end != NULL)
		return tb->cb->end(tb->arg);
	return 0;
}

static int
start_block(struct tblock *tb, const char *line, size_t len)
{
	const char *p = line, *end = line + len;
	uint64_t j;
	usec_t us;
	char ex[48];

	if (tblock_number(&p, end, &j) != 0 || p != end) {
		excerpt(ex, sizeof(ex), line, len);
		return diag_error(tb->d, "expected a time stamp, found '%s'", ex);
	}
	if (j > CAP_STAMP_JIFFIES)
		return cap_error(tb->d, "time stamp %llu is more than 20 years "
		    "of uptime", (unsigned long long)j);
	us = (usec_t)j * USEC_PER_JIFFY;
	tb->in_block = 1;
	/* As proc_ps.log: a clock that does not advance loses that block only. */
	tb->dropping = tb->have_time && us <= tb->time_us;
	if (tb->dropping) {
		diag_warn(tb->d, "time stamp %llu does not advance; block "
		    "dropped", (unsigned long long)j);
		return 0;
	}
	if (cap_check(tb->d, (size_t)tb->nblocks, CAP_BLOCKS,
	    "sample blocks") != 0)
		return -1;
	tb->time_us = us;
	tb->have_time = 1;
	tb->nblocks++;
	if (tb->cb->begin != NULL)
		return tb->cb->begin(tb->arg, us);
	return 0;
}

/* Whether the line is all digits (blanks around them allowed). */
static int
is_stamp(const char *line, size_t len)
{
	const char *p = line;
	uint64_t j;

	return tblock_number(&p, line + len, &j) == 0 && p == line + len;
}

/* A line after a blank line that is no time stamp: see tblock_cb.resume. */
static int
resume_block(struct tblock *tb, const char *line, size_t len)
{
	tb->in_block = 1;
	tb->dropping = tb->was_dropping;
	if (++tb->resumed <= RESUME_WARN_MAX)
		diag_warn(tb->d, "blank line inside a block (a process name "
		    "with a newline?); the block goes on");
	if (tb->dropping)
		return 0;
	return tb->cb->line(tb->arg, line, len);
}

static int
on_line(void *arg, const char *line, size_t len, long lineno)
{
	struct tblock *tb = arg;

	tb->d->line = lineno;
	len = tblock_trim(line, len);
	if (len == 0)
		return tb->in_block ? close_block(tb) : 0;
	if (!tb->in_block && tb->cb->resume && tb->nblocks > 0 &&
	    !is_stamp(line, len))
		return resume_block(tb, line, len);
	if (!tb->in_block)
		return start_block(tb, line, len);
	if (tb->dropping)
		return 0;
	return tb->cb->line(tb->arg, line, len);
}

void
tblock_init(struct tblock *tb, const struct tblock_cb *cb, void *arg,
    struct diag *d)
{
	memset(tb, 0, sizeof(*tb));
	linesplit_init(&tb->ls, on_line, tb);
	tb->cb = cb;
	tb->arg = arg;
	tb->d = d;
}

int
tblock_feed(struct tblock *tb, const void *buf, size_t len)
{
	return linesplit_feed_diag(&tb->ls, buf, len, tb->d);
}

int
tblock_end(struct tblock *tb)
{
	if (linesplit_end_diag(&tb->ls, tb->d) != 0)
		return -1;
	if (tb->resumed > RESUME_WARN_MAX) {
		tb->d->line = 0;
		diag_warn(tb->d, "%ld blank lines inside blocks in all",
		    tb->resumed);
	}
	if (tb->in_block)
		return close_block(tb);
	return 0;
}

void
tblock_free(struct tblock *tb)
{
	linesplit_free(&tb->ls);
}

void *
tblock_log_open(size_t size, const struct tblock_cb *cb, struct logparse *lp,
    struct diag *d)
{
	struct tblock_log *l;

	if ((l = calloc(1, size)) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	l->lp = lp;
	l->t = lp->log;
	l->d = d;
	tblock_init(&l->tb, cb, l, d);
	return l;
}

int
tblock_log_feed(void *state, const void *buf, size_t len)
{
	struct tblock_log *l = state;

	return tblock_feed(&l->tb, buf, len);
}

int
tblock_log_end(void *state)
{
	struct tblock_log *l = state;

	return tblock_end(&l->tb);
}

void
tblock_log_free(void *state)
{
	struct tblock_log *l = state;

	if (l == NULL)
		return;
	tblock_free(&l->tb);
	free(l);
}
