/* tbusy.c: the machine's busy CPU time from the switch events, in fixed bins (docs/trace.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tbusy.h"

/* Bins up to index i exist (zeroed); 0, or -1 on no memory. */
static int
bins_to(struct tbusy *b, size_t i)
{
	size_t old = b->n;

	if (i < b->n)
		return 0;
	if (grow_reserve((void **)&b->ns, &b->cap, i + 1, sizeof(*b->ns)) != 0)
		return -1;
	memset(b->ns + old, 0, (i + 1 - old) * sizeof(*b->ns));
	b->n = i + 1;
	return 0;
}

int
tbusy_add(struct tbusy *b, int64_t t0, int64_t from, int64_t to)
{
	int64_t end;
	size_t i;

	if (b->n == 0)
		b->t0 = t0;
	if (from < b->t0)
		from = b->t0;
	for (; from < to; from = end) {
		i = (size_t)((from - b->t0) / TBUSY_BIN_NS);
		if (i >= CAP_TRACE_BINS) {
			if (!b->cut)
				diag_warn(b->d, "a trace longer than %d bins of "
				    "%d ms: the CPU chart takes the rest from "
				    "proc_stat.log", CAP_TRACE_BINS,
				    TBUSY_BIN_NS / 1000000);
			b->cut = 1;
			return 0;
		}
		if (bins_to(b, i) != 0)
			return -1;
		end = b->t0 + (int64_t)(i + 1) * TBUSY_BIN_NS;
		if (end > to)
			end = to;
		b->ns[i] += end - from;
	}
	return 0;
}

void
tbusy_free(struct tbusy *b)
{
	free(b->ns);
	memset(b, 0, sizeof(*b));
}
