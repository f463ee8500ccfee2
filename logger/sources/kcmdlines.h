/* kcmdlines.h: the kernel's saved_cmdlines kept only where no task's name can have made a line up. */
#ifndef BCD_KCMDLINES_H
#define BCD_KCMDLINES_H

#include <stddef.h>

/* The kernel's comm: TASK_COMM_LEN less its NUL. */
#define KCMDLINES_COMM_MAX 15

/*
 * Rewrites the kernel's "pid comm\n" lines at p (len bytes, with room for
 * one more: the last line's newline) in place and returns the length
 * kept, every line ended.  The kernel prints a comm as it is, and a
 * task may put a newline in its own name (prctl PR_SET_NAME), so the
 * bytes after it read as a line naming any pid.  Such a line is at most
 * KCMDLINES_COMM_MAX - 2 bytes and follows a short name, so every line
 * that could be the tail of the name before it goes, with that line;
 * so do lines for a pid named twice and for the pids in ours ("pid
 * comm\n" lines whose names we escaped ourselves, written after).
 * Without memory for the check, nothing of the kernel's is kept.
 */
size_t kcmdlines_keep(char *p, size_t len, const char *ours, size_t ourlen);

#endif
