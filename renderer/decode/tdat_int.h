/* tdat_int.h: what the parts of the trace.dat reader share: the opened file, its formats and CPU streams, a bounds-checked cursor. */
#ifndef BC_TDAT_INT_H
#define BC_TDAT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "ringpage.h"
#include "trace.h"

/* How a field's bytes are read. */
enum tfield_kind {
	TF_NUMBER,	/* 1, 2, 4 or 8 bytes */
	TF_ARRAY,	/* TYPE NAME[N]: N elements in place */
	TF_DATALOC,	/* __data_loc: u32 (length << 16 | offset in the record) */
	TF_RELLOC	/* __rel_loc: the same, offset from the field's end */
};

struct tfield {
	char *name;
	uint32_t offset, size;
	uint32_t count;		/* TF_ARRAY: elements (0 when unsaid) */
	int is_signed;
	int is_char;		/* char/u8 elements: text */
	int common;		/* common_* */
	enum tfield_kind kind;
	int big;		/* the file's byte order */
};

struct tfmt {
	char *system, *name;
	uint32_t id;
	struct tfield *fields;
	size_t nfields;
	const struct tfield *pid;	/* common_pid, set by tfmt_index */
};

struct tcmdline {
	int pid;
	char *comm;
};

/* Chunks of compressed per-CPU data (v7): where the next one is. */
struct tchunks {
	const uint8_t *p;	/* the CPU's bytes in the file */
	size_t len, pos;
	uint32_t left;		/* chunks not yet unpacked */
	uint8_t *buf;		/* the one unpacked now */
	size_t cap;
};

/* One CPU of one buffer: its pages, the page being read, the next event. */
struct tstream {
	int cpu;
	int bufno;		/* 0 the top buffer, then instances */
	uint64_t file_off;	/* of the data, for messages */
	const uint8_t *data;	/* pages: in the file, or the unpacked chunk */
	size_t len, next_page;
	size_t given;		/* data's bytes given back (tdat_give_back) */
	int compressed;
	struct tchunks ch;
	/* The page being read. */
	const uint8_t *page;
	struct ringpage rp;	/* its records not read yet */
	uint64_t page_off;	/* of the page in data, for messages */
	uint64_t ts;
	/* The next event, read ahead for the merge. */
	int have, done;
	struct tevent ev;
	int64_t last_ts;
	int warned;		/* what was warned of (tdat_ring.c) */
	uint64_t lost, lost_pages;
};

/* A kernel text symbol (tdat_syms.c). */
struct tsym {
	uint64_t addr;
	char *name;
};

struct tdat {
	const uint8_t *buf;
	size_t len;
	struct diag *d;		/* the opener's: must outlive the tdat */
	char where[sizeof(((struct diag *)0)->file)];	/* d->file at open */
	unsigned long where_gen;	/* d->file_gen when d->file was where */
	int version, big;
	char comp[32];		/* v7 compression: "none", "zstd", "zlib" */
	/* header_page */
	uint32_t ts_off, commit_off, commit_size, data_off;
	uint32_t page_size;	/* data_off + the data field's size */
	/* formats, sorted by id once read */
	struct tfmt *fmts;
	size_t nfmts, fmts_cap;
	uint32_t type_off, type_size;	/* common_type, in every format */
	struct tcmdline *cmds;
	size_t ncmds, cmds_cap;
	char *clock, *uname;
	int cpucount;
	struct tstream *st;
	size_t nst, st_cap;
	size_t *active;		/* streams not finished, in merge order */
	size_t nactive;
	size_t returned;	/* 1 + the active slot of the last event, or 0 */
	struct tsym *syms;	/* kallsyms' code symbols, by address */
	size_t nsyms, syms_cap;
	uint64_t unpacked;	/* bytes decompressed so far */
	/*
	 * What the sections and the CPUs' chunks declare they unpack to,
	 * checked against unpack_cap (what src may still expand to) before
	 * any is unpacked; chunk headers walked, for overlapping CPUs.
	 */
	uint64_t declared, unpack_cap;
	int give_back;		/* pages read past are given back (tdat_give_back) */
	struct tdat_source src;
	uint64_t walked;
};

/* A bounds-checked reader over part of the file. */
struct tcur {
	const uint8_t *p;
	size_t len, pos;
	uint64_t base;		/* file offset of p[0], for messages */
	int big;
};

void tcur_init(struct tcur *, const struct tdat *, const uint8_t *p,
    size_t len, uint64_t base);
/* 0, or -1 when the bytes run out (nothing read). */
int tcur_u16(struct tcur *, uint16_t *);
int tcur_u32(struct tcur *, uint32_t *);
int tcur_u64(struct tcur *, uint64_t *);
int tcur_bytes(struct tcur *, size_t n, const uint8_t **);
/* A NUL-terminated string, at most max bytes before the NUL. */
int tcur_str(struct tcur *, size_t max, const char **);
uint64_t tcur_off(const struct tcur *);

/* Records "offset N: TEXT" as the error; returns -1. */
int tdat_fail(struct tdat *, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "offset N: truncated (WHAT)". */
int tdat_short(struct tdat *, const struct tcur *, const char *what);

/* tdat_file.c: everything up to the per-CPU data; 0 or -1. */
int tdat_read_file(struct tdat *);

/* tdat_format.c */
int tfmt_header_page(struct tdat *, const char *text, size_t len,
    uint64_t off);
int tfmt_parse(struct tdat *, const char *system, const char *text,
    size_t len, uint64_t off);
/* Sorts the formats by id and finds the common fields; 0 or -1. */
int tfmt_index(struct tdat *);
const struct tfmt *tfmt_by_id(const struct tdat *, uint32_t id);
void tfmt_free_all(struct tdat *);

/* tdat_meta.c */
int tdat_cmdlines(struct tdat *, const char *text, size_t len, uint64_t off);
/* The kallsyms text's code symbols, sorted (tdat_syms.c); 0 or -1. */
int tdat_syms(struct tdat *, const char *text, size_t len);
void tdat_syms_free(struct tdat *);
int tdat_set_text(struct tdat *, char **dst, const uint8_t *p, size_t len);

/*
 * tdat_unpack.c: a compressed part (what names it: "kallsyms section",
 * "buffer 0 cpu 1") at off declares csize bytes unpack to usize: 0, or
 * -1 with the cap's error when that is past CAP_RATIO:1 or the budget.
 */
int tdat_declare(struct tdat *, const char *part, uint64_t off,
    uint64_t csize, uint64_t usize);
/* n bytes of compressed data into out (exactly outlen). */
int tdat_unpack(struct tdat *, const uint8_t *in, size_t n, uint8_t *out,
    size_t outlen, uint64_t off);

/* tdat_ring.c */
int tstream_add(struct tdat *, int bufno, int cpu, uint64_t off,
    uint64_t size, int compressed);
/* Reads the stream's next event into st->ev (st->have) or ends it (st->done). */
int tstream_advance(struct tdat *, struct tstream *);
void tstream_free_all(struct tdat *);

#endif
