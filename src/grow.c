/* grow.c: growable arrays without a copy of the doubling code in every file. */
#include <stdint.h>
#include <stdlib.h>

#include "grow.h"

int
grow_array(void **v, size_t *cap, size_t n, size_t sz)
{
	size_t ncap;
	void *nv;

	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	if (ncap < *cap || ncap > SIZE_MAX / sz)
		return -1;
	if ((nv = realloc(*v, ncap * sz)) == NULL)
		return -1;
	*v = nv;
	*cap = ncap;
	return 0;
}
