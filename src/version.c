/* version.c: the --version text of bootchartd and bootchart-render. */
#include "version.h"

void
version_print(FILE *f, const char *prog)
{
	fprintf(f, "%s %s\n%s\n%s\n", prog, BC_VERSION, BC_COPYRIGHT,
	    BC_LICENSE);
}
