/* kargs.h: exact mode's kernel command line: the trace events recorded from the kernel's first instant, merged into the words a boot entry already has. */
#ifndef BCD_KARGS_H
#define BCD_KARGS_H

#include <stddef.h>
#include <stdio.h>

#include "config.h"

/* trace_options= words exact mode needs; the user's are kept too. */
#define KARGS_OPTIONS	"record-tgid,nooverwrite"
/* Function mode's roots: function_graph below every initcall. */
#define KARGS_GRAPH_ROOTS	"do_one_initcall"
/* The clock of printk's stamps and of /proc's start times during boot. */
#define KARGS_CLOCK	"local"

/* The room a merged command line may take (x86's COMMAND_LINE_SIZE). */
#define KARGS_CMDLINE_MAX	2048

/*
 * Writes words[0..n) to out, one per line, with exact mode's merged in
 * when the config's EXACT_MODE is on (its TRACE_BUFFER the size): the
 * events and options of a trace_event= or trace_options= already there
 * are kept and ours added after them in the one word (a second
 * trace_event= would replace the first on 6.1 kernels); a
 * trace_buf_size= or trace_clock= already there wins.  With
 * EXACT_FUNCTIONS too, function mode's: ftrace=function_graph,
 * ftrace_graph_filter= (merged as the lists), ftrace_graph_max_depth=
 * and tracing_thresh= (FUNCTIONS_DEPTH, FUNCTIONS_THRESHOLD); an ftrace=,
 * depth or threshold already there wins.  The
 * words after a "--" are init's and left as they are; ours go before
 * it.  Returns 0, or -1 when a word holds a newline or the line would
 * pass KARGS_CMDLINE_MAX (nothing is written then).
 */
int kargs_merge(const struct config *, char *const *words, size_t n,
    FILE *out);

#endif
