/* tdat_array.c: the elements of an array field of numbers, a flexible one too (kernel_stack's caller[8] holds as many as its size field says). */
#include "bytes.h"
#include "tdat_int.h"

int
tfield_elem(const struct tfield *f, const struct tevent *e, size_t i,
    uint64_t *out)
{
	uint64_t at;
	uint32_t w;

	if (f == NULL || f->kind != TF_ARRAY || f->count == 0 ||
	    f->size % f->count != 0)
		return -1;
	w = f->size / f->count;
	if (w != 1 && w != 2 && w != 4 && w != 8)
		return -1;
	/* Past the declared count, as long as the record holds it. */
	at = (uint64_t)f->offset + (uint64_t)i * w;
	if (i > e->len || at + w > e->len)
		return -1;
	*out = bytes_uint(e->data + at, w, f->big);
	return 0;
}
