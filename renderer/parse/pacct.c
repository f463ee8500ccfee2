/* pacct.c: kernel_pacct (BSD process accounting v3) into fork records. */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "parse.h"
#include "bootlog.h"

#define ACCT_SIZE 64		/* one v3 record */
#define ACCT_VERSION 3
#define ACCT_BIG_ENDIAN 0x80	/* in the version byte */
#define ACCT_PID_OFF 16
#define ACCT_PPID_OFF 20

struct pacct_parser {
	struct bootlog *t;
	struct diag *d;
	unsigned char rec[ACCT_SIZE];	/* a record split across feeds */
	size_t have;
	long nrec;		/* records seen, for messages */
	long nskipped;		/* records of another version */
};

static uint32_t
get32(const unsigned char *p, int big)
{
	if (big)
		return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		    (uint32_t)p[2] << 8 | p[3];
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[1] << 8 | p[0];
}

static int
record(struct pacct_parser *pp, const unsigned char *r)
{
	int big = (r[1] & ACCT_BIG_ENDIAN) != 0;

	pp->nrec++;
	if ((r[1] & 0x7f) != ACCT_VERSION) {
		/* Another format: its fields are elsewhere, so skip it. */
		if (pp->nskipped++ == 0)
			diag_warn(pp->d, "record %ld: accounting version %d, "
			    "not 3; skipped", pp->nrec, r[1] & 0x7f);
		return 0;
	}
	if (cap_check(pp->d, pp->t->nforks, CAP_FORKS, "fork records") != 0)
		return -1;
	if (bootlog_add_fork(pp->t, get32(r + ACCT_PID_OFF, big),
	    get32(r + ACCT_PPID_OFF, big)) != 0)
		return diag_error_status(pp->d, EXIT_NOMEM, "out of memory");
	return 0;
}

static void *
pacct_begin(struct logparse *lp, struct diag *d)
{
	struct pacct_parser *pp;

	if ((pp = calloc(1, sizeof(*pp))) == NULL) {
		diag_error_status(d, EXIT_NOMEM, "out of memory");
		return NULL;
	}
	pp->t = lp->log;
	pp->d = d;
	lp->log->have_pacct = 1;
	return pp;
}

static int
pacct_feed(void *state, const void *buf, size_t len)
{
	struct pacct_parser *pp = state;
	const unsigned char *p = buf;
	size_t n;

	pp->d->line = 0;
	if (pp->have > 0) {
		n = ACCT_SIZE - pp->have;
		if (n > len)
			n = len;
		memcpy(pp->rec + pp->have, p, n);
		pp->have += n;
		p += n;
		len -= n;
		if (pp->have < ACCT_SIZE)
			return 0;
		pp->have = 0;
		if (record(pp, pp->rec) != 0)
			return -1;
	}
	for (; len >= ACCT_SIZE; p += ACCT_SIZE, len -= ACCT_SIZE)
		if (record(pp, p) != 0)
			return -1;
	memcpy(pp->rec, p, len);
	pp->have = len;
	return 0;
}

static int
pacct_end(void *state)
{
	struct pacct_parser *pp = state;

	if (pp->have > 0)
		diag_warn(pp->d, "%zu bytes after the last whole record "
		    "ignored", pp->have);
	if (pp->nskipped > 1)
		diag_warn(pp->d, "%ld records not of version 3 skipped in all",
		    pp->nskipped);
	return 0;
}

static void
pacct_release(void *state)
{
	free(state);
}

const struct logkind_ops ops_pacct = {
	pacct_begin, pacct_feed, pacct_end, pacct_release
};
