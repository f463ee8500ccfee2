/* tblock.h: split a streamed log into timed blocks (stamp line, data lines, blank line). */
#ifndef BC_TBLOCK_H
#define BC_TBLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "linesplit.h"
#include "usec.h"

/*
 * Callbacks of one block kind.  Each returns 0, or -1 with the diag set.
 * begin gets the block's time; end is called at the blank line
 * that closes a block or at the end of the member.
 */
struct tblock_cb {
	int (*begin)(void *arg, usec_t time_us);
	int (*line)(void *arg, const char *line, size_t len);
	int (*end)(void *arg);
	/*
	 * Set for logs whose lines may hold a blank line of their own (old
	 * proc_ps.log: a process name with newlines): a line that is no
	 * time stamp after a blank line continues the block before, with a
	 * warning, instead of being an error.  Only for kinds without end().
	 */
	int resume;
};

struct tblock {
	struct linesplit ls;
	const struct tblock_cb *cb;
	void *arg;
	struct diag *d;
	int in_block;
	int dropping;		/* its stamp did not advance: lines ignored */
	int was_dropping;	/* the block closed last was dropped */
	long resumed;		/* blocks continued after a blank line */
	int have_time;
	usec_t time_us;	/* of the current (or last) block */
	long nblocks;
};

void tblock_init(struct tblock *, const struct tblock_cb *, void *arg,
    struct diag *);
int tblock_feed(struct tblock *, const void *buf, size_t len);
/* Closes a last block that had no blank line after it. */
int tblock_end(struct tblock *);
void tblock_free(struct tblock *);

/*
 * The frame of a log kind read in timed blocks.  Its state struct starts
 * with a struct tblock_log, so the kind's struct logkind_ops can use
 * tblock_log_feed and tblock_log_end as they are, and its callbacks get
 * the whole state as their arg.
 */
struct bootlog;
struct logparse;

struct tblock_log {
	struct tblock tb;
	struct logparse *lp;	/* the parse stage's own state */
	struct bootlog *t;	/* lp's model */
	struct diag *d;
};

/* A zeroed state of `size` bytes reading blocks with cb; NULL with d set. */
void *tblock_log_open(size_t size, const struct tblock_cb *cb,
    struct logparse *lp, struct diag *d);
int tblock_log_feed(void *state, const void *buf, size_t len);
int tblock_log_end(void *state);
/* Frees the frame and the state; the kind frees what it added first. */
void tblock_log_free(void *state);

/*
 * Parses an unsigned decimal number at *p (leading blanks skipped),
 * advancing *p past it.  0, or -1 when there are no digits or it does
 * not fit in 63 bits.
 */
int tblock_number(const char **p, const char *end, uint64_t *out);

/* The line without a trailing '\r' and blanks. */
size_t tblock_trim(const char *line, size_t len);

#endif
