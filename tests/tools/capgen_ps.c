/* capgen_ps.c: capgen's process logs: proc_ps.log shapes (many, same-named, reused, long names, long lines) and taskstats.log. */
#include <stdint.h>

#include "capgen.h"

/*
 * A /proc/PID/stat line: ppid is field 1 after the state, utime 11,
 * stime 12, starttime 19.
 */
static int
stat_line(struct out *o, uint64_t pid, const char *name, uint64_t name_no,
    char state, uint64_t ppid, uint64_t utime, uint64_t start)
{
	if (put_u64(o, pid) != 0 || puts_out(o, " (") != 0 ||
	    puts_out(o, name) != 0 ||
	    (name_no > 0 && put_u64(o, name_no) != 0))
		return -1;
	if (put(o, ") ", 2) != 0 || put(o, &state, 1) != 0 ||
	    put(o, " ", 1) != 0 || put_u64(o, ppid) != 0 ||
	    puts_out(o, " 0 0 0 0 0 0 0 0 0 ") != 0 || put_u64(o, utime) != 0 ||
	    puts_out(o, " 0 0 0 0 0 0 0 ") != 0 || put_u64(o, start) != 0)
		return -1;
	return put(o, "\n", 1);
}

/* CPU ticks by block b: ALT alternates a full and a half interval. */
static uint64_t
utime_at(const struct gen *g, uint64_t b)
{
	switch (g->mode) {
	case M_BUSY:
		return b * g->step;
	case M_ALT:
		return b / 2 * (g->step + g->step / 2) + b % 2 * g->step;
	default:
		return 0;
	}
}

/*
 * proc_ps.log: blocks of init and n - 1 children named w2, w3, ...
 * (distinct: nothing merges), each started at the first block.
 */
int
ps_body(struct out *o, const struct gen *g)
{
	uint64_t b, p, u;
	char st = g->mode == M_IDLE ? 'S' : 'R';

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, g->first + b * g->step) != 0 ||
		    put(o, "\n", 1) != 0)
			return -1;
		u = utime_at(g, b);
		for (p = 1; p <= g->n; p++)
			if (stat_line(o, p, p == 1 ? "init" : "w", p == 1 ? 0 : p,
			    st, p == 1 ? 0 : 1, u, g->first) != 0)
				return -1;
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* Three blocks of init and a busy shell: the process log of most shapes. */
int
small_ps_body(struct out *o, const struct gen *unused)
{
	struct gen g = { 2, 3, 100, SMALL_STEP, 0, 0, M_BUSY };

	return ps_body(o, &g);
}

/*
 * proc_ps.log: n processes named by len bytes then their PID (distinct:
 * nothing merges), in b blocks 20 jiffies apart, CPU use alternating so
 * that every block is a cell of its own.
 */
int
named_ps_body(struct out *o, const struct gen *g)
{
	uint64_t b, p, u;

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, 100 + b * 20) != 0 || put(o, "\n", 1) != 0)
			return -1;
		u = b / 2 * 30 + b % 2 * 20;
		for (p = 1; p <= g->n; p++)
			if (put_u64(o, p) != 0 || puts_out(o, " (") != 0 ||
			    put_fill(o, 'n', g->len) != 0 ||
			    put_u64(o, p) != 0 || puts_out(o, ") R ") != 0 ||
			    put_u64(o, p == 1 ? 0 : 1) != 0 ||
			    puts_out(o, " 0 0 0 0 0 0 0 0 0 ") != 0 ||
			    put_u64(o, u) != 0 ||
			    puts_out(o, " 0 0 0 0 0 0 0 100\n") != 0)
				return -1;
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* n distinct busy processes (PIDs 1..n) in three blocks: a row each. */
int
rows_ps_body(struct out *o, const struct gen *g)
{
	struct gen h = { g->n, 3, 100, 20, 0, 0, M_BUSY };

	return ps_body(o, &h);
}

/* Init and a shell over the span of stat_body's or disk_body's blocks. */
int
stat_ps_body(struct out *o, const struct gen *g)
{
	struct gen h = { 2, 3, 100, g->blocks / 2 + 1, 0, 0, M_BUSY };

	return ps_body(o, &h);
}

/* taskstats.log: "pid ppid comm cpu_ns blkio_ns swapin_ns", every block. */
int
taskstats_body(struct out *o, const struct gen *g)
{
	uint64_t b, p;

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, 100 + b * 2) != 0 || put(o, "\n", 1) != 0)
			return -1;
		for (p = 1; p <= g->n; p++)
			if (put_u64(o, p) != 0 || puts_out(o, p == 1 ? " 0 " :
			    " 1 ") != 0 || puts_out(o, "t ") != 0 ||
			    put_u64(o, b * 1000000) != 0 ||
			    puts_out(o, " 0 0\n") != 0)
				return -1;
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/*
 * n same-named children of init ("w") over `blocks` blocks: SHORT, each
 * in one block (all pruned); BUSY, each in every block, busy (all
 * merged into one).  The shapes that made pruning and merging quadratic.
 */
int
siblings_body(struct out *o, const struct gen *g)
{
	uint64_t b, p;

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, 100 + SMALL_STEP * b) != 0 ||
		    put(o, "\n", 1) != 0 ||
		    stat_line(o, 1, "init", 0, 'S', 0, b, 1) != 0)
			return -1;
		for (p = 2; p < g->n + 2; p++) {
			if (g->mode == M_SHORT && p % g->blocks != b)
				continue;
			if (stat_line(o, p, "w", 0, 'R', 1, g->mode == M_SHORT ?
			    1 : 3 * b, 5) != 0)
				return -1;
		}
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* PID 5 and its child 6 start again in every block: PID reuse. */
int
reuse_body(struct out *o, const struct gen *g)
{
	uint64_t b, t;

	for (b = 0; b < g->blocks; b++) {
		t = 100 + 2 * b;
		if (put_u64(o, t) != 0 || put(o, "\n", 1) != 0 ||
		    stat_line(o, 1, "init", 0, 'S', 0, b, 1) != 0 ||
		    stat_line(o, 5, "a", 0, 'R', 1, 1, t) != 0 ||
		    stat_line(o, 6, "b", 0, 'R', 5, 1, t) != 0 ||
		    put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* n/2 processes, PIDs 2.., for the fork records of forkcycle_body. */
int
forkcycle_ps_body(struct out *o, const struct gen *g)
{
	struct gen h = *g;

	h.n = g->n / 2 + 1;
	h.blocks = 3;
	h.first = 100;
	h.step = SMALL_STEP;
	h.mode = M_BUSY;
	return ps_body(o, &h);
}

/* proc_ps.log: one block of n processes, each named with len bytes of 'n'. */
int
longnames_body(struct out *o, const struct gen *g)
{
	uint64_t p;

	if (puts_out(o, "100\n") != 0)
		return -1;
	for (p = 1; p <= g->n; p++)
		if (put_u64(o, p) != 0 || puts_out(o, " (") != 0 ||
		    put_fill(o, 'n', g->len) != 0 ||
		    puts_out(o, ") R 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
		    "100\n") != 0)
			return -1;
	return put(o, "\n", 1);
}

/* proc_ps.log of three blocks, each with one process line len bytes long. */
int
long_line_body(struct out *o, const struct gen *g)
{
	static const char tail[] = ") S 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1";
	const size_t fixed = 3 + sizeof(tail) - 1;	/* "1 (" name tail */
	uint64_t b;

	if (g->len < fixed + 1)
		return -1;
	for (b = 0; b < 3; b++)
		if (put_u64(o, 100 + SMALL_STEP * b) != 0 ||
		    puts_out(o, "\n1 (") != 0 ||
		    put_fill(o, 'a', g->len - fixed) != 0 ||
		    puts_out(o, tail) != 0 || put(o, "\n\n", 2) != 0)
			return -1;
	return 0;
}
