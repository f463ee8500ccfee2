/* proctree_nodes.h: what the tree's steps share: node lists, merging, the span (not for outside proctree*.c). */
#ifndef BC_PROCTREE_NODES_H
#define BC_PROCTREE_NODES_H

#include <stddef.h>
#include <stdint.h>

/* Only pointers to these pass through here. */
struct pnode;
struct proctree;

/*
 * Deeper trees are cut (the node becomes a root): every step recurses
 * once per level, and real boots are a few dozen levels deep.
 */
#define TREE_DEPTH_MAX 1000

/* Appends p to the list *v of *n nodes (capacity *cap); 0 or -1. */
int node_append(struct pnode ***v, size_t *n, size_t *cap, struct pnode *p);
/* Removes element i, keeping the order. */
void node_remove(struct pnode **v, size_t *n, size_t i);
usec_t node_end(const struct pnode *);

/*
 * Merges b into a: a gets b's samples, the earlier start and the later
 * end.  b is left as it was (the caller unlinks it).  0, or -1 when out
 * of memory.
 */
int node_merge(struct pnode *a, const struct pnode *b);
/*
 * Merges every direct child of p into p and drops them (their own
 * children's processes are only folded, for the row's marks); 0 or -1.
 */
int node_absorb_children(struct pnode *p);
/* PID 2 named kthreadd: every kernel thread is its child. */
int node_is_kthreadd(const struct pnode *);
/*
 * A thread's row of its own (--threads): never merged into its process
 * or a sibling of the same name, which would undo the option.
 */
int node_is_thread(const struct pnode *);
/*
 * The node's process or one folded into it is one the tree keeps
 * (tree_opts.keep: on the critical path).
 */
int node_kept(const struct proctree *, const struct pnode *);
/* At least one sample with CPU use or waiting for I/O (state D). */
int node_ran(const struct pnode *);
/* Step 4 for logs of one command (proctree_profile.c). */
int profile_step(struct proctree *);

/* Sets the tree's start, end and duration from its nodes. */
void tree_span(struct proctree *);

#endif
