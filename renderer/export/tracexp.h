/* tracexp.h: what -f perfetto and -f chrome-json share: each thread's running intervals, the critical path, the milestones as trace times, names cleaned for a line, and -f perfetto's second reader of the trace (docs/exports.md). */
#ifndef BC_TRACEXP_H
#define BC_TRACEXP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "boot.h"
#include "bootlog.h"
#include "critpath.h"
#include "diag.h"
#include "milestones.h"
#include "tboot.h"

/*
 * The pseudo process of the exports' own tracks (the critical path, the
 * milestones): past the kernel's PID_MAX_LIMIT (2^22), no task's id.
 */
#define TX_PID		4194305
#define TX_TID_PATH	TX_PID		/* the critical path's thread */
#define TX_TID_MARKS	(TX_PID + 1)	/* the milestones' thread */

/* A thread on a CPU over [start_ns, end_ns) of the trace clock. */
struct txrun {
	int64_t start_ns, end_ns;
	int32_t tid, tgid;
};

/* A process entry of the model by its pid. */
struct txpid {
	int32_t pid;
	uint32_t i;		/* its index in tb.v */
};

/* A milestone at a time of the trace clock; name: a static string or the kernel log's. */
struct txmark {
	int64_t ns;
	const char *name;
};

struct tracexp {
	const struct tdat *td;	/* the model's reader: names, the clock */
	const struct tboot *tb;	/* the model */
	const struct critpath *cp;	/* the boot's path */
	int have_path;		/* cp holds a path */
	struct txrun *run;	/* by thread, then time */
	size_t nrun, runcap;
	struct txmark *mark;	/* in time order */
	size_t nmark, markcap;
	struct txpid *bypid;	/* tb.v's entries by pid, a reused PID's newest last */
	const uint8_t *buf;	/* the trace.dat's bytes (the log's) */
	size_t len;
	struct tdat_source src;	/* what they came in: the same budget */
	struct diag quiet;	/* the second reading's warnings were said once */
};

/*
 * What the exports read of boot b (which has a trace and outlives x):
 * the model, the running intervals, the critical path and the
 * milestones as trace times.  0, or -1 with d set (no memory).
 */
int tracexp_open(struct tracexp *x, const struct boot *b, struct diag *d);
/*
 * A fresh reader of the same trace.dat into *td (tdat_free it), whose
 * warnings are not said again and whose errors tracexp_error gives;
 * 0, or -1 with d set.
 */
int tracexp_reader(struct tracexp *x, struct tdat **td, struct diag *d);
/* The error a reader of x met, into d; returns -1. */
int tracexp_error(const struct tracexp *x, struct diag *d);
/* Thread tid's group at ns (the model's clock) as the model has it, or -1 when it does not know. */
int tracexp_tgid(const struct tracexp *x, int tid, int64_t ns);
/* Process tgid's name (its newest entry's: a reused PID's last), or "<...>". */
const char *tracexp_proc_name(const struct tracexp *x, int tgid);
/*
 * Thread tid's name: a leader's (tid == tgid) its process's, another
 * thread's cmdlines', else its process's; "<idle>" for 0.
 */
const char *tracexp_thread_name(const struct tracexp *x, int tid, int tgid);
/*
 * s made safe for a text line into out (cap bytes): escaped as
 * escape_page does (no control byte, no newline: a name cannot end a
 * line; a backslash stays one), then each byte of `bad` made `_`: TX_FIELD for a key=value
 * field (a space or `=` would split it), "|" for a marker's name; and
 * "</" made "<_" (Perfetto ends a text trace at "</script>").  ""
 * becomes "<...>".
 */
#define TX_FIELD	" =|"
void tracexp_token(char *out, size_t cap, const char *s, const char *bad);
/* ns as "S.UUUUUU" (the nearest µs, as the kernel prints); ns >= 0. */
void tracexp_put_sec(FILE *f, int64_t ns);
/* ns as µs with three decimals ("-1.500"), exact. */
void tracexp_put_us(FILE *f, int64_t ns);
void tracexp_free(struct tracexp *x);

#endif
