/* gen_sched.c: writes a synthetic trace.dat (version 6, the kernel's sched and task formats) of N scheduler events over a few thousand threads on several CPUs, with hostile patterns: wake-up cycles in one instant, waits that never end, events of unknown pids, time going backwards between CPUs and within one (tests/bench/bench_trace_render.sh, tests/sh/trace_hostile.sh). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tdat_build.h"
#include "tdatw.h"
#include "tracedat.h"

#define NCPU_MAX	64
#define PID_BASE	100		/* thread i is pid PID_BASE + i */
#define T0		1000000000ULL	/* the first stamp: 1 s */
#define SKEW_LAST	300000ULL	/* the last CPU's clock is 300 µs behind */
#define SKEW_JUMP	2000000ULL	/* CPU 0's clock jumps back 2 ms, then on */
#define ST_S		0x1		/* prev_state: S, D, X, R (0) */
#define ST_D		0x2
#define ST_X		0x10
#define CLONE_THREAD	0x10000ULL
#define CLONE_FORK	0x11ULL		/* SIGCHLD, as fork() */

/* The kernel's IDs (6.18) for the events written. */
enum { ID_NEWTASK = 205, ID_EXIT = 369, ID_SWITCH = 372, ID_WAKEUP_NEW = 373,
	ID_WAKING = 375 };

#define WAKE_FIELDS TB_WAKE_FIELDS "\n" \
	"print fmt: \"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, " \
	"REC->pid, REC->prio, REC->target_cpu\n"
#define T(s)	{ s, sizeof(s) - 1 }

/* The formats as a 6.18 kernel's tracefs gives them (print fmt shortened where its flags are not needed). */
static const struct tdat_text sched_fmts[] = {
	T("name: sched_switch\nID: 372\nformat:\n" TB_COMMON TB_SWITCH_FIELDS "\n"
	"print fmt: \"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s ==> "
	"next_comm=%s next_pid=%d next_prio=%d\", REC->prev_comm, "
	"REC->prev_pid, REC->prev_prio, (REC->prev_state & 0xff) ? "
	"__print_flags(REC->prev_state & 0xff, \"|\", { 0x01, \"S\" }, "
	"{ 0x02, \"D\" }, { 0x10, \"X\" }) : \"R\", REC->next_comm, "
	"REC->next_pid, REC->next_prio\n"),
	T("name: sched_waking\nID: 375\nformat:\n" TB_COMMON WAKE_FIELDS),
	T("name: sched_wakeup_new\nID: 373\nformat:\n" TB_COMMON WAKE_FIELDS),
	T("name: sched_process_exit\nID: 369\nformat:\n" TB_COMMON
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	"\tfield:bool group_dead;\toffset:32;\tsize:1;\tsigned:0;\n\n"
	"print fmt: \"comm=%s pid=%d prio=%d group_dead=%s\", REC->comm, "
	"REC->pid, REC->prio, REC->group_dead ? \"true\" : \"false\"\n"),
};
static const struct tdat_text task_fmts[] = {
	T("name: task_newtask\nID: 205\nformat:\n" TB_COMMON
	"\tfield:pid_t pid;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:char comm[16];\toffset:12;\tsize:16;\tsigned:0;\n"
	"\tfield:u64 clone_flags;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:short oom_score_adj;\toffset:40;\tsize:2;\tsigned:1;\n\n"
	"print fmt: \"pid=%d comm=%s clone_flags=%llx oom_score_adj=%hd\", "
	"REC->pid, REC->comm, REC->clone_flags, REC->oom_score_adj\n"),
};

/* What a thread is doing. */
enum { G_FREE, G_RUNQ, G_RUN, G_SLEEP, G_NEVER };

struct gcpu {
	struct tb_page pg;
	FILE *f;		/* its full pages so far */
	uint64_t bytes, events;	/* of pages in f; events written */
	uint64_t last;		/* the stamp of its last event */
	uint64_t skew;		/* ns behind the common time */
	int cur;		/* thread index running, -1 idle */
	int started;
};

struct gen {
	struct gcpu cpu[NCPU_MAX];
	int ncpu, nthr;
	uint8_t *st;		/* G_* per thread */
	uint8_t *born;		/* the trace has its birth */
	int *leader;		/* the thread's group leader's index */
	int *runq, *sleep, *sleep_at, *freel;
	size_t rq_head, rq_n, nsleep, nfree;
	uint64_t t, rng, n, want, steps, never, cycles, unknown, jumps;
	int hostile;
};

static uint32_t
rnd(struct gen *g, uint32_t below)
{
	g->rng ^= g->rng << 13;
	g->rng ^= g->rng >> 7;
	g->rng ^= g->rng << 17;
	return below == 0 ? 0 : (uint32_t)(g->rng % below);
}

static void
put(uint8_t *p, uint64_t v, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static void
comm(uint8_t *p, int i)
{
	if (i < 0)
		snprintf((char *)p, 16, "swapper");
	else
		snprintf((char *)p, 16, "task%d", i % 97);
}

static int
pid_of(int i)
{
	return i < 0 ? 0 : PID_BASE + i;
}

/* The page of CPU c written out; a fresh one started at ts. */
static int
flush(struct gcpu *k, uint64_t ts)
{
	if (k->started) {
		tb_commit(&k->pg, 0, 0);
		if (fwrite(k->pg.b, TB_PAGE, 1, k->f) != 1)
			return -1;
		k->bytes += TB_PAGE;
	}
	tb_page_init(&k->pg, ts);
	k->started = 1;
	k->last = ts;
	return 0;
}

/* A record (len a multiple of 4) on CPU c at the common time less the CPU's skew. */
static int
emit(struct gen *g, int c, uint8_t *rec, size_t len)
{
	struct gcpu *k = &g->cpu[c];
	uint64_t ts = g->t - k->skew, delta;

	/* The record, and a TIME_EXTEND or TIME_STAMP before it. */
	if (!k->started || k->pg.used + len + 16 > TB_PAGE - TB_DATA) {
		if (flush(k, ts) != 0)
			return -1;
	} else if (ts < k->last) {
		tb_stamp(&k->pg, ts);
		k->last = ts;
	}
	delta = ts - k->last;
	if (delta >= (1ULL << 27)) {
		tb_extend(&k->pg, delta);
		delta = 0;
	}
	tb_event(&k->pg, (uint32_t)delta, rec, len, 0);
	k->last = ts;
	k->events++;
	g->n++;
	return 0;
}

/* The common fields: type, flags, the current task's pid. */
static size_t
common(uint8_t *r, int id, int flags, int pid, size_t len)
{
	memset(r, 0, len);
	put(r, (uint64_t)id, 2);
	r[2] = (uint8_t)flags;
	put(r + 4, (uint32_t)pid, 4);
	return len;
}

static int
ev_switch(struct gen *g, int c, int prev, long state, int next)
{
	uint8_t r[64];

	common(r, ID_SWITCH, 0, pid_of(prev), sizeof(r));
	comm(r + 8, prev);
	put(r + 24, (uint32_t)pid_of(prev), 4);
	put(r + 28, 120, 4);
	put(r + 32, (uint64_t)state, 8);
	comm(r + 40, next);
	put(r + 56, (uint32_t)pid_of(next), 4);
	put(r + 60, 120, 4);
	g->cpu[c].cur = next;
	return emit(g, c, r, sizeof(r));
}

/* sched_waking (or wakeup_new) of pid, from the CPU's task or an IRQ. */
static int
ev_wake(struct gen *g, int c, int id, int pid, int irq)
{
	uint8_t r[36];
	int cur = g->cpu[c].cur;

	common(r, id, irq ? TDAT_FLAG_HARDIRQ : 0, irq ? 0 : pid_of(cur),
	    sizeof(r));
	snprintf((char *)r + 8, 16, "task%d", (pid - PID_BASE) % 97);
	put(r + 24, (uint32_t)pid, 4);
	put(r + 28, 120, 4);
	put(r + 32, (uint32_t)rnd(g, (uint32_t)g->ncpu), 4);
	return emit(g, c, r, sizeof(r));
}

static int
ev_exit(struct gen *g, int c, int pid, int dead)
{
	uint8_t r[36];

	common(r, ID_EXIT, 0, pid, sizeof(r));
	snprintf((char *)r + 8, 16, "task%d", (pid - PID_BASE) % 97);
	put(r + 24, (uint32_t)pid, 4);
	put(r + 28, 120, 4);
	r[32] = (uint8_t)dead;
	return emit(g, c, r, sizeof(r));
}

static int
ev_newtask(struct gen *g, int c, int child, uint64_t flags)
{
	uint8_t r[44];		/* 42 bytes of fields, padded as the kernel pads */

	common(r, ID_NEWTASK, 0, pid_of(g->cpu[c].cur), sizeof(r));
	put(r + 8, (uint32_t)pid_of(child), 4);
	comm(r + 12, child);
	put(r + 32, flags, 8);
	return emit(g, c, r, sizeof(r));
}

static void
rq_push(struct gen *g, int i)
{
	g->runq[(g->rq_head + g->rq_n++) % (size_t)g->nthr] = i;
	g->st[i] = G_RUNQ;
}

static int
rq_pop(struct gen *g)
{
	int i;

	if (g->rq_n == 0)
		return -1;
	i = g->runq[g->rq_head];
	g->rq_head = (g->rq_head + 1) % (size_t)g->nthr;
	g->rq_n--;
	return i;
}

static void
sleep_add(struct gen *g, int i)
{
	g->sleep_at[i] = (int)g->nsleep;
	g->sleep[g->nsleep++] = i;
	g->st[i] = G_SLEEP;
}

/* A random sleeper taken out of the set; -1 when none sleeps. */
static int
sleep_take(struct gen *g)
{
	int i, last;

	if (g->nsleep == 0)
		return -1;
	i = g->sleep[rnd(g, (uint32_t)g->nsleep)];
	last = g->sleep[--g->nsleep];
	g->sleep[g->sleep_at[i]] = last;
	g->sleep_at[last] = g->sleep_at[i];
	return i;
}

/* A sleeper woken by the task on CPU c (or an IRQ) and queued. */
static int
wake_one(struct gen *g, int c, int irq)
{
	int i = sleep_take(g);

	if (i < 0)
		return 0;
	rq_push(g, i);
	return ev_wake(g, c, ID_WAKING, pid_of(i), irq);
}

/* Its task off CPU c in state st (R, S, D, X), the next queued on. */
static int
switch_out(struct gen *g, int c, long st)
{
	int cur = g->cpu[c].cur, next = rq_pop(g);

	if (st == 0)
		rq_push(g, cur);
	else if (st == ST_X)
		g->st[cur] = G_FREE, g->freel[g->nfree++] = cur;
	else if (g->hostile && rnd(g, 200) == 0 &&
	    g->never < (uint64_t)g->nthr / 10)
		g->st[cur] = G_NEVER, g->never++;	/* never woken */
	else
		sleep_add(g, cur);
	return ev_switch(g, c, cur, st, next);
}

/* A birth from the task on CPU c: a process, or a thread of its group. */
static int
fork_one(struct gen *g, int c)
{
	int cur = g->cpu[c].cur, i = g->freel[--g->nfree];
	int thread = rnd(g, 5) == 0;

	g->leader[i] = thread ? g->leader[cur] : i;
	g->born[i] = 1;
	if (ev_newtask(g, c, i, thread ? CLONE_THREAD : CLONE_FORK) != 0)
		return -1;
	rq_push(g, i);
	return ev_wake(g, c, ID_WAKEUP_NEW, pid_of(i), 0);
}

/* A's and B's wakings of each other in one instant, on CPU c (A runs). */
static int
cycle(struct gen *g, int c)
{
	int a = g->cpu[c].cur, b = sleep_take(g);

	if (b < 0)
		return 0;
	g->cycles++;
	g->st[b] = G_RUN;
	if (ev_wake(g, c, ID_WAKING, pid_of(b), 0) != 0 ||
	    ev_switch(g, c, a, ST_S, b) != 0 ||
	    ev_wake(g, c, ID_WAKING, pid_of(a), 0) != 0 ||
	    ev_switch(g, c, b, ST_S, a) != 0 ||
	    ev_wake(g, c, ID_WAKING, pid_of(b), 0) != 0)
		return -1;
	rq_push(g, b);
	return 0;
}

/* Wakings and exits of pids the trace never saw, and of pids out of range. */
static int
unknown(struct gen *g, int c)
{
	g->unknown += 4;
	return ev_wake(g, c, ID_WAKING, 3000000 + (int)rnd(g, 1000), 0) ||
	    ev_wake(g, c, ID_WAKING, 5000000, 0) ||
	    ev_wake(g, c, ID_WAKING, -7, 1) ||
	    ev_exit(g, c, 3500000 + (int)rnd(g, 1000), 1);
}

/* One step of CPU c with a task on it. */
static int
busy(struct gen *g, int c)
{
	/* About as many births (and exits) in the trace as threads. */
	uint32_t r = rnd(g, 1000), life = (uint32_t)(g->want / (uint64_t)g->nthr);
	int cur = g->cpu[c].cur;

	if (r < 350 && g->nsleep > 0)
		return wake_one(g, c, 0);
	if (rnd(g, life) == 0 && g->nfree > 0)
		return fork_one(g, c);
	if (rnd(g, life) == 0 && g->nfree < (size_t)g->nthr / 2) {
		if (ev_exit(g, c, pid_of(cur), g->leader[cur] == cur) != 0)
			return -1;
		return switch_out(g, c, ST_X);
	}
	r = rnd(g, 100);
	return switch_out(g, c, r < 45 ? 0 : r < 85 ? ST_S : ST_D);
}

static int
step(struct gen *g)
{
	int c = (int)rnd(g, (uint32_t)g->ncpu);
	struct gcpu *k = &g->cpu[c];

	g->t += 1 + rnd(g, 8000);
	g->steps++;
	if (g->hostile && g->steps % 50021 == 0) {
		g->cpu[0].skew = g->cpu[0].skew != 0 ? 0 : SKEW_JUMP;
		g->jumps++;
	}
	if (k->cur < 0) {
		if (g->rq_n > 0)
			return ev_switch(g, c, -1, 0, rq_pop(g));
		return wake_one(g, c, 1);
	}
	if (g->hostile && g->steps % 10007 == 0)
		return cycle(g, c);
	if (g->hostile && g->steps % 5003 == 0)
		return unknown(g, c);
	return busy(g, c);
}

static int
setup(struct gen *g)
{
	size_t n = (size_t)g->nthr;
	int i, c;

	g->st = calloc(n, 1);
	g->born = calloc(n, 1);
	g->leader = calloc(n, sizeof(int));
	g->runq = calloc(n, sizeof(int));
	g->sleep = calloc(n, sizeof(int));
	g->sleep_at = calloc(n, sizeof(int));
	g->freel = calloc(n, sizeof(int));
	if (!g->st || !g->born || !g->leader || !g->runq || !g->sleep || !g->sleep_at ||
	    !g->freel)
		return -1;
	/* Half the threads are alive when the trace starts, half sleeping. */
	for (i = g->nthr - 1; i >= g->nthr / 2; i--)
		g->freel[g->nfree++] = i;
	for (i = 0; i < g->nthr / 2; i++) {
		g->leader[i] = i;
		if (i % 2)
			sleep_add(g, i);
		else
			rq_push(g, i);
	}
	for (c = 0; c < g->ncpu; c++) {
		g->cpu[c].cur = -1;
		if ((g->cpu[c].f = tmpfile()) == NULL)
			return -1;
	}
	if (g->hostile && g->ncpu > 1)
		g->cpu[g->ncpu - 1].skew = SKEW_LAST;
	g->t = T0;
	return 0;
}

/* saved_cmdlines: the threads alive at the start. */
static char *
cmdlines(const struct gen *g, size_t *len)
{
	size_t cap = (size_t)g->nthr * 24 + 1, n = 0;
	char *s = malloc(cap);
	int i;

	if (s == NULL)
		return NULL;
	for (i = 0; i < g->nthr / 2; i++)
		n += (size_t)snprintf(s + n, cap - n, "%d task%d\n", pid_of(i),
		    i % 97);
	*len = n;
	return s;
}

/* The prefix (tdat_prefix, as bootchartd writes it), then each CPU's pages. */
static int
write_file(struct gen *g, FILE *out)
{
	static const struct tdat_system sys[] = {
		{ "sched", sched_fmts, 4 }, { "task", task_fmts, 1 },
	};
	struct tdat_text stats[NCPU_MAX];
	char stat_text[NCPU_MAX][64];
	uint64_t size[NCPU_MAX];
	struct obuf o = { 0 };
	struct tdat_in in;
	char buf[65536];
	size_t len, got;
	int c, rc = -1;
	char *cl;

	for (c = 0; c < g->ncpu; c++) {
		if (flush(&g->cpu[c], g->cpu[c].last) != 0)
			return -1;
		size[c] = g->cpu[c].bytes;
		stats[c].len = (size_t)snprintf(stat_text[c],
		    sizeof(stat_text[c]), "entries: %llu\n",
		    (unsigned long long)g->cpu[c].events);
		stats[c].p = stat_text[c];
	}
	if ((cl = cmdlines(g, &len)) == NULL)
		return -1;
	memset(&in, 0, sizeof(in));
	in.page_size = TB_PAGE;
	in.header_page = (struct tdat_text){ tb_header_page,
	    strlen(tb_header_page) };
	in.header_event = (struct tdat_text){ tb_header_event,
	    strlen(tb_header_event) };
	in.sys = sys;
	in.nsys = 2;
	in.kallsyms = in.printk = (struct tdat_text){ "", 0 };
	in.cmdlines = (struct tdat_text){ cl, len };
	in.clock = (struct tdat_text)T("[local] global\n");
	in.uname = (struct tdat_text)T("Linux gen 6.18.0 x86_64");
	in.version = (struct tdat_text)T("gen_sched");
	in.stats = stats;
	in.ncpu = (uint32_t)g->ncpu;
	in.cpu_size = size;
	if (tdat_prefix(&in, &o) != 0 || fwrite(o.p, 1, o.len, out) != o.len)
		goto done;
	for (c = 0; c < g->ncpu; c++) {
		rewind(g->cpu[c].f);
		while ((got = fread(buf, 1, sizeof(buf), g->cpu[c].f)) > 0)
			if (fwrite(buf, 1, got, out) != got)
				goto done;
	}
	rc = 0;
done:
	obuf_free(&o);
	free(cl);
	return rc;
}

static void
gen_free(struct gen *g)
{
	int c;

	for (c = 0; c < g->ncpu; c++)
		if (g->cpu[c].f != NULL)
			fclose(g->cpu[c].f);
	free(g->st);
	free(g->born);
	free(g->leader);
	free(g->runq);
	free(g->sleep);
	free(g->sleep_at);
	free(g->freel);
}

static int
usage(void)
{
	fprintf(stderr, "usage: gen_sched [-n EVENTS] [-c CPUS] [-p THREADS] "
	    "[-s SEED] [-q] -o OUT.dat\n  -q: no hostile patterns\n");
	return 2;
}

int
main(int argc, char **argv)
{
	static struct gen g;
	const char *path = NULL;
	FILE *out;
	int ch, rc = 0;

	g.want = 10000000;
	g.ncpu = 4;
	g.nthr = 4000;
	g.rng = 88172645463325252ULL;
	g.hostile = 1;
	while ((ch = getopt(argc, argv, "n:c:p:s:qo:")) != -1) {
		switch (ch) {
		case 'n': g.want = strtoull(optarg, NULL, 10); break;
		case 'c': g.ncpu = atoi(optarg); break;
		case 'p': g.nthr = atoi(optarg); break;
		case 's': g.rng ^= strtoull(optarg, NULL, 10) * 2654435761ULL; break;
		case 'q': g.hostile = 0; break;
		case 'o': path = optarg; break;
		default: return usage();
		}
	}
	if (path == NULL || g.ncpu < 1 || g.ncpu > NCPU_MAX || g.nthr < 8 ||
	    g.nthr > 1000000 || g.want / (uint64_t)g.nthr > UINT32_MAX)
		return usage();
	if (setup(&g) != 0) {
		fprintf(stderr, "gen_sched: %s\n", strerror(errno));
		return 1;
	}
	while (g.n < g.want && rc == 0)
		rc = step(&g);
	if (rc != 0 || (out = fopen(path, "wb")) == NULL) {
		fprintf(stderr, "gen_sched: %s: %s\n", path, strerror(errno));
		gen_free(&g);
		return 1;
	}
	if (write_file(&g, out) != 0 || fclose(out) != 0) {
		fprintf(stderr, "gen_sched: %s: %s\n", path, strerror(errno));
		rc = 1;
	}
	printf("events %llu steps %llu cycles %llu never-woken %llu "
	    "unknown %llu clock-jumps %llu span-ns %llu\n",
	    (unsigned long long)g.n, (unsigned long long)g.steps,
	    (unsigned long long)g.cycles, (unsigned long long)g.never,
	    (unsigned long long)g.unknown, (unsigned long long)g.jumps,
	    (unsigned long long)(g.t - T0));
	/* The waits that never end, of threads born in the trace. */
	printf("never-woken-born:");
	for (ch = 0; ch < g.nthr; ch++)
		if (g.st[ch] == G_NEVER && g.born[ch])
			printf(" %d", pid_of(ch));
	printf("\n");
	gen_free(&g);
	return rc;
}
