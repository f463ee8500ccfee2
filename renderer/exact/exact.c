/* exact.c: the trace model's life: parsing's reader taken over, the events read once, the model freed. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "logfiles.h"
#include "tcwait.h"

int
exact_open(struct exact *x, struct tracefile *f, const struct exact_opts *o,
    struct diag *d)
{
	memset(x, 0, sizeof(*x));
	x->file = *f;
	memset(f, 0, sizeof(*f));
	if (x->file.td == NULL || o->reader_only)
		return 0;
	if (o->read_once)
		tdat_give_back(x->file.td);
	if (tboot_build(x->file.td, &x->tb, (o->threads ? TB_THREADS :
	    0) | (o->cpu_runs ? TB_RUNS : 0) | (o->own_zero ? TB_OWN_ZERO :
	    0), o->scope_pid, d) != 0)
		return -1;
	x->have = 1;
	if (tcwait_make(&x->tb, &x->tb.calls, &x->call_wait) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	return 0;
}

void
exact_free(struct exact *x)
{
	free(x->call_wait);
	tboot_free(&x->tb);
	tracefile_free(&x->again);
	tracefile_free(&x->file);
	memset(x, 0, sizeof(*x));
}

const char *
exact_clock_said(const struct exact *x, const struct bootlog *t)
{
	if (t->ps_source != PS_TRACE || !x->have)
		return NULL;
	return x->tb.have_sync ? "uptime (bootchartd's clock-sync marker in "
	    "the trace)" : "the trace's own clock, 0 at its first event";
}

uint64_t
exact_lost(const struct tboot *tb, const struct bootlog *t, uint64_t *pages)
{
	const char *v = bootlog_header(t, HDR_TRACE_LOST);
	unsigned long long n = 0;

	*pages = tb->lost_pages;
	if (v == NULL || sscanf(v, "total %llu", &n) != 1 ||
	    (uint64_t)n < tb->lost)
		return tb->lost;
	return (uint64_t)n;
}

int
exact_lost_say(uint64_t n, uint64_t pages, char *out, size_t cap)
{
	if (n > 0)
		snprintf(out, cap, "the kernel lost %llu events before they "
		    "were read", (unsigned long long)n);
	else if (pages > 0)
		snprintf(out, cap, "the kernel lost events before %llu page%s "
		    "(no count kept)", (unsigned long long)pages, pages > 1 ?
		    "s" : "");
	return n > 0 || pages > 0;
}

int
exact_scope_pid(const struct bootlog *t)
{
	const char *v = bootlog_header(t, HDR_TRACE_SCOPE);
	long pid;
	char *end;

	if (v == NULL || strncmp(v, "command ", 8) != 0)
		return 0;
	errno = 0;
	pid = strtol(v + 8, &end, 10);
	if (errno != 0 || end == v + 8 || *end != '\0' || pid <= 0 ||
	    pid > INT_MAX)
		return 0;
	return (int)pid;
}

const char *
exact_cut(const struct bootlog *t)
{
	static const char cut[] = "cut: ";
	const char *v;

	if ((v = bootlog_header(t, HDR_TRACE)) == NULL ||
	    strncmp(v, cut, sizeof(cut) - 1) != 0)
		return NULL;
	return v + sizeof(cut) - 1;
}
