/* capgen_logs.c: capgen's other members: proc_stat.log, proc_diskstats.log, kernel_pacct, paternity.log, init_pidname.log, cmdline2.log, the header, zeros and noise. */
#include <stdint.h>
#include <string.h>

#include "capgen.h"

/*
 * proc_stat.log: blocks one jiffy apart whose CPU use alternates between
 * all user and all idle, so the CPU chart's line steps at every block.
 */
int
stat_body(struct out *o, const struct gen *g)
{
	uint64_t b;

	for (b = 0; b < g->blocks; b++)
		if (put_u64(o, 100 + b) != 0 || puts_out(o, "\ncpu  ") != 0 ||
		    put_u64(o, (b + 1) / 2) != 0 || puts_out(o, " 0 0 ") != 0 ||
		    put_u64(o, b / 2) != 0 || puts_out(o, " 0 0 0 0\n\n") != 0)
			return -1;
	return 0;
}

/* "sd" and i in base 26 (a, b, ..., z, ba, bb, ...): a whole-disk name. */
static int
put_disk_name(struct out *o, uint64_t i)
{
	char d[24];
	size_t k = sizeof(d);

	do {
		d[--k] = (char)('a' + i % 26);
		i /= 26;
	} while (i > 0);
	return put(o, "sd", 2) != 0 || put(o, d + k, sizeof(d) - k) != 0 ?
	    -1 : 0;
}

/*
 * proc_diskstats.log: blocks one jiffy apart of n disks, listed in
 * reverse order every other block; each disk is busy and reads in
 * every other block, so the disk chart steps at every block.
 */
int
disk_body(struct out *o, const struct gen *g)
{
	uint64_t b, j, i, c;

	for (b = 0; b < g->blocks; b++) {
		if (put_u64(o, 100 + b) != 0 || put(o, "\n", 1) != 0)
			return -1;
		c = (b + 1) / 2;
		for (j = 0; j < g->n; j++) {
			i = b % 2 ? g->n - 1 - j : j;
			if (puts_out(o, "   8 0 ") != 0 || put_disk_name(o, i) != 0 ||
			    puts_out(o, " 1 0 ") != 0 || put_u64(o, 8 * c) != 0 ||
			    puts_out(o, " 0 1 0 0 0 0 ") != 0 ||
			    put_u64(o, 10 * c) != 0 || puts_out(o, " 0\n") != 0)
				return -1;
		}
		if (put(o, "\n", 1) != 0)
			return -1;
	}
	return 0;
}

/* One kernel_pacct record: version 3, little-endian, pid and ppid. */
static int
put_acct(struct out *o, uint64_t pid, uint64_t ppid)
{
	unsigned char r[64];
	int i;

	memset(r, 0, sizeof(r));
	r[1] = 3;
	for (i = 0; i < 4; i++) {
		r[16 + i] = (unsigned char)(pid >> 8 * i);
		r[20 + i] = (unsigned char)(ppid >> 8 * i);
	}
	return put(o, r, sizeof(r));
}

/*
 * kernel_pacct: n/2 records chained into a cycle (C -> C+1 -> ... -> C),
 * and each of n/2 processes forked by the chain's first record, so every
 * process's walk runs into the same long cycle.
 */
int
forkcycle_body(struct out *o, const struct gen *g)
{
	const uint64_t c = 10000000, half = g->n / 2;
	uint64_t i;

	for (i = 0; i < half; i++)
		if (put_acct(o, c + i, i + 1 < half ? c + i + 1 : c) != 0)
			return -1;
	for (i = 0; i < half; i++)
		if (put_acct(o, 2 + i, c) != 0)
			return -1;
	return 0;
}

/* kernel_pacct: a chain, 1000+i forked by 999+i. */
int
pacct_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 0; i < g->n; i++)
		if (put_acct(o, 1000 + i, i == 0 ? 1 : 999 + i) != 0)
			return -1;
	return 0;
}

/* paternity.log: the same chain as "child parent" lines. */
int
paternity_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 0; i < g->n; i++)
		if (put_u64(o, 1000 + i) != 0 || put(o, " ", 1) != 0 ||
		    put_u64(o, i == 0 ? 1 : 999 + i) != 0 ||
		    put(o, "\n", 1) != 0)
			return -1;
	return 0;
}

/* init_pidname.log: "PID=nPID" for PIDs 1..n. */
int
pidnames_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 1; i <= g->n; i++)
		if (put_u64(o, i) != 0 || puts_out(o, "=n") != 0 ||
		    put_u64(o, i) != 0 || put(o, "\n", 1) != 0)
			return -1;
	return 0;
}

/* cmdline2.log: n records "PID", ":/bin/x", ":" and len bytes of 'a'. */
int
cmdlines_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 1; i <= g->n; i++)
		if (put_u64(o, i) != 0 || puts_out(o, "\n:/bin/x\n:") != 0 ||
		    put_fill(o, 'a', g->len) != 0 || put(o, "\n\n", 2) != 0)
			return -1;
	return 0;
}

/* header: n distinct keys. */
int
header_keys_body(struct out *o, const struct gen *g)
{
	uint64_t i;

	for (i = 0; i < g->n; i++)
		if (put(o, "k", 1) != 0 || put_u64(o, i) != 0 ||
		    puts_out(o, " = v\n") != 0)
			return -1;
	return 0;
}

/* header: a title of len bytes. */
int
header_value_body(struct out *o, const struct gen *g)
{
	if (puts_out(o, "title = ") != 0 || put_fill(o, 'a', g->len) != 0)
		return -1;
	return put(o, "\n", 1);
}

int
zeros_body(struct out *o, const struct gen *g)
{
	return put_fill(o, 0, g->len);
}

/* n MiB; each 64 KiB holds k bytes of xorshift noise, then zeros. */
int
noise_body(struct out *o, const struct gen *g)
{
	unsigned char b[NOISE_BLOCK];
	uint64_t x = 88172645463325252ULL, i;
	size_t j;

	for (i = 0; i < g->n * (1 << 20) / NOISE_BLOCK; i++) {
		memset(b, 0, sizeof(b));
		for (j = 0; j < g->k && j < sizeof(b); j++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			b[j] = (unsigned char)x;
		}
		if (put(o, b, sizeof(b)) != 0)
			return -1;
	}
	return 0;
}
