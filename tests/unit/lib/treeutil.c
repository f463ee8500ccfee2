/* treeutil.c: what the tree tests share: a node by PID, the tree's dump as a string; in libtest.a. */
#include <stdint.h>
#include <stdio.h>

#include "testutil.h"
#include "treeutil.h"

struct pnode *
find_in_tree(struct pnode **v, size_t n, int64_t pid)
{
	struct pnode *p;
	size_t i;

	for (i = 0; i < n; i++) {
		if (v[i]->proc->pid == pid)
			return v[i];
		p = find_in_tree(v[i]->children, v[i]->nchildren, pid);
		if (p != NULL)
			return p;
	}
	return NULL;
}

char *
dump_text(const struct proctree *tree)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	proctree_dump(tree, f);
	fclose(f);
	return buf;
}
