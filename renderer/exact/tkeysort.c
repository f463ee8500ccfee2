/* tkeysort.c: records grouped by a small key in linear time, each group then in time order: the analyses' sorts of millions of records (qsort of 10 M took seconds). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "giveback.h"
#include "tkeysort.h"

#define REC_MAX	64	/* the largest record swapped through the stack */

/*
 * Each record copied to where its key's group goes (at[k], advanced),
 * reading v in order: the writes go anywhere, but nothing waits on them.
 * Then the copy back in order.  Each pass gives back the pages it has
 * read.  Inline so that the usual record sizes get copies of a known
 * size, a few moves rather than a call.
 */
static inline void
scatter_as(unsigned char *v, unsigned char *tmp, size_t n, size_t size,
    uint32_t *at, size_t (*key)(const void *))
{
	size_t i, done = 0, len = n * size;

	for (i = 0; i < n; i++) {
		memcpy(tmp + (size_t)at[key(v + i * size)]++ * size,
		    v + i * size, size);
		if ((i + 1) * size - done >= GIVEBACK_STEP) {
			give_back(v + done, v + (i + 1) * size);
			done = (i + 1) * size;
		}
	}
	for (done = 0; done < len; done += GIVEBACK_STEP) {
		i = len - done < GIVEBACK_STEP ? len - done : GIVEBACK_STEP;
		memcpy(v + done, tmp + done, i);
		give_back(tmp + done, tmp + done + i);
	}
}

static void
scatter(unsigned char *v, unsigned char *tmp, size_t n, size_t size,
    uint32_t *at, size_t (*key)(const void *))
{
	switch (size) {
	case 24:
		scatter_as(v, tmp, n, 24, at, key);
		break;
	case 32:
		scatter_as(v, tmp, n, 32, at, key);
		break;
	default:
		scatter_as(v, tmp, n, size, at, key);
		break;
	}
}

/*
 * A group put in cmp's order.  Time goes back by a little (a CPU's clock
 * behind another's): insertion, linear in the records and how far they
 * move; past 8 moves a record on average, qsort.
 */
static void
settle(unsigned char *v, size_t n, size_t size,
    int (*cmp)(const void *, const void *))
{
	unsigned char tmp[REC_MAX];
	size_t i, j, moves = 0;

	for (i = 1; i < n; i++) {
		if (cmp(v + (i - 1) * size, v + i * size) <= 0)
			continue;
		memcpy(tmp, v + i * size, size);
		for (j = i; j > 0 && cmp(v + (j - 1) * size, tmp) > 0; j--)
			if (++moves > 8 * n) {
				/* Nothing moved yet: v holds every record. */
				qsort(v, n, size, cmp);
				return;
			}
		memmove(v + (j + 1) * size, v + j * size, (i - j) * size);
		memcpy(v + j * size, tmp, size);
	}
}

int
tkeysort(void *base, size_t n, size_t size, size_t (*key)(const void *),
    int (*cmp)(const void *, const void *))
{
	unsigned char *v = base;
	unsigned char *tmp;
	uint32_t *end;
	size_t i, k, max = 0, from;

	if (n < 2)
		return 0;
	if (size > REC_MAX || n >= UINT32_MAX)
		return -1;
	for (i = 0; i < n; i++)
		if ((k = key(v + i * size)) > max)
			max = k;
	if (max >= UINT32_MAX - 1)
		return -1;
	/* end[k + 1] counts key k; summed, end[k] is where group k starts. */
	if ((end = calloc(max + 2, sizeof(*end))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		end[key(v + i * size) + 1]++;
	for (k = 1; k <= max + 1; k++)
		end[k] += end[k - 1];
	if ((tmp = malloc(n * size)) == NULL) {
		free(end);
		return -1;
	}
	scatter(v, tmp, n, size, end, key);
	free(tmp);
	/* Now end[k] is where group k ends, and group k + 1 starts. */
	for (k = 0, from = 0; k <= max; from = end[k++])
		if (end[k] - from > 1)
			settle(v + from * size, end[k] - from, size, cmp);
	free(end);
	return 0;
}
