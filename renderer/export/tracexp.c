/* tracexp.c: what the trace's exports read of the model: running intervals from the model's per-thread records, the critical path, milestones as trace times, and -f perfetto's second reader of the trace (docs/exports.md). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "grow.h"
#include "tcrit.h"
#include "trace.h"
#include "tracexp.h"

int
tracexp_error(const struct tracexp *x, struct diag *d)
{
	if (d->failed == 0)
		diag_error_status(d, x->quiet.status ? x->quiet.status :
		    EXIT_BADINPUT, "%s", x->quiet.msg[0] ? x->quiet.msg :
		    "the trace could not be read again");
	return -1;
}

int
tracexp_reader(struct tracexp *x, struct tdat **td, struct diag *d)
{
	*td = NULL;
	/* A reading of its own, quiet, but a reading of the render's. */
	d->trace_reads++;
	if (tdat_open_from(td, x->buf, x->len, &x->src, &x->quiet) != 0)
		return tracexp_error(x, d);
	return 0;
}

/* One running interval of the thread of record r; 0, or -1 (no memory). */
static int
add_run(struct tracexp *x, int64_t start, int64_t end, const struct tcrec *r)
{
	struct txrun *u;

	if (end <= start)
		return 0;
	if (grow_array((void **)&x->run, &x->runcap, x->nrun,
	    sizeof(*x->run)) != 0)
		return -1;
	u = &x->run[x->nrun++];
	u->start_ns = start;
	u->end_ns = end;
	u->tid = r->tid;
	u->tgid = r->tgid;
	return 0;
}

/*
 * Each thread on a CPU from its switch on to its switch off, as the
 * model counts its CPU time (tboot.c): a switch on with no switch off
 * before the next ends there; one still running at the end, at the
 * trace's last event.
 */
static int
make_runs(struct tracexp *x)
{
	const struct tcrec *v = x->tb->crec, *on = NULL;
	size_t i, n = x->tb->ncrec;

	for (i = 0; i < n; i++) {
		if (on != NULL && on->tid != v[i].tid) {
			if (add_run(x, on->at, x->tb->last_ns, on) != 0)
				return -1;
			on = NULL;
		}
		if (v[i].kind == CR_ON) {
			if (on != NULL && add_run(x, on->at, v[i].at, on) != 0)
				return -1;
			on = &v[i];
		} else if (v[i].kind == CR_OFF && on != NULL) {
			if (add_run(x, on->at, v[i].at, on) != 0)
				return -1;
			on = NULL;
		}
	}
	if (on != NULL && add_run(x, on->at, x->tb->last_ns, on) != 0)
		return -1;
	return 0;
}

static int
add_mark(struct tracexp *x, usec_t us, const char *name)
{
	int64_t ns = (int64_t)us * 1000;

	/* Before the trace clock's zero: no line can say it. */
	if (exact_to_trace(x->tb, ns) < 0 || name == NULL)
		return 0;
	if (grow_array((void **)&x->mark, &x->markcap, x->nmark,
	    sizeof(*x->mark)) != 0)
		return -1;
	x->mark[x->nmark++] = (struct txmark){ ns, name };
	return 0;
}

static int
by_ns(const void *a, const void *b)
{
	const struct txmark *p = a, *q = b;

	return p->ns < q->ns ? -1 : p->ns > q->ns;
}

/* The milestones the chart draws, and the kernel log's. */
static int
make_marks(struct tracexp *x, const struct bootlog *t,
    const struct milestones *ms)
{
	size_t i;

	if ((ms->log_start_logged && add_mark(x, ms->log_start_us,
	    "logging starts") != 0) ||
	    (ms->has_kernel_end && add_mark(x, ms->kernel_end_us,
	    "user space starts") != 0) ||
	    (ms->has_switch_root && add_mark(x, ms->switch_root_us,
	    "switch_root") != 0) ||
	    add_mark(x, ms->end_us, ms->profile ? "end of the profile" :
	    "end of boot") != 0)
		return -1;
	for (i = 0; i < t->nkev; i++)
		if (t->kev[i].kind == KEV_MILESTONE &&
		    add_mark(x, t->kev[i].time_us, t->kev[i].text) != 0)
			return -1;
	if (x->nmark > 1)
		qsort(x->mark, x->nmark, sizeof(*x->mark), by_ns);
	return 0;
}

static int
by_pid(const void *a, const void *b)
{
	const struct txpid *p = a, *q = b;

	if (p->pid != q->pid)
		return p->pid < q->pid ? -1 : 1;
	return p->i < q->i ? -1 : p->i > q->i;
}

/* The model's entries by pid, for names: 0, or -1 (no memory). */
static int
index_pids(struct tracexp *x)
{
	size_t i;

	if (x->tb->n == 0)
		return 0;
	if ((x->bypid = calloc(x->tb->n, sizeof(*x->bypid))) == NULL)
		return -1;
	for (i = 0; i < x->tb->n; i++)
		x->bypid[i] = (struct txpid){ x->tb->v[i].pid, (uint32_t)i };
	qsort(x->bypid, x->tb->n, sizeof(*x->bypid), by_pid);
	return 0;
}

int
tracexp_open(struct tracexp *x, const struct boot *b, struct diag *d)
{
	const struct exact *e = boot_exact(b);
	const struct tracefile *f = e->again.buf != NULL ? &e->again :
	    &e->file;

	memset(x, 0, sizeof(*x));
	x->buf = f->buf;
	x->len = f->len;
	x->src = f->src;
	x->td = e->file.td;
	x->tb = &e->tb;
	x->cp = b->crit;
	x->have_path = b->crit != NULL && b->crit->us.have;
	diag_init(&x->quiet, d->prog);
	x->quiet.out = NULL;
	if (make_runs(x) != 0 || make_marks(x, b->log, b->ms) != 0 ||
	    index_pids(x) != 0) {
		tracexp_free(x);
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	}
	return 0;
}

int
tracexp_tgid(const struct tracexp *x, int tid, int64_t ns)
{
	ptrdiff_t i, first;

	if (tid == 0)
		return 0;
	i = tcrit_find(x->tb->crec, x->tb->ncrec, tid, ns, &first);
	/* Before its first record: the group that record says. */
	if (i < 0 && (size_t)first < x->tb->ncrec &&
	    x->tb->crec[first].tid == tid)
		i = first;
	return i < 0 ? -1 : x->tb->crec[i].tgid;
}

const char *
tracexp_proc_name(const struct tracexp *x, int tgid)
{
	size_t lo = 0, hi = x->tb->n, mid;
	const struct tproc *p;

	/* The last entry of pid tgid: the first above it, less one. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (x->bypid[mid].pid <= tgid)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || (p = &x->tb->v[x->bypid[lo - 1].i])->pid != tgid ||
	    p->comm[0] == '\0')
		return "<...>";
	return p->comm;
}

const char *
tracexp_thread_name(const struct tracexp *x, int tid, int tgid)
{
	const char *s;

	if (tid == 0)
		return "<idle>";
	/*
	 * A process's leader is named as the events named it last (fork,
	 * exec, rename): cmdlines' name is the one when the trace was
	 * taken, a reused pid's or cut at a newline (the file is lines).
	 */
	if (tid == tgid && strcmp(s = tracexp_proc_name(x, tgid), "<...>") != 0)
		return s;
	if ((s = tdat_comm(x->td, tid)) != NULL && *s != '\0')
		return s;
	return tracexp_proc_name(x, tgid);
}

void
tracexp_token(char *out, size_t cap, const char *s, const char *bad)
{
	char *p;

	/*
	 * The page's escape: a newline or control cannot end a line, and a
	 * backslash stays one; escape_text's doubled it, so Perfetto showed
	 * a\\b for a task named a\b.
	 */
	escape_page(out, cap, s != NULL && *s != '\0' ? s : "<...>");
	for (p = out; *p != '\0'; p++) {
		if (strchr(bad, *p) != NULL)
			*p = '_';
		/* Perfetto stops reading a text trace at a line with </script>. */
		if (p[0] == '<' && p[1] == '/')
			p[1] = '_';
	}
}

void
tracexp_put_sec(FILE *f, int64_t ns)
{
	/* Rounded to the nearest µs, as the kernel's and trace-cmd's text. */
	int64_t us = ns / 1000 + (ns % 1000 >= 500);

	fprintf(f, "%5" PRId64 ".%06" PRId64, us / 1000000, us % 1000000);
}

void
tracexp_put_us(FILE *f, int64_t ns)
{
	uint64_t a = ns < 0 ? -(uint64_t)ns : (uint64_t)ns;

	fprintf(f, "%s%" PRIu64 ".%03" PRIu64, ns < 0 ? "-" : "", a / 1000,
	    a % 1000);
}

void
tracexp_free(struct tracexp *x)
{
	free(x->run);
	free(x->mark);
	free(x->bypid);
	memset(x, 0, sizeof(*x));
}
