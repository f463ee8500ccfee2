/* wakeups.c: --wakeups's text report (each waiter's blocked time by reason, the edges by time, the stacks), from tboot's edges (docs/wakeups.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "escape.h"
#include "tboot.h"
#include "trace.h"
#include "treason.h"
#include "usec.h"
#include "wakeups.h"
#include "wakeups_int.h"

#define STACKS_SHOWN	3	/* the report's top stacks of each waiter */

/* A waiter's waits, all wakers together. */
struct waiter {
	uint32_t proc;
	uint64_t waits;
	int64_t total_ns, ns[2];	/* ns[0] S, ns[1] D */
	int64_t why[TR_COUNT];		/* by reason */
};

static int
waiter_by_total(const void *a, const void *b)
{
	const struct waiter *x = a, *y = b;

	if (x->total_ns != y->total_ns)
		return x->total_ns > y->total_ns ? -1 : 1;
	return x->proc < y->proc ? -1 : x->proc > y->proc;
}

/* Each waiter's waits summed over its edges, the most time first. */
static struct waiter *
waiters(const struct tboot *tb, size_t *n)
{
	struct waiter *w;
	size_t i, k = 0;
	int32_t *at;
	const struct twedge *e;

	*n = 0;
	if ((w = calloc(tb->n + 1, sizeof(*w))) == NULL)
		return NULL;
	if ((at = calloc(tb->n + 1, sizeof(*at))) == NULL) {
		free(w);
		return NULL;
	}
	for (i = 0; i < tb->nwake; i++) {
		e = &tb->wake[i];
		if (at[e->waiter] == 0) {
			w[k].proc = e->waiter;
			at[e->waiter] = (int32_t)++k;
		}
		w[at[e->waiter] - 1].waits += e->count;
		w[at[e->waiter] - 1].total_ns =
		    sat_add(w[at[e->waiter] - 1].total_ns, e->total_ns);
		w[at[e->waiter] - 1].ns[e->state == TS_WAITING] =
		    sat_add(w[at[e->waiter] - 1].ns[e->state == TS_WAITING],
		    e->total_ns);
		if (e->reason < TR_COUNT)
			w[at[e->waiter] - 1].why[e->reason] = sat_add(
			    w[at[e->waiter] - 1].why[e->reason], e->total_ns);
	}
	free(at);
	qsort(w, k, sizeof(*w), waiter_by_total);
	*n = k;
	return w;
}

static void
put_node(FILE *f, const struct tboot *tb, int32_t w)
{
	char name[NAME_MAX_ESC];

	wk_node_name(tb, w, name, sizeof(name));
	if (w < 0)
		fprintf(f, "-\t%s", name);
	else
		fprintf(f, "%d\t%s", tb->v[w].pid, name);
}

/* The blocked lines: each waiter's time, S and D, and by reason. */
static int
blocked(const struct tboot *tb, const struct wake_opts *o, FILE *f)
{
	struct waiter *w;
	size_t i, n;
	int r;

	if ((w = waiters(tb, &n)) == NULL)
		return -1;
	fputs("# blocked\tpid\tprocess\twaits\tblocked_ms\tS_ms\tD_ms", f);
	for (r = 1; r <= TR_COUNT; r++)
		fprintf(f, "\t%s_ms", r < TR_COUNT ? treason_name(r) : "nostack");
	putc('\n', f);
	for (i = 0; i < n; i++) {
		if (!wk_kept(o, w[i].waits, w[i].total_ns) ||
		    !wk_mine(o, w[i].proc))
			continue;
		fputs("blocked\t", f);
		put_node(f, tb, (int32_t)w[i].proc);
		fprintf(f, "\t%llu\t", (unsigned long long)w[i].waits);
		wk_put_ms(f, w[i].total_ns);
		putc('\t', f);
		wk_put_ms(f, w[i].ns[0]);
		putc('\t', f);
		wk_put_ms(f, w[i].ns[1]);
		/* The reasons, then the waits with no stack. */
		for (r = 1; r <= TR_COUNT; r++) {
			putc('\t', f);
			wk_put_ms(f, w[i].why[r % TR_COUNT]);
		}
		putc('\n', f);
	}
	free(w);
	return 0;
}

/*
 * The stack lines: each waiter's stacks of the most blocked time (a
 * global top would be the machine's idle daemons').  0, or -1 (memory).
 */
static int
stacks(const struct tboot *tb, const struct wake_opts *o, FILE *f)
{
	char text[FRAMES_ESC];
	const struct tstack *s;
	uint8_t *shown;
	size_t i;

	if ((shown = calloc(tb->n + 1, 1)) == NULL)
		return -1;
	fputs("# stack\twaiter_pid\twaiter\treason\tcount\ttotal_ms"
	    "\tmax_ms\tframes\n", f);
	for (i = 0; i < tb->nstacks; i++) {
		s = &tb->stacks[i];
		if (s->count == 0 || !wk_kept(o, s->count, s->total_ns) ||
		    s->waiter >= tb->n || shown[s->waiter] >= STACKS_SHOWN ||
		    !wk_mine(o, s->waiter))
			continue;
		shown[s->waiter]++;
		fputs("stack\t", f);
		put_node(f, tb, (int32_t)s->waiter);
		fprintf(f, "\t%s\t%u\t", treason_name(s->reason), s->count);
		wk_put_ms(f, s->total_ns);
		putc('\t', f);
		wk_put_ms(f, s->max_ns);
		escape_text(text, sizeof(text), s->frames);
		fprintf(f, "\t%s\n", text);
	}
	free(shown);
	return 0;
}

static int
report(const struct tboot *tb, const struct wake_opts *o, FILE *f)
{
	size_t i;
	const struct twedge *e;

	if (blocked(tb, o, f) != 0)
		return -1;
	fputs("# edge\twaiter_pid\twaiter\twaker_pid\twaker\tstate\tcount"
	    "\ttotal_ms\tmax_ms\treason\n", f);
	for (i = 0; i < tb->nwake; i++) {
		e = &tb->wake[i];
		if (!wk_kept(o, e->count, e->total_ns) ||
		    !wk_mine(o, e->waiter))
			continue;
		fputs("edge\t", f);
		put_node(f, tb, (int32_t)e->waiter);
		putc('\t', f);
		put_node(f, tb, e->waker);
		fprintf(f, "\t%c\t%u\t", e->state == TS_WAITING ? 'D' : 'S',
		    e->count);
		wk_put_ms(f, e->total_ns);
		putc('\t', f);
		wk_put_ms(f, e->max_ns);
		fprintf(f, "\t%s\n", treason_name(e->reason));
	}
	return stacks(tb, o, f);
}

int
wakeups_write(const struct tboot *tb, const struct wake_opts *o, FILE *f,
    struct diag *d)
{
	int r;

	if (o->dot && o->draw != NULL)
		return wk_draw(tb, o, f, d);
	r = o->dot ? wk_graph(tb, o, 0, f) : report(tb, o, f);
	if (r != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}
