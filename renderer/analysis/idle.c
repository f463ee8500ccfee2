/* idle.c: when the system went idle after a process started (--crop-after). */
#include "idle.h"

#define IDLE_LOAD	0.25	/* CPU + I/O wait below this is idle */
#define IDLE_TIME	(2 * USEC_PER_SEC)	/* ... for at least this long */

usec_t
idle_crop_end(const struct bootlog *t, const struct proctree *tree,
    const char *name, usec_t t0, usec_t t1)
{
	const struct pnode *p = proctree_find(tree, name);
	usec_t idle_from = -1, prev;
	const struct cpu_sample *c;
	size_t i;

	if (p == NULL)
		return t1;
	for (i = 0; i < t->ncpu; i++) {
		c = &t->cpu[i];
		prev = i > 0 ? t->cpu[i - 1].time_us : c->time_us;
		if (prev < p->start_us)
			continue;
		if (c->user + c->sys + c->io >= IDLE_LOAD) {
			idle_from = -1;
			continue;
		}
		if (idle_from < 0)
			idle_from = prev;
		if (c->time_us - idle_from >= IDLE_TIME)
			return idle_from > t0 && idle_from < t1 ? idle_from : t1;
	}
	return t1;
}
