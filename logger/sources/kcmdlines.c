/* kcmdlines.c: the kernel's saved_cmdlines kept only where no task's name can have made a line up. */
#include <stdlib.h>
#include <string.h>

#include "kcmdlines.h"

struct kline {
	size_t at, len;		/* the line, without its newline */
	long pid;		/* -1: not "pid comm" */
	size_t comm;		/* its name's length */
	int drop;
};

/* "pid comm": the pid, or -1; *comm the name's length. */
static long
line_pid(const char *p, size_t len, size_t *comm)
{
	size_t i = 0;
	long pid = 0;

	while (i < len && i < 10 && p[i] >= '0' && p[i] <= '9')
		pid = pid * 10 + (p[i++] - '0');
	if (i == 0 || i >= len || p[i] != ' ')
		return -1;
	*comm = len - i - 1;
	return pid;
}

/* The lines of p, each parsed; NULL without memory. */
static struct kline *
split(const char *p, size_t len, size_t *n)
{
	struct kline *v;
	size_t i, start = 0, cap = 1;

	for (i = 0; i < len; i++)
		cap += p[i] == '\n';
	if ((v = calloc(cap, sizeof(*v))) == NULL)
		return NULL;
	*n = 0;
	for (i = 0; i <= len; i++) {
		if (i < len && p[i] != '\n')
			continue;
		if (i > start || i < len) {
			struct kline *l = &v[(*n)++];

			l->at = start;
			l->len = i - start;
			l->pid = line_pid(p + start, l->len, &l->comm);
		}
		start = i + 1;
	}
	return v;
}

/*
 * A line that fits after the shortest name the line before can end
 * (with the newline between them) may be that name's tail: both go.
 * reach is that shortest name, over everything the lines so far can be.
 */
static void
drop_tails(struct kline *v, size_t n)
{
	size_t i, reach = KCMDLINES_COMM_MAX + 1;

	for (i = 0; i < n; i++) {
		int tail = i > 0 && reach + 1 + v[i].len <= KCMDLINES_COMM_MAX;

		if (tail)
			v[i].drop = v[i - 1].drop = 1;
		if (v[i].pid >= 0 && v[i].comm <= KCMDLINES_COMM_MAX)
			reach = v[i].comm;
		else if (tail)
			reach += 1 + v[i].len;
		else {
			v[i].drop = 1;
			reach = KCMDLINES_COMM_MAX + 1;
		}
	}
}

static int
pid_order(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

/* The sorted pids of v's lines, then those of ours; NULL without memory. */
static long *
pid_list(const struct kline *v, size_t n, const char *ours, size_t ourlen,
    size_t *np)
{
	struct kline *o;
	size_t no = 0, i;
	long *pids;

	if ((o = split(ours, ourlen, &no)) == NULL)
		return NULL;
	if ((pids = calloc(n + 2 * no + 1, sizeof(*pids))) == NULL) {
		free(o);
		return NULL;
	}
	*np = 0;
	for (i = 0; i < n; i++)
		if (v[i].pid >= 0)
			pids[(*np)++] = v[i].pid;
	/* Ours count twice: a kernel line for one of them is never alone. */
	for (i = 0; i < no; i++)
		if (o[i].pid >= 0) {
			pids[(*np)++] = o[i].pid;
			pids[(*np)++] = o[i].pid;
		}
	free(o);
	qsort(pids, *np, sizeof(*pids), pid_order);
	return pids;
}

/* Lines whose pid is listed more than once go. */
static int
drop_repeats(struct kline *v, size_t n, const char *ours, size_t ourlen)
{
	size_t np, i;
	long *pids, *at;

	if ((pids = pid_list(v, n, ours, ourlen, &np)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		if (v[i].pid < 0)
			continue;
		at = bsearch(&v[i].pid, pids, np, sizeof(*pids), pid_order);
		while (at > pids && at[-1] == v[i].pid)
			at--;
		if (at + 1 < pids + np && at[1] == v[i].pid)
			v[i].drop = 1;
	}
	free(pids);
	return 0;
}

size_t
kcmdlines_keep(char *p, size_t len, const char *ours, size_t ourlen)
{
	struct kline *v;
	size_t n = 0, i, out = 0;

	if ((v = split(p, len, &n)) == NULL)
		return 0;
	drop_tails(v, n);
	if (drop_repeats(v, n, ours, ourlen) != 0) {
		free(v);
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (v[i].drop)
			continue;
		memmove(p + out, p + v[i].at, v[i].len);
		out += v[i].len;
		p[out++] = '\n';
	}
	free(v);
	return out;
}
