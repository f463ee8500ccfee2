/* pidname.c: init_pidname.log "PID=name" lines that rename processes. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "linelog.h"
#include "parse.h"
#include "tblock.h"

#define PIDNAME_MAX 256		/* longer names are cut: they are labels */

static int
pidname_line(void *arg, const char *line, size_t len, long lineno)
{
	struct linelog *s = arg;
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
	if (cap_check(s->d, s->lp->names.n, CAP_PIDTEXTS, "names") != 0)
		return -1;
	if (logparse_add_text(&s->lp->names, (int64_t)pid, name) != 0)
		return diag_error_status(s->d, EXIT_NOMEM, "out of memory");
	return 0;
}

static void *
pidname_open(struct logparse *lp, struct diag *d)
{
	return linelog_open(sizeof(struct linelog), lp, d, pidname_line);
}

const struct logkind_ops ops_pidname = {
	pidname_open, linelog_feed, linelog_end, linelog_release
};
