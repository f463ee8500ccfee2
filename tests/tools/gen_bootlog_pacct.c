/* gen_bootlog_pacct.c: writes kernel_pacct, the BSD process accounting (v3) records. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen_bootlog.h"

/* comp_t: 13-bit mantissa, 3-bit base-8 exponent. */
static uint64_t
comp_t_of(uint64_t v)
{
	uint64_t exp = 0;

	while (v > 0x1fff) {
		v = (v + 4) >> 3;
		exp++;
	}
	if (exp > 7)
		return 0xffff;
	return (exp << 13) | v;
}

static int
cmp_exit(const void *a, const void *b, void *arg)
{
	const struct proc *p = arg;
	const struct proc *x = &p[*(const int *)a], *y = &p[*(const int *)b];

	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/*
 * BSD accounting v3: one 64-byte little-endian record per process that
 * exited while logging, in exit order.  The ppid is the parent at exit,
 * as the kernel writes it: init when the real parent had already gone.
 */
int
emit_pacct(struct sim *s)
{
	const struct plan *pl = s->pl;
	int64_t last = pl->tick[pl->nblocks - 1];
	int *ex;
	size_t n = 0, k;
	const struct proc *p, *par;
	float etime;
	uint32_t ebits;
	char comm[COMM_LEN];

	ex = malloc(pl->n * sizeof(int));
	if (ex == NULL)
		return -1;
	for (k = 0; k < pl->n; k++)
		if (pl->p[k].end <= last)
			ex[n++] = (int)k;
	qsort_r(ex, n, sizeof(int), cmp_exit, pl->p);
	if (buf_reserve(&s->pacct, n * 64 + 1) < 0) {
		free(ex);
		return -1;
	}
	for (k = 0; k < n; k++) {
		p = &pl->p[ex[k]];
		par = p->parent >= 0 ? &pl->p[p->parent] : NULL;
		etime = (float)(p->end - p->start);
		memcpy(&ebits, &etime, sizeof(ebits));
		put_ch(&s->pacct, p->kind == K_GHOST ? 0x01 : 0x00);
		put_ch(&s->pacct, 3);
		put_le(&s->pacct, 0, 2);	/* tty */
		put_le(&s->pacct, 0, 4);	/* exit code */
		put_le(&s->pacct, 0, 4);	/* uid */
		put_le(&s->pacct, 0, 4);	/* gid */
		put_le(&s->pacct, (uint64_t)p->pid, 4);
		put_le(&s->pacct, par == NULL ? 0 : par->end <= p->end ? 1 :
		    (uint64_t)par->pid, 4);
		put_le(&s->pacct, BOOT_EPOCH + (uint64_t)p->start / USER_HZ, 4);
		put_le(&s->pacct, ebits, 4);
		put_le(&s->pacct, comp_t_of(p->utime), 2);
		put_le(&s->pacct, comp_t_of(p->stime), 2);
		put_le(&s->pacct, comp_t_of(p->rss * 4), 2);
		put_le(&s->pacct, 0, 2);	/* io */
		put_le(&s->pacct, 0, 2);	/* rw */
		put_le(&s->pacct, comp_t_of(p->minflt), 2);
		put_le(&s->pacct, comp_t_of(p->majflt), 2);
		put_le(&s->pacct, 0, 2);	/* swaps */
		memset(comm, 0, sizeof(comm));
		memcpy(comm, p->comm[1], strnlen(p->comm[1], COMM_LEN - 1));
		memcpy(s->pacct.p + s->pacct.len, comm, COMM_LEN);
		s->pacct.len += COMM_LEN;
	}
	free(ex);
	return 0;
}
