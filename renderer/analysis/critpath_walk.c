/* critpath_walk.c: the critical path walked backward over tcrit's records, a wait woken by a thread followed into that thread within the wait (the bounded rule of Giraldeau and Dagenais; docs/critical-path.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot.h"
#include "critpath_walk.h"
#include "tcrit.h"

/* One thread followed: its records first..i, down to lo. */
struct frame {
	int tid;
	ptrdiff_t i, first;
	int64_t lo;
};

struct walk {
	const struct tboot *tb;
	struct cpath *cp;
	struct frame *st;
	size_t depth;
	int64_t now;		/* the path is known from here to its end */
	int err;
};

static const char *const cat_names[CP_COUNT] = {
	"running", "runnable", "blocked", "disk", "timer", "irq", "waiting",
	"untraced",
};

/* What a category means, in the words a reader of a report needs. */
static const char *const cat_what[CP_COUNT] = {
	"on a CPU", "waiting for a CPU", "woken by a thread not followed",
	"waiting for a disk", "asleep until a timer (or an interrupt)",
	"in D until an interrupt", "a wait the trace does not show the end of",
	"not in the trace",
};

const char *
cpath_cat_name(int cat)
{
	return cat >= 0 && cat < CP_COUNT ? cat_names[cat] : "?";
}

const char *
cpath_cat_what(int cat)
{
	return cat >= 0 && cat < CP_COUNT ? cat_what[cat] : "?";
}

/*
 * [a, now) on the path (emitted backward: merged into the segment
 * after it when the same); a is raised to the frame's floor.
 */
static void
emit(struct walk *w, int64_t a, int cat, const struct tcrec *r, int tid,
    int other)
{
	struct cpath *cp = w->cp;
	struct cpseg *s;

	if (w->depth > 0 && a < w->st[w->depth - 1].lo)
		a = w->st[w->depth - 1].lo;
	if (a < cp->start_ns)
		a = cp->start_ns;
	if (a >= w->now)
		return;
	s = cp->n > 0 ? &cp->v[cp->n - 1] : NULL;
	if (s != NULL && s->cat == cat && s->tid == tid && s->other == other &&
	    s->start_ns == w->now) {
		s->start_ns = a;
		w->now = a;
		return;
	}
	if (grow_array((void **)&cp->v, &cp->cap, cp->n, sizeof(*cp->v)) != 0) {
		w->err = 1;
		return;
	}
	cp->v[cp->n++] = (struct cpseg){ a, w->now, cat, tid,
	    r != NULL ? r->tgid : tid, other, r != NULL ? r->proc : CR_NOPROC };
	w->now = a;
}

/* Follows thread tid from now down to lo. */
static int
enter(struct walk *w, int tid, int64_t lo)
{
	struct frame *f;

	if (w->depth >= CAP_CRIT_DEPTH)
		return -1;
	f = &w->st[w->depth++];
	f->tid = tid;
	f->lo = lo;
	f->i = tcrit_find(w->tb->crec, w->tb->ncrec, tid, w->now, &f->first);
	return 0;
}

/*
 * A wait's category when no thread ended it, from the waking context:
 * a D wait an interrupt ended across a disk request's completion is
 * the disk's; another D wait, another device's (irq); a sleep a timer's.
 */
static int
context_cat(const struct tboot *tb, int waker, const struct tcrec *off,
    int64_t woken)
{
	if (waker != TW_IRQ && waker != TW_SOFTIRQ)
		return CP_IRQ;
	if (off->state != TS_WAITING)
		return CP_TIMER;
	return tboot_disk_done(tb, off->at, woken) ? CP_DISK : CP_IRQ;
}

/*
 * Record r, a waking, and the wait before it (r[-1], when it is one):
 * the wait goes to the waker's context, or the walk follows the waking
 * thread within it.
 */
static void
woken(struct walk *w, struct frame *f, const struct tcrec *r)
{
	const struct tcrec *v = w->tb->crec, *p;
	int held = -1;

	p = f->i - 1 >= f->first ? &v[f->i - 1] : NULL;
	/* Woken on its CPU (before it slept): it ran on. */
	if (p != NULL && p->kind == CR_ON) {
		emit(w, r->at, CP_RUNNING, r, f->tid, -1);
		f->i--;
		return;
	}
	if ((size_t)f->i + 1 < w->tb->ncrec && v[f->i + 1].tid == f->tid &&
	    v[f->i + 1].kind == CR_ON)
		held = v[f->i + 1].other;
	emit(w, r->at, CP_RUNNABLE, r, f->tid, held);
	f->i--;
	if (p == NULL || p->kind != CR_OFF || p->state == TS_RUNNABLE ||
	    w->now <= f->lo || p->at >= w->now)
		return;
	if (r->other < 0)
		emit(w, p->at, context_cat(w->tb, r->other, p, r->at), p,
		    f->tid, -1);
	else if (r->other == 0 || r->other == f->tid)
		emit(w, p->at, CP_WAITING, p, f->tid, -1);
	else if (enter(w, r->other, p->at > f->lo ? p->at : f->lo) != 0)
		emit(w, p->at, CP_BLOCKED, p, f->tid, r->other);
}

/* Before thread f's first record (or it has none): down to its floor. */
static void
before_first(struct walk *w, const struct frame *f)
{
	const struct tcrec *v = w->tb->crec;
	const struct tcrec *r = f->first >= 0 && (size_t)f->first <
	    w->tb->ncrec && v[f->first].tid == f->tid ? &v[f->first] : NULL;

	/* Switched off first: it ran from the trace's start. */
	if (r != NULL && (r->kind == CR_OFF || r->kind == CR_EXIT))
		emit(w, f->lo, CP_RUNNING, r, f->tid, -1);
	else
		emit(w, f->lo, CP_UNTRACED, r, f->tid, -1);
	w->depth--;
}

/* One step: the record the top frame stands on. */
static void
step(struct walk *w)
{
	struct frame *f = &w->st[w->depth - 1];
	const struct tcrec *r;

	if (w->now <= f->lo) {
		w->depth--;
		return;
	}
	if (f->i < 0 || f->i < f->first) {
		before_first(w, f);
		return;
	}
	r = &w->tb->crec[f->i];
	switch (r->kind) {
	case CR_WOKEN:
		woken(w, f, r);
		return;
	case CR_BORN:
		/* Runnable until woken; before it, its creator's path. */
		emit(w, r->at, CP_RUNNABLE, r, f->tid, -1);
		if (r->other <= 0 || r->other == f->tid) {
			emit(w, f->lo, CP_UNTRACED, NULL, f->tid, -1);
			w->depth--;
			return;
		}
		f->tid = r->other;
		f->i = tcrit_find(w->tb->crec, w->tb->ncrec, f->tid, w->now,
		    &f->first);
		return;
	case CR_OFF:
		if (r->state == TS_RUNNABLE)
			emit(w, r->at, CP_RUNNABLE, r, f->tid, r->other);
		else
			emit(w, r->at, CP_WAITING, r, f->tid, -1);
		break;
	default:		/* on a CPU, or exiting on it */
		emit(w, r->at, CP_RUNNING, r, f->tid, -1);
		break;
	}
	f->i--;
}

static void
reverse(struct cpath *cp)
{
	struct cpseg t;
	size_t i;

	for (i = 0; i < cp->n / 2; i++) {
		t = cp->v[i];
		cp->v[i] = cp->v[cp->n - 1 - i];
		cp->v[cp->n - 1 - i] = t;
	}
}

int
cpath_walk(const struct tboot *tb, int tid, int64_t end_ns, int64_t from_ns,
    struct cpath *cp, struct diag *d)
{
	struct walk w = { tb, cp, NULL, 0, 0, 0 };
	size_t max = cp->max_steps;

	memset(cp, 0, sizeof(*cp));
	if (end_ns > tb->last_ns)
		end_ns = tb->last_ns;
	if (end_ns < from_ns)
		end_ns = from_ns;
	cp->start_ns = from_ns;
	cp->end_ns = w.now = end_ns;
	cp->max_steps = max = max != 0 ? max : 4 * tb->ncrec + 1024;
	if ((w.st = calloc(CAP_CRIT_DEPTH, sizeof(*w.st))) == NULL)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	/* Down to the floor, or to the trace's start and untraced below. */
	(void)enter(&w, tid, from_ns > tb->first_ns ? from_ns : tb->first_ns);
	while (w.depth > 0 && !w.err) {
		if (cp->steps >= max) {
			diag_warn(d, "the critical path's walk stopped after "
			    "%zu steps: the rest of it is untraced", max);
			cp->cut = 1;
			break;
		}
		cp->steps++;
		step(&w);
	}
	w.depth = 0;
	emit(&w, from_ns, CP_UNTRACED, NULL, 0, -1);
	free(w.st);
	if (w.err) {
		cpath_free(cp);
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	}
	reverse(cp);
	return 0;
}

void
cpath_free(struct cpath *cp)
{
	free(cp->v);
	memset(cp, 0, sizeof(*cp));
}
