/* logparse.h: the parse stage's own state over all the members of one log: what waits for the end, and what the caps count. */
#ifndef BC_LOGPARSE_H
#define BC_LOGPARSE_H

#include <stddef.h>
#include <stdint.h>

#include "bootlog.h"
#include "diag.h"
#include "trace.h"

/* A text keyed by PID: init_pidname.log names, cmdline2.log command lines. */
struct pidtext {
	int64_t pid;
	char *text;
};

/* Texts for the newest process of a PID, applied when every member is in. */
struct pidtexts {
	struct pidtext *v;
	size_t n, cap;
};

/*
 * One log being parsed, member after member, in any order: a member
 * naming processes may come before the process log that has them, so
 * what it says waits here until logparse_finish().  The model (struct
 * bootlog) gets only what the logs say; this is the parsers' own.
 */
struct logparse {
	struct bootlog *log;
	size_t nsamples;	/* process samples parsed, for CAP_SAMPLES */
	size_t name_bytes;	/* process names stored, for CAP_NAME_BYTES */
	long ps_blocks;		/* blocks of the process log: the period's divisor */
	struct pidtexts names;	/* init_pidname.log */
	struct pidtexts cmdlines;	/* cmdline2.log */
	struct pidtexts units;	/* cgroup.log's systemd units */
	/* The trace.dat member opened; the reader of the log takes it. */
	struct tracefile trace;
	/*
	 * The input's bytes as the member being read ends (input.c keeps
	 * it): a compressed trace.dat's budget is judged against them.
	 */
	struct tdat_source src;
	/*
	 * A trace.dat that does not read is warned of and left out, the
	 * rest of the log drawn (a chart's reading); else it is the
	 * error (the trace verbs', which read nothing else).
	 */
	int trace_optional;
};

void logparse_init(struct logparse *, struct bootlog *);
/* Frees what is still staged (after an error; finish frees it too). */
void logparse_free(struct logparse *);

/*
 * After every member: the sample period (Java's: the process log's span
 * over its blocks, in whole ms), the staged texts applied, the model
 * finished (bootlog_finish).  0, or -1 with diag set.
 */
int logparse_finish(struct logparse *, struct diag *);
/*
 * kernel_pacct's and taskstats_exit.log's CPU times given to the
 * processes they are of (the same PID and name, one record: pacct.c).
 * 0, or -1 (no memory).
 */
int logparse_apply_acct(struct bootlog *, struct diag *);

/*
 * Counts a name a parser is about to store (new process or new name)
 * against CAP_NAME_BYTES: 0, or -1 with the cap's error in the diag.
 */
int logparse_count_name(struct logparse *, struct diag *, const char *name);
/* Stages a text for a PID; 0, or -1 on no memory. */
int logparse_add_text(struct pidtexts *, int64_t pid, const char *text);
/*
 * proc_ps.log replaces what taskstats.log gave: the processes and what
 * was counted for them go.
 */
void logparse_clear_processes(struct logparse *);

#endif
