/* tslots.c: an open-addressing hash of an array's indexes, linear probing (tslots.h). */
#include <stdlib.h>

#include "tslots.h"

int
tslots_room(struct tslots *t, size_t items, tslots_hash hash,
    const void *owner)
{
	size_t n, i, k;
	uint32_t *s;

	if ((items + 1) * 2 <= t->n)
		return 0;
	n = t->n == 0 ? 1024 : t->n * 2;
	if ((s = calloc(n, sizeof(*s))) == NULL)
		return -1;
	free(t->slot);
	t->slot = s;
	t->n = n;
	/* The items are distinct: each goes to the first empty slot. */
	for (i = 0; i < items; i++) {
		for (k = hash(owner, i) & (n - 1); s[k] != 0; k = (k + 1) & (n - 1))
			;
		s[k] = (uint32_t)i + 1;
	}
	return 0;
}

uint32_t *
tslots_find(const struct tslots *t, size_t h, tslots_eq eq,
    const void *owner, const void *key)
{
	size_t k = h & (t->n - 1);

	for (;; k = (k + 1) & (t->n - 1))
		if (t->slot[k] == 0 || eq(owner, t->slot[k] - 1, key))
			return &t->slot[k];
}

void
tslots_free(struct tslots *t)
{
	free(t->slot);
	t->slot = NULL;
	t->n = 0;
}
