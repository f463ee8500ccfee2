/* diag.c: error and warning reporting that names the file and line. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"

void
diag_init(struct diag *d, const char *prog)
{
	memset(d, 0, sizeof(*d));
	d->prog = prog;
	d->out = stderr;
}

void
diag_set_file(struct diag *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d->file, sizeof(d->file), fmt, ap);
	va_end(ap);
	d->line = 0;
}

/* "file:line: " or "file: " or "" into buf. */
static void
where(const struct diag *d, char *buf, size_t len)
{
	if (d->file[0] == '\0')
		buf[0] = '\0';
	else if (d->line > 0)
		snprintf(buf, len, "%s:%ld: ", d->file, d->line);
	else
		snprintf(buf, len, "%s: ", d->file);
}

int
diag_verror(struct diag *d, int status, const char *fmt, va_list ap)
{
	char loc[600], text[512];

	if (d->failed)
		return -1;
	where(d, loc, sizeof(loc));
	vsnprintf(text, sizeof(text), fmt, ap);
	snprintf(d->msg, sizeof(d->msg), "%s%s", loc, text);
	d->failed = 1;
	d->status = status;
	return -1;
}

int
diag_error(struct diag *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror(d, EXIT_BADINPUT, fmt, ap);
	va_end(ap);
	return -1;
}

int
diag_error_status(struct diag *d, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_verror(d, status, fmt, ap);
	va_end(ap);
	return -1;
}

void
diag_warn(struct diag *d, const char *fmt, ...)
{
	char loc[600];
	va_list ap;

	d->nwarn++;
	if (d->out == NULL || d->verbose < 0)
		return;
	where(d, loc, sizeof(loc));
	fprintf(d->out, "%s: %swarning: ", d->prog, loc);
	va_start(ap, fmt);
	vfprintf(d->out, fmt, ap);
	va_end(ap);
	fputc('\n', d->out);
}

void
diag_info(struct diag *d, const char *fmt, ...)
{
	va_list ap;

	if (d->out == NULL || d->verbose <= 0)
		return;
	fprintf(d->out, "%s: ", d->prog);
	va_start(ap, fmt);
	vfprintf(d->out, fmt, ap);
	va_end(ap);
	fputc('\n', d->out);
}
