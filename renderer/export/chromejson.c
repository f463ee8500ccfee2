/* chromejson.c: -f chrome-json: the trace as a Chrome JSON trace (Trace Event Format): names, a slice per running interval, a flow per wake-up, the critical path and the milestones on tracks of their own (docs/exports.md). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "jsonw.h"
#include "outputs.h"
#include "critpath_walk.h"
#include "tcrit.h"
#include "trace.h"
#include "tracexp.h"

#define NAME_MAX_CJ	160

struct cj {
	const struct tracexp *x;
	FILE *f;
	int any;		/* an event written: the next needs a comma */
	uint64_t flows;		/* flow ids given */
};

/* `{"ph": "P", "pid": N, "tid": N, "ts": T`, after a comma when one is due. */
static void
open_ev(struct cj *c, char ph, int pid, int tid, int64_t ns)
{
	fputs(c->any ? ",\n{" : "\n{", c->f);
	c->any = 1;
	fprintf(c->f, "\"ph\": \"%c\", \"pid\": %d, \"tid\": %d, \"ts\": ", ph,
	    pid, tid);
	tracexp_put_us(c->f, ns);
}

static void
meta(struct cj *c, const char *what, int pid, int tid, const char *name)
{
	open_ev(c, 'M', pid, tid, 0);
	fputs(", \"name\": ", c->f);
	json_string(c->f, what);
	fputs(", \"args\": {\"name\": ", c->f);
	json_string(c->f, name);
	fputs("}}", c->f);
}

/* A complete slice: `X` over [a, b), named, of category cat; left open for args. */
static void
slice(struct cj *c, int pid, int tid, int64_t a, int64_t b,
    const char *cat, const char *name)
{
	/* The trace's own clock, trace-cmd report's (docs/exports.md). */
	open_ev(c, 'X', pid, tid, exact_to_trace(c->x->tb, a));
	fputs(", \"dur\": ", c->f);
	tracexp_put_us(c->f, b - a);
	fputs(", \"cat\": ", c->f);
	json_string(c->f, cat);
	fputs(", \"name\": ", c->f);
	json_string(c->f, name);
}

static int
by_tgid(const void *a, const void *b)
{
	const struct txrun *p = a, *q = b;

	return p->tgid < q->tgid ? -1 : p->tgid > q->tgid;
}

/* A name per process and per thread, for those that ran.  0, or -1 (no memory). */
static int
names(struct cj *c)
{
	const struct tracexp *x = c->x;
	struct txrun *g;
	size_t i;

	for (i = 0; i < x->nrun; i++)
		if (i == 0 || x->run[i].tid != x->run[i - 1].tid)
			meta(c, "thread_name", x->run[i].tgid, x->run[i].tid,
			    tracexp_thread_name(x, x->run[i].tid,
			    x->run[i].tgid));
	if (x->nrun == 0)
		return 0;
	if ((g = malloc(x->nrun * sizeof(*g))) == NULL)
		return -1;
	memcpy(g, x->run, x->nrun * sizeof(*g));
	qsort(g, x->nrun, sizeof(*g), by_tgid);
	for (i = 0; i < x->nrun; i++)
		if (i + 1 == x->nrun || g[i + 1].tgid != g[i].tgid)
			meta(c, "process_name", g[i].tgid, g[i].tgid,
			    tracexp_proc_name(x, g[i].tgid));
	free(g);
	return 0;
}

static void
runs(struct cj *c)
{
	const struct txrun *r;
	size_t i;

	/* A failed write (the output at its cap) ends the runs. */
	for (i = 0; i < c->x->nrun && !ferror(c->f); i++) {
		r = &c->x->run[i];
		slice(c, r->tgid, r->tid, r->start_ns, r->end_ns, "sched",
		    "running");
		fputs("}", c->f);
	}
}

/* The first run of thread tid that ends after ns (runs by thread, then time), or NULL. */
static const struct txrun *
run_after(const struct tracexp *x, int tid, int64_t ns)
{
	size_t lo = 0, hi = x->nrun, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (x->run[mid].tid < tid || (x->run[mid].tid == tid &&
		    x->run[mid].end_ns <= ns))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < x->nrun && x->run[lo].tid == tid ? &x->run[lo] : NULL;
}

/*
 * One wake-up's arrow, when both ends have a slice to bind to: its
 * start inside the waker's running slice (Perfetto and chrome://tracing
 * bind a flow's start to the enclosing slice), its end inside the
 * wakee's next running slice ("bp": "e"), halfway, where no other
 * event of that thread is.
 */
static void
flow(struct cj *c, const struct tcrec *w)
{
	const struct txrun *a = run_after(c->x, w->other, w->at),
	    *b = run_after(c->x, w->tid, w->at);
	uint64_t id;

	/*
	 * Woken while still running (b began before): no wait, no arrow.
	 * A run that begins at the waking itself is the next one: its
	 * switch-in was left out (this machine's 6.18 leaves some out) and
	 * tboot.c starts it where it was woken.
	 */
	if (a == NULL || a->start_ns >= w->at || b == NULL ||
	    b->start_ns < w->at || b->end_ns - b->start_ns < 2)
		return;
	id = ++c->flows;
	open_ev(c, 's', a->tgid, a->tid, exact_to_trace(c->x->tb, w->at));
	fprintf(c->f, ", \"cat\": \"wakeup\", \"name\": \"wakeup\", \"id\": "
	    "%" PRIu64 "}", id);
	open_ev(c, 'f', b->tgid, b->tid, exact_to_trace(c->x->tb,
	    b->start_ns + (b->end_ns - b->start_ns) / 2));
	fprintf(c->f, ", \"cat\": \"wakeup\", \"name\": \"wakeup\", \"id\": "
	    "%" PRIu64 ", \"bp\": \"e\"}", id);
}

/* A wake-up by a thread (not an interrupt's: no slice to start from). */
static void
flows(struct cj *c)
{
	const struct tcrec *v = c->x->tb->crec;
	size_t i;

	for (i = 0; i < c->x->tb->ncrec && !ferror(c->f); i++)
		if (v[i].kind == CR_WOKEN && v[i].other > 0 &&
		    v[i].other != v[i].tid)
			flow(c, &v[i]);
}

/* The path's segments in time order on a track of its own, args saying whose. */
static void
path(struct cj *c)
{
	const struct tracexp *x = c->x;
	const struct cpseg *s;
	char title[NAME_MAX_CJ];
	size_t i;

	meta(c, "process_name", TX_PID, TX_PID, "bootchart");
	meta(c, "thread_name", TX_PID, TX_TID_MARKS, "milestones");
	if (!x->have_path)
		return;
	snprintf(title, sizeof(title), "critical path to %s %d",
	    critpath_name(x->cp, x->cp->proc, x->cp->pid, x->td), x->cp->pid);
	meta(c, "thread_name", TX_PID, TX_TID_PATH, title);
	for (i = 0; i < x->cp->cp.n; i++) {
		s = &x->cp->cp.v[i];
		if (s->end_ns <= s->start_ns)
			continue;
		slice(c, TX_PID, TX_TID_PATH, s->start_ns, s->end_ns,
		    "critical_path", cpath_cat_name(s->cat));
		fprintf(c->f, ", \"args\": {\"pid\": %d, \"tid\": %d, "
		    "\"comm\": ", s->pid, s->tid);
		json_string(c->f, critpath_name(x->cp, s->proc, s->pid,
		    x->td));
		fputs("}}", c->f);
	}
}

static void
marks(struct cj *c)
{
	size_t i;

	for (i = 0; i < c->x->nmark; i++) {
		open_ev(c, 'i', TX_PID, TX_TID_MARKS, exact_to_trace(c->x->tb,
		    c->x->mark[i].ns));
		fputs(", \"s\": \"g\", \"cat\": \"milestone\", \"name\": ",
		    c->f);
		json_string(c->f, c->x->mark[i].name);
		putc('}', c->f);
	}
}

static int
write_all(struct cj *c, struct diag *d)
{
	fputs("{\"displayTimeUnit\": \"ms\",\n\"otherData\": {\"generator\": "
	    "\"bootchart-render " BC_VERSION "\", \"clock\": ", c->f);
	json_string(c->f, tdat_clock(c->x->td));
	fputs("},\n\"traceEvents\": [", c->f);
	if (names(c) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	runs(c);
	flows(c);
	path(c);
	marks(c);
	fputs("\n]}\n", c->f);
	return 0;
}

int
out_chrome_json(const struct out_job *j, struct outfile *of, struct diag *d)
{
	struct tracexp x;
	struct cj c;
	int rc;

	if (tracexp_open(&x, j->boot, d) != 0)
		return -1;
	memset(&c, 0, sizeof(c));
	c.x = &x;
	c.f = of->f;
	/* Without the threads' records there are no running slices to give. */
	if (x.tb->crit_cut)
		rc = diag_error(d, "more than %d scheduler records: over this "
		    "program's limit for -f chrome-json (docs/limits.md)",
		    CAP_TRACE_CRIT);
	else
		rc = write_all(&c, d);
	tracexp_free(&x);
	return rc;
}
