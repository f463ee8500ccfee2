/* grow.h: growable arrays without a copy of the doubling code in every file. */
#ifndef BC_GROW_H
#define BC_GROW_H

#include <stddef.h>

/*
 * Makes room in *v (elements of size sz, capacity *cap) for at least
 * `need` elements, doubling.  0, or -1 on overflow or no memory (then
 * *v and *cap are unchanged).
 */
int grow_reserve(void **v, size_t *cap, size_t need, size_t sz);

/* The same for one element more than the n held: grow_reserve(n + 1). */
int grow_array(void **v, size_t *cap, size_t n, size_t sz);
/*
 * grow_array starting at one element instead of 16: for the arrays
 * there is one of per process, most of which stay short (a million
 * processes sampled once held 384 MB of unused sample room).
 */
int grow_array_small(void **v, size_t *cap, size_t n, size_t sz);

#endif
