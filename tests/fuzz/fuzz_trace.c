/* fuzz_trace.c: libFuzzer target: a trace.dat opened on the buffer, every event read with every field, and the --dump-events text; or the same bytes as the trace.dat member, its processes and initcalls applied to a log (the trace's model, exact_apply), the --wakeups report and --wake-graph, --functions's table, --call-graph and the folded and speedscope outputs (function_graph records nested), and --critical-path's walk and report (to PID 1 and to the log's end). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boot.h"
#include "bootlog.h"
#include "functab.h"
#include "critpath.h"
#include "critpath_text.h"
#include "logfiles.h"
#include "logparse.h"
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

/*
 * --critical-path's report to /dev/null, merged and with -v: to PID 1
 * (pid), or to the log's end (0).
 */
static void
critical_path(const struct boot_read *b, int pid, struct diag *d)
{
	const struct crit_text_opts o[2] = { { 0, 0 }, { 0, 1 } };
	struct critpath c;
	FILE *f;

	if (critpath_make(&c, &b->x, &b->log,
	    &(struct crit_target){ pid, NULL }, d) == 0 &&
	    (f = fopen("/dev/null", "w")) != NULL) {
		critpath_write(&c, b->x.file.td, &o[0], f);
		critpath_write(&c, b->x.file.td, &o[1], f);
		fclose(f);
	}
	critpath_free(&c);
}

/*
 * The member, then what the renderer takes from it applied to a log of
 * one sampled process (the stages after parsing: the trace's model, its
 * states applied, the critical path for --json), then --critical-path's.
 */
static void
member(const uint8_t *data, size_t size, int threads, struct diag *d)
{
	static const char ps[] = "100\n1 (init) S 0 1 1 0 -1 0 0 0 0 0 1 1 "
	    "0 0 20 0 1 0 5 0 0\n\n";
	struct boot_opts bo;
	struct boot_read b;
	struct logparse lp;

	memset(&bo, 0, sizeof(bo));
	bo.tree = tree_pruned;
	bo.exact.threads = threads;
	bo.exact.cpu_runs = threads;	/* --per-cpu's runs with --threads' rows */
	boot_read_init(&b);
	logparse_init(&lp, &b.log);
	if (logstream_buffer(&lp, LOG_PROC_PS, ps, sizeof(ps) - 1, d) == 0 &&
	    logstream_buffer(&lp, LOG_TRACE, data, size, d) == 0) {
		b.tf = lp.trace;
		memset(&lp.trace, 0, sizeof(lp.trace));
		if (logparse_finish(&lp, d) == 0 &&
		    boot_read_stages(&b, &bo, d) == 0) {
			critical_path(&b, 0, d);
			critical_path(&b, 1, d);
		}
	} else
		logparse_free(&lp);
	boot_read_free(&b);
}

/* The trace's model over a copy of data (the model owns its bytes): 0, or -1. */
static int
model(struct exact *x, const uint8_t *data, size_t size, struct diag *d)
{
	static const struct exact_opts xo;
	struct tracefile tf = { 0 };

	memset(x, 0, sizeof(*x));
	if (size == 0 || (tf.buf = malloc(size)) == NULL)
		return -1;
	memcpy(tf.buf, data, size);
	tf.len = size;
	if (tdat_open(&tf.td, tf.buf, tf.len, d) != 0) {
		tracefile_free(&tf);
		return -1;
	}
	return exact_open(x, &tf, &xo, d);
}

/*
 * --functions (with a --min-time that leaves some calls out), its -f
 * folded and speedscope, and --call-graph's text, DOT, folded and
 * speedscope below the root of the most time (a NULL root) and below
 * a named one, to f; then --wakeups's report and --wake-graph's DOT,
 * all over one model as bootchart-render makes it.
 */
static void
verbs(const uint8_t *data, size_t size, struct diag *d)
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
	struct wake_opts o = { 1, 0, 0, NULL, NULL, 0 };
	struct exact x;
	size_t i;
	FILE *f;

	if ((f = fopen("/dev/null", "w")) == NULL)
		return;
	if (model(&x, data, size, d) == 0) {
		for (o.dot = 0; o.dot < 2; o.dot++)
			(void)wakeups_write(&x.tb, &o, f, d);
		for (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
			(void)functab_write(&x, &runs[i], f, d);
	}
	exact_free(&x);
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
	verbs(data + 1, size - 1, &d);
	return 0;
}
