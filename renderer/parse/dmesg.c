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

/* What a milestone's head and tail hold between them. */
enum middle {
	MID_NONE,		/* no tail: the head alone matches */
	MID_WORD,		/* a word (a device), the tail right after it */
	MID_TO_END		/* anything; the tail ends the record */
};

/*
 * Messages the kernel (and systemd) print once per boot, in their own
 * form: the head starts the record's text (a process's name can start a
 * kernel record too, "NAME[PID]: segfault at ...", but a name has at
 * most 15 bytes and is followed by the kernel's text).  With a tail, the
 * text between head and tail goes into the label ("run /init", "mounted
 * vda1").  Only the first record of each counts.
 */
static const struct {
	const char *head;
	const char *tail;
	enum middle middle;
	int kernel;		/* 1: the kernel's message, 0: systemd's */
	int milestone;
	const char *label;
} milestones[] = {
	{ "Trying to unpack rootfs image", NULL, MID_NONE, 1, KM_UNPACK,
	    "unpack initramfs" },
	{ "Freeing unused kernel", NULL, MID_NONE, 1, KM_FREE_INIT,
	    "free init memory" },
	{ "VFS: Mounted root", NULL, MID_NONE, 1, KM_ROOT, "root mounted" },
	{ "Run ", " as init process", MID_TO_END, 1, KM_RUN_INIT, "run " },
	{ "EXT4-fs (", "): mounted filesystem", MID_WORD, 1, KM_EXT4,
	    "mounted " },
	{ "systemd[1]: ", NULL, MID_NONE, 0, KM_SYSTEMD, "systemd" },
};

/* The facility of a record without a "<N>" prefix: not known. */
#define FAC_UNKNOWN	(-1)
/* The kernel's own facility (LOG_KERN). */
#define FAC_KERN	0

/*
 * "<N>" (facility * 8 + level, as `dmesg -r` and klogctl give it):
 * the facility in *fac, and p moved past it.  -1 when it is cut.
 */
static int
priority(const char **pp, const char *end, int *fac)
{
	const char *p = *pp + 1;
	uint64_t n;

	if (p == end || *p < '0' || *p > '9' ||
	    tblock_number(&p, end, &n) != 0 || p == end || *p++ != '>')
		return -1;
	*fac = n >> 3 > INT32_MAX ? INT32_MAX : (int)(n >> 3);
	*pp = p;
	return 0;
}

/*
 * "[    0.123456] text" (an optional "<N>" priority first): the time in
 * µs, the facility (FAC_UNKNOWN without a priority) and where the text
 * starts.  -1 when the line has no such stamp or it is past 20 years of
 * uptime.
 */
static int
stamp(const char *line, const char *end, usec_t *us, int *fac,
    const char **text)
{
	const char *p = line;
	uint64_t secs, frac = 0;
	int digits = 0;

	*fac = FAC_UNKNOWN;
	if (p < end && *p == '<' && priority(&p, end, fac) != 0)
		return -1;
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
 * "initcall NAME+0x0/0x70 [MODULE] returned R after N usecs", the whole
 * text (the kernel's initcall_debug; the module part only for modules):
 * the function's name and duration.  0 when the text is something else.
 */
static int
initcall(const char *text, const char *end, char *name, size_t cap,
    uint64_t *usecs)
{
	const char *p = text, *fn, *plus;
	uint64_t ret;
	size_t n;

	if (!eat(&p, end, "initcall "))
		return 0;
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
	    tblock_number(&p, end, usecs) != 0 || !eat(&p, end, " usecs") ||
	    p != end)
		return 0;
	if (n >= cap)
		n = cap - 1;
	memcpy(name, fn, n);
	name[n] = '\0';
	return n > 0;
}

/*
 * Where the tail of milestone i is in the text after its head h: the
 * end of the middle, or NULL when the text is not of that form.
 */
static const char *
tail_at(size_t i, const char *h, const char *end)
{
	const char *tail = milestones[i].tail, *t = h;
	size_t n = strlen(tail);

	if (milestones[i].middle == MID_TO_END) {
		if ((size_t)(end - h) <= n)
			return NULL;
		t = end - n;
		return memcmp(t, tail, n) == 0 ? t : NULL;
	}
	while (t < end && *t != ' ' && *t != tail[0])
		t++;
	return t > h && (size_t)(end - t) >= n && memcmp(t, tail, n) == 0 ?
	    t : NULL;
}

/*
 * The first milestone of the table the text is, not met before, from
 * the facility that writes it (when the record says); -1 for none.
 */
static int
milestone(struct dmesg_state *s, const char *text, const char *end, int fac,
    char *label, size_t cap)
{
	const char *h, *t;
	size_t i, n;

	for (i = 0; i < sizeof(milestones) / sizeof(milestones[0]); i++) {
		h = text;
		if (s->seen & (1u << milestones[i].milestone) ||
		    (fac != FAC_UNKNOWN &&
		    (fac == FAC_KERN) != milestones[i].kernel) ||
		    !eat(&h, end, milestones[i].head))
			continue;
		if (milestones[i].middle == MID_NONE) {
			snprintf(label, cap, "%s", milestones[i].label);
			return (int)i;
		}
		if ((t = tail_at(i, h, end)) == NULL)
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
	int i, fac;

	s->log.d->line = lineno;
	len = tblock_trim(line, len);
	end = line + len;
	if (len == 0 || line[0] == ' ' || line[0] == '\t')
		return 0;
	if (stamp(line, end, &us, &fac, &text) != 0) {
		if (s->log.bad++ == 0)
			diag_warn(s->log.d, "expected '[SECONDS.MICROS] text'; "
			    "line ignored");
		return 0;
	}
	memset(&e, 0, sizeof(e));
	e.text = buf;
	/* Only the kernel prints initcalls. */
	if ((fac == FAC_UNKNOWN || fac == FAC_KERN) &&
	    initcall(text, end, buf, sizeof(buf), &usecs)) {
		e.kind = KEV_INITCALL;
		e.dur_us = usecs > (uint64_t)us ? us : (int64_t)usecs;
		e.time_us = us - e.dur_us;
		return add(s, &e);
	}
	if ((i = milestone(s, text, end, fac, buf, sizeof(buf))) < 0)
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
