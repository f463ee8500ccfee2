/* states_dump.c: prints the exact state spans of a log's process rows (docs/trace.md) for the shell tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bootlog.h"
#include "diag.h"
#include "boot.h"
#include "proctree.h"

static const char *const names[TS_COUNT] = {
	"none", "sleeping", "D", "runnable", "running"
};

/*
 * Per exact node: "span\tPID\tNAME\tSTATE\tSTART_US\tEND_US" for each
 * span, then "total\tPID\tNAME\tRUNNING_US\tRUNNABLE_US\tD_US\t
 * SLEEPING_US\tCPU_US" (CPU_US: the process's exact CPU time, -1 when
 * the node merged several).
 */
static int
dump_one(const struct pnode *p, int depth, void *arg)
{
	usec_t sum[TS_COUNT] = { 0 };
	struct xspan *v;
	size_t i, n;

	(void)depth;
	(void)arg;
	if (!p->xexact)
		return 0;
	if (node_xstates(p, &v, &n) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		printf("span\t%lld\t%s\t%s\t%lld\t%lld\n",
		    (long long)p->proc->pid, p->name, names[v[i].state],
		    (long long)v[i].start_us, (long long)v[i].end_us);
		sum[v[i].state] += v[i].end_us - v[i].start_us;
	}
	printf("total\t%lld\t%s\t%lld\t%lld\t%lld\t%lld\t%lld\n",
	    (long long)p->proc->pid, p->name, (long long)sum[TS_RUNNING],
	    (long long)sum[TS_RUNNABLE], (long long)sum[TS_WAITING],
	    (long long)sum[TS_SLEEPING],
	    (long long)(p->nxruns == 0 ? p->proc->cpu_us : -1));
	free(v);
	return 0;
}

/*
 * usage: states_dump [-n] [-t] [-g] LOG (-n: the unpruned tree; -t: a
 * row per thread, as --threads; -g: the trace's pages given back as the
 * model is built, as a render without an OF_EVENTS output does).  Exit
 * 0, or 2.
 */
int
main(int argc, char **argv)
{
	struct boot_opts bo = { .tree = tree_pruned };
	struct boot_read b;
	struct diag d;
	int rc = 2, i;

	for (i = 1; i < argc - 1; i++) {
		if (strcmp(argv[i], "-n") == 0)
			bo.tree = tree_unpruned;
		else if (strcmp(argv[i], "-t") == 0)
			bo.exact.threads = 1;
		else if (strcmp(argv[i], "-g") == 0)
			bo.exact.read_once = 1;
		else
			break;
	}
	if (argc < 2 || i != argc - 1) {
		fprintf(stderr, "usage: states_dump [-n] [-t] [-g] LOG\n");
		return 1;
	}
	diag_init(&d, "states_dump");
	boot_read_init(&b);
	if (boot_read_paths(&b, &argv[argc - 1], 1, &bo, &d) == 0 &&
	    proctree_walk(&b.tree, dump_one, NULL) == 0)
		rc = 0;
	boot_read_free(&b);
	return rc;
}
