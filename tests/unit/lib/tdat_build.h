/* tdat_build.h: trace.dat version 6 files built in memory for the reader's tests: one test event format, hand-made ring-buffer pages (docs/trace.md). */
#ifndef BC_TDAT_BUILD_H
#define BC_TDAT_BUILD_H

#include <stddef.h>
#include <stdint.h>

/* The kernel's 4 KiB page: u64 time stamp, u64 commit, then data. */
#define TB_PAGE		4096
#define TB_DATA		16
/* The test event: test:tev, ID 7 (tdat_build.c has its format). */
#define TB_ID		7
#define TB_MAXCPU	4
#define TB_MAXPAGES	8

struct tb_page {
	uint8_t b[TB_PAGE];
	size_t used;		/* bytes of data written */
};

/* The common fields every real event's format begins with (6.x, x86-64). */
#define TB_COMMON \
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

/* The fields of sched_switch and of sched_waking (and wakeup_new), as 6.x's tracefs gives them on x86-64. */
#define TB_SWITCH_FIELDS \
    "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n" \
    "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n" \
    "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n" \
    "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n" \
    "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n" \
    "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n" \
    "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n"
#define TB_WAKE_FIELDS \
    "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n" \
    "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n" \
    "\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n" \
    "\tfield:int target_cpu;\toffset:32;\tsize:4;\tsigned:1;\n"

/* Event formats of one system, for files of real events (test_tboot). */
struct tb_system {
	const char *name;
	const char *const *formats;
	size_t n;
};

/* A file being built: pages per CPU, pid names, the format text. */
struct tb_file {
	struct tb_page pages[TB_MAXCPU][TB_MAXPAGES];
	int npages[TB_MAXCPU];
	int ncpu;
	const char *cmdlines;	/* "pid comm\n" lines, or NULL */
	const char *format;	/* the test event's format, or NULL for the usual */
	const struct tb_system *systems;	/* instead of the test event's */
	size_t nsystems;
	const char *kallsyms;	/* its text, or NULL */
};

/* The kernel's events/header_page and header_event texts (x86-64). */
extern const char tb_header_page[], tb_header_event[];

/* An empty page starting at ts (a writer that streams its pages). */
void tb_page_init(struct tb_page *, uint64_t ts);
/* A fresh page of CPU cpu starting at ts; returns it. */
struct tb_page *tb_page(struct tb_file *, int cpu, uint64_t ts);
/* A test event's record: pid, val, name (char[8]), str (__data_loc); its length. */
size_t tb_record(uint8_t *out, size_t cap, int pid, int32_t val,
    const char *name, const char *str);
/*
 * Appends an event of len bytes after delta ns: type_len len/4 when it
 * fits (len <= 112, a multiple of 4), else (or with force_long) type_len 0
 * with its length in the next word.
 */
void tb_event(struct tb_page *, uint32_t delta, const uint8_t *rec,
    size_t len, int force_long);
/* A TIME_EXTEND of delta ns (any size). */
void tb_extend(struct tb_page *, uint64_t delta);
/* A TIME_STAMP: the absolute time ts. */
void tb_stamp(struct tb_page *, uint64_t ts);
/* Padding of 4 + len bytes (a discarded event when delta != 0). */
void tb_pad(struct tb_page *, uint32_t delta, uint32_t len);
/* Sets the page's commit word: used bytes | flags, lost stored after the data. */
void tb_commit(struct tb_page *, uint64_t flags, uint64_t lost);
/* The same with a commit of any value (a corrupt page). */
void tb_commit_raw(struct tb_page *, uint64_t commit);

/* A record of real events being made: common fields, then tb_put() at offsets. */
struct tb_rec {
	uint8_t b[128];
	size_t len;
};

/* A record of event id by pid: common_type and common_pid set, 8 bytes. */
struct tb_rec tb_rec(uint16_t id, int pid);
/* n bytes of v, little-endian, at off. */
void tb_put(struct tb_rec *, size_t off, uint64_t v, size_t n);
/* s's bytes (not its NUL) at off: a char[N] field. */
void tb_put_str(struct tb_rec *, size_t off, const char *s);
/* Appends r after delta ns (rounded up to whole words, as the kernel). */
void tb_emit(struct tb_page *, uint64_t delta, struct tb_rec r);
/*
 * sched_switch and sched_waking records laid out as TB_SWITCH_FIELDS and
 * TB_WAKE_FIELDS say (priorities 120), of the format the test gave id.
 */
struct tb_rec tb_switch(uint16_t id, int prev, const char *prev_comm,
    long long prev_state, int next, const char *next_comm);
struct tb_rec tb_waking(uint16_t id, int waker, int pid, const char *comm,
    int target_cpu);

/* The whole file, malloc'd; *len gets its size.  NULL on no memory. */
uint8_t *tb_write(const struct tb_file *, size_t *len);

/*
 * The ftrace system's funcgraph_exit (ID 10) and funcgraph_entry (ID 11)
 * formats, for a file of function_graph records (its systems).
 */
extern const struct tb_system tb_ftrace;
/* One funcgraph_exit record (40 bytes), delta ns after the last. */
void tb_funcgraph_exit(struct tb_page *, uint32_t delta, int pid,
    uint64_t func, int32_t depth, uint64_t call, uint64_t ret);
/* One funcgraph_entry record (24 bytes). */
void tb_funcgraph_entry(struct tb_page *, uint32_t delta, int pid,
    uint64_t func, int32_t depth);

#endif
