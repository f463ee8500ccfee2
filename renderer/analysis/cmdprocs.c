/* cmdprocs.c: which of the trace's processes are a profiled command's (its launcher's descendants), for the wake-up outputs' default view. */
#include <stdlib.h>

#include "cmdprocs.h"
#include "logfiles.h"

/* The largest pid among the processes and root: the map's size - 1. */
static int
max_pid(const struct tboot *tb, int root)
{
	int m = root;
	size_t i;

	for (i = 0; i < tb->n; i++) {
		if (tb->v[i].pid > m)
			m = tb->v[i].pid;
		if (tb->v[i].ppid > m)
			m = tb->v[i].ppid;
	}
	return m;
}

/*
 * The processes in the order the trace made them: a child after the
 * fork that made it, so after its parent's entry unless the parent was
 * born before the trace (the launcher, marked beforehand).  A pid used
 * again takes its new owner's mark.
 */
int
cmdprocs_mask(const struct bootlog *t, const struct tboot *tb, int whole,
    uint8_t **mask)
{
	int64_t root = bootlog_header_pid(t, HDR_PROFILE_PARENT);
	uint8_t *in, *m;
	size_t i;
	int p;

	*mask = NULL;
	if (whole || root <= 0 || root > INT32_MAX || tb->n == 0)
		return 0;
	if ((in = calloc((size_t)max_pid(tb, (int)root) + 1, 1)) == NULL)
		return -1;
	if ((m = calloc(tb->n, 1)) == NULL) {
		free(in);
		return -1;
	}
	in[root] = 2;	/* the launcher: its children are the command */
	for (i = 0; i < tb->n; i++) {
		p = tb->v[i].ppid;
		m[i] = tb->v[i].pid != root && p > 0 && in[p] != 0;
		if (tb->v[i].pid != root)
			in[tb->v[i].pid] = m[i];
	}
	free(in);
	*mask = m;
	return 0;
}
