/* layout_dump.c: prints the texts of a log's chart layout (title, header lines, axis labels, row labels) for the shell tests. */
#include <stdio.h>
#include <string.h>

#include "chart.h"
#include "outputs.h"
#include "chartopts.h"
#include "diag.h"
#include "boot.h"
#include "layout.h"
#include "proctree.h"
#include "bootlog.h"

/*
 * usage: layout_dump [--group-by-unit] [--show-all] [--whole-system]
 *     [-n] [--threads] [--crit] LOG
 * Prints "text\tTEXT" for each text of the chrome (title first), then
 * "row\tPID\tLABEL" for each row in order; with --crit each row line
 * has two fields more: how many critical-path bars the row carries, and
 * the PIDs of its processes on the path (its own and those folded into
 * it, comma-separated; "-": none).
 * Exit 0, or 2 after the renderer's message.
 */
struct dump_opts {
	struct boot_opts bo;
	struct chart_opts o;
	int crit;		/* print each row's critical-path bars */
};

/* The options before LOG; 0, or -1 on one not known. */
static int
dump_args(struct dump_opts *a, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc - 1; i++) {
		if (strcmp(argv[i], "--group-by-unit") == 0)
			a->bo.tree.group_by_unit = 1;
		else if (strcmp(argv[i], "--show-all") == 0)
			a->o.show_all = 1;
		else if (strcmp(argv[i], "--whole-system") == 0)
			a->bo.tree.whole_system = 1;
		else if (strcmp(argv[i], "-n") == 0)
			a->bo.tree = tree_unpruned;
		else if (strcmp(argv[i], "--threads") == 0)
			a->bo.exact.threads = 1;
		else if (strcmp(argv[i], "--crit") == 0)
			a->crit = 1;
		else
			return -1;
	}
	return 0;
}

/* The row's processes on the path (crit_path.on_path), as PIDs. */
static void
on_path(const struct crit_path *cp, const struct pnode *p)
{
	const struct process *q;
	const char *sep = "";
	size_t i;

	for (i = 0; i <= PNODE_NFOLDED(p); i++) {
		q = i == 0 ? p->proc : p->fold->v[i - 1];
		if (q->seq < cp->n_on_path && cp->on_path[q->seq]) {
			printf("%s%lld", sep, (long long)q->pid);
			sep = ",";
		}
	}
	printf("%s", *sep == '\0' ? "-" : "");
}

/* The critical path's bars of a row: its cells of that colour. */
static size_t
crit_bars(const struct layout *l, const struct lt_row *row)
{
	size_t k, n = 0;

	for (k = row->cell0; k < row->cell0 + row->ncells; k++)
		n += l->cells[k].rgb == COL_CRIT;
	return n;
}

static void
dump(const struct layout *l, const struct crit_path *cp, int crit)
{
	size_t k;

	for (k = 0; k < l->nchrome_texts; k++)
		printf("text\t%s\n", l->texts[k].s);
	for (k = 0; k < l->nrows; k++) {
		printf("row\t%lld\t%s", (long long)l->rows[k].node->proc->pid,
		    l->texts[l->rows[k].text].s);
		if (crit) {
			printf("\t%zu\t", crit_bars(l, &l->rows[k]));
			on_path(cp, l->rows[k].node);
		}
		printf("\n");
	}
}

int
main(int argc, char **argv)
{
	struct dump_opts a;
	struct boot_read b;
	struct layout l;
	struct diag d;
	int rc = 2;

	memset(&a, 0, sizeof(a));
	memset(&l, 0, sizeof(l));
	a.bo.tree = tree_pruned;
	a.o.format = FMT_PNG;
	if (argc < 2 || dump_args(&a, argc, argv) != 0) {
		fprintf(stderr, "usage: layout_dump [--group-by-unit] "
		    "[--show-all] [--whole-system] [-n] [--threads] [--crit] "
		    "LOG\n");
		return 1;
	}
	diag_init(&d, "layout_dump");
	boot_read_init(&b);
	if (boot_read_paths(&b, &argv[argc - 1], 1, &a.bo, &d) == 0 &&
	    layout_make(&l, &b.view, &a.o, &d) == 0) {
		dump(&l, boot_crit(&b.view), a.crit);
		rc = 0;
	}
	layout_free(&l);
	boot_read_free(&b);
	chart_release_fonts();
	return rc;
}
