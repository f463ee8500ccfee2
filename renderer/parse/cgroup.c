/* cgroup.c: cgroup.log "PID CGROUP" lines -> the systemd unit of each process. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "linelog.h"
#include "parse.h"
#include "pidstat.h"
#include "tblock.h"

#define CGROUP_MAX	4096	/* bootchartd logs at most 4 KiB of a path */
#define UNIT_MAX	256	/* systemd's longest unit name: longer is cut */

/* The unit types whose cgroups hold processes. */
static const char *const unit_types[] = {
	".service", ".scope", ".socket", ".mount", ".swap"
};

/* 1 when the n bytes at s end in one of unit_types (after a name). */
static int
is_unit(const char *s, size_t n)
{
	size_t i, k;

	for (i = 0; i < sizeof(unit_types) / sizeof(unit_types[0]); i++) {
		k = strlen(unit_types[i]);
		if (n > k && memcmp(s + n - k, unit_types[i], k) == 0)
			return 1;
	}
	return 0;
}

size_t
cgroup_unit(const char *path, char *out, size_t cap)
{
	const char *seg = path, *end;
	size_t n;

	/*
	 * The first (outermost) component that is a unit: the system's
	 * manager names that one.  Below it the unit's own sub-cgroups
	 * ("ssh.service/control") or a delegated subtree ("user@1000.service/
	 * sshd.service", made by that user) name what the user wants.
	 */
	for (;;) {
		while (*seg == '/')
			seg++;
		if (*seg == '\0')
			break;
		end = strchr(seg, '/');
		n = end != NULL ? (size_t)(end - seg) : strlen(seg);
		if (is_unit(seg, n)) {
			if (n >= cap)
				n = cap - 1;
			memcpy(out, seg, n);
			out[n] = '\0';
			return n;
		}
		seg += n;
	}
	out[0] = '\0';
	return 0;
}

static int
cgroup_line(void *arg, const char *line, size_t len, long lineno)
{
	struct linelog *s = arg;
	const char *p = line, *end;
	char path[CGROUP_MAX + 1], unit[UNIT_MAX + 1];
	uint64_t pid;

	s->d->line = lineno;
	len = tblock_trim(line, len);
	end = line + len;
	if (len == 0)
		return 0;
	if (tblock_number(&p, end, &pid) != 0 || p == end || *p != ' ') {
		if (s->bad++ == 0)
			diag_warn(s->d, "expected 'PID CGROUP'; line ignored");
		return 0;
	}
	p++;
	log_label(path, sizeof(path), p, (size_t)(end - p));
	if (cgroup_unit(path, unit, sizeof(unit)) == 0)
		return 0;	/* the root or a slice: no unit */
	if (cap_check(s->d, s->lp->units.n, CAP_PIDTEXTS, "units") != 0)
		return -1;
	if (logparse_add_text(&s->lp->units, (int64_t)pid, unit) != 0)
		return diag_error_status(s->d, EXIT_NOMEM, "out of memory");
	return 0;
}

static void *
cgroup_open(struct logparse *lp, struct diag *d)
{
	return linelog_open(sizeof(struct linelog), lp, d, cgroup_line);
}

const struct logkind_ops ops_cgroup = {
	cgroup_open, linelog_feed, linelog_end, linelog_release
};
