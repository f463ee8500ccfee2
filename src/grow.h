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
/*
 * grow_reserve from 4096 elements, the new ones zero: for maps indexed
 * by an id (a thread's) that a hostile trace can make sparse and large.
 * The new block comes zeroed from calloc, so the pages of ids never
 * used are never touched (a realloc and a memset touched them all).
 */
int grow_zeroed(void **v, size_t *cap, size_t need, size_t sz);

#endif
