/* config.h: bootchartd settings: defaults, the config file and the kernel command line. */
#ifndef BCD_CONFIG_H
#define BCD_CONFIG_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define CONFIG_PATH		"/etc/bootchartd.conf"
#define CONFIG_EXIT_MAX		32	/* names in EXIT_PROC */
#define CONFIG_COMM_LEN		15	/* the kernel's comm length */
/*
 * The processes of the system: real uid 0 (root) up to this one, the
 * accounts services and greeters run as (Debian's SYS_UID_MAX in
 * login.defs); users, nobody (65534) and the ids of user namespaces
 * are above it.
 */
#define CONFIG_SYSTEM_UID_MAX	999
#define CONFIG_MAX_WARN		10	/* warnings printed per file */
/* SAMPLE_PERIOD and -p, in µs: 0.01 to 60 s. */
#define CONFIG_PERIOD_MIN_US	10000ULL
#define CONFIG_PERIOD_MAX_US	60000000ULL
/*
 * The per-CPU ring buffer exact mode's boot entry asks for, when
 * TRACE_BUFFER does not say: the Debian boot of make check-distro
 * records 4 569 events (about 250 KB) before the logger starts draining
 * (docs/trace.md); this holds eight times that.
 */
#define CONFIG_TRACE_BUFFER_DEFAULT	(2ULL << 20)
/*
 * KEEP_BOOTS: boots' logs kept in bootchart/ beside BOOTLOG_DEST, a set
 * to compare (README.logger, "Init mode"); ten boots of the
 * Debian VM of make check-distro take 5.8 MB with exact mode (0.6 MB
 * each), 1.2 MB without.
 */
#define CONFIG_KEEP_BOOTS_DEFAULT	10
#define CONFIG_KEEP_BOOTS_MAX		10000
/*
 * Function mode's defaults, from the Debian 12 boot in qemu (docs/
 * trace.md): depth 8 and 100 us kept 8 607 calls, none lost, in the
 * default buffer.  The kernel's stack of returns holds 50 calls.
 */
#define CONFIG_FN_DEPTH_DEFAULT		8
#define CONFIG_FN_DEPTH_MIN		1
#define CONFIG_FN_DEPTH_MAX		50
#define CONFIG_FN_THRESH_DEFAULT	100
#define CONFIG_FN_THRESH_MIN		0
#define CONFIG_FN_THRESH_MAX		10000000	/* 10 s */

struct config {
	uint64_t period_us;		/* SAMPLE_PERIOD */
	uint64_t tmpfs_size;		/* TMPFS_SIZE, bytes; also the log budget */
	int acct;			/* PROCESS_ACCOUNTING */
	char dest[PATH_MAX];		/* BOOTLOG_DEST, or -o (absolute) */
	int auto_render;		/* AUTO_RENDER */
	unsigned keep_boots;		/* KEEP_BOOTS: boots' logs kept (keep.h) */
	/* AUTO_RENDER_FORMAT: a row of src/outputs.def, its -f name and ext */
	const char *render_format;
	const char *render_ext;
	char render_dir[PATH_MAX];	/* AUTO_RENDER_DIR */
	/* EXIT_PROC, each cut to the kernel's 15-character comm. */
	char exit_proc[CONFIG_EXIT_MAX][CONFIG_COMM_LEN + 1];
	int nexit;
	uint64_t settle_us;		/* SETTLE_TIME */
	uint64_t max_us;		/* MAX_DURATION */
	uint64_t write_wait_us;		/* WRITE_TIMEOUT */
	char init[PATH_MAX];		/* INIT; empty for the built-in list */
	int exact;			/* EXACT_MODE: the boot entry's trace words */
	uint64_t trace_buffer;		/* TRACE_BUFFER, bytes per CPU */
	int trace_system;		/* TRACE_SCOPE=system: a profile's trace is the whole machine's */
	int functions;			/* EXACT_FUNCTIONS: function_graph too */
	unsigned fn_depth;		/* FUNCTIONS_DEPTH: calls deep from an initcall */
	unsigned fn_thresh_us;		/* FUNCTIONS_THRESHOLD: shortest call kept, us */
	/* From the command line only (no key): */
	int verbose;			/* -v: detail messages, usage figures */
};

/* Called for each KEY=VALUE line; `line` counts from 1. */
typedef void (*kv_fn)(void *arg, const char *key, const char *value,
    long line);

void config_defaults(struct config *);
/*
 * Applies the KEY=VALUE lines of buf to cfg.  Unknown keys and bad
 * values are warnings through d (file name already set) and leave the
 * default; the file is never executed.  Returns the number of warnings.
 */
int config_parse(struct config *, const char *buf, size_t len, struct diag *);
/*
 * Reads path (a regular file, at most 64 KiB) and applies it; a missing
 * file is fine unless `must`.  Anything else (a FIFO, a tty, a
 * directory) is refused at once: with `must` as bad input, else with a
 * warning and the defaults.  Returns 0 or -1 (d says why).
 */
int config_load(struct config *, const char *path, int must, struct diag *);
/*
 * Shell-like KEY=VALUE lexer shared with /etc/os-release: comments,
 * single and double quotes, backslash escapes in double quotes.  Lines
 * it cannot read are reported through bad(arg, line).  Returns 0.
 */
int kv_lex(const char *buf, size_t len, kv_fn fn, void (*bad)(void *, long),
    void *arg);
/*
 * Finds `key=value` in a kernel command line (words split on blanks,
 * double quotes group).  Copies the value of the last occurrence into
 * out; returns 0, or -1 when absent or too long.
 */
int cmdline_get(const char *buf, size_t len, const char *key, char *out,
    size_t outsz);
/*
 * Sets the sample period from seconds ("0.2"), SAMPLE_PERIOD's and -p's
 * one check.  0, or -1 (unreadable or out of range: c unchanged).
 */
int config_period(struct config *, const char *secs);
/*
 * Function mode's depth and threshold (µs), FUNCTIONS_DEPTH's and
 * --functions-depth's one check, and the threshold's: digits only,
 * within CONFIG_FN_*_MIN and _MAX.  0, or -1 (c unchanged).
 */
int config_fn_depth(struct config *, const char *n);
int config_fn_threshold(struct config *, const char *us);
/* "0.2" -> 200000; seconds with up to 6 decimals.  Returns 0 or -1. */
int parse_seconds(const char *s, uint64_t *us);
/* "32m" -> 33554432; suffixes k, m, g (also K, M, G).  Returns 0 or -1. */
int parse_size(const char *s, uint64_t *bytes);
/* yes/no, true/false, on/off, 1/0.  Returns 1, 0, or -1. */
int parse_bool(const char *s);

#endif
