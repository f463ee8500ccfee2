/* perfetto.c: -f perfetto: the trace's scheduler events as tracefs's `trace` text with the tgid column, and the milestones and the critical path as trace_marker slices, which Perfetto's UI opens (docs/exports.md). */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "outputs.h"
#include "critpath_walk.h"
#include "trace.h"
#include "tracedat.h"
#include "tracexp.h"

#define TOKEN_MAX	128	/* a 16-byte comm, every byte escaped */
#define BODY_MAX	512

/*
 * common_flags' bits (the kernel's trace_flag_type): 0x02 was
 * IRQS_NOSUPPORT until 6.12 made it NEED_RESCHED_LAZY; BH_OFF is 0x80
 * since 5.18.
 */
#define FL_IRQS_OFF	0x01
#define FL_RESCHED_LAZY	0x02
#define FL_NEED_RESCHED	0x04
#define FL_PREEMPT_RESCHED 0x20
#define FL_BH_OFF	0x80

/* sched_switch's prev_state report bits (5.x, 6.x) and their letters. */
#define STATE_BITS	0xff
#define STATE_PREEMPT	0x100
static const char state_letters[] = "SDTtXZPI";

/* The fields one event's line is made from, by name; NULL: the format lacks it. */
enum { F_FLAGS, F_PC, F_A_COMM, F_A_PID, F_A_PRIO, F_A_STATE, F_B_COMM,
    F_B_PID, F_B_PRIO, F_COUNT };

struct pfev {
	const struct tfmt *fmt;
	const struct tfield *f[F_COUNT];
};

/* A line of our own: a marker slice's begin or end. */
struct pfmark {
	int64_t ns;
	size_t seq;		/* the order made: a slice's B before its E */
	int tid;
	char ph;		/* 'B' or 'E' */
	char name[160];
};

/* The task a CPU's last switch put on it, named as that switch named it. */
struct pfcpu {
	int pid;
	char comm[TOKEN_MAX];
};

struct pf {
	struct tracexp *x;
	struct tdat *td;
	FILE *f;
	struct pfev sw, wk;
	const struct tfmt *rename;	/* task_rename, or NULL */
	const struct tfield *rn_pid, *rn_comm;
	struct pfcpu *on;	/* by CPU; pid -1 unknown */
	size_t non;
	struct pfmark *m;	/* in time order */
	size_t nm;
	size_t next;		/* the next marker to write */
};

static void
resolve(struct pfev *e, const struct tdat *td, const char *name,
    const char *const names[F_COUNT])
{
	size_t i;

	e->fmt = tdat_format(td, "sched", name);
	for (i = 0; i < F_COUNT; i++)
		e->f[i] = e->fmt != NULL && names[i] != NULL ?
		    tfmt_field(e->fmt, names[i]) : NULL;
}

static void
resolve_all(struct pf *p)
{
	static const char *const sw[F_COUNT] = { "common_flags",
	    "common_preempt_count", "prev_comm", "prev_pid", "prev_prio",
	    "prev_state", "next_comm", "next_pid", "next_prio" };
	static const char *const wk[F_COUNT] = { "common_flags",
	    "common_preempt_count", "comm", "pid", "prio", "target_cpu" };

	resolve(&p->sw, p->td, "sched_switch", sw);
	resolve(&p->wk, p->td, "sched_waking", wk);
	/* An exec renames a task while it runs: its CPU's name follows. */
	if ((p->rename = tdat_format(p->td, "task", "task_rename")) != NULL) {
		p->rn_pid = tfmt_field(p->rename, "pid");
		p->rn_comm = tfmt_field(p->rename, "newcomm");
	}
}

/* A task_rename: the CPU running the task has its new name. */
static void
renamed(struct pf *p, const struct tevent *ev)
{
	char raw[64];
	int pid;

	if (p->rn_pid == NULL || p->rn_comm == NULL || ev->cpu < 0 ||
	    (size_t)ev->cpu >= p->non)
		return;
	pid = (int)tfield_int(p->rn_pid, ev);
	if (p->on[ev->cpu].pid != pid)
		return;
	raw[0] = '\0';
	tfield_str(p->rn_comm, ev, raw, sizeof(raw));
	tracexp_token(p->on[ev->cpu].comm, sizeof(p->on[ev->cpu].comm), raw,
	    TX_FIELD);
}

static long long
num(const struct pfev *e, int i, const struct tevent *ev)
{
	return e->f[i] != NULL ? (long long)tfield_int(e->f[i], ev) : 0;
}

static void
text(const struct pfev *e, int i, const struct tevent *ev, char *out,
    size_t cap)
{
	char raw[64];

	raw[0] = '\0';
	if (e->f[i] != NULL)
		tfield_str(e->f[i], ev, raw, sizeof(raw));
	tracexp_token(out, cap, raw, TX_FIELD);
}

static char
hexdig(unsigned v)
{
	return v == 0 ? '.' : "0123456789abcdef"[v & 0xf];
}

/* The latency columns: irqs-off, need-resched, hard/softirq, preempt depth, migrate-disable. */
static void
lat_flags(unsigned fl, unsigned pc, char out[6])
{
	unsigned nr = fl & FL_NEED_RESCHED, pr = fl & FL_PREEMPT_RESCHED,
	    lz = fl & FL_RESCHED_LAZY;

	out[0] = (fl & FL_IRQS_OFF) ? ((fl & FL_BH_OFF) ? 'D' : 'd') :
	    (fl & FL_BH_OFF) ? 'b' : '.';
	if (nr && lz)
		out[1] = pr ? 'B' : 'b';
	else if (nr)
		out[1] = pr ? 'N' : 'n';
	else if (lz)
		out[1] = pr ? 'L' : 'l';
	else
		out[1] = pr ? 'p' : '.';
	if (fl & TDAT_FLAG_NMI)
		out[2] = (fl & TDAT_FLAG_HARDIRQ) ? 'Z' : 'z';
	else if (fl & TDAT_FLAG_HARDIRQ)
		out[2] = (fl & TDAT_FLAG_SOFTIRQ) ? 'H' : 'h';
	else
		out[2] = (fl & TDAT_FLAG_SOFTIRQ) ? 's' : '.';
	out[3] = hexdig(pc & 0xf);
	out[4] = hexdig((pc >> 4) & 0xf);
	out[5] = '\0';
}

/* prev_state as the kernel's format prints it: "S", "D|W", "R", "R+", ... */
static void
state_text(long long st, char *out, size_t cap)
{
	size_t i, n = 0;

	out[0] = '\0';
	for (i = 0; i < sizeof(state_letters) - 1; i++)
		if (st & (1LL << i) & STATE_BITS && n + 3 < cap) {
			if (n > 0)
				out[n++] = '|';
			out[n++] = state_letters[i];
			out[n] = '\0';
		}
	if (n == 0)
		snprintf(out, cap, "R");
	if ((st & STATE_PREEMPT) && strlen(out) + 1 < cap)
		strcat(out, "+");
}

/* "comm-pid (tgid) [cpu] flags ts: event: " */
static void
prefix(FILE *f, const char *comm, int pid, int tgid, int cpu,
    const char *flags, int64_t ns, const char *event)
{
	fprintf(f, "%16s-%-7d ", comm, pid);
	if (tgid < 0)
		fputs("(-------) ", f);
	else
		fprintf(f, "(%7d) ", tgid);
	fprintf(f, "[%03d] %s ", cpu, flags);
	tracexp_put_sec(f, ns);
	fprintf(f, ": %s: ", event);
}

/*
 * The line's task: as the events name it (a switch's prev_comm; a
 * waking's task the one its CPU's last switch put there, by next_comm),
 * else by cmdlines, which is taken at the trace's end: a reused pid's
 * name, the name after an exec, or one cut at a newline.  named and
 * the CPU's names are tokens already.
 */
static void
task(const struct pf *p, const struct tevent *ev, const char *named,
    char *out, size_t cap)
{
	const char *s;

	if (named == NULL && ev->cpu >= 0 && (size_t)ev->cpu < p->non &&
	    p->on[ev->cpu].pid == ev->pid)
		named = p->on[ev->cpu].comm;
	if (ev->pid != 0 && named != NULL) {
		snprintf(out, cap, "%s", named);
		return;
	}
	s = ev->pid == 0 ? "<idle>" : tdat_comm(p->td, ev->pid);
	tracexp_token(out, cap, s != NULL ? s : "<...>", TX_FIELD);
}

static void
put_switch(struct pf *p, const struct tevent *ev, const char *flags)
{
	char comm[TOKEN_MAX], a[TOKEN_MAX], b[TOKEN_MAX], st[24];

	text(&p->sw, F_A_COMM, ev, a, sizeof(a));
	text(&p->sw, F_B_COMM, ev, b, sizeof(b));
	task(p, ev, num(&p->sw, F_A_PID, ev) == ev->pid ? a : NULL, comm,
	    sizeof(comm));
	state_text(num(&p->sw, F_A_STATE, ev), st, sizeof(st));
	prefix(p->f, comm, ev->pid, tracexp_tgid(p->x, ev->pid,
	    exact_from_trace(p->x->tb, ev->ts_ns)), ev->cpu, flags, ev->ts_ns,
	    "sched_switch");
	fprintf(p->f, "prev_comm=%s prev_pid=%lld prev_prio=%lld "
	    "prev_state=%s ==> next_comm=%s next_pid=%lld next_prio=%lld\n",
	    a, num(&p->sw, F_A_PID, ev), num(&p->sw, F_A_PRIO, ev), st, b,
	    num(&p->sw, F_B_PID, ev), num(&p->sw, F_B_PRIO, ev));
	if (ev->cpu >= 0 && (size_t)ev->cpu < p->non) {
		p->on[ev->cpu].pid = (int)num(&p->sw, F_B_PID, ev);
		snprintf(p->on[ev->cpu].comm, sizeof(p->on[ev->cpu].comm),
		    "%s", b);
	}
}

static void
put_waking(struct pf *p, const struct tevent *ev, const char *flags)
{
	char comm[TOKEN_MAX], a[TOKEN_MAX];

	task(p, ev, NULL, comm, sizeof(comm));
	text(&p->wk, F_A_COMM, ev, a, sizeof(a));
	prefix(p->f, comm, ev->pid, tracexp_tgid(p->x, ev->pid,
	    exact_from_trace(p->x->tb, ev->ts_ns)), ev->cpu, flags, ev->ts_ns,
	    "sched_waking");
	fprintf(p->f, "comm=%s pid=%lld prio=%lld target_cpu=%03lld\n", a,
	    num(&p->wk, F_A_PID, ev), num(&p->wk, F_A_PRIO, ev),
	    num(&p->wk, F_A_STATE, ev));
}

/* Whether the event is one we write (of format sw or wk, at a time the text can say). */
static int
ours(const struct tfmt *sw, const struct tfmt *wk, const struct tevent *ev)
{
	return ev->fmt != NULL && ev->ts_ns >= 0 &&
	    (ev->fmt == sw || ev->fmt == wk);
}

static void
put_event(struct pf *p, const struct tevent *ev)
{
	const struct pfev *e = ev->fmt == p->sw.fmt ? &p->sw : &p->wk;
	char flags[6];

	lat_flags((unsigned)num(e, F_FLAGS, ev), (unsigned)num(e, F_PC, ev),
	    flags);
	if (e == &p->sw)
		put_switch(p, ev, flags);
	else
		put_waking(p, ev, flags);
}

static void
put_mark(const struct pf *p, const struct pfmark *m)
{
	const char *who = m->tid == TX_TID_PATH ? "critical_path" :
	    "milestones";

	prefix(p->f, who, m->tid, TX_PID, 0, ".....", m->ns,
	    "tracing_mark_write");
	if (m->ph == 'B')
		fprintf(p->f, "B|%d|%s\n", TX_PID, m->name);
	else
		fprintf(p->f, "E|%d\n", TX_PID);
}

/* The markers due by ns (all with INT64_MAX). */
static void
flush_marks(struct pf *p, int64_t ns)
{
	for (; p->next < p->nm && p->m[p->next].ns <= ns; p->next++)
		put_mark(p, &p->m[p->next]);
}

static int
add(struct pfmark **v, size_t *n, size_t *cap, int64_t ns, int tid, char ph,
    const char *name)
{
	struct pfmark *m;

	if (grow_array((void **)v, cap, *n, sizeof(**v)) != 0)
		return -1;
	m = &(*v)[*n];
	m->seq = (*n)++;
	m->ns = ns < 0 ? 0 : ns;	/* the trace's clock, as the events' */
	m->tid = tid;
	m->ph = ph;
	tracexp_token(m->name, sizeof(m->name), name, "|");
	return 0;
}

/* A segment's slice name: "category comm pid" (its thread when not the process). */
static void
seg_name(const struct tracexp *x, const struct cpseg *s, char *out,
    size_t cap)
{
	const char *who = critpath_name(x->cp, s->proc, s->pid, x->td);

	if (s->tid > 0 && s->tid != s->pid)
		snprintf(out, cap, "%s %s %d/%d", cpath_cat_name(s->cat), who,
		    s->pid, s->tid);
	else if (s->pid > 0)
		snprintf(out, cap, "%s %s %d", cpath_cat_name(s->cat), who,
		    s->pid);
	else
		snprintf(out, cap, "%s", cpath_cat_name(s->cat));
}

/*
 * The markers in time order: each milestone a slice of no length, each
 * segment of the path one slice (its end before the next one's begin).
 */
static int
make_marks(struct pf *p)
{
	const struct tracexp *x = p->x;
	size_t cap = 0, i = 0, k = 0;
	char name[160];

	for (;;) {
		int take_path = k < (x->have_path ? x->cp->cp.n : 0) &&
		    (i >= x->nmark || x->cp->cp.v[k].start_ns <= x->mark[i].ns);

		if (take_path) {
			seg_name(x, &x->cp->cp.v[k], name, sizeof(name));
			if (add(&p->m, &p->nm, &cap, exact_to_trace(x->tb,
			    x->cp->cp.v[k].start_ns), TX_TID_PATH, 'B', name) !=
			    0 || add(&p->m, &p->nm, &cap, exact_to_trace(x->tb,
			    x->cp->cp.v[k].end_ns), TX_TID_PATH, 'E', "") != 0)
				return -1;
			k++;
		} else if (i < x->nmark) {
			if (add(&p->m, &p->nm, &cap, exact_to_trace(x->tb,
			    x->mark[i].ns), TX_TID_MARKS, 'B', x->mark[i].name) !=
			    0 || add(&p->m, &p->nm, &cap, exact_to_trace(x->tb,
			    x->mark[i].ns), TX_TID_MARKS, 'E', "") != 0)
				return -1;
			i++;
		} else
			return 0;
	}
}

/*
 * By time, then as made: a milestone's B before its E, a segment's E
 * before the next one's B.
 */
static int
by_time(const void *a, const void *b)
{
	const struct pfmark *p = a, *q = b;

	if (p->ns != q->ns)
		return p->ns < q->ns ? -1 : 1;
	return p->seq < q->seq ? -1 : p->seq > q->seq;
}

static void
header(const struct pf *p, uint64_t n)
{
	FILE *f = p->f;

	fputs("# tracer: nop\n#\n", f);
	fprintf(f, "# entries-in-buffer/entries-written: %llu/%llu   #P:%d\n",
	    (unsigned long long)n, (unsigned long long)n,
	    tdat_ncpus(p->td));
	fputs("#\n"
	    "#                                _-----=> irqs-off/BH-disabled\n"
	    "#                               / _----=> need-resched\n"
	    "#                              | / _---=> hardirq/softirq\n"
	    "#                              || / _--=> preempt-depth\n"
	    "#                              ||| / _-=> migrate-disable\n"
	    "#                              |||| /     delay\n"
	    "#           TASK-PID     TGID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
	    "#              | |         |         |   |||||     |         |\n",
	    f);
}

/* The events in the file's order, the markers among them by time. */
static int
events(struct pf *p, struct diag *d)
{
	struct tevent ev;
	int r;

	/* A failed write (the output at its cap) ends the reading. */
	while (!ferror(p->f) && (r = tdat_next(p->td, &ev)) == 1) {
		if (ev.fmt != NULL && ev.fmt == p->rename)
			renamed(p, &ev);
		if (!ours(p->sw.fmt, p->wk.fmt, &ev))
			continue;
		flush_marks(p, ev.ts_ns);
		put_event(p, &ev);
	}
	if (r < 0)
		return tracexp_error(p->x, d);
	flush_marks(p, INT64_MAX);
	return 0;
}

static int
write_all(struct pf *p, struct diag *d)
{
	resolve_all(p);
	if (make_marks(p) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	if (p->nm > 1)
		qsort(p->m, p->nm, sizeof(*p->m), by_time);
	/* The model counted the events written (its one reading). */
	header(p, p->x->tb->nsched + p->nm);
	return events(p, d);
}

/* A slot per CPU of the trace, none on it yet.  0, or -1 (d set). */
static int
cpus_of(struct pf *p, struct diag *d)
{
	int n = tdat_ncpus(p->td);
	size_t i;

	if (n <= 0)
		return 0;
	if ((p->on = calloc((size_t)n, sizeof(*p->on))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	for (p->non = (size_t)n, i = 0; i < p->non; i++)
		p->on[i].pid = -1;
	return 0;
}

int
out_perfetto(const struct out_job *j, struct outfile *of, struct diag *d)
{
	struct tracexp x;
	struct pf p;
	int rc;

	if (tracexp_open(&x, j->boot, d) != 0)
		return -1;
	memset(&p, 0, sizeof(p));
	p.x = &x;
	p.f = of->f;
	rc = tracexp_reader(&x, &p.td, d) == 0 && cpus_of(&p, d) == 0 ?
	    write_all(&p, d) : -1;
	if (p.td != NULL)
		tdat_free(p.td);
	free(p.on);
	free(p.m);
	tracexp_free(&x);
	return rc;
}
