/* capgen.h: what the parts of capgen share: the output, a shape's numbers and the member bodies. */
#ifndef CAPGEN_H
#define CAPGEN_H

#include <stddef.h>
#include <stdint.h>

#define OUTBUF		(1 << 16)
#define ZEROS		(1 << 20)
#define MEMBER_MAX	((uint64_t)1 << 30)	/* zeros go in members of 1 GiB */
#define NOISE_BLOCK	65536
#define SMALL_STEP	20			/* jiffies between small_ps blocks */

/*
 * Where bytes go.  Each member is generated twice: once only counted,
 * for the size in its tar header, then written.
 */
struct out {
	int fd;
	int counting;
	uint64_t n;		/* bytes put so far */
	size_t len;
	char *buf;		/* OUTBUF bytes; NULL when counting */
};

enum mode { M_IDLE, M_BUSY, M_ALT, M_SHORT };

/* A shape's numbers, named after what the shapes use them for. */
struct gen {
	uint64_t n;		/* processes, records, lines, members, MiB */
	uint64_t blocks;
	uint64_t first;		/* stamp of the first block, jiffies */
	uint64_t step;		/* jiffies between blocks */
	uint64_t len;		/* bytes of a value, line or command line */
	uint64_t k;		/* random bytes per 64 KiB (noise) */
	enum mode mode;
};

typedef int (*body_fn)(struct out *, const struct gen *);

/* capgen_out.c */
int flush_out(struct out *o);
int put(struct out *o, const void *p, size_t n);
int puts_out(struct out *o, const char *s);
int put_u64(struct out *o, uint64_t v);
int put_fill(struct out *o, int c, uint64_t n);

/* capgen_ps.c */
int ps_body(struct out *o, const struct gen *g);
int rows_ps_body(struct out *o, const struct gen *g);
int named_ps_body(struct out *o, const struct gen *g);
int small_ps_body(struct out *o, const struct gen *unused);
int stat_ps_body(struct out *o, const struct gen *g);
int taskstats_body(struct out *o, const struct gen *g);
int siblings_body(struct out *o, const struct gen *g);
int reuse_body(struct out *o, const struct gen *g);
int forkcycle_ps_body(struct out *o, const struct gen *g);
int longnames_body(struct out *o, const struct gen *g);
int long_line_body(struct out *o, const struct gen *g);

/* capgen_logs.c */
int stat_body(struct out *o, const struct gen *g);
int disk_body(struct out *o, const struct gen *g);
int forkcycle_body(struct out *o, const struct gen *g);
int pacct_body(struct out *o, const struct gen *g);
int paternity_body(struct out *o, const struct gen *g);
int pidnames_body(struct out *o, const struct gen *g);
int cmdlines_body(struct out *o, const struct gen *g);
int header_keys_body(struct out *o, const struct gen *g);
int header_value_body(struct out *o, const struct gen *g);
int zeros_body(struct out *o, const struct gen *g);
int noise_body(struct out *o, const struct gen *g);

#endif
