/* main.c: bootchart-render command line (placeholder until the CLI lands). */
#include <stdio.h>

int
main(void)
{
	fprintf(stderr, "bootchart-render: not built yet\n");
	return 1;
}
