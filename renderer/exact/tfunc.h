/* tfunc.h: the kernel's function calls from function_graph's records (ftrace:funcgraph_exit, funcgraph_entry), each thread's nested by [call, return] (docs/trace.md). */
#ifndef BC_TFUNC_H
#define BC_TFUNC_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* One call, from its funcgraph_exit record. */
struct tcall {
	uint64_t func;		/* the function's address (kallsyms names it) */
	int64_t call_ns, ret_ns;	/* the record's calltime and rettime */
	int32_t pid;		/* the thread (common_pid) */
	int32_t parent;		/* the enclosing call's index, or -1: none */
	uint16_t cpu;
	uint16_t depth;		/* from the first traced function, 0 */
};

/* Why a record was left out (one warning counts them). */
enum { TC_BAD_DEPTH, TC_BAD_ORDER, TC_BAD_OVERLAP, TC_BAD_NEST, TC_BAD_N };

struct tcalls {
	struct tcall *v;	/* after tcalls_nest: thread by thread, by call time */
	size_t n, cap;
	uint64_t entries;	/* funcgraph_entry records (unthresholded mode) */
	uint64_t overrun;	/* the largest overrun a record said: calls lost */
	uint64_t bad[TC_BAD_N];
	uint64_t cut;		/* records past CAP_TRACE_CALLS */
	struct diag *d;		/* for the warnings; may be NULL */
};

/*
 * One funcgraph_exit record's fields.  A return before its call or a
 * depth outside 0..CAP_TRACE_CALL_DEPTH is counted, not kept.  0, or
 * -1: no memory.
 */
int tcalls_exit(struct tcalls *, int pid, int cpu, uint64_t func,
    int64_t depth, uint64_t calltime, uint64_t rettime, uint64_t overrun);
/*
 * Sorts the calls by thread and time and links each to the call that
 * encloses it; a call overlapping another without being inside it, or
 * inside a deeper call, is dropped and counted.
 * One warning says what was left out.  0, or -1: no memory.
 */
int tcalls_nest(struct tcalls *);
void tcalls_free(struct tcalls *);
/* A call's thread: its pid; the idle tasks (pid 0) one per CPU, -1 - cpu. */
int64_t tcall_thread(const struct tcall *);

#endif
