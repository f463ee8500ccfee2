/* kwaits.h: what the kernel's boot waited on, call by call: the calls each traced root ran (the initcalls under do_one_initcall) that waited, the most first, for --functions, --json and the page (docs/trace.md). */
#ifndef BC_KWAITS_H
#define BC_KWAITS_H

#include <stddef.h>
#include <stdint.h>

struct tcalls;
struct tcwait;
struct tdat;

/* A call's waits are listed from a millisecond on (or --min-time). */
#define KWAIT_MIN_NS	1000000

struct kwait_row {
	size_t call;		/* its index in the calls (and their waits) */
	int64_t ns;		/* blocked and runnable */
};

/*
 * The calls of c at depth 1 whose waits w (tcwait.h; parallel to c)
 * add up to min_ns (at least KWAIT_MIN_NS) or more, the most first,
 * malloc'd into *out (NULL when none).  0, or -1: no memory.
 */
int kwaits_pick(const struct tcalls *c, const struct tcwait *w,
    int64_t min_ns, struct kwait_row **out, size_t *n);
/*
 * "name tid" of a waking thread, "[irq]" ... of a context, "-" for none,
 * unescaped; with_id 0: the thread's name alone.
 */
void kwaits_waker(const struct tdat *td, int32_t waker, int with_id,
    char *out, size_t cap);

#endif
