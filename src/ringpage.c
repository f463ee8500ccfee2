/* ringpage.c: one ring-buffer page's records (ringpage.h). */
#include "bytes.h"
#include "ringpage.h"
#include "tracedat.h"

/* The high bits an absolute stamp takes from the time before it. */
#define TS_MSB		(0xf8ULL << 56)
#define DELTA_BITS	27

static uint32_t
word(const struct ringpage *rp, size_t i)
{
	return (uint32_t)bytes_uint(rp->p + i, 4, rp->big);
}

int
ringpage_next(struct ringpage *rp, const uint8_t **data, size_t *len)
{
	uint32_t w, type, delta, n = 0;
	size_t at, room;

	while (rp->end > rp->pos && rp->end - rp->pos >= 4) {
		at = rp->pos;
		room = rp->end - at;
		w = word(rp, at);
		type = rp->big ? w >> DELTA_BITS : w & 0x1f;
		delta = rp->big ? w & ((1U << DELTA_BITS) - 1) : w >> 5;
		if (type > TDAT_TYPE_DATA_MAX || type == 0) {
			if (room < 8)
				break;
			n = word(rp, at + 4);
		}
		switch (type) {
		case TDAT_TYPE_PADDING:
			rp->ts += delta;
			if (delta == 0 || n > room - 4)
				goto end;	/* the rest of the page */
			rp->pos = at + 4 + n;
			continue;
		case TDAT_TYPE_TIME_EXTEND:
			rp->ts += ((uint64_t)n << DELTA_BITS) + delta;
			rp->pos = at + 8;
			continue;
		case TDAT_TYPE_TIME_STAMP:
			rp->ts = (((uint64_t)n << DELTA_BITS) + delta) |
			    (rp->ts & TS_MSB);
			rp->pos = at + 8;
			continue;
		case 0:
			if (n < 4 || ((uint64_t)n - 4 + 3) / 4 * 4 > room - 8)
				goto overrun;
			rp->ts += delta;
			rp->pos = at + 8 + ((size_t)n - 4 + 3) / 4 * 4;
			*data = rp->p + at + 8;
			*len = (size_t)n - 4;
			return 1;
		default:
			if ((size_t)type * 4 > room - 4)
				goto overrun;
			rp->ts += delta;
			rp->pos = at + 4 + (size_t)type * 4;
			*data = rp->p + at + 4;
			*len = (size_t)type * 4;
			return 1;
		}
	}
end:
	rp->pos = rp->end;
	return 0;
overrun:
	rp->pos = rp->end;
	return -1;
}
