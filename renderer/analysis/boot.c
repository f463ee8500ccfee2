/* boot.c: a boot read in the stages' order, each part made once: the log, its trace's model applied to it, the critical path, the tree, the milestones. */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "boot.h"
#include "cmdprocs.h"
#include "escape.h"
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

/*
 * What each path is (st), when every one can be read again the same:
 * regular files.  Standard input and FIFOs cannot, and a directory's
 * files may change in place.  1, 0 when one cannot, -1 no memory.
 */
static int
path_ids(char *const *paths, size_t npaths, struct stat **st)
{
	size_t i;

	*st = NULL;
	for (i = 0; i < npaths; i++)
		if (strcmp(paths[i], "-") == 0)
			return 0;
	if ((*st = calloc(npaths, sizeof(**st))) == NULL)
		return -1;
	for (i = 0; i < npaths; i++)
		if (stat(paths[i], &(*st)[i]) != 0 || !S_ISREG((*st)[i].st_mode)) {
			free(*st);
			*st = NULL;
			return 0;
		}
	return 1;
}

/* The first path that is no longer what it was (st), or NULL. */
static const char *
changed(char *const *paths, size_t npaths, const struct stat *st)
{
	struct stat now;
	size_t i;

	for (i = 0; i < npaths; i++)
		if (stat(paths[i], &now) != 0 || now.st_dev != st[i].st_dev ||
		    now.st_ino != st[i].st_ino ||
		    now.st_size != st[i].st_size ||
		    now.st_mtim.tv_sec != st[i].st_mtim.tv_sec ||
		    now.st_mtim.tv_nsec != st[i].st_mtim.tv_nsec)
			return paths[i];
	return NULL;
}

/*
 * The trace's bytes read again from the paths into b->x.again, for the
 * output that reads the events again (-f perfetto), once the model is
 * built: the model was built from a reader that gave its pages back.
 * The reading is quiet (its warnings were said the first time); the
 * reader that counts is the output's.  0, or -1 (diag set).
 */
static int
trace_again(struct boot_read *b, char *const *paths, size_t npaths,
    const struct stat *st, struct diag *d)
{
	struct tracefile *f = &b->x.again;
	struct bootlog scratch;
	struct diag q;
	const char *what;
	char shown[256];
	int rc;

	if ((what = changed(paths, npaths, st)) != NULL) {
		escape_text(shown, sizeof(shown), what);
		diag_set_file(d, "%s", shown);
		return diag_error(d, "changed while it was read (its trace's "
		    "events are read from it again)");
	}
	bootlog_init(&scratch);
	diag_init(&q, d->prog);
	q.out = NULL;
	rc = input_read_members(&scratch, f, paths, npaths, &q);
	bootlog_free(&scratch);
	if (rc != 0)
		return diag_error_status(d, q.status ? q.status :
		    EXIT_BADINPUT, "%s", q.msg);
	if (f->buf == NULL || f->len != b->x.file.len)
		return diag_error(d, "the trace changed while it was read "
		    "(its events are read from the input again)");
	/* The output opens a reader of its own. */
	tdat_free(f->td);
	f->td = NULL;
	return 0;
}

int
boot_read_paths(struct boot_read *b, char *const *paths, size_t npaths,
    const struct boot_opts *o, struct diag *d)
{
	static char *const fallback[] = { (char *)DEFAULT_INPUT };
	struct boot_opts mine = *o;
	struct stat *st = NULL;
	int rc;

	if (npaths == 0) {
		paths = fallback;
		npaths = 1;
	}
	/*
	 * An output that reads the events again (-f perfetto) reads them
	 * from the input again when it can, so that the model is built
	 * without the whole trace held beside it (docs/trace.md, "Costs").
	 */
	if (!o->exact.read_once && (rc = path_ids(paths, npaths, &st)) != 0) {
		if (rc < 0)
			return diag_error_status(d, EXIT_NOMEM,
			    "out of memory");
		mine.exact.read_once = 1;
	}
	rc = input_read(&b->log, &b->tf, paths, npaths, !o->trace_needed, d);
	if (rc == 0)
		rc = boot_read_stages(b, &mine, d);
	if (rc == 0 && st != NULL && b->x.have)
		rc = trace_again(b, paths, npaths, st, d);
	free(st);
	return rc;
}

int
boot_read_memory(struct boot_read *b, const void *buf, size_t len,
    const char *label, const struct boot_opts *o, struct diag *d)
{
	if (input_read_memory(&b->log, &b->tf, buf, len, label, d) != 0)
		return -1;
	return boot_read_stages(b, o, d);
}
