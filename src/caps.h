/* caps.h: caps on the work one input may cause, each far above a real boot (docs/limits.md). */
#ifndef BC_CAPS_H
#define BC_CAPS_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* Decompressed bytes read from all inputs together. */
#define CAP_INPUT_BYTES	((int64_t)4 << 30)
/*
 * Decompressed : compressed bytes of an archive, checked once
 * CAP_RATIO_SLACK bytes are out and only when the archive can expand
 * past CAP_RATIO_FLOOR (what it gave so far and what the member being
 * read declares in its tar header).  Real logs reach about 50:1; zeros
 * reach 1000:1 in gzip, and so do bootchartd's own logs when processes
 * rename themselves with control bytes (issue 22): under the floor,
 * which is 4 times bootchartd's default budget (TMPFS_SIZE, 64 MiB), no
 * ratio is suspicious.
 */
#define CAP_RATIO		200
#define CAP_RATIO_SLACK	((int64_t)16 << 20)
#define CAP_RATIO_FLOOR	((int64_t)256 << 20)
/* Members of one archive, skipped ones included. */
#define CAP_MEMBERS		10000
/* Processes over the whole log (a reused PID counts again). */
#define CAP_PROCS		1000000
/*
 * Time stamps (uptime in jiffies) of any timed-block log: 20 years.
 * This bounds the span a chart may cover, and with it the time axis.
 */
#define CAP_STAMP_JIFFIES	((uint64_t)20 * 365 * 86400 * 100)
/* Timed blocks in one log: also bounds the samples of each process. */
#define CAP_BLOCKS		1000000
/* Process samples over all processes (24 bytes each). */
#define CAP_SAMPLES		(16 * 1000 * 1000)
/* Fork records from kernel_pacct and paternity.log. */
#define CAP_FORKS		4000000
/* init_pidname.log and cmdline2.log entries, each. */
#define CAP_PIDTEXTS		1000000
/* Bytes of cmdline2.log command lines kept (each is at most 4 KiB). */
#define CAP_TEXT_BYTES		((size_t)256 << 20)
/*
 * Rows of one chart, and their sample cells.  Vector formats keep every
 * element in memory until the end (cairo's SVG surface took 2.5 GB for
 * 300 000 rows, and about 1.2 KB per cell: 1 172 MB for a million), so
 * they get lower caps than PNG, which is painted and encoded in bands.
 * Past a cap: exit 2, naming the count.
 */
#define CAP_CHART_ROWS		50000
#define CAP_CHART_CELLS		4000000
#define CAP_VECTOR_ROWS	20000
#define CAP_VECTOR_CELLS	250000
/*
 * -f svg-glyphs: cairo's SVG keeps every glyph as a shape, twice (its
 * recording and its document): 20 000 rows of 4 KiB names took 643 MB,
 * so it gets half the rows (-f svg writes text: 120 MB for those).
 */
#define CAP_GLYPH_ROWS		10000
/* Initcalls and milestones kept from the kernel's log (dmesg). */
#define CAP_KEVENTS		100000
/*
 * Bytes of process names stored (each at most PIDSTAT_COMM_MAX, 4 KiB):
 * a name is counted each time it is stored, so renaming cannot grow it.
 */
#define CAP_NAME_BYTES		((size_t)256 << 20)
/* Distinct keys in the header. */
#define CAP_HEADER_KEYS	1000

/*
 * The trace.dat member (docs/trace.md).  Its bytes are held whole (the
 * file is read by offsets); a boot's recording is tens of MB.
 */
#define CAP_TRACE_BYTES		((size_t)1 << 30)
/*
 * A compressed (v7) trace.dat's sections count toward the expansion of
 * the bytes the user handed us (decode/tdat_unpack.c): the archive it
 * came in (its compressed bytes read up to the trace's end) or the file
 * itself may expand, tar stream and unpacked sections together, to
 * CAP_RATIO times those bytes or CAP_RATIO_FLOOR, whichever is more;
 * and one section (a CPU's chunks count as one) past CAP_RATIO_SLACK
 * to at most CAP_RATIO times its own compressed bytes.  Both are
 * checked from the sizes the file declares, before any is unpacked.
 */
/* One unpacked section (kallsyms is the largest: about 6 MB) and chunk. */
#define CAP_TRACE_SECTION	((size_t)128 << 20)
#define CAP_TRACE_CHUNK		((size_t)16 << 20)
/* A ring-buffer page (the kernel's sub-buffer: 4 KiB by default). */
#define CAP_TRACE_PAGE		((size_t)1 << 20)
/* CPU streams over all buffers (the kernel's NR_CPUS is at most 8192). */
#define CAP_TRACE_CPUS		8192
/* Buffers (instances), options and options sections. */
#define CAP_TRACE_BUFFERS	256
#define CAP_TRACE_OPTIONS	100000
/* Event formats, the fields of one, a name's bytes. */
#define CAP_TRACE_FORMATS	100000
#define CAP_TRACE_FIELDS	1024
#define CAP_TRACE_NAME		256
/* pid -> name lines (the kernel keeps 128 by default, at most 32768). */
#define CAP_TRACE_CMDLINES	1000000
/* Code symbols of kallsyms kept: a 6.x kernel with modules has ~100 000. */
#define CAP_TRACE_SYMS		2000000
/* Thread ids: above the kernel's PID_MAX_LIMIT (4M) none is a real one. */
#define CAP_TRACE_PIDS		(4 * 1024 * 1024)
/* Initcalls kept, and started and not finished: a boot runs 600 to 3 000. */
#define CAP_TRACE_INITCALLS	100000
/*
 * Changes of threads' states kept for the chart's exact rows (24 bytes
 * each): about one per scheduler event; a busy 6 s here had 540 000.
 */
#define CAP_TRACE_STATES	(4 * 1024 * 1024)
/*
 * 10 ms bins of the trace's busy CPU time, all CPUs (8 bytes each: 16
 * MiB): 5.8 CPU-hours, a 64-CPU boot's first 5 minutes.  A forged time
 * far ahead makes the bins up to it at once: this bounds it.
 */
#define CAP_TRACE_BINS		(2 * 1024 * 1024)
/*
 * Tasks' runs on CPUs kept for --per-cpu (24 bytes each, and 40 in the
 * log's copy): one per switch; the Debian test boot has 38 533.
 */
#define CAP_TRACE_CPU_RUNS	(2 * 1024 * 1024)
/*
 * Edges of the wake-up graph (--wakeups; 32 bytes each and a 4-byte
 * hash slot): one per (waiter, waker, state); a boot has thousands.
 */
#define CAP_TRACE_WAKE_EDGES	(1024 * 1024)
/*
 * Distinct (waiter process, kernel stack) pairs of the wake-up graph's
 * waits (40 bytes, the functions' text and a 4-byte hash slot each).
 */
#define CAP_TRACE_STACKS	(256 * 1024)
/*
 * Edges of the wake-up graph laid out and drawn (--wake-graph -f svg,
 * png): dot's layout grows faster than linearly, and a picture of
 * more is no longer read.  The edges of the most time are kept.
 */
#define CAP_WAKE_DRAW_EDGES	200
/*
 * Rows of the -f html page's table of kernel functions, the most total
 * time first: a browser sorts and filters some thousands at once;
 * --functions and --json list them all.
 */
#define CAP_HTML_FUNCTIONS	5000
/*
 * Disk completions kept for the critical path's disk waits (8 bytes
 * each: 8 MiB); past it, later D waits an interrupt ends are "irq".
 */
#define CAP_TRACE_BLOCK_DONE	(1024 * 1024)
/*
 * The disk chart of a trace without disk samples (tdisk.h): bins of 200
 * ms of bytes read and written and each disk's busy time (8 bytes each,
 * all series together: 16 MiB), 14 hours of one disk; a forged time far
 * ahead would make the bins up to it at once.  Disks whose busy time is
 * kept: a machine has a few; later ones add bytes but no busy time.
 * Requests issued and not completed kept (24 bytes each, in a table
 * twice as large): a deep NVMe queue holds some thousands.
 */
#define CAP_TRACE_DISK_BINS	(2 * 1024 * 1024)
#define CAP_TRACE_DISKS		64
#define CAP_TRACE_DISK_OPEN	(64 * 1024)
/*
 * Functions of a call graph drawn (--call-graph -f svg, png, the HTML
 * page's), the most total time first: dot's layout grows faster than
 * linearly, and a picture of more is not read.
 */
#define CAP_CALLGRAPH_DRAW_NODES	150
/* Workqueue items summed for the workers' labels (24 bytes each). */
#define CAP_TRACE_WORKS		(1024 * 1024)
/*
 * Kernel function calls from function_graph's records (40 bytes each:
 * 80 MiB); a Debian boot below do_one_initcall at a 100 us threshold
 * writes some thousands.
 */
#define CAP_TRACE_CALLS		(2 * 1024 * 1024)
/* A function_graph depth above this is no real one (the kernel's stack of returns holds 50). */
#define CAP_TRACE_CALL_DEPTH	255
/*
 * Scheduler records kept for the critical path (32 bytes each: 256
 * MiB): about two per switch and one per waking.
 */
#define CAP_TRACE_CRIT		(8 * 1024 * 1024)
/* Waits followed into their waker, one inside another (the walk's stack). */
#define CAP_CRIT_DEPTH		4096

/*
 * Bytes of one output written from a log (every text output: the trace's
 * exports, the verbs, the page, the reports; charts drawn by cairo are
 * bounded by the row and cell caps).  A boot's --dump-events is tens of
 * MB, its -f perfetto a few; 1 GiB of -f perfetto is about 380 MiB of
 * ring-buffer pages and 8 s of CPU.  Past it the output is not kept
 * (EXIT_OUTCAP).
 */
#define CAP_OUTPUT_BYTES	((uint64_t)1 << 30)

/*
 * 0 when one more item fits (n items so far, at most cap), else -1 with
 * the error "more than CAP WHAT" recorded (exit status 2).
 */
int cap_check(struct diag *, size_t n, size_t cap, const char *what);
/* The same for an amount (bytes): 0 while total <= cap. */
int cap_check_total(struct diag *, size_t total, size_t cap, const char *what);
/*
 * The error of every cap (exit status 2): the text of fmt followed by
 * ": over this program's limit (see docs/limits.md)"; returns -1.
 */
int cap_error(struct diag *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The same with another exit status than EXIT_BADINPUT (EXIT_OUTCAP). */
int cap_error_status(struct diag *, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
