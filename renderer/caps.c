/* caps.c: the one message every cap of caps.h gives when an input exceeds it. */
#include "caps.h"

int
cap_check(struct diag *d, size_t n, size_t cap, const char *what)
{
	if (n < cap)
		return 0;
	return diag_error_status(d, EXIT_BADINPUT, "more than %zu %s: over "
	    "this program's limit (see docs/limits.md)", cap, what);
}
