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
 * usage: layout_dump [--group-by-unit] [--show-all] LOG
 * Prints "text\tTEXT" for each text of the chrome (title first), then
 * "row\tPID\tLABEL" for each row in order.  Exit 0, or 2 after the
 * renderer's message.
 */
int
main(int argc, char **argv)
{
	struct boot_opts bo = { .tree = tree_pruned };
	struct chart_opts o;
	struct boot_read b;
	struct layout l;
	struct diag d;
	int i, rc = 2;
	size_t k;

	memset(&o, 0, sizeof(o));
	memset(&l, 0, sizeof(l));
	o.format = FMT_PNG;
	for (i = 1; i < argc - 1; i++) {
		if (strcmp(argv[i], "--group-by-unit") == 0)
			bo.tree.group_by_unit = 1;
		else if (strcmp(argv[i], "--show-all") == 0)
			o.show_all = 1;
		else if (strcmp(argv[i], "--whole-system") == 0)
			bo.tree.whole_system = 1;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: layout_dump [--group-by-unit] "
		    "[--show-all] [--whole-system] LOG\n");
		return 1;
	}
	diag_init(&d, "layout_dump");
	boot_read_init(&b);
	if (boot_read_paths(&b, &argv[argc - 1], 1, &bo, &d) == 0 &&
	    layout_make(&l, &b.view, &o, &d) == 0) {
		for (k = 0; k < l.nchrome_texts; k++)
			printf("text\t%s\n", l.texts[k].s);
		for (k = 0; k < l.nrows; k++)
			printf("row\t%lld\t%s\n",
			    (long long)l.rows[k].node->proc->pid,
			    l.texts[l.rows[k].text].s);
		rc = 0;
	}
	layout_free(&l);
	boot_read_free(&b);
	chart_release_fonts();
	return rc;
}
