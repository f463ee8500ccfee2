/* ksyms.h: kallsyms cut to the functions the recorded events point at (initcalls, work items, the blocked threads' stacks), all trace-cmd and the renderer resolve: the whole of it is ~0.9 MB compressed a log. */
#ifndef BCD_KSYMS_H
#define BCD_KSYMS_H

#include <stddef.h>
#include <stdint.h>

#define KSYMS_PTRS	16	/* events with a function pointer looked at */

/*
 * Events whose records hold a function's address, and the addresses
 * seen.  An array of return addresses (kernel_stack's caller[], as many
 * as its 4-byte count says) points inside functions: `inside` holds
 * those, and the function each is in is kept.
 */
struct ksyms {
	struct { uint32_t id, off, cnt_off; int array; } ptr[KSYMS_PTRS];
	size_t nptr;
	uint32_t data_off, commit_off, commit_size, page_size;
	uint64_t *addr;
	size_t n, cap;
	uint64_t *inside;
	size_t nin, incap;
};

/*
 * The page's layout from events/header_page's text.  0, or -1 when it
 * does not say where the commit word and the data are.
 */
int ksyms_page(struct ksyms *, const char *header_page, size_t len);
/*
 * One event's format text: when it has an 8-byte field named func or
 * function (initcall_start, workqueue_execute_start, ...), or an array
 * of 8-byte return addresses named caller with a count named size
 * (kernel_stack), its records are read for them.
 */
void ksyms_format(struct ksyms *, const char *fmt, size_t len);
/*
 * The addresses in n bytes of one CPU's pages in memory (arg: the
 * struct ksyms; tchunk_each's hand).  0, or -1 (no memory).
 */
int ksyms_chunk(void *arg, const uint8_t *p, size_t n);
/*
 * Keeps the lines of the kallsyms text whose address was seen; the
 * text is cut in place.  Returns its new length.
 */
size_t ksyms_cut(struct ksyms *, char *text, size_t len);
void ksyms_free(struct ksyms *);

#endif
