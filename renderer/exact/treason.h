/* treason.h: why a thread waited, from the kernel functions on its stack when it blocked (docs/wakeups.md, "Reasons"). */
#ifndef BC_TREASON_H
#define BC_TREASON_H

/* TR_NONE: no stack was recorded for the wait. */
enum treason { TR_NONE, TR_FUTEX, TR_POLL, TR_PIPE, TR_SOCKET, TR_DISK,
    TR_SLEEP, TR_OTHER, TR_COUNT };

/* "futex", "poll", "pipe", "socket", "disk", "sleep", "other", or "-". */
const char *treason_name(int);
/* The reason a frame's function says, or TR_NONE when it says none. */
int treason_of(const char *func);
/*
 * Whether a frame is the scheduler's or the system-call entry's, the
 * same on every blocking stack: left out of the stacks shown.
 */
int treason_plumbing(const char *func);

#endif
