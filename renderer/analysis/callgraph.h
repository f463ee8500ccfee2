/* callgraph.h: Topo's call graph below one kernel function (--call-graph, docs/trace.md): every call below each of its outermost calls, per function its calls, total and self time, depths, callers and callees. */
#ifndef BC_CALLGRAPH_H
#define BC_CALLGRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "functions.h"

struct tcalls;
struct tdat;

/* One function below the root (the root included). */
struct cg_node {
	uint32_t fn;		/* its name: names.name[fn] */
	uint64_t calls;
	int64_t total_ns, self_ns;
	uint64_t depths;	/* bit d: called d levels below the root's call (63: deeper) */
	int min_depth;
};

/* A caller's calls of a callee, below the root. */
struct cg_edge {
	size_t from, to;	/* nodes */
	uint64_t calls;
	int64_t total_ns;	/* the callee's time in those calls */
};

struct callgraph {
	struct fn_names names;	/* of every call of the trace */
	struct cg_node *v;	/* the most total time first, then by name */
	size_t n;
	size_t root;		/* the node of the root function */
	struct cg_edge *e;	/* by caller, then callee */
	size_t ne;
	/* Per call of the trace: levels below an outermost call of the root, or -1 (not below it). */
	int32_t *level;
	int64_t root_ns;	/* the time of the root's outermost calls */
};

/*
 * The graph below func's calls (func NULL: below the function whose
 * calls at depth 0 took the most time) of the nested calls c, named by
 * td's kallsyms (td may be NULL).  A call of the root inside another
 * (recursion) is a node's call like any other below it.  0; -1 no
 * memory; -2 no call of func (or, func NULL, no calls).
 */
int callgraph_make(const struct tcalls *c, const struct tdat *td,
    const char *func, struct callgraph *);
void callgraph_free(struct callgraph *);

#endif
