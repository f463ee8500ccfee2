/* diag.h: error and warning reporting that names the file and line. */
#ifndef BC_DIAG_H
#define BC_DIAG_H

#include <stdarg.h>
#include <stdio.h>

/* Exit statuses shared by both programs (documented in docs/errors.md). */
enum {
	EXIT_OK = 0,
	EXIT_USAGE = 1,		/* bad command line */
	EXIT_BADINPUT = 2,	/* unreadable or invalid log, or a cap exceeded */
	EXIT_OUTPUT = 3,	/* output could not be written */
	EXIT_NOMEM = 4,		/* out of memory */
	EXIT_REGRESSION = 5,	/* bootchart-render --compare --regression:
				 * the new log is slower (docs/compare.md) */
	EXIT_NOTFOUND = 6,	/* bootchart-render --call-graph FUNC: no
				 * call of FUNC in the trace */
	EXIT_OUTCAP = 7,	/* bootchart-render: an output reached
				 * CAP_OUTPUT_BYTES and was not kept */
	EXIT_INCONCLUSIVE = 8	/* bootchart-render --compare of sets with
				 * --regression: the end's verdict is "need
				 * more boots" (docs/sets.md) */
};

/*
 * Where we are while reading input, and the first error seen.  Parsers
 * set `line`; the reader sets `file` to "archive:member" or a path.
 */
struct diag {
	const char *prog;	/* program name for messages */
	char file[512];		/* current file, as shown to the user */
	unsigned long file_gen;	/* diag_set_file calls: has file changed since */
	long line;		/* current line, 0 when not line-based */
	int verbose;		/* -v count; <0 is -q */
	int nwarn;		/* warnings emitted */
	int failed;		/* an error was recorded */
	int status;		/* exit status for that error */
	char msg[1200];		/* "file:line: text" of the first error */
	FILE *out;		/* where warnings go (stderr); NULL silences */
	/*
	 * Readers of a trace.dat opened under this diag (the renderer's
	 * tdat_open): how often a render decoded its trace, which -vv says
	 * and tests/sh/trace_decodes.sh holds to one.
	 */
	unsigned trace_reads;
};

void diag_init(struct diag *, const char *prog);
void diag_set_file(struct diag *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Records an error (first one wins) and returns -1 for `return diag_error(...)`. */
int diag_error(struct diag *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int diag_verror(struct diag *, int status, const char *fmt, va_list);
/* Same with an explicit exit status. */
int diag_error_status(struct diag *, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/*
 * The error recorded, said instead as a warning ("prog: warning: its
 * text; why") and forgotten, when it is of bad input (EXIT_BADINPUT):
 * what failed was optional.  0; -1 when the error stays (another
 * status: no memory, say).
 */
int diag_demote(struct diag *, const char *why);
/* Prints "prog: file:line: warning: text" unless quiet. */
void diag_warn(struct diag *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints "prog: text" when verbose. */
void diag_info(struct diag *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
