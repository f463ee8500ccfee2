/* xspans.c: exact state spans (bootlog.h) of several processes or threads folded into one row's: the highest state wins at each instant. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bootlog.h"
#include "grow.h"

/* A list entering (+1) or leaving (-1) a state at a time. */
struct edge {
	usec_t at;
	int state;
	int delta;
};

/* The end of the ascending run of e that starts at i. */
static size_t
run_end(const struct edge *e, size_t i, size_t n)
{
	for (i++; i < n && e[i - 1].at <= e[i].at; i++)
		;
	return i;
}

/*
 * Puts e[0..n) in time order.  Each list's spans come in time order, so
 * the edges hold as many ascending runs as there are lists (one for most
 * rows): runs are merged in pairs, n log(runs), and an array already in
 * order costs one pass.  Edges at one time may end up in any order: the
 * fold takes them as a group.  0, or -1 when out of memory.
 */
static int
sort_edges(struct edge *e, size_t n)
{
	struct edge *tmp, *src = e, *dst, *t;
	size_t i, a, b, start, mid, end, runs;

	if (n == 0 || run_end(e, 0, n) == n)
		return 0;
	if ((tmp = malloc(n * sizeof(*e))) == NULL)
		return -1;
	dst = tmp;
	do {
		runs = 0;
		for (start = 0; start < n; start = end, runs++) {
			mid = run_end(src, start, n);
			end = mid < n ? run_end(src, mid, n) : n;
			for (i = a = start, b = mid; i < end; i++)
				dst[i] = b >= end || (a < mid &&
				    src[a].at <= src[b].at) ? src[a++] :
				    src[b++];
		}
		t = src;
		src = dst;
		dst = t;
	} while (runs > 1);
	if (src != e)
		memcpy(e, src, n * sizeof(*e));
	free(tmp);
	return 0;
}

static int
append(struct xspan **out, size_t *n, size_t *cap, usec_t a, usec_t b,
    int st)
{
	if (st == TS_NONE || b <= a)
		return 0;
	if (*n > 0 && (*out)[*n - 1].state == st && (*out)[*n - 1].end_us == a) {
		(*out)[*n - 1].end_us = b;
		return 0;
	}
	if (grow_array((void **)out, cap, *n, sizeof(**out)) != 0)
		return -1;
	(*out)[(*n)++] = (struct xspan){ a, b, st };
	return 0;
}

/* Every span's two edges, in time order, into *ep (NULL: none); 0 or -1. */
static int
edges(const struct xspans *l, size_t nl, struct edge **ep, size_t *ne)
{
	struct edge *e;
	size_t i, j, n = 0;

	*ep = NULL;
	*ne = 0;
	for (i = 0; i < nl; i++) {
		if (l[i].n > SIZE_MAX / 2 / sizeof(*e) - n)
			return -1;
		n += l[i].n;
	}
	if (n == 0)
		return 0;
	if ((e = malloc(2 * n * sizeof(*e))) == NULL)
		return -1;
	for (i = 0; i < nl; i++)
		for (j = 0; j < l[i].n; j++) {
			if (l[i].v[j].state <= TS_NONE ||
			    l[i].v[j].state >= TS_COUNT)
				continue;
			e[(*ne)++] = (struct edge){ l[i].v[j].start_us,
			    l[i].v[j].state, 1 };
			e[(*ne)++] = (struct edge){ l[i].v[j].end_us,
			    l[i].v[j].state, -1 };
		}
	if (sort_edges(e, *ne) != 0) {
		free(e);
		*ne = 0;
		return -1;
	}
	*ep = e;
	return 0;
}

int
xspans_fold(const struct xspans *l, size_t nl, struct xspan **out,
    size_t *nout)
{
	size_t count[TS_COUNT] = { 0 }, cap = 0, ne, i, j, k;
	struct edge *e;
	usec_t since = 0;
	int cur = TS_NONE, st, rc = 0;

	*out = NULL;
	*nout = 0;
	if (edges(l, nl, &e, &ne) != 0)
		return -1;
	for (i = 0; i < ne && rc == 0; i = j) {
		/*
		 * All edges at one time, entries before exits (an empty
		 * span's exit must find its entry).
		 */
		for (j = i; j < ne && e[j].at == e[i].at; j++)
			if (e[j].delta > 0)
				count[e[j].state]++;
		for (k = i; k < j; k++)
			if (e[k].delta < 0 && count[e[k].state] > 0)
				count[e[k].state]--;
		if ((st = tstate_top(count)) == cur)
			continue;
		rc = append(out, nout, &cap, since, e[i].at, cur);
		cur = st;
		since = e[i].at;
	}
	free(e);
	if (rc != 0) {
		free(*out);
		*out = NULL;
		*nout = 0;
	}
	return rc;
}
