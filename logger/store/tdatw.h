/* tdatw.h: the trace.dat member (version 6, src/tracedat.h) laid out from the texts and per-CPU pages the trace source gathered. */
#ifndef BCD_TDATW_H
#define BCD_TDATW_H

#include <stddef.h>
#include <stdint.h>

#include "obuf.h"

/* A text of tracefs or /proc, byte-exact. */
struct tdat_text {
	const char *p;
	size_t len;
};

/* One event system and the format files of its events. */
struct tdat_system {
	const char *name;
	const struct tdat_text *fmt;
	size_t n;
};

/* Everything a version 6 file holds but the pages themselves. */
struct tdat_in {
	uint32_t page_size;		/* events/header_page's page */
	struct tdat_text header_page, header_event;
	const struct tdat_text *ftrace;	/* events/ftrace/ formats */
	size_t nftrace;
	const struct tdat_system *sys;	/* every other enabled event */
	size_t nsys;
	struct tdat_text kallsyms, printk, cmdlines;
	/* Options: trace_clock's text, "sysname nodename release machine",
	 * the writer's version; stats[i] the end stats of CPU i. */
	struct tdat_text clock, uname, version;
	const struct tdat_text *stats;
	uint32_t ncpu;
	const uint64_t *cpu_size;	/* bytes of CPU i's pages */
};

/*
 * Lays out everything before CPU 0's pages into out (appended): the
 * header, metadata, options and the flyrecord table, padded to a page;
 * CPU i's pages follow at the offsets the table gives (tdat_cpu_pad:
 * zeros after each).  0, or -1 (no memory; a text too big for its
 * field).
 */
int tdat_prefix(const struct tdat_in *, struct obuf *out);
/* Zeros after `size` bytes of pages up to the next page boundary. */
uint64_t tdat_cpu_pad(uint64_t size, uint32_t page_size);

#endif
