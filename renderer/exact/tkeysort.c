/* tkeysort.c: records grouped by a small key in linear time, each group then in time order: the analyses' sorts of millions of records (qsort of 10 M took seconds). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tkeysort.h"

#define REC_MAX	64	/* the largest record swapped through the stack */

/*
 * The record at src[j] moved to j for every j, a cycle at a time: each
 * record is copied once (a swap per record copied each three times).
 */
static void
permute(unsigned char *v, uint32_t *src, size_t n, size_t size)
{
	unsigned char tmp[REC_MAX];
	size_t i, j, k;

	for (i = 0; i < n; i++) {
		if (src[i] == i)
			continue;
		memcpy(tmp, v + i * size, size);
		for (j = i; src[j] != i; j = k) {
			k = src[j];
			memcpy(v + j * size, v + k * size, size);
			src[j] = (uint32_t)j;
		}
		memcpy(v + j * size, tmp, size);
		src[j] = (uint32_t)j;
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
	uint32_t *end, *src;
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
	if ((src = malloc(n * sizeof(*src))) == NULL) {
		free(end);
		return -1;
	}
	for (i = 0; i < n; i++)
		end[key(v + i * size) + 1]++;
	for (k = 1; k <= max + 1; k++)
		end[k] += end[k - 1];
	for (i = 0; i < n; i++)
		src[end[key(v + i * size)]++] = (uint32_t)i;
	permute(v, src, n, size);
	/* Now end[k] is where group k ends, and group k + 1 starts. */
	for (k = 0, from = 0; k <= max; from = end[k++])
		if (end[k] - from > 1)
			settle(v + from * size, end[k] - from, size, cmp);
	free(src);
	free(end);
	return 0;
}
