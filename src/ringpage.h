/* ringpage.h: the records of one kernel ring-buffer page (events/header_event's rules, src/tracedat.h): the one walker, for the renderer's trace reader and the logger's cut of kallsyms. */
#ifndef BC_RINGPAGE_H
#define BC_RINGPAGE_H

#include <stddef.h>
#include <stdint.h>

/*
 * A page's data being walked: p[pos .. end) are the records not read
 * yet, ts the time of the last one (the page's time stamp at first).
 */
struct ringpage {
	const uint8_t *p;
	size_t pos, end;
	int big;		/* the file's byte order */
	uint64_t ts;
};

/*
 * The next event of the page: 1 with *data and *len its record (common
 * fields first) and rp->ts its time; 0 at the page's end (padding to
 * the end included); -1 when a record overruns the page (the rest of
 * it is then unreadable).  Time extends and absolute stamps move
 * rp->ts and are no events.
 */
int ringpage_next(struct ringpage *, const uint8_t **data, size_t *len);

#endif
