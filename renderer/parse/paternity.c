/* paternity.c: bootchart2 paternity.log "child parent" lines -> fork records. */

#include "caps.h"
#include "linelog.h"
#include "parse.h"
#include "tblock.h"

static int
pat_line(void *arg, const char *line, size_t len, long lineno)
{
	struct linelog *s = arg;
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
	if (bootlog_add_fork_time(s->t, (int64_t)child, (int64_t)parent) != 0)
		return diag_error_status(s->d, EXIT_NOMEM, "out of memory");
	return 0;
}

static void *
pat_open(struct logparse *lp, struct diag *d)
{
	return linelog_open(sizeof(struct linelog), lp, d, pat_line);
}

const struct logkind_ops ops_paternity = {
	pat_open, linelog_feed, linelog_end, linelog_release
};
