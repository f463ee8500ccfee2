/* main.c: bootchartd entry point (placeholder until the logger lands). */
#include <stdio.h>

int
main(void)
{
	fprintf(stderr, "bootchartd: not built yet\n");
	return 1;
}
