/* grow.h: growable arrays without a copy of the doubling code in every file. */
#ifndef BC_GROW_H
#define BC_GROW_H

#include <stddef.h>

/*
 * Makes room in *v (elements of size sz, capacity *cap, n in use) for
 * at least `more` elements past n, doubling the capacity (from 16) as
 * often as needed: one realloc at most.  0, or -1 on overflow or no
 * memory (then *v and *cap are unchanged).  Buffers that are filled
 * by read(2) or snprintf ask for the most a step may write.
 */
int grow_reserve(void **v, size_t *cap, size_t n, size_t more, size_t sz);

/* grow_reserve for one element: the usual append. */
int grow_array(void **v, size_t *cap, size_t n, size_t sz);

#endif
