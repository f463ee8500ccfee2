/* tkeysort.h: records grouped by a small key (a thread, a process) in linear time, each group then in time order (docs/trace.md, "Costs"). */
#ifndef BC_TKEYSORT_H
#define BC_TKEYSORT_H

#include <stddef.h>

/*
 * Sorts v, n records of size bytes, by key (a number below 2^32 - 1),
 * then within a key as cmp says.  The records come in time order, which
 * cmp's order within a key is, but where the trace's time goes back: a
 * stable counting sort by key leaves the groups in that order, and a
 * group that is not (cmp finds two neighbours out of order) alone is
 * sorted by qsort.  Linear in n and the largest key when time never goes
 * back.  The records go through a copy, read in order both ways (an
 * in-place cycle walk waited on a cache miss per record: three times
 * slower), with the pages read given back as it goes, so the sort peaks
 * at little more than v.  0, or -1 on no memory (v is then as given).
 */
int tkeysort(void *v, size_t n, size_t size, size_t (*key)(const void *),
    int (*cmp)(const void *, const void *));

#endif
