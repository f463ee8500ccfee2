/* tboot_procs.c: what tboot's handlers build on: thread to process maps, process entries and their names, an event's fields. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "grow.h"
#include "tboot_int.h"

/* Makes room for pid in the map of ids; -1 on no memory. */
int
tb_pid_room(struct build *b, int pid)
{
	size_t cap = b->pidcap, want = (size_t)pid + 1, i;
	struct tid_map *m;

	if (want <= cap)
		return 0;
	while (cap < want)
		cap = cap == 0 ? 4096 : cap * 2;
	if ((m = realloc(b->ids, cap * sizeof(*m))) == NULL)
		return -1;
	b->ids = m;
	for (i = b->pidcap; i < cap; i++)
		m[i] = (struct tid_map){ 0, 0, TPROC_BEFORE };
	b->pidcap = cap;
	return 0;
}

/* The group of a thread: the one its creation said, else its own id. */
int
tb_group_of(const struct build *b, int pid)
{
	if ((size_t)pid < b->pidcap && b->ids[pid].tgid > 0)
		return b->ids[pid].tgid - 1;
	if ((size_t)pid < b->pidcap && b->ids[pid].tgid < 0)
		return -b->ids[pid].tgid - 1;
	return pid;
}

void
tb_set_comm(struct tproc *p, const char *s)
{
	snprintf(p->comm, sizeof(p->comm), "%s", s);
}

/* A new entry for group pid, which ends the one it had (a reused PID). */
struct tproc *
tb_new_proc(struct build *b, int pid, int64_t start, int64_t at)
{
	struct tboot *ps = b->ps;
	struct tproc *p;
	const char *comm;

	if (tb_pid_room(b, pid) != 0 || grow_array((void **)&ps->v, &ps->cap,
	    ps->n, sizeof(*ps->v)) != 0)
		return NULL;
	if (b->ids[pid].cur != 0 && ps->v[b->ids[pid].cur - 1].end_ns == TPROC_AFTER)
		ps->v[b->ids[pid].cur - 1].end_ns = at;
	p = &ps->v[ps->n];
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	p->start_ns = start;
	p->end_ns = TPROC_AFTER;
	p->threads = start != TPROC_BEFORE;
	comm = tdat_comm(b->td, pid);
	tb_set_comm(p, comm != NULL ? comm : "");
	b->ids[pid].cur = (int32_t)++ps->n;
	return p;
}

/*
 * The entry of the group thread pid belongs to; one that started
 * before the trace is made at first sight.  NULL: no memory.
 */
struct tproc *
tb_proc_of(struct build *b, int pid, int64_t at)
{
	int g = tb_group_of(b, pid);

	if ((size_t)g < b->pidcap && b->ids[g].cur != 0)
		return &b->ps->v[b->ids[g].cur - 1];
	return tb_new_proc(b, g, TPROC_BEFORE, at);
}

int64_t
tb_num(const struct build *b, size_t h, size_t i, const struct tevent *ev)
{
	return b->h[h].f[i] != NULL ? tfield_int(b->h[h].f[i], ev) : -1;
}

void
tb_text(const struct build *b, size_t h, size_t i, const struct tevent *ev,
    char *out, size_t cap)
{
	out[0] = '\0';
	if (b->h[h].f[i] != NULL)
		tfield_str(b->h[h].f[i], ev, out, cap);
}

int
tb_valid_pid(int64_t pid)
{
	return pid > 0 && pid < CAP_TRACE_PIDS;
}

/*
 * An event's pid, to be followed: 1 when valid and its room made, 0
 * when no pid the maps hold (the event is passed over), -1 on no
 * memory.
 */
int
tb_pid_take(struct build *b, int64_t pid)
{
	if (!tb_valid_pid(pid))
		return 0;
	return tb_pid_room(b, (int)pid) != 0 ? -1 : 1;
}
