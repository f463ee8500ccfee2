/* tfunc.c: function_graph's calls (tfunc.h): kept from the exit records, then nested per thread by their intervals, since with tracing_thresh the kernel writes no entries. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tfunc.h"

/* As tboot.c: past 2^62 ns a time is forged, and sums stay in int64_t. */
#define TFUNC_NS_MAX	((uint64_t)1 << 62)

int
tcalls_exit(struct tcalls *c, int pid, int cpu, uint64_t func, int64_t depth,
    uint64_t calltime, uint64_t rettime, uint64_t overrun)
{
	struct tcall *t;

	if (overrun > c->overrun)
		c->overrun = overrun;
	if (depth < 0 || depth > CAP_TRACE_CALL_DEPTH) {
		c->bad[TC_BAD_DEPTH]++;
		return 0;
	}
	if (rettime < calltime || rettime > TFUNC_NS_MAX) {
		c->bad[TC_BAD_ORDER]++;
		return 0;
	}
	if (c->n >= CAP_TRACE_CALLS) {
		c->cut++;
		return 0;
	}
	if (grow_array((void **)&c->v, &c->cap, c->n, sizeof(*c->v)) != 0)
		return -1;
	t = &c->v[c->n++];
	t->func = func;
	t->call_ns = (int64_t)calltime;
	t->ret_ns = (int64_t)rettime;
	t->pid = pid;
	t->parent = -1;
	t->cpu = (uint16_t)(cpu >= 0 && cpu <= UINT16_MAX ? cpu : 0);
	t->depth = (uint16_t)depth;
	return 0;
}

int64_t
tcall_thread(const struct tcall *t)
{
	return t->pid != 0 ? (int64_t)t->pid : -1 - (int64_t)t->cpu;
}

/* Thread, call time, the longer first, the shallower first: parents lead. */
static int
by_thread_time(const void *a, const void *b)
{
	const struct tcall *x = a, *y = b;
	int64_t kx = tcall_thread(x), ky = tcall_thread(y);

	if (kx != ky)
		return kx < ky ? -1 : 1;
	if (x->call_ns != y->call_ns)
		return x->call_ns < y->call_ns ? -1 : 1;
	if (x->ret_ns != y->ret_ns)
		return x->ret_ns > y->ret_ns ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->func < y->func ? -1 : x->func > y->func;
}

static int
inside(const struct tcall *outer, const struct tcall *c)
{
	return outer->call_ns <= c->call_ns && c->ret_ns <= outer->ret_ns;
}

/*
 * Where c goes among the kept calls v[0..n), whose open ones stack[0..
 * *sp) are: its parent's index, -1 a root, or -2 dropped (counted).
 */
static int32_t
place(struct tcalls *c, const struct tcall *t, const int32_t *stack,
    size_t *sp)
{
	const struct tcall *top = NULL;

	while (*sp > 0) {
		top = &c->v[stack[*sp - 1]];
		if (inside(top, t))
			break;
		if (top->ret_ns > t->call_ns) {
			c->bad[TC_BAD_OVERLAP]++;
			return -2;
		}
		(*sp)--;
	}
	if (*sp == 0)
		return -1;
	/*
	 * Equal depths are real: an interrupt taken while a function
	 * returns (its depth already counted down, its return time not yet
	 * read) is recorded at that function's depth, inside its interval.
	 */
	if (top->depth > t->depth) {
		c->bad[TC_BAD_NEST]++;
		return -2;
	}
	return stack[*sp - 1];
}

static void
warn(const struct tcalls *c)
{
	uint64_t n = c->bad[TC_BAD_DEPTH] + c->bad[TC_BAD_ORDER] +
	    c->bad[TC_BAD_OVERLAP] + c->bad[TC_BAD_NEST];

	if (c->d == NULL)
		return;
	if (n > 0)
		diag_warn(c->d, "%llu function_graph records left out: %llu "
		    "impossible depths, %llu returns before their call, %llu "
		    "overlapping calls, %llu inside a deeper call",
		    (unsigned long long)n,
		    (unsigned long long)c->bad[TC_BAD_DEPTH],
		    (unsigned long long)c->bad[TC_BAD_ORDER],
		    (unsigned long long)c->bad[TC_BAD_OVERLAP],
		    (unsigned long long)c->bad[TC_BAD_NEST]);
	if (c->cut > 0)
		diag_warn(c->d, "more than %d function calls: %llu left out",
		    CAP_TRACE_CALLS, (unsigned long long)c->cut);
	if (c->overrun > 0)
		diag_warn(c->d, "the kernel's stack of returns overran "
		    "(overrun %llu): deeper calls are missing",
		    (unsigned long long)c->overrun);
}

int
tcalls_nest(struct tcalls *c)
{
	int32_t *stack;
	size_t i, n = 0, sp = 0;
	int32_t p;

	if (c->n > 0) {
		if ((stack = calloc(c->n, sizeof(*stack))) == NULL)
			return -1;
		qsort(c->v, c->n, sizeof(*c->v), by_thread_time);
		for (i = 0; i < c->n; i++) {
			if (n > 0 && tcall_thread(&c->v[i]) !=
			    tcall_thread(&c->v[n - 1]))
				sp = 0;
			if ((p = place(c, &c->v[i], stack, &sp)) == -2)
				continue;
			c->v[n] = c->v[i];
			c->v[n].parent = p;
			stack[sp++] = (int32_t)n++;
		}
		c->n = n;
		free(stack);
	}
	warn(c);
	return 0;
}

void
tcalls_free(struct tcalls *c)
{
	free(c->v);
	c->v = NULL;
	c->n = c->cap = 0;
}
