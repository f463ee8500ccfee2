/* sets_workers.c: the logs of two sets read by worker processes, one log at a time each, their items sent back over a pipe and merged as they come (docs/sets.md, "Speed"). */
#include <sys/wait.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdio.h"
#include "grow.h"
#include "sets_int.h"

#define WORKERS_MAX SETS_WORKERS_MAX
#define NO_STRING UINT32_MAX

/*
 * A log's record on the pipe, host byte order (both ends are one
 * program): u64 its length after this field, u64 the log's index, i32
 * 0 read, 1 left out, -1 failed, i32 the failure's exit status, u8
 * profile, the error, the idents, u64 the item count, then per item u8
 * kind, u8 metric, f64 ms, the name.  A string: u32 length
 * (NO_STRING: none), its bytes.
 */
struct buf {
	unsigned char *p;
	size_t n, cap;
};

static int
put(struct buf *b, const void *v, size_t len)
{
	if (grow_reserve((void **)&b->p, &b->cap, b->n + len, 1) != 0)
		return -1;
	memcpy(b->p + b->n, v, len);
	b->n += len;
	return 0;
}

static int
put_str(struct buf *b, const char *s)
{
	uint32_t len = s != NULL ? (uint32_t)strlen(s) : NO_STRING;

	return put(b, &len, sizeof(len)) || (s != NULL && put(b, s, len)) ?
	    -1 : 0;
}

static int
put_record(struct buf *b, uint64_t at, int32_t st, int32_t status,
    const struct set_boot *sb, const struct item_list *l)
{
	uint64_t len = 0, n = l->n;
	uint8_t prof = (uint8_t)sb->profile, km[2];
	size_t i;
	int k, rc;

	b->n = 0;
	rc = put(b, &len, sizeof(len)) || put(b, &at, sizeof(at)) ||
	    put(b, &st, sizeof(st)) || put(b, &status, sizeof(status)) ||
	    put(b, &prof, 1) || put_str(b, sb->error);
	for (k = 0; k < SID_COUNT && rc == 0; k++)
		rc = put_str(b, sb->ident[k]);
	rc = rc || put(b, &n, sizeof(n));
	for (i = 0; i < l->n && rc == 0; i++) {
		km[0] = (uint8_t)l->v[i].kind;
		km[1] = (uint8_t)l->v[i].metric;
		rc = put(b, km, 2) || put(b, &l->v[i].ms, sizeof(double)) ||
		    put_str(b, l->v[i].name);
	}
	len = b->n - sizeof(len);
	memcpy(b->p, &len, sizeof(len));
	return rc;
}

/*
 * What workers do: each runs `work` on its share (every nw-th unit from
 * w), writing whole records to fd; the parent applies each record.
 */
struct job {
	struct sets *s;
	const struct boot_opts *bo;
	int (*work)(const struct job *, unsigned w, unsigned nw, int fd,
	    struct diag *);
	int (*apply)(struct sets *, const unsigned char *, size_t,
	    struct diag *);
};

/* Reading logs: every nw-th log from w, each one's record written whole. */
static int
read_work(const struct job *j, unsigned w, unsigned nw, int fd,
    struct diag *d)
{
	struct sets *s = j->s;
	const struct boot_opts *bo = j->bo;
	struct buf b = { NULL, 0, 0 };
	struct item_list l;
	size_t i, k = 0;
	int rc = 0, st;

	for (i = 0; i < s->nboots && rc == 0; i++) {
		if (s->boots[i].discarded || k++ % nw != w)
			continue;
		st = sets_read_items(&s->boots[i], bo, &l, d);
		if (st < 0)
			s->boots[i].error = d->msg;
		rc = put_record(&b, i, st, st < 0 ? d->status : 0,
		    &s->boots[i], &l) || write_full(fd, b.p, b.n) != 0;
		if (st < 0)
			s->boots[i].error = NULL;
		bootitems_free(&l);
		rc = rc || st < 0;
	}
	free(b.p);
	return rc;
}

/* Reading a record: a cursor that fails past its end. */
struct cur {
	const unsigned char *p, *end;
	int bad;
};

static void
get(struct cur *c, void *v, size_t len)
{
	if (c->bad || (size_t)(c->end - c->p) < len) {
		c->bad = 1;
		memset(v, 0, len);
		return;
	}
	memcpy(v, c->p, len);
	c->p += len;
}

/* A string of the record, owned; NULL for none (or on a bad record). */
static char *
get_str(struct cur *c)
{
	uint32_t len;
	char *s;

	get(c, &len, sizeof(len));
	if (c->bad || len == NO_STRING)
		return NULL;
	if ((size_t)(c->end - c->p) < len || (s = malloc(len + 1u)) == NULL) {
		c->bad = 1;
		return NULL;
	}
	memcpy(s, c->p, len);
	s[len] = '\0';
	c->p += len;
	return s;
}

static int
get_items(struct cur *c, struct item_list *l)
{
	uint64_t n, i;
	uint8_t km[2];

	memset(l, 0, sizeof(*l));
	get(c, &n, sizeof(n));
	if (c->bad || n > (uint64_t)(c->end - c->p) ||
	    (n > 0 && (l->v = calloc((size_t)n, sizeof(*l->v))) == NULL))
		return -1;
	for (i = 0; i < n && !c->bad; i++) {
		get(c, km, 2);
		l->v[i].kind = km[0];
		l->v[i].metric = km[1];
		get(c, &l->v[i].ms, sizeof(double));
		l->v[i].name = get_str(c);
		l->n = (size_t)i + 1;
	}
	return c->bad ? -1 : 0;
}

/* One record applied: the log's idents, then its items merged. */
static int
read_apply(struct sets *s, const unsigned char *p, size_t len, struct diag *d)
{
	struct cur c = { p, p + len, 0 };
	struct item_list l = { NULL, 0, 0 };
	struct set_boot *sb;
	uint64_t at;
	int32_t st, status;
	uint8_t prof;
	int k, rc = 0;

	get(&c, &at, sizeof(at));
	get(&c, &st, sizeof(st));
	get(&c, &status, sizeof(status));
	get(&c, &prof, 1);
	if (c.bad || at >= s->nboots)
		return diag_error_status(d, EXIT_NOMEM, "a worker's record "
		    "is damaged");
	sb = &s->boots[at];
	sb->profile = prof;
	sb->error = get_str(&c);
	for (k = 0; k < SID_COUNT; k++)
		sb->ident[k] = get_str(&c);
	if (st < 0)
		return diag_error_status(d, status ? status : EXIT_BADINPUT,
		    "%s", sb->error != NULL ? sb->error : "a worker failed");
	if (get_items(&c, &l) != 0 || (st == 0 &&
	    sets_merge(s, &l, sb->side, (size_t)at) != 0))
		rc = diag_error_status(d, EXIT_NOMEM, "out of memory");
	bootitems_free(&l);
	return rc;
}

/* A worker seen from the parent: its pipe and what came of it so far. */
struct peer {
	pid_t pid;
	int fd;			/* -1 once it has closed */
	struct buf in;
};

/* Applies every whole record at the front of a peer's input. */
static int
drain(const struct job *j, struct peer *w, struct diag *d)
{
	uint64_t len;
	size_t off = 0;
	int rc = 0;

	while (rc == 0 && w->in.n - off >= sizeof(len)) {
		memcpy(&len, w->in.p + off, sizeof(len));
		if (len > w->in.n - off - sizeof(len))
			break;
		rc = j->apply(j->s, w->in.p + off + sizeof(len), (size_t)len,
		    d);
		off += sizeof(len) + (size_t)len;
	}
	memmove(w->in.p, w->in.p + off, w->in.n - off);
	w->in.n -= off;
	return rc;
}

/* Reads what a peer sent; closes it at its end.  0, or -1 (d set). */
static int
take(const struct job *j, struct peer *w, struct diag *d)
{
	ssize_t got;

	if (grow_reserve((void **)&w->in.p, &w->in.cap, w->in.n + 65536,
	    1) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	got = read(w->fd, w->in.p + w->in.n, 65536);
	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (got <= 0) {
		close(w->fd);
		w->fd = -1;
		return w->in.n == 0 ? 0 : diag_error_status(d, EXIT_NOMEM,
		    "a worker stopped within a record");
	}
	w->in.n += (size_t)got;
	return drain(j, w, d);
}

static int
gather(const struct job *j, struct peer *w, unsigned nw, struct diag *d)
{
	struct pollfd pf[WORKERS_MAX];
	unsigned i, open;

	for (;;) {
		for (i = open = 0; i < nw; i++) {
			pf[i] = (struct pollfd){ w[i].fd, POLLIN, 0 };
			open += w[i].fd >= 0;
		}
		if (open == 0)
			return 0;
		if (poll(pf, nw, -1) < 0 && errno != EINTR)
			return diag_error_status(d, EXIT_NOMEM, "poll failed");
		for (i = 0; i < nw; i++)
			if (w[i].fd >= 0 && pf[i].revents != 0 &&
			    take(j, &w[i], d) != 0)
				return -1;
	}
}

/* Starts worker i of nw; in the child it never returns. */
static int
spawn(const struct job *j, struct peer *w, unsigned i, unsigned nw,
    struct diag *d)
{
	int fds[2];

	if (pipe(fds) != 0)
		return diag_error_status(d, EXIT_NOMEM, "cannot make a pipe");
	if ((w->pid = fork()) < 0) {
		close(fds[0]);
		close(fds[1]);
		return diag_error_status(d, EXIT_NOMEM, "cannot start a worker");
	}
	if (w->pid == 0) {
		close(fds[0]);
		_exit(j->work(j, i, nw, fds[1], d) != 0);
	}
	close(fds[1]);
	w->fd = fds[0];
	return 0;
}

/* Runs a job in nw workers, applying their records as they come. */
static int
run_job(const struct job *j, unsigned nw, struct diag *d)
{
	struct peer w[WORKERS_MAX];
	unsigned i, started = 0;
	int rc = 0, st;

	nw = nw > WORKERS_MAX ? WORKERS_MAX : nw;
	memset(w, 0, sizeof(w));
	for (i = 0; i < nw && rc == 0; i++, started++)
		rc = spawn(j, &w[i], i, nw, d);
	if (rc == 0)
		rc = gather(j, w, started, d);
	for (i = 0; i < started; i++) {
		if (w[i].fd >= 0) {
			close(w[i].fd);
			kill(w[i].pid, SIGTERM);
		}
		if (waitpid(w[i].pid, &st, 0) == w[i].pid && rc == 0 &&
		    !(WIFEXITED(st) && WEXITSTATUS(st) == 0))
			rc = diag_error_status(d, EXIT_NOMEM, "a worker failed");
		free(w[i].in.p);
	}
	return rc;
}

int
sets_workers_read(struct sets *s, unsigned nw, const struct boot_opts *bo,
    struct diag *d)
{
	const struct job j = { s, bo, read_work, read_apply };

	return run_job(&j, nw, d);
}

/*
 * Comparing items: a record per item, u64 its length after this field,
 * u64 the item's index, then its results as this program lays them out
 * (sum[], tested, cmp): plain numbers, no pointers.
 */
#define RESULT_SIZE (sizeof(((struct set_item *)0)->sum) + sizeof(int) + \
	sizeof(struct stats_cmp) + sizeof(((struct set_item *)0)->dropped))

static void
put_result(unsigned char *p, const struct set_item *it)
{
	memcpy(p, it->sum, sizeof(it->sum));
	memcpy(p + sizeof(it->sum), &it->tested, sizeof(int));
	memcpy(p + sizeof(it->sum) + sizeof(int), &it->cmp, sizeof(it->cmp));
	memcpy(p + sizeof(it->sum) + sizeof(int) + sizeof(it->cmp),
	    it->dropped, sizeof(it->dropped));
}

static void
get_result(const unsigned char *p, struct set_item *it)
{
	memcpy(it->sum, p, sizeof(it->sum));
	memcpy(&it->tested, p + sizeof(it->sum), sizeof(int));
	memcpy(&it->cmp, p + sizeof(it->sum) + sizeof(int), sizeof(it->cmp));
	memcpy(it->dropped, p + sizeof(it->sum) + sizeof(int) +
	    sizeof(it->cmp), sizeof(it->dropped));
}
static int
compare_work(const struct job *j, unsigned w, unsigned nw, int fd,
    struct diag *d)
{
	unsigned char rec[sizeof(uint64_t) * 2 + RESULT_SIZE];
	const uint64_t len = sizeof(rec) - sizeof(uint64_t);
	struct set_item *it;
	uint64_t at;

	(void)d;
	for (at = w; at < j->s->nitems; at += nw) {
		it = &j->s->items[at];
		if (sets_compare_item(it, &j->s->opts) != 0)
			return -1;
		memcpy(rec, &len, sizeof(len));
		memcpy(rec + sizeof(len), &at, sizeof(at));
		put_result(rec + 2 * sizeof(len), it);
		if (write_full(fd, rec, sizeof(rec)) != 0)
			return -1;
	}
	return 0;
}

static int
compare_apply(struct sets *s, const unsigned char *p, size_t len,
    struct diag *d)
{
	uint64_t at;

	if (len != sizeof(at) + RESULT_SIZE)
		return diag_error_status(d, EXIT_NOMEM, "a worker's record "
		    "is damaged");
	memcpy(&at, p, sizeof(at));
	if (at >= s->nitems)
		return diag_error_status(d, EXIT_NOMEM, "a worker's record "
		    "is damaged");
	get_result(p + sizeof(at), &s->items[at]);
	return 0;
}

int
sets_workers_compare(struct sets *s, unsigned nw, struct diag *d)
{
	const struct job j = { s, NULL, compare_work, compare_apply };

	return run_job(&j, nw, d);
}
