/* tstack.h: the blocked threads' kernel stacks (ftrace:kernel_stack after a blocking switch): decoded, resolved with kallsyms, classified, summed per (waiter, stack) (docs/wakeups.md). */
#ifndef BC_TSTACK_H
#define BC_TSTACK_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "trace.h"
#include "tslots.h"

struct tstack;
struct tframe;

struct tstacks {
	struct tstack *v;
	size_t n, cap;
	struct tslots slots;	/* v's hash */
	size_t max;		/* stacks kept: 0 is CAP_TRACE_STACKS */
	int cut;		/* max reached (warned once) */
	struct tframe *frames;	/* what each return address says, cached */
	struct diag *d;
};

/*
 * A kernel_stack event ev of a thread of process entry waiter: its
 * `count` return addresses from the array field caller, resolved with
 * td's kallsyms.  *reason: what its functions say (treason.h; TR_OTHER
 * when none does).  Returns the stack's id + 1 (the same for the same
 * waiter and functions), 0 when the stacks reached their cap (warned
 * once), -1 on no memory.
 */
int64_t tstacks_add(struct tstacks *, const struct tdat *td,
    const struct tfield *caller, int64_t count, const struct tevent *ev,
    uint32_t waiter, int *reason);
/* A wait of `ns` blocked on stack id + 1 (from tstacks_add) ended. */
void tstacks_time(struct tstacks *, uint32_t id, int64_t ns);
void tstacks_free(struct tstacks *);

#endif
