/* diag.c: error and warning reporting that names the file and line. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "escape.h"

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
	d->file_gen++;
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

/*
 * Messages quote names and lines from logs: they are escaped as a whole
 * here, the one place every message passes (docs/errors.md).
 */
int
diag_verror(struct diag *d, int status, const char *fmt, va_list ap)
{
	char loc[600], text[512], raw[sizeof(loc) + sizeof(text)];

	if (d->failed)
		return -1;
	where(d, loc, sizeof(loc));
	vsnprintf(text, sizeof(text), fmt, ap);
	snprintf(raw, sizeof(raw), "%s%s", loc, text);
	escape_text(d->msg, sizeof(d->msg), raw);
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

int
diag_demote(struct diag *d, const char *why)
{
	char msg[sizeof(d->msg)];

	if (!d->failed)
		return 0;
	if (d->status != EXIT_BADINPUT)
		return -1;
	memcpy(msg, d->msg, sizeof(msg));
	d->failed = 0;
	d->status = 0;
	d->msg[0] = '\0';
	d->nwarn++;
	if (d->out == NULL || d->verbose < 0)
		return 0;
	/* msg was escaped when recorded. */
	fprintf(d->out, "%s: warning: %s; ", d->prog, msg);
	escape_fputs(why, d->out);
	fputc('\n', d->out);
	return 0;
}

/* One line "prog: PREFIXtext" on d->out, the text escaped. */
static void
print_line(struct diag *d, const char *prefix, const char *fmt, va_list ap)
{
	char text[1024];

	vsnprintf(text, sizeof(text), fmt, ap);
	fprintf(d->out, "%s: ", d->prog);
	escape_fputs(prefix, d->out);
	escape_fputs(text, d->out);
	fputc('\n', d->out);
}

void
diag_warn(struct diag *d, const char *fmt, ...)
{
	char loc[600], prefix[sizeof(loc) + 16];
	va_list ap;

	d->nwarn++;
	if (d->out == NULL || d->verbose < 0)
		return;
	where(d, loc, sizeof(loc));
	snprintf(prefix, sizeof(prefix), "%swarning: ", loc);
	va_start(ap, fmt);
	print_line(d, prefix, fmt, ap);
	va_end(ap);
}

void
diag_info(struct diag *d, const char *fmt, ...)
{
	va_list ap;

	if (d->out == NULL || d->verbose <= 0)
		return;
	va_start(ap, fmt);
	print_line(d, "", fmt, ap);
	va_end(ap);
}
