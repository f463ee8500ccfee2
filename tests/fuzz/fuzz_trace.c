/* fuzz_trace.c: libFuzzer target: a trace.dat opened on the buffer, every event read with every field, and the --dump-events text; or the same bytes as the trace.dat member, its processes and initcalls applied to a log (tboot, traceprocs), the --wakeups report and --wake-graph, --functions's table, --call-graph and the folded and speedscope outputs (function_graph records nested), and --critical-path's walk and report (to PID 1 and to the log's end). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bootlog.h"
#include "functab.h"
#include "critpath.h"
#include "critpath_text.h"
#include "logfiles.h"
#include "parse.h"
#include "trace.h"
#include "wakeups.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Every field of the event, as a number and as text. */
static void
read_fields(const struct tevent *e)
{
	const struct tfield *f;
	char text[64];
	size_t i;

	if (e->fmt == NULL)
		return;
	for (i = 0; (f = tfmt_field_at(e->fmt, i)) != NULL; i++) {
		(void)tfield_int(f, e);
		(void)tfield_str(f, e, text, sizeof(text));
	}
}

static void
direct(const uint8_t *data, size_t size, int dump, struct diag *d)
{
	struct tdat *t;
	struct tevent e;
	FILE *f;

	if (tdat_open(&t, data, size, d) != 0)
		return;
	(void)tdat_comm(t, 1);
	(void)tdat_clock(t);
	if (dump && (f = fopen("/dev/null", "w")) != NULL) {
		(void)tdat_dump(t, f);
		fclose(f);
	} else
		while (tdat_next(t, &e) == 1)
			read_fields(&e);
	tdat_free(t);
}

/* --critical-path's report to /dev/null: to PID 1 (pid), or to the log's end (0). */
static void
critical_path(struct bootlog *t, int pid, struct diag *d)
{
	struct critpath c;
	FILE *f;

	memset(&c, 0, sizeof(c));
	if (t->trace != NULL && critpath_build(t, pid, &c, d) == 0 &&
	    (f = fopen("/dev/null", "w")) != NULL) {
		critpath_write(&c, t->trace, f);
		fclose(f);
	}
	critpath_free(&c);
}

/*
 * The member, then what the renderer takes from it applied to a log of
 * one sampled process (logparse_finish runs tboot and traceprocs, and
 * the critical path for --json), then --critical-path's.
 */
static void
member(const uint8_t *data, size_t size, int threads, struct diag *d)
{
	static const char ps[] = "100\n1 (init) S 0 1 1 0 -1 0 0 0 0 0 1 1 "
	    "0 0 20 0 1 0 5 0 0\n\n";
	struct logparse lp;
	struct bootlog t;

	bootlog_init(&t);
	t.thread_rows = threads;
	t.cpu_runs = threads;	/* --per-cpu's runs with --threads' rows */
	logparse_init(&lp, &t);
	if (logstream_buffer(&lp, LOG_PROC_PS, ps, sizeof(ps) - 1, d) == 0 &&
	    logstream_buffer(&lp, LOG_TRACE, data, size, d) == 0) {
		if (logparse_finish(&lp, d) == 0) {
			critical_path(&t, 0, d);
			critical_path(&t, 1, d);
		}
	} else
		logparse_free(&lp);
	bootlog_free(&t);
}

/*
 * --functions (with a --min-time that leaves some calls out), its -f
 * folded and speedscope, and --call-graph's text, DOT, folded and
 * speedscope below the root of the most time (a NULL root) and below
 * a named one, to f.
 */
static void
functions(const uint8_t *data, size_t size, FILE *f, struct diag *d)
{
	static const struct fn_opts runs[] = {
		{ 1000, NULL, 0, 1, FMT_PNG, "" },
		{ 0, NULL, 0, 0, FMT_FOLDED, "" },
		{ 0, NULL, 0, 0, FMT_SPEEDSCOPE, "" },
		{ 0, NULL, 1, 1, FMT_PNG, "" },
		{ 0, NULL, 1, 0, FMT_DOT, "" },
		{ 0, NULL, 1, 0, FMT_FOLDED, "" },
		{ 0, NULL, 1, 0, FMT_SPEEDSCOPE, "" },
		{ 0, "do_one_initcall", 1, 1, FMT_PNG, "" },
	};
	struct tdat *t;
	size_t i;

	for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		if (tdat_open(&t, data, size, d) != 0)
			return;
		(void)functab_write(t, &runs[i], f, d);
		tdat_free(t);
	}
}

/* --wakeups's report and --wake-graph's DOT, to /dev/null. */
static void
wakeups(const uint8_t *data, size_t size, struct diag *d)
{
	struct wake_opts o = { 1, 0, 0, NULL };
	struct tdat *t;
	FILE *f;

	if ((f = fopen("/dev/null", "w")) == NULL)
		return;
	for (o.dot = 0; o.dot < 2; o.dot++) {
		if (tdat_open(&t, data, size, d) != 0)
			break;
		(void)wakeups_write(t, &o, f, d);
		tdat_free(t);
	}
	functions(data, size, f, d);
	fclose(f);
}

/*
 * Input: a mode byte (modulo 3: 0 direct, 1 direct with the dump, 2 the
 * member, the wake-up graph and the functions; its top bit: the member
 * with --threads' rows), then the file.
 */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d;

	if (size < 1)
		return 0;
	diag_init(&d, "fuzz");
	d.out = NULL;
	diag_set_file(&d, "%s", LOG_TRACE);
	if (data[0] % 3 < 2) {
		direct(data + 1, size - 1, data[0] % 3, &d);
		return 0;
	}
	member(data + 1, size - 1, data[0] >= 0x80, &d);
	wakeups(data + 1, size - 1, &d);
	return 0;
}
