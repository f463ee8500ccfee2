/* texit.c: taskstats_exit.log's records (each task's exact CPU time at its exit) into the log's exit records. */
#include <string.h>

#include "caps.h"
#include "linelog.h"
#include "parse.h"
#include "pidstat.h"
#include "tblock.h"

/* "TGID PID PPID RUN_NS UTIME_US STIME_US COMM" (docs/formats.md). */
static int
texit_line(void *arg, const char *line, size_t len, long lineno)
{
	struct linelog *s = arg;
	const char *p = line, *end;
	uint64_t v[6];
	char comm[64];
	size_t i, n;

	s->d->line = lineno;
	len = tblock_trim(line, len);
	end = line + len;
	if (len == 0)
		return 0;
	for (i = 0; i < 6; i++)
		if (tblock_number(&p, end, &v[i]) != 0 || p == end ||
		    *p != ' ')
			break;
		else
			p++;
	if (i < 6 || v[0] > INT32_MAX || v[1] > INT32_MAX) {
		if (s->bad++ == 0)
			diag_warn(s->d, "expected 'TGID PID PPID RUN_NS "
			    "UTIME_US STIME_US COMM'; line ignored");
		return 0;
	}
	if (cap_check(s->d, s->t->ntexit, CAP_FORKS, "exit records") != 0)
		return -1;
	n = log_unescape(comm, sizeof(comm), p, (size_t)(end - p));
	if (bootlog_add_texit(s->t, (int64_t)v[0], v[0] == v[1],
	    (usec_t)(v[3] / 1000), comm, n) != 0)
		return diag_error_status(s->d, EXIT_NOMEM, "out of memory");
	return 0;
}

static void *
texit_open(struct logparse *lp, struct diag *d)
{
	return linelog_open(sizeof(struct linelog), lp, d, texit_line);
}

const struct logkind_ops ops_texit = {
	texit_open, linelog_feed, linelog_end, linelog_release
};
