/* cmdline2.c: bootchart2 cmdline2.log -> full command lines by PID. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "linelog.h"
#include "parse.h"
#include "pidstat.h"
#include "tblock.h"

/* The collector reads at most 4 kB of /proc/PID/cmdline. */
#define CMDLINE_MAX 4096

/*
 * Each exec is a record: "PID", ":exe path", ":arg0\0arg1\0...\0", then
 * a blank line.  We keep the arguments joined by spaces, or the exe
 * path when there are none (kernel threads, a process already gone).
 */
struct cl_state {
	struct linelog log;	/* first: see linelog.h */
	int field;		/* lines seen in this record */
	int skip;		/* record is malformed: wait for the blank line */
	uint64_t pid;
	char exe[CMDLINE_MAX + 1];
	char args[CMDLINE_MAX + 1];
	size_t textbytes;	/* kept so far, for CAP_TEXT_BYTES */
};

/*
 * bootchartd writes other control bytes and backslashes as \ooo; decoded,
 * NULs separate arguments and control bytes would garble labels: spaces.
 */
static void
copy_field(char *dst, const char *p, size_t n)
{
	n = log_label(dst, CMDLINE_MAX + 1, p, n);
	while (n > 0 && dst[n - 1] == ' ')
		n--;
	dst[n] = '\0';
}

static int
finish_record(struct cl_state *s)
{
	const char *text = s->args[0] != '\0' ? s->args : s->exe;
	int rc = 0;

	if (s->skip || s->field < 2 || text[0] == '\0')
		rc = 0;
	else if (cap_check(s->log.d, s->log.lp->cmdlines.n, CAP_PIDTEXTS,
	    "command lines") != 0 || cap_check_total(s->log.d, s->textbytes +
	    strlen(text) + 1, CAP_TEXT_BYTES, "bytes of command lines") != 0)
		rc = -1;
	else if (logparse_add_text(&s->log.lp->cmdlines, (int64_t)s->pid,
	    text) != 0)
		rc = diag_error_status(s->log.d, EXIT_NOMEM, "out of memory");
	else
		s->textbytes += strlen(text) + 1;
	s->field = 0;
	s->skip = 0;
	s->exe[0] = s->args[0] = '\0';
	return rc;
}

static void
malformed(struct cl_state *s, const char *what)
{
	if (s->log.bad++ == 0)
		diag_warn(s->log.d, "%s; record ignored", what);
	s->skip = 1;
}

static int
cl_line(void *arg, const char *line, size_t len, long lineno)
{
	struct cl_state *s = arg;
	const char *p = line, *end = line + tblock_trim(line, len);

	s->log.d->line = lineno;
	if (end == line)
		return s->field > 0 ? finish_record(s) : 0;
	if (s->skip)
		return 0;
	switch (s->field++) {
	case 0:
		if (tblock_number(&p, end, &s->pid) != 0 || p != end)
			malformed(s, "expected a PID");
		break;
	case 1:
	case 2:
		if (line[0] != ':') {
			malformed(s, "expected ':' at the start of the line");
			break;
		}
		copy_field(s->field == 2 ? s->exe : s->args, line + 1, len - 1);
		break;
	default:
		malformed(s, "more than three lines in a record");
		break;
	}
	return 0;
}

static void *
cl_open(struct logparse *lp, struct diag *d)
{
	return linelog_open(sizeof(struct cl_state), lp, d, cl_line);
}

static int
cl_end(void *state)
{
	struct cl_state *s = state;

	if (linesplit_end_diag(&s->log.ls, s->log.d) != 0)
		return -1;
	if (s->field > 0 && finish_record(s) != 0)
		return -1;
	if (s->log.bad > 1) {
		s->log.d->line = 0;
		diag_warn(s->log.d, "%ld malformed records ignored", s->log.bad);
	}
	return 0;
}

const struct logkind_ops ops_cmdline2 = {
	cl_open, linelog_feed, cl_end, linelog_release
};
