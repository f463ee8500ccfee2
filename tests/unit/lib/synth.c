/* synth.c: hand-built traces and trees for the chart tests. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "grow.h"
#include "synth.h"
#include "tfunc.h"

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (p == NULL)
		abort();
	return p;
}

/* Room for one element more than the n in *v, or abort. */
static void
grow_one(void *v, size_t *cap, size_t n, size_t sz)
{
	if (grow_array(v, cap, n, sz) != 0)
		abort();
}

char *
xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		abort();
	return p;
}

void
synth_init(struct synth *s, int period_ms)
{
	memset(s, 0, sizeof(*s));
	s->tree.sample_period_us = period_ms * USEC_PER_MS;
	s->t.sample_period_us = period_ms * USEC_PER_MS;
	s->t.ncpus = 1;
}

void
synth_header(struct synth *s, const char *key, const char *value)
{
	s->t.header = realloc(s->t.header, (s->t.nheader + 1) *
	    sizeof(*s->t.header));
	if (s->t.header == NULL)
		abort();
	s->t.header[s->t.nheader].key = xstrdup(key);
	s->t.header[s->t.nheader].value = xstrdup(value);
	s->t.nheader++;
}

static void
add_child(struct pnode *parent, struct pnode *c)
{
	grow_one(&parent->children, &parent->children_cap, parent->nchildren,
	    sizeof(*parent->children));
	parent->children[parent->nchildren++] = c;
	c->parent = parent;
}

/* The node made for process p (its seq is its index). */
static struct pnode *
node_of(const struct synth *s, const struct process *p)
{
	return s->nodes[p->seq];
}

/*
 * A process living [start, start + dur) with one sample per period,
 * all in `state` with CPU load `load`; parent NULL makes it a root.
 */
struct process *
synth_proc(struct synth *s, struct process *parent, int64_t pid,
    const char *name, int64_t start, int64_t dur, char state, double load)
{
	struct process *p = xcalloc(1, sizeof(*p));
	struct pnode *n;
	usec_t period = s->tree.sample_period_us;
	usec_t t;
	size_t i = 0;

	start *= USEC_PER_MS;
	dur *= USEC_PER_MS;
	p->pid = pid;
	p->ppid = parent ? parent->pid : 0;
	p->name = xstrdup(name);
	p->start_us = start;
	p->duration_us = dur;
	p->nsamples = (size_t)(dur / period);
	p->samples = xcalloc(p->nsamples, sizeof(*p->samples));
	for (t = start; i < p->nsamples; t += period, i++) {
		p->samples[i].time_us = t;
		p->samples[i].user = (float)(load * 0.75);
		p->samples[i].sys = (float)(load * 0.25);
		p->samples[i].state = state;
		p->samples[i].interval_ms = sample_interval(period);
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		if ((s->all = realloc(s->all, s->cap * sizeof(*s->all))) ==
		    NULL || (s->nodes = realloc(s->nodes, s->cap *
		    sizeof(*s->nodes))) == NULL)
			abort();
	}
	p->seq = s->n;
	n = xcalloc(1, sizeof(*n));
	n->proc = p;
	n->name = p->name;
	n->start_us = p->start_us;
	n->duration_us = p->duration_us;
	n->solo = p->samples;
	n->nsamples = p->nsamples;
	s->all[s->n] = p;
	s->nodes[s->n++] = n;
	if (parent)
		add_child(node_of(s, parent), n);
	else {
		grow_one(&s->tree.roots, &s->tree.roots_cap, s->tree.nroots,
		    sizeof(*s->tree.roots));
		s->tree.roots[s->tree.nroots++] = n;
	}
	if (s->tree.nroots == 1 && s->n == 1) {
		s->tree.start_us = start;
		s->tree.end_us = start + dur;
	}
	if (start < s->tree.start_us)
		s->tree.start_us = start;
	if (start + dur > s->tree.end_us)
		s->tree.end_us = start + dur;
	s->tree.duration_us = s->tree.end_us - s->tree.start_us;
	return p;
}

void
synth_cpu(struct synth *s, int64_t time, double user, double sys, double io)
{
	grow_one(&s->t.cpu, &s->t.cpu_cap, s->t.ncpu, sizeof(*s->t.cpu));
	time *= USEC_PER_MS;
	s->t.cpu[s->t.ncpu].time_us = time;
	s->t.cpu[s->t.ncpu].interval_us = s->t.ncpu ? time -
	    s->t.cpu[s->t.ncpu - 1].time_us : s->tree.sample_period_us;
	s->t.cpu[s->t.ncpu].user = user;
	s->t.cpu[s->t.ncpu].sys = sys;
	s->t.cpu[s->t.ncpu].io = io;
	s->t.ncpu++;
}

void
synth_disk(struct synth *s, int64_t time, double util, double bps)
{
	grow_one(&s->t.disk, &s->t.disk_cap, s->t.ndisk, sizeof(*s->t.disk));
	time *= USEC_PER_MS;
	s->t.disk[s->t.ndisk].time_us = time;
	s->t.disk[s->t.ndisk].interval_us = s->t.ndisk ? time -
	    s->t.disk[s->t.ndisk - 1].time_us : s->tree.sample_period_us;
	s->t.disk[s->t.ndisk].util = util;
	s->t.disk[s->t.ndisk].read_bps = bps * 0.75;
	s->t.disk[s->t.ndisk].write_bps = bps * 0.25;
	s->t.ndisk++;
}

void
synth_mem(struct synth *s, int64_t time, int64_t total, int64_t free_kb,
    int64_t buffers, int64_t cached, int64_t swap_used)
{
	struct mem_sample *m;

	grow_one(&s->t.mem, &s->t.mem_cap, s->t.nmem, sizeof(*s->t.mem));
	m = &s->t.mem[s->t.nmem++];
	m->time_us = time * USEC_PER_MS;
	m->total = total;
	m->free = free_kb;
	m->buffers = buffers;
	m->cached = cached;
	m->swap_total = 1 << 20;
	m->swap_free = m->swap_total - swap_used;
}

void
synth_kevent(struct synth *s, int kind, int milestone, const char *text,
    int64_t time_us, int64_t dur_us)
{
	struct kevent e = { time_us, dur_us, kind, milestone, (char *)text };

	if (bootlog_add_kevent(&s->t, &e) != 0)
		abort();
}

void
synth_free(struct synth *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		free(s->all[i]->name);
		free(s->all[i]->cmdline);
		free(s->all[i]->samples);
		free(s->all[i]);
		free(s->nodes[i]->children);
		free(s->nodes[i]);
	}
	for (i = 0; i < s->t.nheader; i++) {
		free(s->t.header[i].key);
		free(s->t.header[i].value);
	}
	free(s->t.header);
	for (i = 0; i < s->t.nkev; i++)
		free(s->t.kev[i].text);
	free(s->t.kev);
	free(s->t.cpu);
	free(s->t.disk);
	free(s->t.mem);
	free(s->t.busy.v);
	free(s->t.busy.cpu);
	free(s->t.busy.runs);
	exact_free(&s->x);
	free(s->tree.roots);
	free(s->all);
	free(s->nodes);
}

/*
 * The small reference scene: 20 s; CPU >= 90 % busy during 0-5 s,
 * I/O wait 90 % during 5-10 s; "busy" runs 1-5 s, "iowait" is in D
 * during 5-10 s, "zomb" is a zombie during 12-14 s, one name is hostile.
 */
void
synth_small(struct synth *s)
{
	struct process *init, *rc;
	int64_t t;

	synth_init(s, 200);
	synth_header(s, "title", "Boot chart for synth (test)");
	synth_header(s, "system.uname", "Linux 6.1.0 #1 SMP x86_64");
	synth_header(s, "system.release", "Test 1.0");
	synth_header(s, "system.cpu", "model name\t: Test CPU @ 1.00GHz (2)");
	synth_header(s, "system.kernel.options", "root=/dev/vda quiet");
	for (t = 200; t <= 20000; t += 200) {
		if (t <= 5000)
			synth_cpu(s, t, 0.70, 0.25, 0.0);
		else if (t <= 10000)
			synth_cpu(s, t, 0.03, 0.02, 0.90);
		else
			synth_cpu(s, t, 0.20, 0.10, 0.10);
		synth_disk(s, t, t > 5000 && t <= 10000 ? 0.9 : 0.1,
		    t == 7000 ? 20 * 1048576.0 : 2e6);
	}
	init = synth_proc(s, NULL, 1, "init", 0, 20000, 'S', 0.0);
	rc = synth_proc(s, init, 10, "rc", 800, 12000, 'S', 0.0);
	synth_proc(s, rc, 11, "busy", 1000, 4000, 'R', 1.0);
	synth_proc(s, rc, 12, "iowait", 5000, 5000, 'D', 0.0);
	synth_proc(s, rc, 13, "bad\xff\x01name<&>", 6000, 3000, 'S', 0.3);
	synth_proc(s, init, 20, "zomb", 12000, 2000, 'Z', 0.0);
	synth_proc(s, init, 30, "a-daemon-with-a-rather-long-name-that-"
	    "never-fits", 15000, 5000, 'S', 0.1);
	synth_proc(s, NULL, 2, "kthreadd", 0, 20000, 'S', 0.0);
}

/*
 * A big scene: n processes over `secs` seconds with long names, random
 * starts and lives, parents chosen among earlier processes (deep and
 * wide at once), CPU and disk samples every period.
 */
void
synth_large(struct synth *s, size_t n, int64_t secs, unsigned seed)
{
	struct process **p = xcalloc(n, sizeof(*p));
	int64_t span = secs * 1000, start, dur, t;
	unsigned r = seed;
	char name[200];
	size_t i;

	synth_init(s, 100);
	synth_header(s, "title", "Boot chart for a very large synthetic "
	    "machine with a long title that goes on and on and on");
	synth_header(s, "system.kernel.options", "root=/dev/sda1 ro quiet "
	    "splash init=/sbin/bootchartd a.very.long.option=with-a-value");
	for (t = 100; t <= span; t += 100) {
		r = r * 1103515245u + 12345u;
		synth_cpu(s, t, (r >> 8) % 60 / 100.0, 0.1, (r >> 16) % 30 /
		    100.0);
		synth_disk(s, t, (r >> 12) % 100 / 100.0, (r >> 4) % 50000000);
	}
	p[0] = synth_proc(s, NULL, 1, "init", 0, span, 'S', 0.0);
	for (i = 1; i < n; i++) {
		r = r * 1103515245u + 12345u;
		start = (int64_t)((r >> 8) % (unsigned)(span - 200));
		r = r * 1103515245u + 12345u;
		dur = 100 + (int64_t)((r >> 8) % 30000);
		if (start + dur > span)
			dur = span - start;
		snprintf(name, sizeof(name), "%s-%zu-%.*s", i % 7 == 0 ?
		    "kworker/u16:\xe2\x82\xac\xff" : "process-with-a-long-name",
		    i, (int)((r >> 4) % 60), "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghij");
		r = r * 1103515245u + 12345u;
		p[i] = synth_proc(s, p[(r >> 8) % i], (int64_t)i + 1, name,
		    start, dur, "RSDZ"[(r >> 4) % 4], ((r >> 12) % 100) /
		    100.0);
	}
	free(p);
}
