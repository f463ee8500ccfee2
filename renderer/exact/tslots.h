/* tslots.h: an open-addressing hash of an array's indexes (slot = index + 1, 0 empty), kept under half full; its owner hashes and compares the items (twake.c's edges, tstack.c's stacks). */
#ifndef BC_TSLOTS_H
#define BC_TSLOTS_H

#include <stddef.h>
#include <stdint.h>

struct tslots {
	uint32_t *slot;
	size_t n;		/* a power of two, above twice the items */
};

/* The hash of item i of the owner's array. */
typedef size_t (*tslots_hash)(const void *owner, size_t i);
/* Whether item i of the owner's array is key. */
typedef int (*tslots_eq)(const void *owner, size_t i, const void *key);

/*
 * Room for one more item beside the `items` slotted: past half full the
 * slots double and every item is slotted again.  0, or -1 (no memory).
 */
int tslots_room(struct tslots *, size_t items, tslots_hash, const void *owner);
/* The slot of key (its hash h), or the empty slot where it goes. */
uint32_t *tslots_find(const struct tslots *, size_t h, tslots_eq,
    const void *owner, const void *key);
void tslots_free(struct tslots *);

#endif
