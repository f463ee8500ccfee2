/* escape.h: text from logs made safe to print on a terminal (docs/errors.md, "What is printed"). */
#ifndef BC_ESCAPE_H
#define BC_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Copies s to dst (cap bytes, NUL-terminated, cut at a whole escape)
 * with every byte a terminal could act on escaped: a backslash as \\,
 * tab, newline and carriage return as \t \n \r, every other control
 * character (C0, DEL, C1) and every byte that is not part of valid
 * UTF-8 as \xHH.  Printable ASCII and valid UTF-8 text stay as they are.
 * Returns the length written.
 */
size_t escape_text(char *dst, size_t cap, const char *s);

/*
 * The same for a page (the -f html page's and the SVG's tooltips, the
 * page's summary), which no terminal reads: a backslash stays one, so a
 * command line reads as typed (printf %s\n); controls are escaped still.
 */
size_t escape_page(char *dst, size_t cap, const char *s);

/*
 * escape_text's of the n bytes at s (NULs included) into dst, as many
 * whole escapes as cap bytes hold (no NUL added): returns the length
 * written and sets *used to the input bytes it stands for.  Runs of
 * plain ASCII are copied at once: the writer of millions of lines.
 */
size_t escape_span(char *dst, size_t cap, const char *s, size_t n,
    size_t *used);

/* escape_text's, written to f without a length limit. */
void escape_fputs(const char *s, FILE *f);

#endif
