/* trace_events.h: the kernel events exact mode records (traceinst.c owns the list), for the recorder and the boot entry's trace_event=. */
#ifndef BCD_TRACE_EVENTS_H
#define BCD_TRACE_EVENTS_H

#include <stddef.h>

/* "system:event", in the order they are enabled. */
extern const char *const tracerec_events[];
extern const size_t tracerec_nevents;

#endif
