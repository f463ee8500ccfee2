/* report_json.c: writes a boot's report as JSON: header, milestones, the tree with its statistics, the series. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "report_json.h"
#include "utf8.h"

/*
 * RFC 8259 strings from log bytes: valid UTF-8 passes, every control
 * (C0, DEL, C1) and U+2028/U+2029 (which break JavaScript) become
 * \uXXXX, so the output is safe on a terminal; each byte that is not
 * part of valid UTF-8 becomes U+FFFD.
 */
void
json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n, k;
	uint32_t cp;

	if (s == NULL) {
		fputs("null", f);
		return;
	}
	putc('"', f);
	for (n = strlen(s); n > 0; p += k, n -= k) {
		k = 1;
		if (*p == '"' || *p == '\\') {
			putc('\\', f);
			putc(*p, f);
		} else if (*p >= 0x20 && *p < 0x7f)
			putc(*p, f);
		else if (*p < 0x80)
			fprintf(f, "\\u%04x", *p);
		else if ((k = utf8_decode(p, n, &cp)) == 0) {
			fputs("\\ufffd", f);
			k = 1;
		} else if (utf8_is_control(cp))
			fprintf(f, "\\u%04" PRIx32, cp);
		else
			fwrite(p, 1, k, f);
	}
	putc('"', f);
}

/* JSON has no NaN or infinity; the parsers never make them, but be safe. */
static void
num(FILE *f, double v, int decimals)
{
	if (!isfinite(v))
		v = 0;
	fprintf(f, "%.*f", decimals, v);
}

/* A time as the schema's whole milliseconds (rounded half away from 0). */
static void
json_ms(FILE *f, usec_t t)
{
	int64_t ms = t >= 0 ? (t + USEC_PER_MS / 2) / USEC_PER_MS :
	    -((-t + USEC_PER_MS / 2) / USEC_PER_MS);

	fprintf(f, "%" PRId64, ms);
}

static void
ms_or_null(FILE *f, int known, usec_t t)
{
	if (known)
		json_ms(f, t);
	else
		fputs("null", f);
}

static void
header(const struct bootlog *t, FILE *f)
{
	size_t i;

	fputs("  \"header\": {", f);
	for (i = 0; i < t->nheader; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		json_string(f, t->header[i].key);
		fputs(": ", f);
		json_string(f, t->header[i].value);
	}
	fputs(t->nheader ? "\n  },\n" : "},\n", f);
}

static void
system_info(const struct report *r, FILE *f)
{
	const struct proctree *tree = r->tree;

	fprintf(f, "  \"system\": {\"cpus\": %d, \"sample_period_ms\": ",
	    r->tot.ncpus);
	json_ms(f, tree->sample_period_us);
	fputs(", \"profile\": ", f);
	json_string(f, tree->profile);
	fprintf(f, "},\n  \"tree\": {\"pruned\": %s, \"strict\": %s, "
	    "\"readable_profile\": %s},\n", tree->opts.prune ? "true" : "false",
	    tree->opts.strict ? "true" : "false",
	    tree->readable ? "true" : "false");
}

static void
milestones(const struct milestones *m, FILE *f)
{
	fputs("  \"milestones\": {\n    \"start_ms\": ", f);
	json_ms(f, m->start_us);
	fputs(",\n    \"kernel_end_ms\": ", f);
	ms_or_null(f, m->has_kernel_end, m->kernel_end_us);
	fputs(",\n    \"log_start_ms\": ", f);
	json_ms(f, m->log_start_us);
	fputs(",\n    \"switch_root_ms\": ", f);
	ms_or_null(f, m->has_switch_root, m->switch_root_us);
	fputs(",\n    \"log_end_ms\": ", f);
	json_ms(f, m->log_end_us);
	fputs(",\n    \"end_ms\": ", f);
	json_ms(f, m->end_us);
	fputs(",\n    \"end_reason\": ", f);
	json_string(f, m->end_reason);
	fputs(",\n    \"boot_time_ms\": ", f);
	json_ms(f, m->boot_us);
	fputs("\n  },\n", f);
}

static void
totals(const struct report *r, FILE *f)
{
	const struct report_totals *t = &r->tot;

	fputs("  \"totals\": {\"cpu_user_s\": ", f);
	num(f, t->cpu_user_s, 3);
	fputs(", \"cpu_sys_s\": ", f);
	num(f, t->cpu_sys_s, 3);
	fputs(", \"cpu_busy_s\": ", f);
	num(f, t->cpu_user_s + t->cpu_sys_s, 3);
	fputs(", \"cpu_iowait_s\": ", f);
	num(f, t->cpu_io_s, 3);
	fputs(",\n    \"disk_read_bytes\": ", f);
	num(f, t->read_bytes, 0);
	fputs(", \"disk_write_bytes\": ", f);
	num(f, t->write_bytes, 0);
	fprintf(f, ", \"processes\": %zu},\n", r->nprocs);
}

static void
process(const struct report *r, size_t i, FILE *f)
{
	const struct report_proc *p = &r->procs[i];
	size_t k;

	fprintf(f, "    {\"id\": %zu, \"parent\": ", i);
	if (p->parent == REPORT_NONE)
		fputs("null", f);
	else
		fprintf(f, "%zu", p->parent);
	fprintf(f, ", \"depth\": %d, \"pid\": %" PRId64 ", \"ppid\": %" PRId64
	    ", \"name\": ", p->depth, p->pid, p->ppid);
	json_string(f, p->name);
	fputs(", \"cmdline\": ", f);
	json_string(f, p->cmdline);
	fputs(", \"unit\": ", f);
	json_string(f, p->unit);
	fputs(", \"start_ms\": ", f);
	json_ms(f, p->start_us);
	fputs(", \"end_ms\": ", f);
	json_ms(f, p->end_us);
	fputs(", \"duration_ms\": ", f);
	json_ms(f, p->duration_us);
	fprintf(f, ", \"samples\": %zu, \"cpu_user_s\": ", p->nsamples);
	num(f, p->user_s, 3);
	fputs(", \"cpu_sys_s\": ", f);
	num(f, p->sys_s, 3);
	fputs(", \"dstate_s\": ", f);
	num(f, p->dstate_s, 3);
	fputs(", \"children\": [", f);
	for (k = 0; k < p->nchildren; k++)
		fprintf(f, k ? ", %zu" : "%zu", p->children[k]);
	fputs("]}", f);
}

static void
processes(const struct report *r, FILE *f)
{
	size_t i;

	fputs("  \"processes\": [", f);
	for (i = 0; i < r->nprocs; i++) {
		fputs(i ? ",\n" : "\n", f);
		process(r, i, f);
	}
	fputs(r->nprocs ? "\n  ],\n" : "],\n", f);
}

/* "name": [ ... ] of one series: its opening, an entry's start, its end. */
static void
series_begin(FILE *f, const char *name)
{
	fprintf(f, "    \"%s\": [", name);
}

static void
entry_begin(FILE *f, size_t i, usec_t t)
{
	fprintf(f, "%s      {\"t_ms\": ", i ? ",\n" : "\n");
	json_ms(f, t);
}

static void
series_end(FILE *f, size_t n, int last)
{
	fputs(n ? "\n    ]" : "]", f);
	fputs(last ? "\n" : ",\n", f);
}

static void
cpu_series(const struct bootlog *t, FILE *f)
{
	const struct cpu_sample *c;
	size_t i;

	series_begin(f, "cpu");
	for (i = 0; i < t->ncpu; i++) {
		c = &t->cpu[i];
		entry_begin(f, i, c->time_us);
		fputs(", \"interval_ms\": ", f);
		json_ms(f, c->interval_us);
		fputs(", \"user\": ", f);
		num(f, c->user, 4);
		fputs(", \"sys\": ", f);
		num(f, c->sys, 4);
		fputs(", \"iowait\": ", f);
		num(f, c->io, 4);
		putc('}', f);
	}
	series_end(f, t->ncpu, 0);
}

static void
disk_series(const struct bootlog *t, FILE *f)
{
	const struct disk_sample *d;
	size_t i;

	series_begin(f, "disk");
	for (i = 0; i < t->ndisk; i++) {
		d = &t->disk[i];
		entry_begin(f, i, d->time_us);
		fputs(", \"interval_ms\": ", f);
		json_ms(f, d->interval_us);
		fputs(", \"util\": ", f);
		num(f, d->util, 4);
		fputs(", \"read_bytes_per_s\": ", f);
		num(f, d->read_bps, 0);
		fputs(", \"write_bytes_per_s\": ", f);
		num(f, d->write_bps, 0);
		putc('}', f);
	}
	series_end(f, t->ndisk, 0);
}

static void
mem_series(const struct bootlog *t, FILE *f)
{
	const struct mem_sample *m;
	size_t i;

	series_begin(f, "memory");
	for (i = 0; i < t->nmem; i++) {
		m = &t->mem[i];
		entry_begin(f, i, m->time_us);
		fprintf(f, ", \"total_kb\": %" PRId64 ", \"free_kb\": %" PRId64
		    ", \"buffers_kb\": %" PRId64 ", \"cached_kb\": %" PRId64
		    ", \"swap_total_kb\": %" PRId64 ", \"swap_free_kb\": %"
		    PRId64 "}", m->total, m->free, m->buffers, m->cached,
		    m->swap_total, m->swap_free);
	}
	series_end(f, t->nmem, 1);
}

void
report_json_write(const struct report *r, FILE *f)
{
	fprintf(f, "{\n  \"schema_version\": %d,\n  \"generator\": "
	    "\"bootchart-render %s\",\n", REPORT_JSON_SCHEMA_VERSION,
	    BC_VERSION);
	header(r->log, f);
	system_info(r, f);
	milestones(&r->ms, f);
	totals(r, f);
	processes(r, f);
	fputs("  \"series\": {\n", f);
	cpu_series(r->log, f);
	disk_series(r->log, f);
	mem_series(r->log, f);
	fputs("  }\n}\n", f);
}
