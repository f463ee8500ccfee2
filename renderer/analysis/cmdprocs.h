/* cmdprocs.h: which of the trace's processes are a profiled command's, for the wake-up outputs' default view (docs/wakeups.md). */
#ifndef BC_CMDPROCS_H
#define BC_CMDPROCS_H

#include <stdint.h>

#include "bootlog.h"
#include "tboot.h"

/*
 * For a profile (the header's profile.parent: the bootchartd that
 * forked CMD), *mask[i] is 1 when tb->v[i] is CMD or descends from it
 * by the forks the trace saw; the launcher itself is not the
 * command's.  *mask is NULL (all processes) when the log is no
 * profile, or whole is set (--whole-system).  The caller frees it.
 * 0, or -1 (no memory).
 */
int cmdprocs_mask(const struct bootlog *, const struct tboot *, int whole,
    uint8_t **mask);

#endif
