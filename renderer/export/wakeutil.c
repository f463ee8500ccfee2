/* wakeutil.c: what the wake-up graph's text report (wakeups.c) and its DOT (wakedot.c) share: times, filters, names, orders (wakeups_int.h). */
#include <string.h>

#include "escape.h"
#include "tboot.h"
#include "twake.h"
#include "wakeups_int.h"

/* ns as ms with three decimals, truncated to the µs. */
void
wk_put_ms(FILE *f, int64_t ns)
{
	fprintf(f, "%lld.%03lld", (long long)(ns / 1000000),
	    (long long)(ns / 1000 % 1000));
}

int
wk_kept(const struct wake_opts *o, uint64_t count, int64_t ns)
{
	return count >= o->min_count && ns >= o->min_ns;
}

int
wk_mine(const struct wake_opts *o, uint32_t proc)
{
	return o->mine == NULL || o->mine[proc] != 0;
}

/* A node's name, escaped: a process's comm ("?" when none), or a pseudo node's. */
void
wk_node_name(const struct tboot *tb, int32_t w, char *out, size_t cap)
{
	const char *s = w < 0 ? twake_context_name(w) : tb->v[w].comm;

	escape_text(out, cap, *s != '\0' ? s : "?");
}

