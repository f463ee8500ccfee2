/* giveback.c: memory read for the last time handed back to the kernel page by page, so that a pass over hundreds of MB holds only what is ahead of it. */
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "giveback.h"

void
give_back(const void *from, const void *to)
{
	static size_t page;
	uintptr_t a, b;

	if (page == 0) {
		long p = sysconf(_SC_PAGESIZE);

		page = p > 0 ? (size_t)p : 4096;
	}
	a = ((uintptr_t)from + page - 1) / page * page;
	b = (uintptr_t)to / page * page;
	if (b > a)
		(void)madvise((void *)a, b - a, MADV_DONTNEED);
}
