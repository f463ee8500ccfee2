/* twork.c: what the kernel's workqueue workers ran, from workqueue_execute_start/end, summed per worker and function (docs/trace.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot.h"
#include "trace.h"
#include "twork.h"

#define WORK_TOP 3	/* functions a label names */

static struct twork_open *
open_of(struct tworks *w, int tid)
{
	size_t i;

	for (i = 0; i < w->nopen; i++)
		if (w->open[i].tid == tid)
			return &w->open[i];
	return NULL;
}

int
twork_start(struct tworks *w, int tid, uint64_t func, int64_t at)
{
	struct twork_open *o = open_of(w, tid);

	if (o == NULL) {
		/* A worker runs one item at a time: CPUs bound the open ones. */
		if (w->nopen >= CAP_TRACE_CPUS)
			return 0;
		if (grow_array((void **)&w->open, &w->opencap, w->nopen,
		    sizeof(*w->open)) != 0)
			return -1;
		o = &w->open[w->nopen++];
	}
	o->tid = tid;
	o->func = func;
	o->start = at;
	return 0;
}

int
twork_end(struct tworks *w, int tid, size_t proc, uint64_t func, int64_t at)
{
	struct twork_open *o = open_of(w, tid);

	int64_t start;

	if (o == NULL || o->func != func || at < o->start)
		return 0;
	start = o->start;
	*o = w->open[--w->nopen];
	if (w->n >= CAP_TRACE_WORKS) {
		if (!w->cut)
			diag_warn(w->d, "more than %d work items: the rest "
			    "are not in the workers' labels", CAP_TRACE_WORKS);
		w->cut = 1;
		return 0;
	}
	if (grow_array((void **)&w->v, &w->cap, w->n, sizeof(*w->v)) != 0)
		return -1;
	w->v[w->n++] = (struct twork){ (uint32_t)proc, func, at - start };
	return 0;
}

static int
by_proc_func(const void *a, const void *b)
{
	const struct twork *x = a, *y = b;

	if (x->proc != y->proc)
		return x->proc < y->proc ? -1 : 1;
	if (x->func != y->func)
		return x->func < y->func ? -1 : 1;
	return 0;
}

static int
by_time(const void *a, const void *b)
{
	const struct twork *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns > y->ns ? -1 : 1;
	return x->func < y->func ? -1 : x->func > y->func;
}

/* One process's sums v[0..n) (one per function): its label. */
static void
label(struct tproc *p, struct twork *v, size_t n, const struct tdat *td)
{
	char name[64];
	const char *s;
	uint64_t off;
	size_t i, len = 0;

	qsort(v, n, sizeof(*v), by_time);
	p->work[0] = '\0';
	for (i = 0; i < n && i < WORK_TOP; i++) {
		if ((s = tdat_sym(td, v[i].func, &off)) != NULL && off == 0)
			snprintf(name, sizeof(name), "%s", s);
		else
			snprintf(name, sizeof(name), "%#llx",
			    (unsigned long long)v[i].func);
		/* Whole names only: a cut one would name another function. */
		if (len + strlen(name) + 3 >= sizeof(p->work))
			break;
		len += (size_t)snprintf(p->work + len, sizeof(p->work) - len,
		    "%s%s", i > 0 ? ", " : "", name);
	}
}

void
twork_label(struct tworks *w, struct tboot *tb, const struct tdat *td)
{
	size_t i, j, k, n;

	/* No items: v is NULL, which qsort may not be given. */
	if (w->n == 0)
		return;
	qsort(w->v, w->n, sizeof(*w->v), by_proc_func);
	/* Sum each (process, function) in place. */
	for (i = 0, n = 0; i < w->n; i++) {
		if (n > 0 && w->v[n - 1].proc == w->v[i].proc &&
		    w->v[n - 1].func == w->v[i].func)
			w->v[n - 1].ns += w->v[i].ns;
		else
			w->v[n++] = w->v[i];
	}
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && w->v[j].proc == w->v[i].proc; j++)
			;
		k = w->v[i].proc;
		if (k < tb->n)
			label(&tb->v[k], w->v + i, j - i, td);
	}
}

void
twork_free(struct tworks *w)
{
	free(w->open);
	free(w->v);
	memset(w, 0, sizeof(*w));
}
