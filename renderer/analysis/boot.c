/* boot.c: a boot read in the stages' order, each part made once: the log, its trace's model applied to it, the critical path, the tree, the milestones. */
#include <stdlib.h>
#include <string.h>

#include "boot.h"
#include "cmdprocs.h"
#include "input.h"

void
boot_read_init(struct boot_read *b)
{
	memset(b, 0, sizeof(*b));
	bootlog_init(&b->log);
}

void
boot_read_free(struct boot_read *b)
{
	critpath_free(&b->crit);
	free(b->mine);
	proctree_free(&b->tree);
	exact_free(&b->x);
	tracefile_free(&b->tf);
	bootlog_free(&b->log);
	boot_read_init(b);
}

int
boot_read_stages(struct boot_read *b, const struct boot_opts *o,
    struct diag *d)
{
	struct exact_opts xo = o->exact;
	struct tree_opts tree;
	int r;

	xo.own_zero = b->log.ps_source == PS_TRACE;
	xo.scope_pid = exact_scope_pid(&b->log);
	/*
	 * A trace whose events do not read (a page cut or damaged) costs the
	 * chart nothing but the trace: said once, and left out.  A trace
	 * alone is all there is.
	 */
	if (exact_open(&b->x, &b->tf, &xo, d) != 0) {
		if (o->trace_needed || xo.own_zero ||
		    bootlog_drop_trace(&b->log, d) != 0)
			return -1;
		exact_free(&b->x);
	}
	if (exact_apply(&b->x, &b->log, &xo, d) != 0)
		return -1;
	if (o->exact.threads && !b->x.have)
		diag_warn(d, "--threads: no kernel trace (trace.dat) in this "
		    "log: a row per process (record with bootchartd --trace)");
	/* The path before the tree: pruning keeps the processes on it. */
	if ((r = critpath_make(&b->crit, &b->x, &b->log, &o->crit, d)) < 0)
		return -1;
	tree = o->tree;
	tree.keep = b->crit.us.on_path;
	tree.nkeep = b->crit.us.n_on_path;
	if (proctree_make(&b->tree, &b->log, &tree, d) != 0)
		return -1;
	milestones_make(&b->ms, &b->log, &b->tree, d);
	if (b->x.have && cmdprocs_mask(&b->log, &b->x.tb,
	    o->tree.whole_system, &b->mine) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	b->view = (struct boot){ &b->log, &b->x, &b->tree, &b->ms, NULL,
	    b->mine };
	if (r == 0)
		b->view.crit = &b->crit;
	return 0;
}

int
boot_read_paths(struct boot_read *b, char *const *paths, size_t npaths,
    const struct boot_opts *o, struct diag *d)
{
	if (input_read(&b->log, &b->tf, paths, npaths, !o->trace_needed,
	    d) != 0)
		return -1;
	return boot_read_stages(b, o, d);
}

int
boot_read_memory(struct boot_read *b, const void *buf, size_t len,
    const char *label, const struct boot_opts *o, struct diag *d)
{
	if (input_read_memory(&b->log, &b->tf, buf, len, label, d) != 0)
		return -1;
	return boot_read_stages(b, o, d);
}
