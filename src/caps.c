/* caps.c: the one message every cap of caps.h gives when an input exceeds it. */
#include <stdarg.h>
#include <stdio.h>

#include "caps.h"

int
cap_error(struct diag *d, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return diag_error_status(d, EXIT_BADINPUT, "%s: over this program's "
	    "limit (see docs/limits.md)", what);
}

int
cap_check(struct diag *d, size_t n, size_t cap, const char *what)
{
	if (n < cap)
		return 0;
	return cap_error(d, "more than %zu %s", cap, what);
}

int
cap_check_total(struct diag *d, size_t total, size_t cap, const char *what)
{
	if (total <= cap)
		return 0;
	return cap_error(d, "more than %zu %s", cap, what);
}
