/* giveback.h: memory read for the last time handed back to the kernel page by page, so that a pass over hundreds of MB holds only what is ahead of it. */
#ifndef BC_GIVEBACK_H
#define BC_GIVEBACK_H

/* Bytes read between two calls that give pages back, for callers that walk. */
#define GIVEBACK_STEP	(1 << 20)

/*
 * The whole pages inside [from, to) given back (madvise MADV_DONTNEED):
 * the caller owns them and reads them no more.  Read again, they read as
 * zeros; freed, they are freed as any other.  Advice only: where it
 * fails the pages stay and nothing else changes.
 */
void give_back(const void *from, const void *to);

#endif
