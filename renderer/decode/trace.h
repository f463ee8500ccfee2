/* trace.h: the reader of trace-cmd's trace.dat (versions 6 and 7) on a memory buffer: formats, pid names, the events of every CPU merged by time (docs/trace.md). */
#ifndef BC_TRACE_H
#define BC_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

/* An opened trace.dat: its formats, pid names, options and CPU streams. */
struct tdat;
/* One event format (events/SYSTEM/NAME/format). */
struct tfmt;
/* One field of a format. */
struct tfield;

/*
 * One event.  data points into the tdat (valid until the next
 * tdat_next() or tdat_free()); fmt is NULL for an event whose id no
 * format names (its fields cannot be read).
 */
struct tevent {
	int64_t ts_ns;		/* the trace clock's time, in ns */
	int cpu;		/* as the file numbers it */
	int pid;		/* common_pid */
	const struct tfmt *fmt;
	const uint8_t *data;	/* the record, common fields first */
	size_t len;
};

/*
 * Opens the trace.dat in buf (which must stay valid until tdat_free):
 * reads its headers, formats, pid names and options, and prepares one
 * stream per CPU of every buffer (the top one and instances).  0, or -1
 * with diag set (what was wrong and the file offset); diag->file is the
 * caller's.  The tdat keeps the diag (which must outlive it) for the
 * warnings and errors of the pages tdat_next reads, and sets its file
 * back to what it was at open each time.
 */
int tdat_open(struct tdat **, const void *buf, size_t len, struct diag *);
/*
 * What a trace's bytes came in, for the budget of its compressed
 * sections: the bytes the user handed us (a compressed archive's, read
 * up to the trace's end; a plain file's, the file) and what they had
 * expanded to by then, the trace itself included.
 */
struct tdat_source {
	uint64_t handed, expanded;
};
/*
 * tdat_open for bytes that came in src: v7 sections and chunks may
 * unpack to at most tdat_unpack_budget(src); tdat_open's source is the
 * trace alone ({len, len}).
 */
int tdat_open_from(struct tdat **, const void *buf, size_t len,
    const struct tdat_source *src, struct diag *);
/*
 * What a source may still expand to: CAP_RATIO times the bytes handed,
 * at least CAP_RATIO_FLOOR, less what they expanded to already.
 */
uint64_t tdat_unpack_budget(const struct tdat_source *src);
/* The bytes an opened trace's sections and chunks unpack to in all. */
uint64_t tdat_unpack_total(const struct tdat *);
void tdat_free(struct tdat *);

/*
 * A log's trace.dat as parsing leaves it: its bytes held whole and a
 * reader opened over them (td NULL: the log has no trace).  The trace
 * model (renderer/exact/) takes it over; --dump-events reads td alone.
 */
struct tracefile {
	uint8_t *buf;
	size_t len;
	struct tdat *td;
	struct tdat_source src;	/* what it came in: a second reader's budget */
};
/* Frees the reader and the bytes; the struct is left empty. */
void tracefile_free(struct tracefile *);

/*
 * The next event in time order over all CPUs (equal times: the buffer
 * read first, then the lower CPU, as trace-cmd report).  1 an event, 0
 * the end, -1 an error (diag set).
 */
int tdat_next(struct tdat *, struct tevent *);
/*
 * The events are read once, by this reader alone, from bytes its opener
 * owns and reads no more: each CPU's pages are given back to the kernel
 * once read past (giveback.h).  A model built from millions of events
 * then never holds the whole trace and the model at once.
 */
void tdat_give_back(struct tdat *);

/* A format by system ("sched") and name ("sched_switch"), or NULL. */
const struct tfmt *tdat_format(const struct tdat *, const char *system,
    const char *name);
const char *tfmt_name(const struct tfmt *);
/* How many formats the file has. */
size_t tdat_nformats(const struct tdat *);
/*
 * A format's place among the file's formats, 0 .. tdat_nformats() - 1:
 * a dense key for a reader's tables by format (an event's fmt is one).
 */
size_t tfmt_pos(const struct tdat *, const struct tfmt *);
const char *tfmt_system(const struct tfmt *);
/* Fields in the format's order, common_* ones included. */
size_t tfmt_nfields(const struct tfmt *);
const struct tfield *tfmt_field_at(const struct tfmt *, size_t i);
/* A field by name, or NULL. */
const struct tfield *tfmt_field(const struct tfmt *, const char *name);

const char *tfield_name(const struct tfield *);
/* Whether the field is one of the common_* ones every event has. */
int tfield_common(const struct tfield *);
/* Text (char arrays, __data_loc/__rel_loc char[]) rather than a number. */
int tfield_is_text(const struct tfield *);
/*
 * The field as a number: 1, 2, 4 or 8 bytes, sign-extended when the
 * format says signed.  0 when it lies outside the event or is an array.
 */
int64_t tfield_int(const struct tfield *, const struct tevent *);
/*
 * A text field into out (cap bytes, NUL-terminated, cut to fit): up to
 * its first NUL.  Returns the length written; 0 when absent or out of
 * the event's bounds.
 */
size_t tfield_str(const struct tfield *, const struct tevent *, char *out,
    size_t cap);
/*
 * A text field's bytes in place (not cut at a NUL) and their number in
 * *n; NULL when absent or out of the event's bounds.
 */
const uint8_t *tfield_text(const struct tfield *, const struct tevent *,
    size_t *n);

/*
 * Element i of an array field of numbers (TYPE NAME[N]) into *out:
 * 0, or -1 when the field is no such array or the element lies outside
 * the event.  i may pass N: the kernel declares flexible arrays with a
 * count (kernel_stack's caller[8]) and writes as many as it has.
 */
int tfield_elem(const struct tfield *, const struct tevent *, size_t i,
    uint64_t *out);

/*
 * The kernel function at or before a code address (kallsyms), *off the
 * address's distance from it; NULL when none is.
 */
const char *tdat_sym(const struct tdat *, uint64_t addr, uint64_t *off);

/* The name cmdlines gives a pid, or NULL. */
const char *tdat_comm(const struct tdat *, int pid);

/* The trace clock in use ("local", "global", ...; "local" if unsaid). */
const char *tdat_clock(const struct tdat *);
/* The UNAME option's text, or NULL. */
const char *tdat_uname(const struct tdat *);
/* The CPUCOUNT option, else the CPUs the file has data for. */
int tdat_ncpus(const struct tdat *);
/* 6 or 7. */
int tdat_version(const struct tdat *);

/*
 * Events the kernel lost on a CPU, known so far (tdat_next reads the
 * pages): *events is the sum of the counts the pages stored, *pages the
 * pages flagged as following a loss (with or without a count).
 */
void tdat_lost(const struct tdat *, int cpu, uint64_t *events,
    uint64_t *pages);

/*
 * --dump-events: every event left, one line each (docs/trace.md): ns,
 * CPU, pid, event name, then name=value for each field but the common
 * ones; losses are warned of at the end.  0, or -1 (diag set).  The
 * caller checks f for write errors.
 */
int tdat_dump(struct tdat *, FILE *f);

#endif
