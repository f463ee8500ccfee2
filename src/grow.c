/* grow.c: growable arrays without a copy of the doubling code in every file. */
#include <stdint.h>
#include <stdlib.h>

#include "grow.h"

int
grow_reserve(void **v, size_t *cap, size_t n, size_t more, size_t sz)
{
	size_t need, ncap;
	void *nv;

	if (n <= *cap && *cap - n >= more)
		return 0;
	if (more > SIZE_MAX - n)
		return -1;
	need = n + more;
	ncap = *cap ? *cap : 16;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return -1;
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / sz)
		return -1;
	if ((nv = realloc(*v, ncap * sz)) == NULL)
		return -1;
	*v = nv;
	*cap = ncap;
	return 0;
}

int
grow_array(void **v, size_t *cap, size_t n, size_t sz)
{
	return grow_reserve(v, cap, n, 1, sz);
}
