/* grow.c: growable arrays without a copy of the doubling code in every file. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

static int
grow_from(void **v, size_t *cap, size_t need, size_t sz, size_t first)
{
	size_t ncap;
	void *nv;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap : first;
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
grow_reserve(void **v, size_t *cap, size_t need, size_t sz)
{
	return grow_from(v, cap, need, sz, 16);
}

int
grow_array(void **v, size_t *cap, size_t n, size_t sz)
{
	if (n == SIZE_MAX)
		return -1;
	return grow_from(v, cap, n + 1, sz, 16);
}

int
grow_array_small(void **v, size_t *cap, size_t n, size_t sz)
{
	if (n == SIZE_MAX)
		return -1;
	return grow_from(v, cap, n + 1, sz, 1);
}

int
grow_zeroed(void **v, size_t *cap, size_t need, size_t sz)
{
	size_t ncap;
	void *nv;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap : 4096;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return -1;
		ncap *= 2;
	}
	if (ncap > SIZE_MAX / sz || (nv = calloc(ncap, sz)) == NULL)
		return -1;
	if (*cap > 0)
		memcpy(nv, *v, *cap * sz);
	free(*v);
	*v = nv;
	*cap = ncap;
	return 0;
}
