/* compare_json.c: writes two logs' milestones, totals and matched processes with their differences as JSON. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compare_json.h"
#include "jsonw.h"
#include "report_json.h"

static const char *const status_name[] = {
	[CMP_SAME] = "same", [CMP_CHANGED] = "changed",
	[CMP_APPEARED] = "appeared", [CMP_GONE] = "disappeared"
};

struct ctx {
	const struct report *ro, *rn;	/* each pair's rows: report_proc_of */
	const struct cmp_match *m;
	const struct pnode **path;	/* scratch: a pair's ancestors */
	FILE *f;
};

static double
busy(const struct report *r)
{
	return r->tot.cpu_busy_s;
}

/* One log: its path, what it is, milestones from its zero (--json's), totals. */
static void
side(FILE *f, const char *key, const char *path, const struct report *r)
{
	fprintf(f, "  \"%s\": {\"path\": ", key);
	json_string(f, path);
	fputs(", \"profile\": ", f);
	json_string(f, r->tree->profile);
	fputs(",\n    \"milestones\": ", f);
	report_json_milestones(&r->ms, f);
	fputs(",\n    \"totals\": {\"cpu_busy_s\": ", f);
	json_num(f, busy(r), 3);
	fputs(", \"cpu_iowait_s\": ", f);
	json_num(f, r->tot.cpu_io_s, 3);
	fputs(", \"disk_read_bytes\": ", f);
	json_num(f, r->tot.read_bytes, 0);
	fputs(", \"disk_write_bytes\": ", f);
	json_num(f, r->tot.write_bytes, 0);
	fprintf(f, ", \"processes\": %zu}},\n", r->nprocs);
}

static void
delta(FILE *f, const struct report *o, const struct report *n)
{
	fputs("  \"delta\": {\"end_ms\": ", f);
	/* The reports' times are from each log's zero. */
	json_ms(f, n->ms.end_us - o->ms.end_us);
	fputs(", \"cpu_busy_s\": ", f);
	json_num(f, busy(n) - busy(o), 3);
	fputs(", \"cpu_iowait_s\": ", f);
	json_num(f, n->tot.cpu_io_s - o->tot.cpu_io_s, 3);
	fputs(", \"disk_read_bytes\": ", f);
	json_num(f, n->tot.read_bytes - o->tot.read_bytes, 0);
	fputs(", \"disk_write_bytes\": ", f);
	json_num(f, n->tot.write_bytes - o->tot.write_bytes, 0);
	fprintf(f, ", \"processes\": %" PRId64 "},\n",
	    (int64_t)n->nprocs - (int64_t)o->nprocs);
}

static void
counts(struct ctx *c, usec_t thr)
{
	size_t k[4] = { 0, 0, 0, 0 }, i;

	for (i = 0; i < c->m->npairs; i++)
		k[cmp_pair_status(&c->m->pairs[i], thr)]++;
	fprintf(c->f, "  \"counts\": {\"same\": %zu, \"changed\": %zu, "
	    "\"appeared\": %zu, \"disappeared\": %zu},\n", k[CMP_SAME],
	    k[CMP_CHANGED], k[CMP_APPEARED], k[CMP_GONE]);
}

static void
regression(FILE *f, const struct cmp_regression *r)
{
	if (r == NULL) {
		fputs("  \"regression\": null,\n", f);
		return;
	}
	fputs("  \"regression\": {\"metric\": ", f);
	json_string(f, cmp_metric_name(r->metric));
	fputs(", \"threshold_ms\": ", f);
	json_ms(f, r->threshold_us);
	fprintf(f, ", \"regressed\": %s, \"total\": %s, \"old_total_ms\": ",
	    r->total || r->nprocs > 0 ? "true" : "false",
	    r->total ? "true" : "false");
	json_ms(f, r->old_total_us);
	fputs(", \"new_total_ms\": ", f);
	json_ms(f, r->new_total_us);
	fprintf(f, ", \"processes\": %zu, \"worst\": ", r->nprocs);
	if (r->worst == CMP_NONE)
		fputs("null", f);
	else
		fprintf(f, "%zu", r->worst);
	fputs("},\n", f);
}

/* The names from the root down to pair i, joined by '>', as one string. */
static int
path(struct ctx *c, size_t i)
{
	const struct cmp_pair *p;
	size_t n = 0, len = 1, k, w = 0;
	char *s;

	for (; i != CMP_NONE; i = p->parent) {
		p = &c->m->pairs[i];
		c->path[n] = p->new != NULL ? p->new : p->old;
		len += strlen(c->path[n++]->name) + 1;
	}
	if ((s = malloc(len)) == NULL)
		return -1;
	while (n-- > 0) {
		k = strlen(c->path[n]->name);
		memcpy(s + w, c->path[n]->name, k);
		w += k;
		if (n > 0)
			s[w++] = '>';
	}
	s[w] = '\0';
	json_string(c->f, s);
	free(s);
	return 0;
}

/* One process of a pair: null, or its PID, command line, times, CPU. */
static void
one(struct ctx *c, const char *key, const struct pnode *p, usec_t start,
    const struct report *b)
{
	const struct report_proc *r;

	fprintf(c->f, ",\n     \"%s\": ", key);
	if (p == NULL) {
		fputs("null", c->f);
		return;
	}
	r = report_proc_of(b, p);
	fprintf(c->f, "{\"pid\": %" PRId64 ", \"cmdline\": ", p->proc->pid);
	json_string(c->f, p->proc->cmdline);
	fputs(", \"start_ms\": ", c->f);
	json_ms(c->f, start);
	fputs(", \"duration_ms\": ", c->f);
	json_ms(c->f, p->duration_us);
	fputs(", \"cpu_s\": ", c->f);
	json_num(c->f, r != NULL ? r->user_s + r->sys_s : 0, 3);
	putc('}', c->f);
}

static double
cpu_of(const struct report *b, const struct pnode *p)
{
	const struct report_proc *r = report_proc_of(b, p);

	return r != NULL ? r->user_s + r->sys_s : 0;
}

static int
pair(struct ctx *c, size_t i, usec_t thr)
{
	const struct cmp_pair *p = &c->m->pairs[i];
	const struct pnode *n = p->new != NULL ? p->new : p->old;

	fprintf(c->f, "%s    {\"id\": %zu, \"parent\": ", i ? ",\n" : "\n", i);
	if (p->parent == CMP_NONE)
		fputs("null", c->f);
	else
		fprintf(c->f, "%zu", p->parent);
	fprintf(c->f, ", \"depth\": %d, \"name\": ", p->depth);
	json_string(c->f, n->name);
	fputs(", \"path\": ", c->f);
	if (path(c, i) != 0)
		return -1;
	fprintf(c->f, ", \"status\": \"%s\"",
	    status_name[cmp_pair_status(p, thr)]);
	one(c, "old", p->old, p->old_start_us, c->ro);
	one(c, "new", p->new, p->new_start_us, c->rn);
	if (p->old == NULL || p->new == NULL) {
		fputs(",\n     \"start_delta_ms\": null, \"duration_delta_ms\": "
		    "null, \"cpu_delta_s\": null}", c->f);
		return 0;
	}
	fputs(",\n     \"start_delta_ms\": ", c->f);
	json_ms(c->f, cmp_start_delta(p));
	fputs(", \"duration_delta_ms\": ", c->f);
	json_ms(c->f, cmp_duration_delta(p));
	fputs(", \"cpu_delta_s\": ", c->f);
	json_num(c->f, cpu_of(c->rn, p->new) - cpu_of(c->ro, p->old), 3);
	putc('}', c->f);
	return 0;
}

static int
pairs(struct ctx *c, usec_t thr)
{
	size_t i;

	fputs("  \"pairs\": [", c->f);
	for (i = 0; i < c->m->npairs; i++)
		if (pair(c, i, thr) != 0)
			return -1;
	fputs(c->m->npairs ? "\n  ]\n" : "]\n", c->f);
	return 0;
}

int
compare_json_write(const struct report *old, const struct report *new,
    const struct cmp_match *m, const struct cmp_table_opts *o,
    const struct cmp_regression *reg, FILE *f)
{
	struct ctx c = { .ro = old, .rn = new, .m = m, .f = f };
	size_t i, depth = 0;
	int rc = -1;

	for (i = 0; i < m->npairs; i++)
		if ((size_t)m->pairs[i].depth > depth)
			depth = (size_t)m->pairs[i].depth;
	if ((c.path = calloc(depth + 1, sizeof(*c.path))) == NULL)
		goto out;
	fprintf(f, "{\n  \"schema_version\": %d,\n  \"generator\": "
	    "\"bootchart-render %s\",\n  \"title\": ",
	    COMPARE_JSON_SCHEMA_VERSION, BC_VERSION);
	json_string(f, o->title);
	fputs(",\n  \"threshold_ms\": ", f);
	json_ms(f, o->threshold_us);
	fputs(",\n", f);
	side(f, "old", o->old_label, old);
	side(f, "new", o->new_label, new);
	delta(f, old, new);
	counts(&c, o->threshold_us);
	regression(f, reg);
	rc = pairs(&c, o->threshold_us);
	if (rc == 0)
		fputs("}\n", f);
out:
	free(c.path);
	return rc;
}
