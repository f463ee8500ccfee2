/* tdat_foreign.h: what the parts of tdat_foreign (a recorded x86-64 trace.dat rewritten as a big-endian or 32-bit kernel's) share. */
#ifndef BC_TDAT_FOREIGN_H
#define BC_TDAT_FOREIGN_H

#include <stddef.h>
#include <stdint.h>

#define TF_MAXFIELDS	64
#define TF_MAXCPU	256
#define TF_MAXOPTS	64

/* The form written: byte order, long size, file version. */
struct tf_target {
	int big;
	int lsize;		/* 8, or 4 for a 32-bit kernel */
	int version;		/* 6 or 7 */
};

/* What was converted, for the tool's one line of output. */
struct tf_stats {
	unsigned long events, pages, cut;	/* cut: longs that lost bits */
};

struct tf_span {
	const uint8_t *p;
	size_t len;
};

/* One field of a format, as read and as written. */
struct tf_field {
	char decl[200];		/* between "field:" and ';' */
	uint32_t off, size, count;
	int sign;
	int loc;		/* 0, 1 __data_loc, 2 __rel_loc */
	int array;		/* NAME[N] in place */
	int text;		/* char elements: bytes, never swapped */
	int islong;		/* long or pointer elements (8 bytes in) */
	uint32_t elem;		/* element size in; 0 unknown */
	uint32_t noff, nsize, nelem;	/* as written */
};

struct tf_fmt {
	const char *system;
	struct tf_span text;
	uint32_t id;
	struct tf_field f[TF_MAXFIELDS];
	int nf;
	uint32_t end, nend;	/* the fixed fields' ends, in and out */
	int flex;		/* the last field: a flexible array of numbers */
	const char *bad;	/* why its events cannot be converted */
};

/* A growing buffer of the output, numbers in the target's order. */
struct tf_out {
	uint8_t *p;
	size_t len, cap;
	int big;
};

void tf_die(const char *fmt, ...) __attribute__((format(printf, 1, 2),
    noreturn));
uint64_t tf_le(const uint8_t *p, size_t size);
void tf_put(uint8_t *p, uint64_t v, size_t size, int big);
void tf_bytes(struct tf_out *, const void *p, size_t n);
void tf_num(struct tf_out *, uint64_t v, size_t size);
void tf_set(struct tf_out *, size_t at, uint64_t v, size_t size);
void tf_align(struct tf_out *, size_t to);

/* tdat_foreign_fmt.c: a format's fields and their layout for t. */
void tf_fmt_parse(struct tf_fmt *, const struct tf_target *t);
/* The format's text as t's kernel gives it. */
void tf_fmt_text(const struct tf_fmt *, const struct tf_target *t,
    struct tf_out *o);
/* One record (common fields first) rewritten into out; its length. */
size_t tf_record(const struct tf_fmt *, const struct tf_target *t,
    const uint8_t *in, size_t len, uint8_t *out, struct tf_stats *);

/* tdat_foreign_page.c: one ring-buffer page rewritten (page bytes). */
void tf_page(const uint8_t *in, size_t psize, uint8_t *out,
    const struct tf_target *t, const struct tf_fmt *fmts, size_t nfmts,
    struct tf_stats *);
/* The header_page text of t's kernel for pages of psize bytes. */
void tf_header_page(const struct tf_target *t, uint32_t psize,
    struct tf_out *o);

#endif
