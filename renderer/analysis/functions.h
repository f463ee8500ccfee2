/* functions.h: the kernel's functions as ftd lists them (--functions, docs/trace.md): per function its calls, total, average, longest and self time, and the depths it was seen at. */
#ifndef BC_FUNCTIONS_H
#define BC_FUNCTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct tcalls;
struct tdat;

#define FN_NAME		128	/* a kallsyms name, or "0x" and the address */
#define FN_DEPTHS	64	/* depths told apart; deeper ones count as 63 */

/*
 * Names kept once each, in blocks that never move, so a name's pointer
 * stays: 2 097 152 functions at distinct addresses took 128 bytes of
 * name each, twice (the table's and the call graph's), and the HTML
 * page past 1 GB (docs/limits.md).
 */
struct fn_pool {
	char **block;
	size_t nblock, used;	/* bytes used of the last block */
};

struct fn_row {
	uint64_t func;
	const char *name;	/* unescaped (the writer escapes it), in the pool */
	uint64_t calls;
	int64_t total_ns, max_ns;
	/* Its calls' time less their recorded callees' (under tracing_thresh unrecorded callees count as self). */
	int64_t self_ns;
	uint64_t depths;	/* bit d: a call at depth d */
};

struct fn_table {
	struct fn_row *v;	/* the most total time first, then by name */
	size_t n;
	struct fn_pool pool;	/* the rows' names */
};

/*
 * The table of the nested calls (tcalls_nest) of c, each function named
 * by td's kallsyms (td may be NULL); calls shorter than min_ns are left
 * out (their time still counts in their caller's total, not its self).
 * 0, or -1: no memory.
 */
int fn_table_make(const struct tcalls *c, const struct tdat *td,
    int64_t min_ns, struct fn_table *);
/*
 * Each call's recorded callees' time (by the nesting's parents, summed
 * without overflow), malloc'd, c->n of them; NULL on no memory.
 */
int64_t *fn_callee_ns(const struct tcalls *c);
/*
 * The functions' names, sorted, and each call's function as an index
 * into them: addresses of one name (a module's init code reused, as the
 * table's rows) are one function.  0, or -1 (no memory).
 */
struct fn_names {
	const char **name;	/* in the pool */
	size_t n;
	uint32_t *of;		/* per call of the tcalls */
	struct fn_pool pool;
};
int fn_names_make(const struct tcalls *c, const struct tdat *td,
    struct fn_names *);
/* The index of name, or -1. */
long fn_names_find(const struct fn_names *, const char *name);
void fn_names_free(struct fn_names *);
/* A function's kallsyms name (td may be NULL), or "0x" and its address. */
void fn_name(const struct tdat *td, uint64_t func, char *out, size_t cap);
/* ns as ms with three decimals, truncated to the µs ("12.345"), into out. */
void fn_ms(int64_t ns, char *out, size_t cap);
/* The same, to f. */
void fn_put_ms(FILE *f, int64_t ns);
/* The same after a tab: a column of a tab-separated table. */
void fn_put_ms_col(FILE *f, int64_t ns);
/* "0,2-4": the depths of a row, into out. */
void fn_depths(uint64_t depths, char *out, size_t cap);
void fn_table_free(struct fn_table *);

#endif
