/* dmesg.c: the kernel's log (dmesg member): initcalls (initcall_debug) and a few well-known milestones. */
#include <stdio.h>
#include <string.h>

#include "caps.h"
#include "linelog.h"
#include "parse.h"
#include "tblock.h"

/* Function names are kept to this (the kernel's KSYM_NAME_LEN was 128 before 6.1). */
#define KEV_TEXT_MAX	128
/* A path or device taken into a milestone's label. */
#define LABEL_PART_MAX	32

struct dmesg_state {
	struct linelog log;	/* first: see linelog.h */
	unsigned seen;		/* a bit per milestone already met */
};

/*
 * Messages the kernel (and systemd) print once per boot, matched by
 * substring anywhere in a record's text.  With a tail, the text between
 * head and tail goes into the label ("run /init", "mounted vda1").  Only
 * the first record of each counts.
 */
static const struct {
	const char *head;
	const char *tail;	/* NULL: the head alone matches */
	int milestone;
	const char *label;
} milestones[] = {
	{ "Trying to unpack rootfs image", NULL, KM_UNPACK, "unpack initramfs" },
	{ "Freeing unused kernel", NULL, KM_FREE_INIT, "free init memory" },
	{ "VFS: Mounted root", NULL, KM_ROOT, "root mounted" },
	{ "Run ", " as init process", KM_RUN_INIT, "run " },
	{ "EXT4-fs (", "): mounted filesystem", KM_EXT4, "mounted " },
	{ "systemd[1]: ", NULL, KM_SYSTEMD, "systemd" },
};

/*
 * "[    0.123456] text" (an optional "<6>" priority first, as klogctl
 * gives it): the time in µs and where the text starts.  -1 when the
 * line has no such stamp or it is past 20 years of uptime.
 */
static int
stamp(const char *line, const char *end, usec_t *us, const char **text)
{
	const char *p = line;
	uint64_t secs, frac = 0;
	int digits = 0;

	if (p < end && *p == '<') {
		while (++p < end && *p >= '0' && *p <= '9')
			;
		if (p == end || *p++ != '>')
			return -1;
	}
	if (p == end || *p++ != '[' || tblock_number(&p, end, &secs) != 0 ||
	    secs > CAP_STAMP_JIFFIES / 100 || p == end || *p++ != '.')
		return -1;
	for (; p < end && *p >= '0' && *p <= '9'; p++, digits++)
		if (digits < 6)
			frac = frac * 10 + (uint64_t)(*p - '0');
	if (digits == 0)
		return -1;
	for (; digits < 6; digits++)
		frac *= 10;
	while (p < end && *p == ' ')
		p++;
	if (p == end || *p++ != ']')
		return -1;
	if (p < end && *p == ' ')
		p++;
	*us = (usec_t)(secs * USEC_PER_SEC + frac);
	*text = p;
	return 0;
}

/* Whether the text at *p starts with s; moves *p past it when it does. */
static int
eat(const char **p, const char *end, const char *s)
{
	size_t n = strlen(s);

	if ((size_t)(end - *p) < n || memcmp(*p, s, n) != 0)
		return 0;
	*p += n;
	return 1;
}

/* The next blank-free token at *p; moves *p past it. */
static size_t
token(const char **p, const char *end)
{
	const char *s = *p;

	while (*p < end && **p != ' ')
		(*p)++;
	return (size_t)(*p - s);
}

/*
 * "initcall NAME+0x0/0x70 [MODULE] returned R after N usecs" (the
 * kernel's initcall_debug; the module part only for modules): the
 * function's name and duration.  0 when the text is something else.
 */
static int
initcall(const char *text, const char *end, char *name, size_t cap,
    uint64_t *usecs)
{
	const char *p = memmem(text, (size_t)(end - text), "initcall ", 9);
	const char *fn, *plus;
	uint64_t ret;
	size_t n;

	if (p == NULL)
		return 0;
	p += 9;
	fn = p;
	if ((n = token(&p, end)) == 0)
		return 0;
	if ((plus = memchr(fn, '+', n)) != NULL)
		n = (size_t)(plus - fn);
	if (eat(&p, end, " [") && (token(&p, end) == 0 || p[-1] != ']'))
		return 0;
	if (!eat(&p, end, " returned "))
		return 0;
	if (p < end && *p == '-')
		p++;
	if (tblock_number(&p, end, &ret) != 0 || !eat(&p, end, " after ") ||
	    tblock_number(&p, end, usecs) != 0 || !eat(&p, end, " usecs"))
		return 0;
	if (n >= cap)
		n = cap - 1;
	memcpy(name, fn, n);
	name[n] = '\0';
	return n > 0;
}

/* The first milestone of the table the text is, not met before; -1 for none. */
static int
milestone(struct dmesg_state *s, const char *text, const char *end,
    char *label, size_t cap)
{
	const char *h, *t;
	size_t i, len = (size_t)(end - text), n;

	for (i = 0; i < sizeof(milestones) / sizeof(milestones[0]); i++) {
		if (s->seen & (1u << milestones[i].milestone) ||
		    (h = memmem(text, len, milestones[i].head,
		    strlen(milestones[i].head))) == NULL)
			continue;
		h += strlen(milestones[i].head);
		if (milestones[i].tail == NULL) {
			snprintf(label, cap, "%s", milestones[i].label);
			return (int)i;
		}
		if ((t = memmem(h, (size_t)(end - h), milestones[i].tail,
		    strlen(milestones[i].tail))) == NULL || t == h)
			continue;
		n = (size_t)(t - h) < LABEL_PART_MAX ? (size_t)(t - h) :
		    LABEL_PART_MAX;
		snprintf(label, cap, "%s%.*s", milestones[i].label, (int)n, h);
		return (int)i;
	}
	return -1;
}

static int
add(struct dmesg_state *s, const struct kevent *e)
{
	if (cap_check(s->log.d, s->log.t->nkev, CAP_KEVENTS,
	    "events in the kernel's log") != 0)
		return -1;
	if (bootlog_add_kevent(s->log.t, e) != 0)
		return diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	return 0;
}

/*
 * Lines indented with a blank continue a record (dmesg prints a
 * record's further lines so): nothing we look for is there.
 */
static int
dmesg_line(void *arg, const char *line, size_t len, long lineno)
{
	struct dmesg_state *s = arg;
	const char *end, *text;
	char buf[KEV_TEXT_MAX];
	struct kevent e;
	uint64_t usecs;
	usec_t us;
	int i;

	s->log.d->line = lineno;
	len = tblock_trim(line, len);
	end = line + len;
	if (len == 0 || line[0] == ' ' || line[0] == '\t')
		return 0;
	if (stamp(line, end, &us, &text) != 0) {
		if (s->log.bad++ == 0)
			diag_warn(s->log.d, "expected '[SECONDS.MICROS] text'; "
			    "line ignored");
		return 0;
	}
	memset(&e, 0, sizeof(e));
	e.text = buf;
	if (initcall(text, end, buf, sizeof(buf), &usecs)) {
		e.kind = KEV_INITCALL;
		e.dur_us = usecs > (uint64_t)us ? us : (int64_t)usecs;
		e.time_us = us - e.dur_us;
		return add(s, &e);
	}
	if ((i = milestone(s, text, end, buf, sizeof(buf))) < 0)
		return 0;
	s->seen |= 1u << milestones[i].milestone;
	e.kind = KEV_MILESTONE;
	e.milestone = milestones[i].milestone;
	e.time_us = us;
	return add(s, &e);
}

static void *
dmesg_open(struct logparse *lp, struct diag *d)
{
	return linelog_open(sizeof(struct dmesg_state), lp, d, dmesg_line);
}

const struct logkind_ops ops_dmesg = {
	dmesg_open, linelog_feed, linelog_end, linelog_release
};
