/* treeutil.h: what the tree tests share: a node by PID, the tree's dump as a string; in libtest.a. */
#ifndef BC_TREEUTIL_H
#define BC_TREEUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "proctree.h"

/* The node of pid among v[0..n) and their descendants, or NULL. */
struct pnode *find_in_tree(struct pnode **v, size_t n, int64_t pid);
/* proctree_dump into a malloc'd string; fails the test on error. */
char *dump_text(const struct proctree *tree);

#endif
