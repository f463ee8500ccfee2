/* critfix.c: the critical path's unit tests' fixture (critfix.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "critfix.h"

void
fix_add(struct fix *f, int kind, int tid, int other, int state, int64_t ms)
{
	assert_int_equal(tcrit_add(&f->cr, kind, tid, tid, CR_NOPROC, other,
	    state, ms * M), 0);
}

void
fix_disk_done(struct fix *f, int64_t ms)
{
	int64_t *v = realloc(f->tb.bdone, (f->tb.nbdone + 1) * sizeof(*v));

	assert_non_null(v);
	f->tb.bdone = v;
	v[f->tb.nbdone++] = ms * M;
}

void
fix_walk_from(struct fix *f, int tid, int64_t last_ms, int64_t from_ms,
    size_t max_steps)
{
	f->tb.first_ns = f->first_ms * M;
	f->tb.last_ns = last_ms * M;
	tcrit_take(&f->cr, &f->tb);
	diag_init(&f->d, "test");
	f->d.verbose = -1;
	f->cp.max_steps = max_steps;
	assert_int_equal(cpath_walk(&f->tb, tid, f->tb.last_ns, from_ms * M,
	    &f->cp, &f->d), 0);
}

void
fix_walk(struct fix *f, int tid, int64_t last_ms, size_t max_steps)
{
	fix_walk_from(f, tid, last_ms, 0, max_steps);
}

void
fix_seg(const struct fix *f, size_t i, int64_t a, int64_t b, int cat, int tid)
{
	assert_true(i < f->cp.n);
	assert_int_equal(f->cp.v[i].start_ns, a * M);
	assert_int_equal(f->cp.v[i].end_ns, b * M);
	assert_string_equal(cpath_cat_name(f->cp.v[i].cat),
	    cpath_cat_name(cat));
	assert_int_equal(f->cp.v[i].tid, tid);
}

void
fix_covers(const struct fix *f)
{
	int64_t at = f->cp.start_ns;
	size_t i;

	for (i = 0; i < f->cp.n; i++) {
		assert_int_equal(f->cp.v[i].start_ns, at);
		assert_true(f->cp.v[i].end_ns > at);
		at = f->cp.v[i].end_ns;
	}
	assert_int_equal(at, f->cp.end_ns);
}

void
fix_done(struct fix *f)
{
	cpath_free(&f->cp);
	tboot_free(&f->tb);
	tcrit_free(&f->cr);
}

void
fix_proc(struct fix *f, size_t i, int pid, const char *comm, int64_t start,
    int64_t end)
{
	struct tproc *p;

	if (f->tb.v == NULL)
		assert_non_null(f->tb.v = calloc(4, sizeof(*f->tb.v)));
	p = &f->tb.v[i];
	p->pid = pid;
	snprintf(p->comm, sizeof(p->comm), "%s", comm);
	p->start_ns = start < 0 ? TPROC_BEFORE : start * M;
	p->end_ns = end < 0 ? TPROC_AFTER : end * M;
	if (i + 1 > f->tb.n)
		f->tb.n = i + 1;
}

struct critpath
fix_run(struct fix *f, struct bootlog *t, const char *key, const char *value,
    int64_t last_ms)
{
	struct critpath c;

	memset(&c, 0, sizeof(c));
	bootlog_init(t);
	assert_int_equal(bootlog_set_header(t, key, value), 0);
	f->tb.first_ns = f->first_ms * M;
	f->tb.last_ns = last_ms * M;
	tcrit_take(&f->cr, &f->tb);
	diag_init(&f->d, "test");
	f->d.verbose = -1;
	assert_int_equal(critpath_run(&c, &f->tb, t,
	    &(struct crit_target){ 0, NULL }, &f->d), 0);
	return c;
}
