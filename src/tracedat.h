/* tracedat.h: trace-cmd's trace.dat format, the one description bootchartd's writer and bootchart-render's reader share (docs/trace.md). */
#ifndef BC_TRACEDAT_H
#define BC_TRACEDAT_H

/*
 * A trace.dat file starts with these 10 bytes, then the version as
 * decimal text and a NUL ("6\0", "7\0"), one byte of endianness (0
 * little, 1 big), one byte of user space's long size and a u32 page
 * size.  bootchartd writes version 6 (sequential, uncompressed); the
 * reader takes 6 and 7, as trace-cmd 3.1.6 does.
 */
#define TDAT_MAGIC	"\027\010\104tracing"
#define TDAT_MAGIC_LEN	10
#define TDAT_VERSION_MIN	6
#define TDAT_VERSION_MAX	7
#define TDAT_VERSION_WRITTEN	6

/*
 * Tags written with their NUL: "header_page" (12 bytes) and
 * "header_event" (13) each precede a u64 size and the text of
 * events/header_page or events/header_event; "options  " (10) opens a
 * v6 list of options, "flyrecord" (10) the per-CPU data, "latency  "
 * (10) the text of a latency trace (not read).
 */
#define TDAT_HEADER_PAGE	"header_page"
#define TDAT_HEADER_EVENT	"header_event"
#define TDAT_OPTIONS_TAG	"options  "
#define TDAT_FLYRECORD_TAG	"flyrecord"
#define TDAT_LATENCY_TAG	"latency  "
#define TDAT_TAG_LEN	10	/* the three 10-byte tags above */

/*
 * Option ids (u16): in v6 an option is {u16 id, u32 size, data} and id
 * 0 (no size) ends the list; in v7 the same ids name sections too.
 */
enum tdat_option {
	TDAT_OPT_DONE = 0,
	TDAT_OPT_DATE = 1,		/* time offset, text */
	TDAT_OPT_CPUSTAT = 2,		/* per_cpu/cpuN/stats, "CPU: N\n" + text */
	TDAT_OPT_BUFFER = 3,		/* an instance's (v7: every buffer's) data */
	TDAT_OPT_TRACECLOCK = 4,	/* the trace_clock file's text */
	TDAT_OPT_UNAME = 5,		/* "sysname nodename release version machine" */
	TDAT_OPT_HOOK = 6,
	TDAT_OPT_OFFSET = 7,
	TDAT_OPT_CPUCOUNT = 8,		/* u32 */
	TDAT_OPT_VERSION = 9,		/* the writer's version, text */
	TDAT_OPT_PROCMAPS = 10,
	TDAT_OPT_TRACEID = 11,
	TDAT_OPT_TIME_SHIFT = 12,
	TDAT_OPT_GUEST = 13,
	TDAT_OPT_TSC2NSEC = 14,
	TDAT_OPT_STRINGS = 15,		/* v7: the section names */
	TDAT_OPT_HEADER_INFO = 16,	/* v7 sections: what v6 has in order */
	TDAT_OPT_FTRACE_EVENTS = 17,
	TDAT_OPT_EVENT_FORMATS = 18,
	TDAT_OPT_KALLSYMS = 19,
	TDAT_OPT_PRINTK = 20,
	TDAT_OPT_CMDLINES = 21,
	TDAT_OPT_BUFFER_TEXT = 22
};

/* v7 section flags (u16). */
#define TDAT_SEC_COMPRESSED	1

/*
 * The ring buffer's event header (events/header_event): a u32 of
 * type_len (5 bits) and time_delta (27 bits); type_len 1..28 is the
 * data's length in words, 0 a length in the next word, and these three
 * are not events.  A page's commit word holds the bytes used in its
 * low bits and these two flags.
 */
#define TDAT_TYPE_PADDING	29
#define TDAT_TYPE_TIME_EXTEND	30
#define TDAT_TYPE_TIME_STAMP	31
#define TDAT_TYPE_DATA_MAX	28
#define TDAT_COMMIT_MASK	((1UL << 27) - 1)
#define TDAT_MISSED_EVENTS	(1UL << 31)	/* events were lost before the page */
#define TDAT_MISSED_STORED	(1UL << 30)	/* their count follows the data */

/*
 * v6 with a TRACECLOCK option: the flyrecord's per-CPU {u64 offset, u64
 * size} table is followed by a u64 size and trace_clock's text again,
 * before the page-aligned data (trace-cmd dump --clock reads it there).
 */
/*
 * An event's common_flags: the context it was recorded in (the
 * kernel's trace_flag_type, include/linux/trace_events.h, 3.x to 6.x).
 */
#define TDAT_FLAG_HARDIRQ	0x08
#define TDAT_FLAG_SOFTIRQ	0x10	/* serving a softirq */
#define TDAT_FLAG_NMI		0x40

/* A CPUSTAT option's text: this line, then per_cpu/cpuN/stats. */
#define TDAT_CPUSTAT_HEAD	"CPU: %u\n"

#endif
