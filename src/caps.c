/* caps.c: the one message every cap of caps.h gives when an input exceeds it. */
#include <stdarg.h>
#include <stdio.h>

#include "caps.h"

static int
cap_verror(struct diag *d, int status, const char *fmt, va_list ap)
{
	char what[400];

	vsnprintf(what, sizeof(what), fmt, ap);
	return diag_error_status(d, status, "%s: over this program's "
	    "limit (see docs/limits.md)", what);
}

int
cap_error(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = cap_verror(d, EXIT_BADINPUT, fmt, ap);
	va_end(ap);
	return r;
}

int
cap_error_status(struct diag *d, int status, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = cap_verror(d, status, fmt, ap);
	va_end(ap);
	return r;
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
