/* gen_bootlog_rng.c: the generator's random numbers (splitmix64), the same on every platform. */
#include <stdint.h>

#include "gen_bootlog.h"

static uint64_t
rng_next(struct rng *r)
{
	uint64_t z;

	r->s += 0x9e3779b97f4a7c15ULL;
	z = r->s;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n); n > 0.  The modulo bias is irrelevant here. */
uint64_t
rng_below(struct rng *r, uint64_t n)
{
	return rng_next(r) % n;
}

int
rng_pm(struct rng *r, unsigned permille)
{
	return rng_below(r, 1000) < permille;
}
