/* tboot_life.c: tboot's handlers of processes' lives: births (threads and processes), execs and renames, exits, and bootchartd's clock-sync marker. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "logfiles.h"
#include "tboot_int.h"

#define CLONE_THREAD_FLAG	0x00010000	/* the kernel's CLONE_THREAD */
#define SYNC_KEY	"boottime_ns="

static int born(struct build *, const struct tproc *, int, int, int64_t);
static int name_thread(struct build *, const struct tproc *, int, size_t,
    size_t, const struct tevent *);
static int new_process(struct build *, int, int64_t, size_t, size_t,
    const struct tevent *);

/* task_newtask: a thread joins its creator's group, else a process is born. */
int
tb_on_newtask(struct build *b, const struct tevent *ev)
{
	int64_t pid = tb_num(b, H_NEWTASK, F_NEWTASK_PID, ev);
	int64_t flags = tb_num(b, H_NEWTASK, F_NEWTASK_FLAGS, ev);
	struct tproc *p;
	int ok;

	if ((ok = tb_pid_take(b, pid)) != 1)
		return ok;
	if (flags >= 0 && (flags & CLONE_THREAD_FLAG) &&
	    tb_valid_pid(ev->pid)) {
		b->ids[pid].tgid = tb_group_of(b, ev->pid) + 1;
		if ((p = tb_proc_of(b, ev->pid, ev->ts_ns)) == NULL)
			return -1;
		p->threads++;
		if (name_thread(b, p, (int)pid, H_NEWTASK, F_NEWTASK_COMM, ev) != 0)
			return -1;
		return born(b, p, (int)pid, ev->pid, ev->ts_ns);
	}
	return new_process(b, (int)pid, ev->pid, H_NEWTASK, F_NEWTASK_COMM,
	    ev);
}

/*
 * Process pid is born of creator's (a thread id; not one: unknown), and
 * named by field f of handler h's event.
 */
static int
new_process(struct build *b, int pid, int64_t creator, size_t h, size_t f,
    const struct tevent *ev)
{
	int known = tb_valid_pid(creator);
	char comm[16];
	struct tproc *p;

	b->ids[pid].tgid = (int32_t)pid + 1;
	if ((p = tb_new_proc(b, pid, ev->ts_ns, ev->ts_ns)) == NULL)
		return -1;
	p->ppid = known ? tb_group_of(b, (int)creator) : 0;
	tb_text(b, h, f, ev, comm, sizeof(comm));
	if (comm[0] != '\0')
		tb_set_comm(p, comm);
	return born(b, p, pid, known ? (int)creator : -1, ev->ts_ns);
}

/*
 * Thread tid of process p is called what field i of handler h's event
 * says (its birth's, a rename's, its exit's name), for its own row.
 */
static int
name_thread(struct build *b, const struct tproc *p, int tid, size_t h,
    size_t i, const struct tevent *ev)
{
	char comm[16];

	tb_text(b, h, i, ev, comm, sizeof(comm));
	return tstates_name(&b->st, (size_t)(p - b->ps->v), tid, comm);
}

/*
 * A thread of process p is made: it cannot have run before, and its
 * states are followed from here (sleeping until woken) when the trace
 * has p's whole life.
 */
static int
born(struct build *b, const struct tproc *p, int tid, int creator, int64_t at)
{
	b->ids[tid].off = at;
	if (twake_gone(&b->wk, tid) != 0 ||
	    tb_crit(b, CR_BORN, tid, creator, 0, at) != 0)
		return -1;
	if (p->start_ns == TPROC_BEFORE)
		return 0;
	return tstates_set(&b->st, (size_t)(p - b->ps->v), tid, at,
	    TS_SLEEPING);
}

/* sched_process_fork: a birth task_newtask did not tell (not recorded). */
int
tb_on_fork(struct build *b, const struct tevent *ev)
{
	int64_t parent = tb_num(b, H_FORK, F_FORK_PARENT, ev);
	int64_t child = tb_num(b, H_FORK, F_FORK_CHILD, ev);
	int ok;

	if ((ok = tb_pid_take(b, child)) != 1)
		return ok;
	if (b->ids[child].tgid > 0)
		return 0;
	return new_process(b, (int)child, parent, H_FORK, F_FORK_COMM, ev);
}

/* An exec names the process after the file, as the kernel does. */
int
tb_on_exec(struct build *b, const struct tevent *ev)
{
	int64_t pid = tb_num(b, H_EXEC, F_EXEC_PID, ev);
	char file[4096];
	const char *base;
	struct tproc *p;

	if (!tb_valid_pid(pid))
		return 0;
	if ((p = tb_proc_of(b, (int)pid, ev->ts_ns)) == NULL)
		return -1;
	p->execs++;
	tb_text(b, H_EXEC, F_EXEC_FILE, ev, file, sizeof(file));
	base = strrchr(file, '/');
	base = base != NULL ? base + 1 : file;
	if (*base != '\0')
		tb_set_comm(p, base);
	return 0;
}

/*
 * A rename of the group's leader renames the process; a thread's names
 * only the thread (its own row with --threads).
 */
int
tb_on_rename(struct build *b, const struct tevent *ev)
{
	int64_t pid = tb_num(b, H_RENAME, F_RENAME_PID, ev);
	char comm[16];
	struct tproc *p;

	if (!tb_valid_pid(pid))
		return 0;
	if ((p = tb_proc_of(b, (int)pid, ev->ts_ns)) == NULL)
		return -1;
	if (tb_group_of(b, (int)pid) != pid)
		return name_thread(b, p, (int)pid, H_RENAME, F_RENAME_COMM, ev);
	tb_text(b, H_RENAME, F_RENAME_COMM, ev, comm, sizeof(comm));
	if (comm[0] != '\0')
		tb_set_comm(p, comm);
	return 0;
}

/*
 * The process ends with the last of its threads: the exit the kernel
 * says is the group's (group_dead, 5.x on), else when the threads the
 * trace saw born have all exited, and for a process older than the
 * trace, with its leader.
 */
int
tb_on_exit_ev(struct build *b, const struct tevent *ev)
{
	int64_t pid = tb_num(b, H_EXIT, F_EXIT_PID, ev),
	    dead = tb_num(b, H_EXIT, F_EXIT_GROUP_DEAD, ev);
	struct tproc *p;
	int last;

	if (!tb_valid_pid(pid))
		return 0;
	if ((p = tb_proc_of(b, (int)pid, ev->ts_ns)) == NULL)
		return -1;
	if (p->comm[0] == '\0')
		tb_text(b, H_EXIT, F_EXIT_COMM, ev, p->comm, sizeof(p->comm));
	if (tb_group_of(b, (int)pid) != pid &&
	    name_thread(b, p, (int)pid, H_EXIT, F_EXIT_COMM, ev) != 0)
		return -1;
	if (p->threads > 0)
		p->threads--;
	if (b->h[H_EXIT].f[F_EXIT_GROUP_DEAD] != NULL)
		last = dead != 0;
	else if (p->start_ns != TPROC_BEFORE)
		last = p->threads == 0;
	else
		last = pid == p->pid;
	if (last)
		p->end_ns = ev->ts_ns;
	/* Its last switch off a CPU follows: the thread is gone already. */
	if (tb_thread_state(b, (int)pid, ev->ts_ns, TS_NONE) != 0 ||
	    tb_crit(b, CR_EXIT, (int)pid, -1, 0, ev->ts_ns) != 0)
		return -1;
	if (twake_gone(&b->wk, (int)pid) != 0)
		return -1;
	/*
	 * Its group until its last switch off a CPU (then the id is free:
	 * a fork that reuses it starts afresh).
	 */
	if (tb_pid_room(b, (int)pid) != 0)
		return -1;
	b->ids[pid].tgid = -(tb_group_of(b, (int)pid) + 1);
	return 0;
}

/* bootchartd's clock-sync marker: the CLOCK_BOOTTIME of this event. */
int
tb_on_print(struct build *b, const struct tevent *ev)
{
	char buf[256], *k, *end;
	long long boot;

	tb_text(b, H_PRINT, F_PRINT_BUF, ev, buf, sizeof(buf));
	if (strncmp(buf, TRACE_SYNC_MARK, strlen(TRACE_SYNC_MARK)) != 0 ||
	    (k = strstr(buf, SYNC_KEY)) == NULL)
		return 0;
	errno = 0;
	boot = strtoll(k + strlen(SYNC_KEY), &end, 10);
	/* A boot time is ns since boot: past 2^62 (146 years) it is forged. */
	if (end == k + strlen(SYNC_KEY) || errno != 0 || boot < 0 ||
	    boot > TBOOT_NS_MAX || b->ps->have_sync)
		return 0;
	b->ps->boot_minus_trace_ns = (int64_t)boot - ev->ts_ns;
	b->ps->have_sync = 1;
	return 0;
}
