/* kmsg.h: the kernel's log, read from /dev/kmsg at the end of a boot, as the dmesg member (dmesg's text format). */
#ifndef BCD_KMSG_H
#define BCD_KMSG_H

#include <stddef.h>

#define KMSG_PATH	"/dev/kmsg"
#define KMSG_MAX	(1024 * 1024)	/* bytes of dmesg text kept */

/* What /dev/kmsg is opened for. */
enum kmsg_use {
	KMSG_WRITE,	/* our messages, one record per write (init mode) */
	KMSG_READ	/* the kernel's records, read without waiting */
};

/*
 * The one opener of the kernel's log: KMSG_PATH, or for the tests the
 * file named by BOOTCHARTD_KMSG (KMSG_WRITE) or BOOTCHARTD_KMSG_READ
 * (KMSG_READ).  *path, when path is not NULL, names what was opened.
 * Returns the descriptor, or -1 (errno).
 */
int kmsg_open(enum kmsg_use, const char **path);

/* The member's text; `cut` when KMSG_MAX stopped the reading. */
struct kmsg_text {
	char *p;
	size_t len, cap;
	int cut;
};

/*
 * Appends one /dev/kmsg record ("PRI,SEQ,USEC,FLAGS;TEXT\n" then the
 * record's " KEY=VALUE\n" lines) to out as dmesg prints it: "[%5lu.%06lu]
 * TEXT", the record's other lines kept as they are (indented with a
 * space).  TEXT comes escaped (\xHH) from the kernel.  Returns 0; 1 when
 * rec is not a record (nothing appended); 2 when it would take out past
 * max bytes (nothing appended, out->cut set); -1 when memory runs out.
 */
int kmsg_format(const char *rec, size_t len, struct kmsg_text *out,
    size_t max);

/*
 * Reads the records of fd (opened O_NONBLOCK) from the oldest one the
 * kernel still holds until there is none left (EAGAIN) or out holds max
 * bytes; never waits.  Records lost to the ring's overwriting (EPIPE)
 * are skipped.  Returns 0, or -1 with errno.
 */
int kmsg_read_fd(int fd, struct kmsg_text *out, size_t max);

/*
 * kmsg_read_fd on kmsg_open(KMSG_READ).  Returns 0, or -1 with why
 * ("/dev/kmsg: Permission denied").
 */
int kmsg_read(struct kmsg_text *out, size_t max, char *why, size_t wsz);

/*
 * The text after the last KMSG_FALLBACK line of dmesg text (what PID 1
 * wrote when it ran another init than the one asked for), up to the end
 * of that line, in out.  Returns 0, or -1 when there is none.
 */
int kmsg_find_fallback(const char *text, size_t len, char *out,
    size_t outsz);

void kmsg_free(struct kmsg_text *);

#endif
