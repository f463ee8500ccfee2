/* tracefn.h: `start --functions`: the top-level tracing buffer borrowed for function_graph below chosen functions while a run lasts, and given back as it was (docs/trace.md). */
#ifndef BCD_TRACEFN_H
#define BCD_TRACEFN_H

#include <stddef.h>

#define TRACEFN_ROOTS	64	/* functions in a --functions list */
#define TRACEFN_NAME	128	/* bytes of one, with its NUL */

/* The top-level settings taken, each given back (tracefn.c's list). */
#define TRACEFN_SAVED	9

struct tracefn {
	const char *roots;	/* "f1,f2": below these; NULL: not asked */
	unsigned depth;		/* max_graph_depth */
	unsigned thresh_us;	/* tracing_thresh: shorter calls not written */
	char *saved[TRACEFN_SAVED];	/* what the files held; NULL: untouched */
	int taken;		/* the buffer is ours: give it back */
};

/*
 * Whether a --functions list is well formed: 1 to TRACEFN_ROOTS names
 * of letters, digits, '_', '.', and '*' (a glob the kernel expands),
 * comma-separated.  0, or -1 with why set.
 */
int tracefn_check(const char *roots, char *why, size_t cap);
/*
 * Takes the top-level buffer of tracefs rootfd (which must be free: no
 * tracer, and no event or tracing off) and sets function_graph up below
 * f->roots,
 * tracing off; the caller enables its events and turns tracing on.
 * 0; 1 when this kernel or this system cannot (why: one line, nothing
 * changed); -1 on an error (why set; what was changed given back).
 */
int tracefn_take(struct tracefn *, int rootfd, char *why, size_t cap);
/*
 * The tracer off, every setting taken as it was (set_event's list
 * whole: exact mode's events off, those that were on again).  Nothing
 * when the buffer was not taken.
 */
void tracefn_give_back(struct tracefn *, int rootfd);

#endif
