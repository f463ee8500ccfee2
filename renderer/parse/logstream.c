/* logstream.c: route the bytes of one log member to the parser of its kind. */
#include <stdlib.h>
#include <string.h>

#include "parse.h"

struct logstream {
	const struct logkind_ops *ops;
	void *state;
	struct diag *d;
};

/* The parser of each kind of member (members.h names them). */
static const struct logkind_ops *const parsers[LK_NKINDS] = {
	[LK_HEADER] = &ops_header,
	[LK_PROC_PS] = &ops_proc_ps,
	[LK_TASKSTATS] = &ops_taskstats,
	[LK_PACCT] = &ops_pacct,
	[LK_PATERNITY] = &ops_paternity,
	[LK_PIDNAME] = &ops_pidname,
	[LK_CMDLINE2] = &ops_cmdline2,
	[LK_CGROUP] = &ops_cgroup,
	[LK_PROC_STAT] = &ops_proc_stat,
	[LK_DISKSTATS] = &ops_diskstats,
	[LK_MEMINFO] = &ops_meminfo,
	[LK_DMESG] = &ops_dmesg,
	[LK_TRACE] = &ops_trace,
	[LK_TASKEXIT] = &ops_texit,
};

enum logkind
logkind_of(const char *name)
{
	const struct member *m = member_named(name);

	return m != NULL ? m->kind : LK_UNKNOWN;
}

static const struct logkind_ops *
ops_of(enum logkind kind)
{
	return (unsigned)kind < LK_NKINDS ? parsers[kind] : NULL;
}

struct logstream *
logstream_open(struct logparse *lp, enum logkind kind, struct diag *d)
{
	const struct logkind_ops *ops = ops_of(kind);
	struct logstream *ls;

	if (ops == NULL) {
		diag_error(d, "not a known log file");
		return NULL;
	}
	if ((ls = calloc(1, sizeof(*ls))) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	/* proc_ps.log is the better process source: drop what taskstats.log gave. */
	if (kind == LK_PROC_PS && lp->log->ps_source == PS_TASKSTATS) {
		diag_info(d, "%s: replaces taskstats.log", d->file);
		logparse_clear_processes(lp);
	}
	ls->ops = ops;
	ls->d = d;
	if ((ls->state = ops->begin(lp, d)) == NULL) {
		free(ls);
		return NULL;
	}
	return ls;
}

int
logstream_feed(struct logstream *ls, const void *buf, size_t len)
{
	if (len == 0)
		return 0;
	return ls->ops->feed(ls->state, buf, len);
}

int
logstream_close(struct logstream *ls)
{
	int rc;

	rc = ls->ops->end(ls->state);
	ls->ops->release(ls->state);
	free(ls);
	return rc;
}

void
logstream_abort(struct logstream *ls)
{
	if (ls == NULL)
		return;
	ls->ops->release(ls->state);
	free(ls);
}

int
logstream_buffer(struct logparse *lp, const char *name, const void *buf,
    size_t len, struct diag *d)
{
	struct logstream *ls;

	diag_set_file(d, "%s", name);
	if ((ls = logstream_open(lp, logkind_of(name), d)) == NULL)
		return -1;
	if (logstream_feed(ls, buf, len) != 0) {
		logstream_abort(ls);
		return -1;
	}
	return logstream_close(ls);
}
